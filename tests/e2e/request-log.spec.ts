// Logs an operator can search (issue 45 item 1, decision 066), on the production build started as
// `npm start` starts it, its own port and database (./app-process.ts), its log read whole. A member
// of staff searches the orders and the customers for a customer's e-mail: the search finds them, and
// the log has the request's line under the id the response's X-Request-Id gave, without the e-mail
// anywhere. A 500 page quotes its request's id, and that id finds the error's lines; a page from the
// micro-cache gets an id of its own. Every line of the log is one JSON object.
import { createCookie } from "@remix-run/node";
import { createDb } from "../../app/db/connection.server";
import * as factories from "../factories";
import { spawnApp, type AppProcess } from "./app-process";
import { expect, ready, test } from "./fixtures";
import { E2E_SESSION_SECRET } from "./session-secret.mjs";

type Line = Record<string, unknown> & {
  reqId?: string;
  level?: string;
  message?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
};

/** Every line of the app's log, each parsed as JSON (a line that is not JSON fails the test). */
function linesOf(app: AppProcess): Line[] {
  return app
    .log()
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });
}

/** The lines of request `id`, once its request line (written when the response ends) is there. */
async function linesOfRequest(app: AppProcess, id: string): Promise<Line[]> {
  await expect
    .poll(() => linesOf(app).some((l) => l.reqId === id && l.req), { timeout: 10_000 })
    .toBe(true);
  return linesOf(app).filter((l) => l.reqId === id);
}

const staffCookie = createCookie("__staff", { secrets: [E2E_SESSION_SECRET], path: "/" });

test.describe("the request log @once", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let app: AppProcess;

  test.beforeAll(async () => {
    app = await spawnApp("request-log", { JOBS_IN_APP: "0", E2E_TEST_ROUTES: "1" });
    await app.serving();
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test(
    "a staff search for a customer's e-mail: the log has the request under its id, and never the e-mail",
    { tag: "@http" },
    async () => {
      const db = createDb(`file:${app.dbFile}`);
      let cookie: string;
      let email: string;
      try {
        email = factories.uniqueEmail("jane.searched");
        await factories.createUser(db, { email, firstName: "Jane" });
        const staff = await factories.createStaff(db, { role: "support" });
        const token = await factories.createStaffSession(db, staff.id);
        cookie = (await staffCookie.serialize(token)).split(";")[0];
      } finally {
        await db.destroy();
      }

      for (const path of ["/admin/customers", "/admin/orders"]) {
        const res = await fetch(`${app.base}${path}?q=${encodeURIComponent(email)}`, {
          headers: { Cookie: cookie },
        });
        expect(res.status, path).toBe(200);
        if (path === "/admin/customers")
          expect(await res.text(), "the search found the customer").toContain(email);
        const id = res.headers.get("x-request-id");
        expect(id, path).toMatch(/^[0-9a-f-]{36}$/);
        const lines = await linesOfRequest(app, id!);
        expect(lines.at(-1), path).toMatchObject({
          level: "info",
          req: { method: "GET", url: `${path}?q=[redacted]` },
          res: { statusCode: 200 },
        });
      }
      // nowhere in the log: not the address, not its encoded form, not its local part
      const log = app.log();
      expect(log).not.toContain(email);
      expect(log).not.toContain(encodeURIComponent(email));
      expect(log).not.toContain(email.split("@")[0]);
      linesOf(app); // and every line is JSON
    },
  );

  test(
    "a 500 page quotes its request's id, which finds the error's lines",
    { tag: "@http" },
    async () => {
      const res = await fetch(`${app.base}/test-hooks/error?status=500&email=ada%40example.com`, {
        headers: { Accept: "text/html" },
      });
      expect(res.status).toBe(500);
      const id = res.headers.get("x-request-id")!;
      const html = await res.text();
      expect(html).toContain("quote this reference");
      expect(html).toContain(`<code id="request-id">${id}</code>`);
      const lines = await linesOfRequest(app, id);
      expect(lines.find((l) => l.message === "Test failure 500")).toMatchObject({ level: "error" });
      expect(lines.at(-1)).toMatchObject({
        level: "error",
        req: { url: "/test-hooks/error?status=500&email=[redacted]" },
        res: { statusCode: 500 },
      });
      expect(app.log()).not.toContain("ada@example.com");
    },
  );

  test("a page from the micro-cache has an id of its own", { tag: "@http" }, async () => {
    const first = await fetch(`${app.base}/faq`);
    const second = await fetch(`${app.base}/faq`);
    expect(second.headers.get("age"), "the second came from the micro-cache").not.toBeNull();
    const ids = [first.headers.get("x-request-id")!, second.headers.get("x-request-id")!];
    expect(ids[1]).not.toBe(ids[0]);
    for (const id of ids)
      expect((await linesOfRequest(app, id)).at(-1)).toMatchObject({ req: { url: "/faq" } });
  });
});

test(
  "the error page shows the request's id, and keeps it once the page has hydrated",
  { tag: "@reads" },
  async ({ page }) => {
    const res = await page.goto("/test-hooks/error?status=500");
    expect(res?.status()).toBe(500);
    const id = (await res?.headerValue("x-request-id")) ?? "";
    expect(id).not.toBe("");
    await ready(page);
    await expect(page.locator("#request-id")).toHaveText(id);
    await expect(page.getByText("quote this reference")).toBeVisible();
  },
);
