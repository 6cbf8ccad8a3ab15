// `npm test`'s first step: lint, the format check and the typecheck side by side. Each reads the
// whole repository and none writes anything, so they need not wait for one another; on a 2-core CI
// runner this takes about the longest of the three instead of their sum. Each one's output is
// printed whole when it ends, and the step fails when any of them does.
import { spawn } from "node:child_process";

const CHECKS = ["lint", "format:check", "typecheck"];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      process.stdout.write(`== npm run ${script}: ${code === 0 ? "passed" : `failed (${code})`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
