// Safe to deploy (issue 44 items 1 and 2, decisions 062 and 063): the production build started as the
// README's Docker image starts it (APP_ENV=production, an empty database), with PAYMENT_GATEWAY=sandbox
// named. Every README demo e-mail is refused at /sign-in and /admin/sign-in; the catalogue, content
// and a box checkout work; every page says it is a test shop and the tax invoice and e-mails say TEST.
// Unset, PAYMENT_GATEWAY stops the start with a message naming it; a database seeded in development
// and started in production has its demo accounts disabled (one log line, audit entries) and refused;
// `npm run db:reset` refuses APP_ENV=production. Each start is the suite's build on its own port and
// database (./app-process.ts); the browser runs in the js project only (one production start is
// enough: the forms' JS and no-JS behaviour has its own specs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { createDb, prepareDatabase } from "../../app/db/connection.server";
import { DEMO_ACCOUNT_EMAILS } from "../../app/db/seed/demo-accounts";
import { spawnApp, type AppProcess } from "./app-process";
import { fillCheckout, placeOrder, reachCheckout } from "./checkout-helpers";
import { expect, ready, submitAndWait, submitSignIn, test } from "./fixtures";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PRODUCTION = {
  APP_ENV: "production",
  APP_ORIGIN: "https://www.paddockandtide.com.au",
  JOBS_IN_APP: "0",
  E2E_TEST_ROUTES: undefined,
};
const BANNER = "Test shop: no real payments are taken";
const REFUSED = "Password or username is incorrect";

