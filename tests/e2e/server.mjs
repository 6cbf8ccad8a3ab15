// Starts the production build for the e2e suite (and the bench) on a fresh
// database, through the same start script as `npm start`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { E2E_SESSION_SECRET } from "./session-secret.mjs";

const port = process.env.E2E_PORT ?? "3210";
const dbFile = `/tmp/paddock-e2e-${port}/app.db`;
fs.rmSync(path.dirname(dbFile), { recursive: true, force: true });
fs.mkdirSync(path.dirname(dbFile), { recursive: true });
const build = process.env.BUILD_NAME
  ? `.builds/${process.env.BUILD_NAME}/index.js`
  : "build/index.js";
const child = spawn(process.execPath, ["app/bin/start.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    SERVER_BUILD: build,
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${dbFile}`,
    APP_ENV: "test",
    E2E_TEST_ROUTES: "1",
    // the slow-gateway spec holds slots for seconds on purpose; the queue's deadline has its own spec
    // (http-slow-senders), so ordinary specs beside it wait rather than get a 503
    ADMISSION_WAIT_SECONDS: process.env.ADMISSION_WAIT_SECONDS ?? "30",
    // the slow test card answers in 10 s, not 25, and a second press waits 6 s for the first, not 20:
    // the second press (at most a few seconds in) gives up before the first is charged, the third
    // (6 s later at least) waits past it (decision 076; slow-gateway-real-time.test.ts keeps 25 and 20)
    TEST_SLOW_CARD_MS: "10000",
    TEST_PRESS_WAIT_MS: "6000",
    SESSION_SECRET: E2E_SESSION_SECRET,
    // Playwright connects from 127.0.0.1 as an untrusted peer: X-Forwarded-For must not matter
    TRUST_PROXY: "",
    // Card-testing limits (decision 042): every spec's cards come from 127.0.0.1, so the per-address
    // budget is out of reach here (card-testing-address.spec.ts starts its own app to test it), and
    // an account's is low enough that two declines fill it (a decline counts 3): card-testing.spec.ts.
    CARD_ATTEMPTS_PER_ACCOUNT: "6",
    CARD_ATTEMPTS_PER_ADDRESS: "1000000",
    // likewise every box the suite starts at /get-started comes from 127.0.0.1 (decision 040)
    GET_STARTED_IP_MAX: "1000000",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
