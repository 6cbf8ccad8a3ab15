// The e2e test routes fail closed on the real server (issue 34, "switches fail closed"): a value other
// than exactly 1 (such as E2E_TEST_ROUTES=0, which used to open /test-hooks/session, a sign-in as
// anyone) stops the server at start, and so does E2E_TEST_ROUTES=1 beside APP_ENV=production. Each
// case starts the production build the suite runs (app/bin/start.mjs) with its own port and database.
import { startOrRefusal } from "./app-process";
import { expect, test } from "./fixtures";

/** Starts the app with `env`: "refused" with its output when it exits, or "served" once /test-hooks/session answers. */
async function start(env: Record<string, string>) {
  const started = await startOrRefusal("switch", env, (base) =>
    fetch(`${base}/test-hooks/session`, {
      method: "POST",
      body: new URLSearchParams({ email: "demo@paddockandtide.com.au" }),
    }),
  );
  return { ...started, hook: started.status };
}

test.describe("the e2e test routes fail closed", () => {
  test.describe.configure({ timeout: 150_000 });

  for (const value of ["0", "false"]) {
    test(
      `E2E_TEST_ROUTES=${value} stops the server instead of opening the test hooks`,
      { tag: "@http" },
      async () => {
        const started = await start({ APP_ENV: "test", E2E_TEST_ROUTES: value });
        expect(started.outcome, `the hook answered ${started.hook}`).toBe("refused");
        expect(started.output).toContain(
          "E2E_TEST_ROUTES: use exactly 1 to open the e2e test routes, or leave it unset",
        );
      },
    );
  }

  test("E2E_TEST_ROUTES=1 with APP_ENV=production stops the server", { tag: "@http" }, async () => {
    const started = await start({
      APP_ENV: "production",
      APP_ORIGIN: "https://www.paddockandtide.com.au",
      E2E_TEST_ROUTES: "1",
    });
    expect(started.outcome, `the hook answered ${started.hook}`).toBe("refused");
    expect(started.output).toContain("E2E_TEST_ROUTES: must not be set when APP_ENV=production");
  });

  test("unset, the server starts and the test hooks answer 404", { tag: "@http" }, async () => {
    const started = await start({ APP_ENV: "test", E2E_TEST_ROUTES: "" });
    expect(started.outcome, started.output.slice(-1000)).toBe("served");
    expect(started.hook).toBe(404);
  });
});
