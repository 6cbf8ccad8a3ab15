// One production build per test run (decision 076). `npm test` runs this once before its layers;
// the e2e server (tests/e2e/server.mjs), the specs that start servers of their own and the
// integration files that start the real server (crash-recovery, large-bodies) all serve the same
// build: `.builds/$BUILD_NAME/index.js` when BUILD_NAME is set, else `build/index.js`. It builds only
// when that build is missing, older than the sources, or a development build, so a file run on its
// own builds when it must and a run never builds twice. A lock keeps two processes that need it at
// once (the SQLite and PostgreSQL integration runs) from writing the same build together.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LOCK_STALE_MS = 180_000;

/** The server build the tests serve, as an absolute path. */
export function testServerBuild() {
  const name = process.env.BUILD_NAME;
  return path.join(ROOT, name ? `.builds/${name}/index.js` : "build/index.js");
}

/** Where that build's browser assets are, as remix.config.js puts them. */
export function testAssetsDirectory() {
  const name = process.env.BUILD_NAME;
  return path.join(ROOT, name ? `.builds/${name}/public` : "public/build");
}

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

function upToDate(build) {
  if (!fs.existsSync(build)) return false;
  const sources = Math.max(
    newest(path.join(ROOT, "app")),
    fs.statSync(path.join(ROOT, "package-lock.json")).mtimeMs,
    fs.statSync(path.join(ROOT, "remix.config.js")).mtimeMs,
  );
  // `npm run dev` writes a development build to build/: never test that
  return (
    fs.statSync(build).mtimeMs > sources &&
    /\bmode = "production"/.test(fs.readFileSync(build, "utf8"))
  );
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds unless the build is up to date; answers the build's path. Synchronous, so callable anywhere. */
export function ensureTestBuild() {
  const build = testServerBuild();
  if (upToDate(build)) return build;
  const lock = `${path.dirname(build)}.build-lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else sleep(250);
    }
  }
  try {
    // another process may have built it while this one waited
    if (!upToDate(build)) {
      console.log(`Building the shop for the tests (${path.relative(ROOT, build)})…`);
      execFileSync(path.join(ROOT, "node_modules/.bin/remix"), ["build"], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: "inherit",
        timeout: LOCK_STALE_MS,
      });
    }
  } finally {
    fs.rmSync(lock, { force: true });
  }
  return build;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureTestBuild();
}
