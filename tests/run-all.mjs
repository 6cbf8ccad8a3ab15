// `npm test`: every layer after the one production build: the checks, the unit tests and both
// integration runs side by side, then the e2e suite alone (decision 089).
//
// Every step runs whole even when another fails (each one's result is worth having), its output is
// printed when it ends, under its verdict and time, and the run fails when any step does.
// `npm run test:unit`, `test:integration` and `test:e2e` still run one layer alone.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** One line per step, and a failed step's failures, printed again last (see `failureLines`). */
const summary = [];

// eslint-disable-next-line no-control-regex -- the colour codes vitest and Playwright print
const ANSI = /\x1b\[[0-9;]*m/g;
// a failed test's line (vitest's ×, Playwright's ✘, at the line's start: a "2 × scotch fillet" in a
// passing test's name is not one), the counts, Playwright's list of failures, errors
const FAILURE =
  /\bFAIL\b|^\s*[✘×]|\b\d+ (failed|flaky)\b|^\s+\[(js|nojs)\] ›|Error:|AssertionError/;

/**
 * The lines of a failed step's log that name what failed, at most 60: CI keeps only the tail of a
 * run's output, and a step's own summary is otherwise far above it.
 */
function failureLines(log) {
  const lines = log
    .replace(ANSI, "")
    .split("\n")
    // the app's own JSON log lines name errors it logs on purpose (a declined card, a mail retried)
    .filter((line) => FAILURE.test(line) && !line.trimStart().startsWith("{"));
  const kept = lines.slice(0, 60).map((line) => `  ${line.trim().slice(0, 300)}`);
  if (lines.length > kept.length) kept.push(`  … and ${lines.length - kept.length} more lines`);
  return kept;
}

/**
 * Runs an npm script; resolves whether it passed, after printing its output. The output goes to a
 * file, not a pipe: a pipe that this process is slow to drain (a busy machine) would block the
 * step's writes, and a vitest main process blocked on a write misses its workers' calls.
 */
function step(script, { label = script, env = {} } = {}) {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-test-"));
  const logFile = path.join(dir, `${label.replace(/[^a-z0-9]+/gi, "-")}.log`);
  const out = fs.openSync(logFile, "w");
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: ["ignore", out, out],
      env: { ...process.env, ...env },
    });
    child.on("close", (code) => {
      fs.closeSync(out);
      const seconds = Math.round((Date.now() - started) / 1000);
      const verdict = code === 0 ? "passed" : `failed (${code})`;
      process.stdout.write(`\n== npm run ${label}: ${verdict} in ${seconds} s ==\n`);
      const log = fs.readFileSync(logFile);
      process.stdout.write(log);
      summary.push(`npm run ${label}: ${verdict} in ${seconds} s`);
      if (code !== 0) summary.push(...failureLines(log.toString("utf8")));
      fs.rmSync(dir, { recursive: true, force: true });
      resolve(code === 0);
    });
  });
}

/** Runs steps one after the other, all of them even after a failure; resolves whether all passed. */
async function inTurn(...steps) {
  let passed = true;
  for (const next of steps) passed = (await next()) && passed;
  return passed;
}

/** Runs groups of steps side by side; resolves whether all passed. */
async function sideBySide(...groups) {
  const results = await Promise.all(groups.map((group) => group()));
  return results.every(Boolean);
}

// TEST_PG_URL (set by .ci/run): the integration suite runs a second time, on that PostgreSQL
// database, beside the SQLite run.
const pgUrl = process.env.TEST_PG_URL;
const pgStep = () =>
  step("test:integration", {
    label: "test:integration on PostgreSQL",
    env: { DATABASE_URL_TEST: pgUrl },
  });

// The checks and both integration runs side by side, then the e2e suite alone (decision 089). The
// integration runs wait often (child servers, PostgreSQL, the slow gateway's seconds): alone each
// kept 1.2-1.4 of the 2 cores busy, together with the checks they fill both. The e2e suite keeps both
// cores busy by itself, so it runs alone: beside the rest (load 15-18) the steps cost far more CPU and
// timed out (decision 082's sixth-session addendum).
const started = Date.now();
if (!(await step("test:build"))) process.exit(1);
const checked = await sideBySide(
  () =>
    inTurn(
      () => step("test:static"),
      () => step("test:unit"),
    ),
  () => step("test:integration"),
  ...(pgUrl ? [pgStep] : []),
);
const passed = (await step("test:e2e")) && checked;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
summary.push(`npm test: ${passed ? "passed" : "failed"} in ${minutes} min`);
process.stdout.write(`\n== summary ==\n${summary.join("\n")}\n`);
process.exit(passed ? 0 : 1);
