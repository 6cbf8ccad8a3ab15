// Serves the production build with remix-serve. Started directly with node
// (not npx) so stopping this process frees the port.
import { spawn } from "node:child_process";

const build = process.env.SERVER_BUILD ?? "build/index.js";
const child = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", build], {
  stdio: "inherit",
  env: { ...process.env, PORT: process.env.PORT ?? "3000" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
