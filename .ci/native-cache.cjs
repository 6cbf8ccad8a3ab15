// Keeps this machine's build of better-sqlite3 in npm's cache, where its install script
// (prebuild-install) looks before it downloads a prebuilt binary. These runners reach only the npm
// registry, so without it every `npm ci` on a fresh clone compiles SQLite from source: about
// 70 s of CPU before any test starts (decision 084). The file is named as prebuild-install names
// a download (the package's version, Node's ABI, platform and architecture), so a new version or
// Node gets compiled once and kept again; prebuild-install loads the unpacked binary before it
// accepts it, and falls back to compiling when that fails.
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const packageDir = path.resolve(__dirname, "../node_modules/better-sqlite3");
const binary = "build/Release/better_sqlite3.node";
if (!fs.existsSync(path.join(packageDir, binary))) process.exit(0);

const pkg = require(path.join(packageDir, "package.json"));
const rc = require("prebuild-install/rc")(pkg);
const util = require("prebuild-install/util");
const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
if (fs.existsSync(cached)) process.exit(0);

fs.mkdirSync(path.dirname(cached), { recursive: true });
const partial = `${cached}.${process.pid}.tmp`;
execFileSync("tar", ["-czf", partial, "-C", packageDir, binary]);
fs.renameSync(partial, cached);
console.log(`kept ${binary} for the next npm ci: ${cached}`);
