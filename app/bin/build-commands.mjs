// npm run build:commands: bundles the operator's commands (app/bin/staff.ts, keys-reseal.ts,
// migrate.ts, jobs.ts) into build/<name>.mjs for the production image, which has neither tsx nor the app's TypeScript
// sources. The app's own modules ("~/…") are bundled in; the packages stay imports of the image's
// node_modules (production ones). `node app/bin/build-commands.mjs DIR` writes them to DIR instead.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { COMMANDS } from "./run-command.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const outDir = process.argv[2] ?? path.join(root, "build");

for (const name of COMMANDS) {
  const outfile = path.join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [path.join(root, `app/bin/${name}.ts`)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    // a package named here resolves from node_modules at run time; anything else must be the app's own
    external: Object.keys(pkg.dependencies).flatMap((dep) => [dep, `${dep}/*`]),
    logLevel: "warning",
  });
  console.log(`Command bundled: ${path.relative(root, outfile)}`);
}
