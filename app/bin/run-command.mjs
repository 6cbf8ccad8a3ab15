// Runs an operator's command (app/bin/<name>.ts). In a checkout it runs the TypeScript through tsx;
// in the production image, which has neither tsx nor the app's sources, it runs the bundle the
// image's build made of it (npm run build:commands → build/<name>.mjs).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The commands an operator runs, in a checkout and in the image. */
export const COMMANDS = ["staff", "keys-reseal", "migrate", "jobs"];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function tsxCli() {
  try {
    return createRequire(import.meta.url).resolve("tsx/cli");
  } catch {
    return null;
  }
}

/**
 * Runs command `name` with this process's arguments; the process exits with its exit code.
 * `productionNodeEnv: false` leaves NODE_ENV to the command (jobs sets it with APP_ENV=production only).
 */
export async function runCommand(name, { productionNodeEnv = true } = {}) {
  // as `npm start`: a command is no development server, and APP_ENV=production refuses that
  if (productionNodeEnv) process.env.NODE_ENV ??= "production";
  const source = path.join(root, `app/bin/${name}.ts`);
  const bundle = path.join(root, `build/${name}.mjs`);
  // the image holds app/bin (with the .ts files) but not the app's sources they import
  const tsx = existsSync(path.join(root, "app/db")) ? tsxCli() : null;
  if (tsx) {
    const child = spawn(
      process.execPath,
      [tsx, "--tsconfig", path.join(root, "tsconfig.json"), source, ...process.argv.slice(2)],
      { stdio: "inherit", cwd: process.cwd() },
    );
    // a long-running command (npm run jobs) stops when its deployment is stopped, as it did under tsx
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
    child.on("exit", (code) => process.exit(code ?? 1));
  } else if (existsSync(bundle)) {
    await import(pathToFileURL(bundle).href);
  } else {
    console.error(
      `No ${name} command here: run \`npm run build:commands\` first (the image's build does).`,
    );
    process.exit(1);
  }
}
