// /dashboard/account in the js and nojs projects: a new card is verified by
// the gateway (a zero-amount check) before it is saved. The sandbox's
// "declined" card is refused with the gateway's message on the card number
// field, nothing is stored and the number and CVC never come back; the
// insufficient-funds card passes the check and is saved.
import { createSubscriber, openDashboard } from "./dashboard-helpers";
import { e2eDb, expect, jsEnabled, settled, test } from "./fixtures";
import { TEST_CARDS } from "../factories";

test.describe("my account: adding a card verifies it first", () => {
  test.describe.configure({ timeout: 60_000 });

  test("refuses the declined card with the gateway's message and saves nothing; the insufficient-funds card is saved", async ({
    page,
  }) => {
    const a = await createSubscriber();
    await openDashboard(page, a, "/dashboard/account");
    const cards = page.locator("#cards");
    await cards.getByText("Add a card").click();
    let form = page.locator("#account-add-card");
    await form.getByLabel("Card number").fill(TEST_CARDS.declined);
    await form.getByLabel("Expiry (MM/YY)").fill("10/29");
    await form.getByLabel("CVC").fill("123");
    await form.getByLabel("Make this my primary card").check();
    // the action's answer (with JS the fetch's, without JS the page's): a 4xx with the form's errors, never the number
    const answers: { status: number; text: string }[] = [];
    await page.route("**/dashboard/account**", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      answers.push({ status: response.status(), text: await response.text() });
      await route.fulfill({ response });
    });
    await form.getByRole("button", { name: "Save card" }).click();
    await expect.poll(() => answers.length).toBe(1);
    await settled(page);
    await page.unroute("**/dashboard/account**");
    expect(answers[0].status).toBeGreaterThanOrEqual(400);
    expect(answers[0].status).toBeLessThan(500);
    expect(answers[0].text).not.toContain(TEST_CARDS.declined);
    expect(await page.content()).not.toContain(TEST_CARDS.declined);

    form = page.locator("#account-add-card");
    const number = form.getByLabel("Card number");
    await expect(form.getByText("Your card was declined.")).toBeVisible();
    // the message belongs to the card number field
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(number).toHaveAccessibleDescription(/Your card was declined\./);
    await expect(page.getByText("Your new card is saved.")).toHaveCount(0);
    await expect(cards.getByRole("listitem", { name: /ending in 0002/ })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("ending in 0002");
    // the other typed values are kept; without JS the page is re-rendered without the number and CVC
    await expect(form.getByLabel("Expiry (MM/YY)")).toHaveValue("10/29");
    await expect(form.getByLabel("Make this my primary card")).toBeChecked();
    if (!jsEnabled()) {
      await expect(number).toHaveValue("");
      await expect(form.getByLabel("CVC")).toHaveValue("");
    }
    let rows = await e2eDb()
      .selectFrom("paymentMethods")
      .select(["lastFour", "isPrimary"])
      .where("userId", "=", a.id)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.lastFour, r.isPrimary])).toEqual([["4242", 1]]);

    // a zero-amount check needs no funds: the insufficient-funds card is saved
    await number.fill(TEST_CARDS.insufficient);
    await form.getByLabel("Expiry (MM/YY)").fill("10/29");
    await form.getByLabel("CVC").fill("123");
    await form.getByLabel("Make this my primary card").uncheck();
    await form.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByRole("status")).toHaveText("Your new card is saved.");
    await expect(cards.getByRole("listitem", { name: "Visa ending in 9995" })).toBeVisible();
    await expect(cards.getByRole("listitem", { name: /ending in 0002/ })).toHaveCount(0);
    rows = await e2eDb()
      .selectFrom("paymentMethods")
      .select(["lastFour", "isPrimary"])
      .where("userId", "=", a.id)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.lastFour, r.isPrimary])).toEqual([
      ["4242", 1],
      ["9995", 0],
    ]);
  });
});
