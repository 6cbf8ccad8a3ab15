// The per-address budget of the card-testing limits (decision 042), on an app of its own: every spec
// reaches the suite's server from 127.0.0.1, so that server keeps the per-address budget out of reach.
// Here an address may try 5 new cards and an account 100, and two worker processes share one SQLite
// file (the same build through app/bin/start.mjs). A burst of new cards from many fresh accounts at
// one address gets exactly the address's budget, whichever worker admits them; a guest with a fresh
// e-mail at a full address is refused before the gateway, keeping what was typed.
import { request as newRequest, type Page } from "@playwright/test";
import { createDb } from "../../app/db/connection.server";
import { expect, jsEnabled, test as base, uniqueEmail } from "./fixtures";
import {
  dialog,
  fillCheckout,
  placeButton,
  reachCheckout,
  shippingGroup,
} from "./checkout-helpers";
import { spawnApp } from "./app-process";
import { createUser, TEST_CARDS } from "../factories";

const PER_ADDRESS = 5;
const GOOD = TEST_CARDS.good;
const LIMITED = "Too many new cards have been tried from this account or connection.";
/** how the app keys this machine's requests (getClientIp) */
const OUR_ADDRESS = "address:127.0.0.1";

type AddressApp = { base: string; db: ReturnType<typeof createDb> };

const test = base.extend<object, { addressApp: AddressApp }>({
  addressApp: [
    async ({}, use) => {
      const app = await spawnApp("cards", {
        E2E_TEST_ROUTES: "1",
        WEB_CONCURRENCY: "2",
        JOBS_IN_APP: "0",
        CARD_ATTEMPTS_PER_ADDRESS: String(PER_ADDRESS),
        CARD_ATTEMPTS_PER_ACCOUNT: "100",
      });
      const until = Date.now() + 90_000;
      for (;;) {
        if (app.exitCode() !== null)
          throw new Error(`app exited (${app.exitCode()})\n${app.log().slice(-3000)}`);
        try {
          if ((await fetch(`${app.base}/healthz`)).ok) break;
        } catch {
          // not listening yet
        }
        if (Date.now() > until)
          throw new Error(`app did not answer /healthz\n${app.log().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const db = createDb(`file:${app.dbFile}`);
      await use({ base: app.base, db });
      await db.destroy();
      await app.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ addressApp }, use) => use(addressApp.base),
});

// the file's tests in order in one worker, not spread over three: the app above starts once per
// worker, and each start (migrations, seed, a forked worker) costs seconds of CPU
test.describe.configure({ mode: "default", timeout: 90_000 });

/** A fresh account signed in on a request context of its own, with the account page's CSRF token. */
async function signedInAccount(app: AddressApp) {
  const { id, email } = await createUser(app.db, {
    email: uniqueEmail("burst"),
    password: null,
    firstName: "Bo",
    lastName: "Burst",
  });
  const request = await newRequest.newContext({ baseURL: app.base });
  expect((await request.post("/test-hooks/session", { form: { email } })).status()).toBe(200);
  const html = await (await request.get("/dashboard/account")).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(csrf, "the account page carries a CSRF token").toBeTruthy();
  return { id, request, csrf: csrf! };
}

test(
  "a burst of new cards from fresh accounts at one address gets exactly its budget, across two workers",
  { tag: "@http" },
  async ({ addressApp }) => {
    const { db } = addressApp;
    const accounts = [];
    for (let i = 0; i < PER_ADDRESS + 4; i++) accounts.push(await signedInAccount(addressApp));
    const answers = await Promise.all(
      accounts.map((a) =>
        a.request.post("/dashboard/account", {
          form: {
            csrf: a.csrf,
            intent: "card-add",
            paymentMethod: "new",
            "card.number": GOOD,
            "card.expiration": "10/29",
            "card.cvc": "123",
          },
          maxRedirects: 0,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status());
    expect(statuses.filter((s) => s === 303)).toHaveLength(PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    for (const refused of answers.filter((r) => r.status() === 429)) {
      const text = await refused.text();
      expect(text).toContain(LIMITED);
      expect(text).not.toContain(GOOD);
    }
    // the gateway checked exactly the admitted cards, and only they were saved
    const ids = accounts.map((a) => a.id);
    const checks = await db
      .selectFrom("sandboxCharges")
      .select("idempotencyKey")
      .where("idempotencyKey", "like", "verify!setup:user:%")
      .execute();
    expect(
      checks.filter((c) =>
        ids.some((id) => c.idempotencyKey.startsWith(`verify!setup:user:${id}:`)),
      ),
    ).toHaveLength(PER_ADDRESS);
    expect(
      await db.selectFrom("paymentMethods").select("id").where("userId", "in", ids).execute(),
    ).toHaveLength(PER_ADDRESS);
    for (const a of accounts) await a.request.dispose();
  },
);

test("a guest with a fresh e-mail at an address whose budget is used up is refused before the gateway", async ({
  page,
  addressApp,
}) => {
  const { db } = addressApp;
  // earlier new cards from this address (other accounts) have used its budget; taken back at the end,
  // so the burst above finds it empty whichever test this worker runs first
  const rows = await db
    .selectFrom("cardAttempts")
    .select("weight")
    .where("scope", "=", OUR_ADDRESS)
    .execute();
  const room = PER_ADDRESS - rows.reduce((sum, r) => sum + r.weight, 0);
  const earlier = `earlier:${Date.now()}`;
  const at = new Date().toISOString();
  for (let i = 0; i < room; i++)
    await db
      .insertInto("cardAttempts")
      .values({ scope: OUR_ADDRESS, attempt: `${earlier}:${i}`, weight: 1, createdAt: at })
      .execute();
  try {
    await refusedAtFullAddress(page, db);
  } finally {
    await db.deleteFrom("cardAttempts").where("attempt", "like", `${earlier}:%`).execute();
  }
});

async function refusedAtFullAddress(page: Page, db: AddressApp["db"]) {
  const { email } = await reachCheckout(page);
  await fillCheckout(page, { shipping: { line1: "3 Shared Street" } });
  const key = `checkout:${await page.locator('input[name="idempotencyKey"]').first().inputValue()}`;
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  await placeButton(page).click();
  expect((await answered).status()).toBe(429);
  const refused = dialog(page, "Too many card attempts");
  await expect(refused).toContainText(LIMITED);
  await expect(page.locator(".field__error").filter({ hasText: LIMITED })).toBeVisible();
  await expect(shippingGroup(page).getByLabel("Street address")).toHaveValue("3 Shared Street");
  if (!jsEnabled()) await expect(page.getByLabel("Card number")).toHaveValue("");
  expect(await page.content()).not.toContain(GOOD);
  expect(
    await db
      .selectFrom("sandboxCharges")
      .select("idempotencyKey")
      .where("idempotencyKey", "=", key)
      .execute(),
  ).toEqual([]);
  const user = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email!.toLowerCase())
    .executeTakeFirstOrThrow();
  expect(
    await db.selectFrom("payments").select("id").where("userId", "=", user.id).execute(),
  ).toEqual([]);
  // the guest's own account had room: the address decided
  expect(
    await db
      .selectFrom("cardAttempts")
      .select("id")
      .where("scope", "=", `account:${user.id}`)
      .execute(),
  ).toEqual([]);
}
