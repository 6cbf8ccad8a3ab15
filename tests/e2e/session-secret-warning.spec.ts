// Starting without SESSION_SECRET (outside production) signs cookies with a secret kept in the
// database, so a copy of the database can forge them: the server says so in its log, once per start
// (not per request, not per worker), and says nothing when SESSION_SECRET is set (issue 34 item 6,
// decision 044). Each case starts the production build the suite runs (app/bin/start.mjs) with its
// own port and database.
import { spawnApp } from "./app-process";
import { expect, test } from "./fixtures";

const WARNING =
  "SESSION_SECRET is not set: cookies are signed with a secret generated and stored in this database";

/** The server's log after it has answered a few pages. */
async function logOfStart(env: Record<string, string | undefined>): Promise<string> {
  const app = await spawnApp("secret", { APP_ENV: "development", JOBS_IN_APP: "0", ...env });
  try {
    await app.serving();
    for (const path of ["/", "/sign-in", "/faq"])
      expect((await fetch(`${app.base}${path}`)).status).toBe(200);
    return app.log();
  } finally {
    await app.stop();
  }
}

const count = (text: string, part: string) => text.split(part).length - 1;

test.describe("the session secret warning", () => {
  test.describe.configure({ timeout: 150_000 });

  test(
    "unset, the server warns once that a copy of the database can forge cookies",
    { tag: "@http" },
    async () => {
      const log = await logOfStart({ SESSION_SECRET: undefined });
      expect(count(log, WARNING), log.slice(-2000)).toBe(1);
      expect(log).toContain(
        "Anyone with a copy of the database can forge a cookie that signs in as any customer",
      );
    },
  );

  test("set, the server says nothing about it", { tag: "@http" }, async () => {
    const log = await logOfStart({ SESSION_SECRET: "a-secret-the-operator-chose-1234" });
    expect(log).toContain("listening on");
    expect(log).not.toContain("SESSION_SECRET");
  });
});
