// axe on the routes no other spec audits (issue 13, Accessibility), in both the
// js and nojs projects: no serious or critical violations. Already audited
// elsewhere: content pages (content-a11y), sign-in, forgot/reset password,
// empty my-deliveries and the mailbox (accounts-a11y), every box-flow step and
// checkout (box-a11y, checkout-flow), my deliveries, change my box and my
// account (dashboard-*), gift-card personalise, payment, success and activation
// (gift-cards), the pay page and the tax invoice (orders-pay).
import { randomBytes } from "node:crypto";
import { expectNoSeriousViolations } from "./a11y";
import { createUser, e2eDb, expect, ready, test } from "./fixtures";
import { E2E_BASE_URL } from "./env";

const ts = () => new Date().toISOString();

// several whole-page audits per test (axe is CPU-heavy on a 2-core runner)
test.describe.configure({ timeout: 90_000 });

test("legal pages, the news filter and the gift-card landing pages", async ({ page }) => {
  for (const path of ["/privacy-policy", "/refund-and-returns-policy", "/blog/news", "/gift-cards", "/gift-cards/activate"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await ready(page);
    await expectNoSeriousViolations(page);
  }
});

test("error states: not found, session expired, forbidden and a server fault", async ({ page }) => {
  for (const [path, status] of [["/no-such-page", 404], ["/test-hooks/error?status=419", 419], ["/test-hooks/error?status=403", 403], ["/test-hooks/error?status=500", 500]] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(status);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});

test("the one-tap page of a reminder e-mail, valid and not", async ({ page, request }) => {
  const db = e2eDb();
  const user = await createUser({ firstName: "Robin" });
  await db.insertInto("paymentMethods").values({ userId: user.id, gatewayToken: `sandbox_pm_${randomBytes(5).toString("hex")}_ok`, brand: "Visa", lastFour: "4242", expMonth: 8, expYear: 2031, isPrimary: 1, createdAt: ts() }).execute();
  const pkg = await db.selectFrom("packages").select("id").where("slug", "=", "custom-small").executeTakeFirstOrThrow();
  const region = await db.selectFrom("deliveryRegions").select("id").where("slug", "=", "nsw").executeTakeFirstOrThrow();
  const first = ts().slice(0, 10);
  const { id: subscriptionId } = await db.insertInto("subscriptions").values({
    userId: user.id, status: "active", email: user.email, packageId: pkg.id, boxType: "custom", postcode: "2000", suburbId: null, regionId: region.id,
    deliveryDate: first, deliveryWindow: "day", frequencyDays: 28, discountCode: null, shippingAddressId: null, billingAddressId: null,
    deliveryNotes: null, flowVersion: null, startedAt: ts(), endedAt: null, pausedUntil: null, createdAt: ts(), updatedAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("orders").values({ reference: `PT-A${randomBytes(4).toString("hex").toUpperCase()}`, userId: user.id, subscriptionId, status: "paid", deliveryDate: first, deliveryWindow: "day", createdAt: ts(), paidAt: ts() }).execute();
  const runAt = async (now: string) => expect((await request.post(`${E2E_BASE_URL}/test-hooks/renewals`, { form: { now, subscriptionId: String(subscriptionId) } })).status()).toBe(200);
  await runAt(ts()); // plans the next delivery
  const delivery = await db.selectFrom("deliveries").selectAll().where("subscriptionId", "=", subscriptionId).executeTakeFirstOrThrow();
  await runAt(new Date(Date.parse(delivery.remindAt) + 60_000).toISOString()); // sends its reminder
  const mail = await db.selectFrom("emailOutbox").select("text").where("toAddress", "=", user.email).where("template", "=", "delivery-reminder").executeTakeFirstOrThrow();
  const skip = new URL(/Skip this delivery: (\S+)/.exec(mail.text)![1]);

  await page.goto(skip.pathname + skip.search);
  await ready(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Skip your delivery on / })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Skip this delivery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delivery skipped" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto(`/deliveries/one-tap/${randomBytes(24).toString("base64url")}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});
