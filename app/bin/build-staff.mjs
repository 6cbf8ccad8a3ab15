// npm run build:staff: bundles the staff command (app/bin/staff.ts) into build/staff.mjs for the
// production image, which has neither tsx nor the app's TypeScript sources. The app's own modules
// ("~/…") are bundled in; the packages stay imports of the image's node_modules (production ones).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const out = process.argv[2] ?? path.join(root, "build/staff.mjs");

await build({
  entryPoints: [path.join(root, "app/bin/staff.ts")],
  outfile: out,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: path.join(root, "tsconfig.json"),
  // a package named here resolves from node_modules at run time; anything else must be the app's own
  external: Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
console.log(`Staff command bundled: ${path.relative(root, out)}`);
