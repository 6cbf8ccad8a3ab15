// `npm start` builds when there is no production build yet or the sources are newer than it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const serverBuild = "build/index.js";
function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}
const built = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
const sources = Math.max(
  newest("app"),
  fs.statSync("package-lock.json").mtimeMs,
  fs.statSync("remix.config.js").mtimeMs,
);
// `npm run dev` writes a development build to the same place; never serve that.
const isProductionBuild =
  built > 0 && /\bmode = "production"/.test(fs.readFileSync(serverBuild, "utf8"));
if (built < sources || !isProductionBuild) {
  console.log("Building the shop…");
  execSync("npx remix build", { stdio: "inherit" });
}
