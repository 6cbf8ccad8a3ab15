// Box checkout end to end (SPEC §2 "Checkout screen", §4 "Checkout"): a new
// visitor, a curated box, a signed-in customer with a saved card, a visitor
// whose e-mail has an account, and a double submit. Runs with and without JS.
import { test, expect, e2eDb, createUser, jsEnabled, ready, submitSignIn } from "./fixtures";
import {
  CHECKOUT_PATH,
  GOOD_CARD,
  clickPlace,
  expectCheckoutPage,
  expectPlaced,
  fillCheckout,
  fillContact,
  fillShipping,
  ordersOf,
  placeButton,
  placeOrder,
  reachCheckout,
  signedInCustomer,
} from "./checkout-helpers";
import { expectNoSeriousViolations } from "./a11y";
import { createCard } from "../factories";

// whole box flows: a few pages and posts each before the checkout itself
test.describe.configure({ timeout: 60_000 });

test.describe("box checkout", () => {
  test("a new visitor pays for a custom box with a new card and a password", async ({ page }) => {
    const { email } = await reachCheckout(page, {
      via: "steps",
      box: { kind: "custom" },
      addons: ["Smoked bacon"],
    });
    const progress = page.getByRole("navigation", { name: "Progress" });
    await expect(progress.locator("[aria-current='step']")).toContainText("Step 4 of 4");
    await expect(page.getByLabel("Email address")).toHaveValue(email!);
    await expect(page.getByLabel("Email address")).toHaveJSProperty("readOnly", true);
    await expect(page.getByLabel("Choose a password")).toBeVisible();
    await expect(page.getByText("Custom box (small)").first()).toBeVisible();
    await expect(page.getByText("Smoked bacon").first()).toBeVisible();
    await expect(page.getByLabel("Same as my delivery address")).toBeChecked();
    await expect(page.getByRole("radio", { name: "Every 4 weeks" })).toBeChecked();
    await expect(placeButton(page)).toHaveText(/\$181/);
    await expect(page.getByText("You can skip, pause or cancel online at any time")).toBeVisible();

    await fillCheckout(page);
    const reference = await placeOrder(page);

    // signed in as the new customer, with the order listed
    await expect(page.getByRole("heading", { level: 1, name: "G'day, Ava" })).toBeVisible();
    await expect(page.getByText(reference).first()).toBeVisible();
    const { user, orders, payments, emails } = await ordersOf(email!);
    expect(user?.passwordHash).toBeTruthy();
    expect(user?.orderedAt).toBeTruthy();
    expect(user).toMatchObject({ firstName: "Ava", lastName: "Tester", phone: "+61412345678" });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ reference, status: "paid" });
    expect(payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amountCents: 18100,
      cardLastFour: "4242",
      orderId: orders[0].id,
    });
    expect(emails).toHaveLength(1);
    expect(emails[0].text).toContain(reference);
    const sub = await e2eDb()
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", orders[0].subscriptionId!)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe("active");
    // card data is never stored
    const cards = await e2eDb()
      .selectFrom("paymentMethods")
      .selectAll()
      .where("userId", "=", user!.id)
      .execute();
    expect(JSON.stringify(cards)).not.toContain(GOOD_CARD);

    // the flow is over: the steps send the customer to my deliveries
    await page.goto(CHECKOUT_PATH);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries/);
  });

  test("a new visitor pays for a curated box", async ({ page }) => {
    const { email } = await reachCheckout(page, {
      postcode: "3000",
      box: { kind: "curated", box: "Beef", size: "Large" },
    });
    await expect(page.getByText("Beef box (large)").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your cuts" })).toHaveCount(0);
    await fillCheckout(page, {
      shipping: { line1: "1 Flinders Street", city: "Melbourne", state: "VIC", postcode: "3000" },
    });
    const reference = await placeOrder(page);
    const { orders, payments, emails } = await ordersOf(email!);
    expect(orders.map((o) => o.reference)).toEqual([reference]);
    expect(payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
    expect(emails).toHaveLength(1);
    const address = await e2eDb()
      .selectFrom("addresses")
      .selectAll()
      .where("userId", "=", orders[0].userId)
      .where("kind", "=", "shipping")
      .executeTakeFirstOrThrow();
    expect(address).toMatchObject({
      line1: "1 Flinders Street",
      city: "Melbourne",
      state: "VIC",
      postcode: "3000",
    });
  });

  test("a signed-in customer pays with their saved card", async ({ page }) => {
    const customer = await signedInCustomer(page);
    await reachCheckout(page, { email: null, box: { kind: "custom" } });
    await expect(page.getByLabel("Email address")).toHaveValue(customer.email);
    await expect(page.getByLabel("Choose a password")).toHaveCount(0);
    await expect(page.getByLabel("First name")).toHaveValue("Noah");
    const saved = page.getByRole("radio", { name: /Visa ending in 4242/ });
    await expect(saved).toBeChecked();
    await expect(page.getByRole("radio", { name: /Use a new card/ })).not.toBeChecked();
    await expect(page.getByLabel("Text me delivery updates (SMS)")).toHaveCount(0);
    await expect(page.getByLabel("Send me recipes and offers by e-mail")).toHaveCount(0);
    if (jsEnabled()) {
      await expect(page.getByLabel("Card number")).toBeHidden();
      await page.getByRole("radio", { name: /Use a new card/ }).check();
      await expect(page.getByLabel("Card number")).toBeVisible();
      await expect(saved).not.toBeChecked();
      await saved.check();
      await expect(page.getByLabel("Card number")).toBeHidden();
    } else {
      await expect(page.getByText('Only needed when you choose "Use a new card".')).toBeVisible();
    }

    await fillContact(page, { firstName: "Noah", lastName: "Saved" });
    await fillShipping(page);
    const reference = await placeOrder(page);
    await expect(page.getByText(reference).first()).toBeVisible();
    const { orders, payments, emails } = await ordersOf(customer.email);
    expect(orders).toHaveLength(1);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: "succeeded",
      cardBrand: "Visa",
      cardLastFour: "4242",
      orderId: orders[0].id,
    });
    expect(emails).toHaveLength(1);
    // no second card was saved for a saved card
    const cards = await e2eDb()
      .selectFrom("paymentMethods")
      .select("id")
      .where("userId", "=", customer.id)
      .execute();
    expect(cards).toHaveLength(1);
  });

  test("credit that covers the whole order: no card, the button says so, and the $0 payment is the order's", async ({
    page,
  }) => {
    const customer = await signedInCustomer(page);
    await e2eDb()
      .insertInto("creditLedger")
      .values({
        userId: customer.id,
        amountCents: 50000,
        reason: "Gift card",
        reference: `GIFT-${customer.id}`,
        createdAt: new Date().toISOString(),
      })
      .execute();
    await reachCheckout(page, { email: null });
    await expect(
      page.getByText("Your credit covers this order: no card is needed today."),
    ).toBeVisible();
    await expect(placeButton(page)).toHaveText("Place order: your credit pays");
    await fillContact(page, { firstName: "Noah", lastName: "Saved" });
    await fillShipping(page);
    const reference = await placeOrder(page);
    const { orders, payments } = await ordersOf(customer.email);
    expect(orders.map((o) => o.reference)).toEqual([reference]);
    expect(payments).toEqual([
      expect.objectContaining({ status: "succeeded", amountCents: 0, orderId: orders[0].id }),
    ]);
    // the order's own panel: the credit taken off, nothing paid by card
    const next = page.getByRole("region", { name: "Your next delivery" });
    await expect(next).toContainText("Credit-$");
    await expect(next).toContainText(/Total paid\$0(?![.\d])/);
  });

  test("a visitor using an account's e-mail signs in and continues with the same box", async ({
    page,
  }) => {
    const owner = await createUser();
    await createCard(e2eDb(), owner.id, { lastFour: "1881", expMonth: 1, expYear: 2032 });
    await reachCheckout(page, { email: owner.email, box: { kind: "curated", box: "Mixed" } });
    const signInLink = page.getByRole("link", { name: "Sign in to continue" });
    await expect(signInLink).toBeVisible();
    // nothing of the account is shown before its owner signs in, and no order can be placed
    await expect(placeButton(page)).toHaveCount(0);
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    expect(await page.content()).not.toContain("1881");
    await expect(page.getByText("Mixed box (small)").first()).toBeVisible();

    await signInLink.click();
    await expect(page).toHaveURL(/\/sign-in\?destination=/);
    await ready(page);
    await submitSignIn(page, owner.email, owner.password!);
    await expectCheckoutPage(page);
    await expect(page.getByText("Mixed box (small)").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to continue" })).toHaveCount(0);
    await expect(page.getByLabel("Choose a password")).toHaveCount(0);
    await expect(page.getByRole("radio", { name: /Visa ending in 1881/ })).toBeChecked();

    await fillContact(page);
    await fillShipping(page);
    await placeOrder(page);
    const { orders, payments } = await ordersOf(owner.email);
    expect(orders).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "succeeded", cardLastFour: "1881" });
  });

  test("a double submit places one order and one charge", async ({ page }) => {
    const { email } = await reachCheckout(page);
    await fillCheckout(page);
    // the same form (same idempotency key) posted a second time, as a double click, a resend or a retry does
    const entries = await page.locator("form#checkout").evaluate((f: HTMLFormElement) => {
      const submitter = f.querySelector<HTMLButtonElement>("button[name='intent'][value='place']")!;
      return [...new FormData(f, submitter)].map(([k, v]) => [k, String(v)] as [string, string]);
    });
    expect(entries.find(([k]) => k === "idempotencyKey")?.[1]).toBeTruthy();
    const second = page.request.post(CHECKOUT_PATH, {
      form: Object.fromEntries(entries),
      maxRedirects: 0,
      failOnStatusCode: false,
    });
    if (jsEnabled()) await placeButton(page).dblclick();
    else await placeButton(page).click();
    const reference = await expectPlaced(page);
    const other = await second;
    // the duplicate gets the first one's answer: the same order
    expect(other.status()).toBe(303);
    expect(other.headers()["location"]).toContain(`newuser=${encodeURIComponent(reference)}`);
    const { orders, payments, emails } = await ordersOf(email!);
    expect(orders).toHaveLength(1);
    expect(payments).toHaveLength(1);
    expect(payments[0].status).toBe("succeeded");
    expect(emails).toHaveLength(1);
  });

  test("the checkout page has no serious accessibility violations", async ({ page }) => {
    await reachCheckout(page);
    await expectNoSeriousViolations(page);
    // and with error messages shown
    await fillContact(page, { phone: "123" });
    await clickPlace(page);
    await expect(
      page.locator(".field__error").filter({ hasText: "Phone is invalid" }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
