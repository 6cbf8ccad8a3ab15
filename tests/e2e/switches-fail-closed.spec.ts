// Settings fail closed on the real server (issue 34, "switches fail closed"; decision 040): a value the
// app would misread stops it at start with a clear message, instead of opening something or serving
// nothing. Each case starts the production build (app/bin/start.mjs) with its own port and database.
import { startOrRefusal } from "./app-process";
import { expect, test } from "./fixtures";

const PRODUCTION = { APP_ENV: "production", APP_ORIGIN: "https://www.paddockandtide.com.au" };
const start = (env: Record<string, string>) =>
  startOrRefusal("settings", env, (base) => fetch(`${base}/healthz`));

test.describe("settings fail closed", () => {
  test.describe.configure({ timeout: 150_000 });

  // Remix's development mode sends a server error's message and stack to the visitor
  test(
    "NODE_ENV=development with APP_ENV=production stops the server",
    { tag: "@http" },
    async () => {
      const started = await start({ ...PRODUCTION, NODE_ENV: "development" });
      expect(started.outcome, `/healthz answered ${started.status}`).toBe("refused");
      expect(started.output).toContain("NODE_ENV: must not be development when APP_ENV=production");
    },
  );

  // Number("abc") is NaN: the primary used to fork no worker and exit 0 without a word (measured)
  test("WEB_CONCURRENCY=abc stops the server", { tag: "@http" }, async () => {
    const started = await start({ WEB_CONCURRENCY: "abc" });
    expect(started.outcome, `/healthz answered ${started.status}`).toBe("refused");
    expect(started.output).toContain(
      "WEB_CONCURRENCY must be a whole number of worker processes from 1 to 64",
    );
  });

  // "true" would trust every peer's X-Forwarded-For: anyone could pick the address rate limits count
  test("TRUST_PROXY=true stops the server", { tag: "@http" }, async () => {
    const started = await start({ TRUST_PROXY: "true" });
    expect(started.outcome, `/healthz answered ${started.status}`).toBe("refused");
    expect(started.output).toContain('Invalid TRUST_PROXY entry "true"');
  });

  // a pool size the app would have to guess at (decision 068); SQLite has no pool, and still refuses it
  test("DATABASE_POOL_MAX=ten stops the server", { tag: "@http" }, async () => {
    const started = await start({ DATABASE_POOL_MAX: "ten" });
    expect(started.outcome, `/healthz answered ${started.status}`).toBe("refused");
    expect(started.output).toContain(
      'DATABASE_POOL_MAX must be a whole number of PostgreSQL connections per process from 2 to 100, or unset for 5 (got "ten")',
    );
  });

  test("MIGRATE_ON_START=no stops the server", { tag: "@http" }, async () => {
    const started = await start({ MIGRATE_ON_START: "no" });
    expect(started.outcome, `/healthz answered ${started.status}`).toBe("refused");
    expect(started.output).toContain("MIGRATE_ON_START must be 1");
  });

  // the release step has not run: a database behind the build is not served (here: a new, empty one)
  test(
    "MIGRATE_ON_START=0 on a database behind the build stops the server, naming npm run migrate",
    { tag: "@http" },
    async () => {
      const started = await start({ MIGRATE_ON_START: "0" });
      expect(started.outcome, `/healthz answered ${started.status}`).toBe("refused");
      expect(started.output).toMatch(
        /The database is behind this build: \d+ migration\(s\) not run \(001-initial, .*run `npm run migrate`/,
      );
    },
  );

  // a short token guards /metrics in name only; one with a space cannot travel as a bearer token
  test("METRICS_TOKEN=short stops the server", { tag: "@http" }, async () => {
    const started = await start({ METRICS_TOKEN: "short" });
    expect(started.outcome, `/healthz answered ${started.status}`).toBe("refused");
    expect(started.output).toContain("METRICS_TOKEN must be at least 16 visible ASCII characters");
  });

  test("with the documented values the server starts in production", { tag: "@http" }, async () => {
    const started = await start({
      ...PRODUCTION,
      PAYMENT_GATEWAY: "sandbox",
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      TRUST_PROXY: "loopback",
      DATABASE_POOL_MAX: "4",
      MIGRATE_ON_START: "1",
    });
    expect(started.outcome, started.output.slice(-1000)).toBe("served");
    expect(started.status).toBe(200);
  });
});
