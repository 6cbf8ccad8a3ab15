// npm run staff -- …: the staff command (app/bin/staff.ts). In a checkout it runs the TypeScript
// through tsx; in the production image, which has neither tsx nor the app's sources, it runs the
// bundle the image's build made of it (npm run build:staff → build/staff.mjs).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const source = path.join(root, "app/bin/staff.ts");
const bundle = path.join(root, "build/staff.mjs");

function tsxCli() {
  try {
    return createRequire(import.meta.url).resolve("tsx/cli");
  } catch {
    return null;
  }
}

const tsx = existsSync(path.join(root, "app/admin")) ? tsxCli() : null;
if (tsx) {
  const run = spawnSync(
    process.execPath,
    [tsx, "--tsconfig", path.join(root, "tsconfig.json"), source, ...process.argv.slice(2)],
    { stdio: "inherit", cwd: process.cwd() },
  );
  process.exit(run.status ?? 1);
} else if (existsSync(bundle)) {
  await import(pathToFileURL(bundle).href);
} else {
  console.error("No staff command here: run `npm run build:staff` first (the image's build does).");
  process.exit(1);
}
