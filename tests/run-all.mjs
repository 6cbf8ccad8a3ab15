// `npm test`: every layer, overlapped where the CPU allows it (decision 082). The e2e suite is the
// longest step and spends much of its time waiting on browsers and clocks, so it starts as soon as
// the one build exists, beside the static checks, the unit tests and then the integration suite,
// which fill the cores it leaves idle. Run one after another they took 19 minutes on a 2-core
// runner; the sum of their CPU time is about half of that.
//
// Every step runs whole even when another fails (each one's result is worth having), its output is
// printed whole when it ends so that the logs do not interleave, and the run fails when any step
// does. `npm run test:unit`, `test:integration` and `test:e2e` still run one layer alone.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Runs an npm script; resolves whether it passed, after printing its output. The output goes to a
 * file, not a pipe: a pipe that this process is slow to drain (a busy machine) would block the
 * step's writes, and a vitest main process blocked on a write misses its workers' calls.
 */
function step(script) {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-test-"));
  const logFile = path.join(dir, `${script.replace(/[^a-z0-9]+/gi, "-")}.log`);
  const out = fs.openSync(logFile, "w");
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: ["ignore", out, out],
      env: process.env,
    });
    child.on("close", (code) => {
      fs.closeSync(out);
      const seconds = Math.round((Date.now() - started) / 1000);
      const verdict = code === 0 ? "passed" : `failed (${code})`;
      process.stdout.write(`\n== npm run ${script}: ${verdict} in ${seconds} s ==\n`);
      process.stdout.write(fs.readFileSync(logFile));
      fs.rmSync(dir, { recursive: true, force: true });
      resolve(code === 0);
    });
  });
}

/** Runs steps one after the other, all of them even after a failure; resolves whether all passed. */
async function inTurn(...scripts) {
  let passed = true;
  for (const script of scripts) passed = (await step(script)) && passed;
  return passed;
}

const started = Date.now();
if (!(await step("test:build"))) process.exit(1);
const results = await Promise.all([
  step("test:e2e"),
  inTurn("test:static", "test:unit", "test:integration"),
]);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const passed = results.every(Boolean);
process.stdout.write(`\n== npm test: ${passed ? "passed" : "failed"} in ${minutes} min ==\n`);
process.exit(passed ? 0 : 1);