/** The README's demo accounts: each table row with a paddockandtide.com.au e-mail, and its password. */
function readmeDemoAccounts(): { email: string; password: string }[] {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const rows = readme
    .split("\n")
    .filter((l) => l.startsWith("|") && /`[^`]+@paddockandtide\.com\.au`/.test(l));
  return rows.map((row) => {
    const cells = [...row.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const at = cells.findIndex((c) => c.endsWith("@paddockandtide.com.au"));
    return { email: cells[at], password: cells[at + 1] };
  });
}

async function expectBanner(page: Page) {
  const banner = page.getByRole("region", { name: "Test shop" });
  await expect(banner).toHaveText(BANNER);
}

/** Signs in with each README demo account at /sign-in and at /admin/sign-in, and expects each refused. */
async function expectDemoAccountsRefused(page: Page) {
  const accounts = readmeDemoAccounts();
  expect(accounts.map((a) => a.email).sort()).toEqual([...DEMO_ACCOUNT_EMAILS].sort());
  for (const { email, password } of accounts) {
    await page.goto("/sign-in");
    await ready(page);
    await submitSignIn(page, email, password);
    await expect(page.getByRole("alert").filter({ hasText: REFUSED }), email).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);

    await page.goto("/admin/sign-in");
    await ready(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill(password);
    await submitAndWait(page, page.getByRole("button", { name: "Continue" }));
    await expect(page.getByRole("alert").filter({ hasText: REFUSED }), email).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toHaveCount(0);
  }
}

async function browse(browser: Browser, app: AppProcess) {
  const context = await browser.newContext({ baseURL: app.base });
  return { context, page: await context.newPage() };
}

// @once: these start production servers of their own, so the js project alone runs them
test.describe("a production start @once", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  test("on an empty database: no demo account signs in; the catalogue, content and a box checkout work; every page, the invoice and the e-mails say TEST", async ({
    browser,
  }) => {
    const app = await spawnApp("prod-empty", { ...PRODUCTION, PAYMENT_GATEWAY: "sandbox" });
    try {
      await app.serving();
      const warning = '"type":"payments.sandbox_in_production"';
      expect(app.log().split(warning).length - 1, app.log().slice(-2000)).toBe(1);
      const db = createDb(`file:${app.dbFile}`);
      try {
        const users = await db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(users.n), "the first start seeds no account").toBe(0);
      } finally {
        await db.destroy();
      }

      const { context, page } = await browse(browser, app);
      try {
        await expectDemoAccountsRefused(page);

        // the shop's own content, each page with the banner
        for (const [url, heading] of [
          ["/", null],
          ["/faq", null],
          ["/blog-post/christmas-2026-delivery-schedule", null],
          ["/recipe-post/scotch-fillet-with-garlic-thyme-butter", null],
          ["/terms", null],
          ["/admin/sign-in", "Staff sign-in"],
        ] as const) {
          const res = await page.goto(url);
          expect(res?.status(), url).toBe(200);
          await expectBanner(page);
          if (heading)
            await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        }
        const missing = await page.goto("/no-such-page");
        expect(missing?.status()).toBe(404);
        await expectBanner(page);

        // a box through the catalogue's steps, paid with the sandbox's test card
        const { email } = await reachCheckout(page, { via: "steps", box: { kind: "curated" } });
        await expectBanner(page);
        await fillCheckout(page);
        const reference = await placeOrder(page);
        await expectBanner(page);
        await page.goto(`/dashboard/orders/${encodeURIComponent(reference)}`);
        await expect(
          page.getByRole("heading", { level: 1, name: "TEST tax invoice" }),
        ).toBeVisible();
        await expect(page.getByText("TEST: this shop takes no real payments.")).toBeVisible();
        await expectBanner(page);

        const mailDb = createDb(`file:${app.dbFile}`);
        try {
          const mails = await mailDb
            .selectFrom("emailOutbox")
            .select(["subject", "text", "html", "template"])
            .where("toAddress", "=", email)
            .execute();
          expect(mails.map((m) => m.template)).toContain("order-confirmation");
          for (const mail of mails) {
            expect(mail.subject).toMatch(/^\[TEST\] /);
            expect(mail.text).toMatch(/^TEST: /);
            expect(mail.html).toContain("TEST: this e-mail comes from a test shop");
          }
        } finally {
          await mailDb.destroy();
        }
      } finally {
        await context.close();
      }
    } finally {
      await app.stop();
    }
  });

  test("without PAYMENT_GATEWAY stops with a message naming it", { tag: "@http" }, async () => {
    const app = await spawnApp("prod-nogateway", { ...PRODUCTION, PAYMENT_GATEWAY: undefined });
    try {
      const until = Date.now() + 60_000;
      while (app.exitCode() === null && Date.now() < until)
        await new Promise((r) => setTimeout(r, 200));
      expect(app.exitCode(), app.log().slice(-2000)).not.toBe(0);
      expect(app.exitCode()).not.toBeNull();
      expect(app.log()).toContain("PAYMENT_GATEWAY: is required when APP_ENV=production");
      expect(fs.existsSync(app.dbFile), "nothing is seeded").toBe(false);
    } finally {
      await app.stop();
    }
  });

  test("over a database seeded in development: the demo accounts are disabled, with one log line and an audit entry each, and refused", async ({
    browser,
  }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-prod-demo-"));
    const url = `file:${path.join(dir, "app.db")}`;
    const seeded = createDb(url);
    await prepareDatabase(seeded, { appEnv: "development" });
    await seeded.destroy();
    const app = await spawnApp("prod-demo", {
      ...PRODUCTION,
      PAYMENT_GATEWAY: "sandbox",
      DATABASE_URL: url,
    });
    try {
      await app.serving();
      const line = '"type":"demo_accounts.disabled"';
      expect(app.log().split(line).length - 1, app.log().slice(-2000)).toBe(1);
      const db = createDb(url);
      try {
        const users = await db
          .selectFrom("users")
          .select(["id", "email", "disabledAt"])
          .where("email", "in", [...DEMO_ACCOUNT_EMAILS])
          .execute();
        expect(users).toHaveLength(DEMO_ACCOUNT_EMAILS.length);
        expect(users.filter((u) => u.disabledAt === null)).toEqual([]);
        const entries = await db
          .selectFrom("auditEntries")
          .select(["entityId", "staffRole"])
          .where("action", "=", "user.disable")
          .execute();
        expect(entries.map((e) => e.entityId).sort()).toEqual(
          users.map((u) => String(u.id)).sort(),
        );
        // nothing deleted: the demo orders are still there
        const orders = await db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(orders.n)).toBeGreaterThan(0);
      } finally {
        await db.destroy();
      }
      const { context, page } = await browse(browser, app);
      try {
        await expectDemoAccountsRefused(page);
      } finally {
        await context.close();
      }
    } finally {
      await app.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test(
    "npm run db:reset refuses APP_ENV=production and leaves the database alone",
    { tag: "@http" },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paddock-reset-"));
      const file = path.join(dir, "app.db");
      fs.writeFileSync(file, "the shop's data");
      try {
        const run = spawnSync("npm", ["run", "--silent", "db:reset"], {
          cwd: ROOT,
          encoding: "utf8",
          env: { ...process.env, APP_ENV: "production", DATABASE_URL: `file:${file}` },
        });
        expect(run.status, run.stdout + run.stderr).not.toBe(0);
        expect(run.stderr).toContain("npm run db:reset refuses APP_ENV=production");
        expect(fs.readFileSync(file, "utf8")).toBe("the shop's data");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
