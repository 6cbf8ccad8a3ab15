import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const alias = { "~": path.join(root, "app") };

/**
 * Unit files that need a module registry of their own (decision 082): they count what a module
 * holds since it loaded (the pools withNamedStatements wrapped), or time themselves and must not
 * share a process's heap with the files before them. Every other unit file shares its worker's
 * modules with the files before it, which is most of the unit run's time saved: loading app code
 * again for each file was two thirds of it.
 */
const UNIT_ALONE = [
  "tests/unit/db-pool-stats.test.ts",
  "tests/unit/regex-linear.test.ts",
  // mocks ~/env.server, the database and the secrets, which every other file loads unmocked
  "tests/unit/security-cookies.test.ts",
];

/**
 * Integration files that need a module registry of their own (decision 082): each sets what the
 * app's modules read as they load (SESSION_SECRET, a mocked env.server) or resets the module
 * registry itself. Every other integration file shares its worker's modules with the files before
 * it; tests/integration/setup.ts gives each its own database and integration/built-server.ts its
 * own load of the server build.
 */
const INTEGRATION_ALONE = [
  // SESSION_SECRET set before the app loads, for the build and the cookies it signs
  "tests/integration/crash-recovery.test.ts",
  "tests/integration/large-bodies.test.ts",
  // TEST_SLOW_CARD_MS and TEST_PRESS_WAIT_MS, read as ~/env.server loads
  "tests/integration/slow-gateway.test.ts",
  // one test fails after some other files in a shared worker (its locked date comes back null);
  // the state it depends on is not found yet
  "tests/integration/next-box.test.ts",
  // loads the app again (vi.resetModules) under each pair of session secrets
  "tests/integration/key-rotation.test.ts",
  // mocks ~/env.server, which every other file's modules read unmocked
  "tests/integration/accounts-mailbox.test.ts",
  // thousands of in-process calls, ten times slower after other files in a shared worker (decision
  // 082's fifth-session addendum; the cause is not found): alone it takes its own time
  "tests/integration/fuzz.test.ts",
];

/**
 * Integration files whose behaviour does not depend on the database's dialect and that mostly wait:
 * the SQLite run has them, the PostgreSQL run (DATABASE_URL_TEST) leaves them out (decision 089).
 * The slow gateway at its real 25 s proves the unset defaults; the short-timed slow-gateway tests,
 * which do claim and charge on each database, run on both. The body limits are the HTTP layer's.
 */
const SQLITE_RUN_ONLY = [
  "tests/integration/slow-gateway-real-time.test.ts",
  "tests/integration/large-bodies.test.ts",
];
const onPostgres = Boolean(process.env.DATABASE_URL_TEST);
const notOnThisDatabase = onPostgres ? SQLITE_RUN_ONLY : [];

/**
 * The `-alone` project's files first, the fuzz file first of all (decision 089). Vitest queues one
 * project's files after the previous project's have finished, in the order this returns; vitest's
 * own order depends on its cache of earlier runs, which a fresh clone does not have, and there the
 * alone files came last: the PostgreSQL run ended with 45 s of one worker on the fuzz file.
 */
class LongestAloneFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (spec: TestSpecification) =>
      spec.moduleId.endsWith("/fuzz.test.ts") ? 0 : spec.project.name.endsWith("-alone") ? 1 : 2;
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

const integration = {
  include: ["tests/integration/**/*.test.ts"],
  environment: "node",
  globals: true,
  setupFiles: ["tests/integration/setup.ts"],
  // 90 s, not 30: on CI's loaded 2-core machine, tests that load the app afresh (key-rotation's
  // reloads) or run a price change through renewals took over 30 s (ci run of 38b2a57); a hang
  // still fails
  testTimeout: 90_000,
  hookTimeout: 90_000,
  pool: "forks" as const,
};

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    // vitest's default on a 2-core machine is one worker; the integration files wait on
    // PostgreSQL and child servers often enough that two halve their time (each worker has its
    // own database: tests/integration/setup.ts)
    maxWorkers: 2,
    minWorkers: 1,
    // Whether the forks pool starts a process per file is read from this root setting, not from a
    // project's: false lets the sharing projects keep their workers. The `-alone` projects say
    // `isolate: true` (it would default to this one): a fresh module registry per file.
    // The integration files share their workers too (decision 089): a process per file (--isolate)
    // spent a third of the run's CPU loading the app again for each file.
    isolate: false,
    sequence: { sequencer: LongestAloneFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          root,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          exclude: UNIT_ALONE,
          environment: "node",
          globals: true,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "unit-alone",
          root,
          include: UNIT_ALONE,
          environment: "node",
          globals: true,
          isolate: true,
        },
      },
      {
        resolve: { alias },
        test: {
          ...integration,
          name: "integration-alone",
          root,
          include: INTEGRATION_ALONE.filter((file) => !notOnThisDatabase.includes(file)),
          isolate: true,
        },
      },
      {
        resolve: { alias },
        test: {
          ...integration,
          name: "integration",
          root,
          exclude: [...INTEGRATION_ALONE, ...notOnThisDatabase],
          setupFiles: ["tests/integration/setup.ts", "tests/integration/setup-shared.ts"],
          // one migrated and seeded database per run, copied for each file (not for the -alone ones)
          globalSetup: ["tests/integration/template-db.ts"],
          isolate: false,
        },
      },
    ],
  },
});
