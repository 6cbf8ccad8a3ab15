// Box checkout rules and dialogs (SPEC §4 "Checkout", §5, §8): discounts
// (Tasmania and salmon, choose an item), the knife age check, address doubt,
// overnight silent delivery and stock that runs out between steps.
import type { Page } from "@playwright/test";
import { test, expect, e2eDb, jsEnabled } from "./fixtures";
import { step } from "./box-helpers";
import { aud } from "./orders-helpers";
import { expectNoSeriousViolations } from "./a11y";
import {
  CHECKOUT_PATH,
  dialog,
  expectCheckoutPage,
  expectPlaced,
  fillCheckout,
  ordersOf,
  placeButton,
  placeOrder,
  reachCheckout,
  retypeSecrets,
  submitCheckout,
} from "./checkout-helpers";

// whole box flows: a few pages and posts each before the checkout itself
test.describe.configure({ timeout: 60_000 });

const TASMANIA =
  "This promotion is not applicable to Tasmania customers due quarantine restrictions with our wild salmon.";
const OUT_OF_STOCK = "Some selections just went out of stock, please make a different selection.";
const ADDRESS_DOUBT = "We had trouble verifying your address. Continue if it's correct.";
const errorOf = (page: Page, text: string) =>
  page.locator(".field__error").filter({ hasText: text });

async function applyDiscount(page: Page, code: string) {
  await page.getByLabel("Discount code (optional)").fill(code);
  await submitCheckout(page, page.getByRole("button", { name: "Apply", exact: true }));
}

async function invoiceOf(orderId: number) {
  const db = e2eDb();
  const invoice = await db
    .selectFrom("invoices")
    .selectAll()
    .where("orderId", "=", orderId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("invoiceLines")
    .selectAll()
    .where("invoiceId", "=", invoice.id)
    .execute();
  return { invoice, lines };
}

test.describe("discounts at checkout", () => {
  test("a mistyped code stays in the field with the message, to be corrected", async ({ page }) => {
    await reachCheckout(page);
    await applyDiscount(page, "WELCOME2O");
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "This discount code is not valid or has expired." }),
    ).toBeVisible();
    await expect(page.getByLabel("Discount code (optional)")).toHaveValue("WELCOME2O");
    await applyDiscount(page, "WELCOME20");
    await expect(page.getByRole("status").filter({ hasText: "WELCOME20 applied" })).toBeVisible();
    await expect(page.getByLabel("Discount code (optional)")).toHaveValue("WELCOME20");
  });

  test("a salmon promotion is removed for a Tasmanian postcode", async ({ page }) => {
    const { email } = await reachCheckout(page, {
      postcode: "7000",
      box: { kind: "curated", box: "Mixed" },
    });
    const hobart = { line1: "41 Davey Street", city: "Hobart", state: "TAS", postcode: "7000" };
    await fillCheckout(page, { shipping: hobart });
    await applyDiscount(page, "SALMONGIFT");
    await expect(page.getByRole("alert").filter({ hasText: TASMANIA })).toBeVisible();
    await expect(page.getByLabel("Discount code (optional)")).toHaveValue("SALMONGIFT"); // what was typed stays, to correct
    const draft = await e2eDb()
      .selectFrom("subscriptions")
      .select(["discountCode"])
      .where("email", "=", email!)
      .executeTakeFirstOrThrow();
    expect(draft.discountCode).toBeNull();
    await expect(page.getByText("Wild salmon portions")).toHaveCount(0);

    // a promo link gets the same answer
    await page.goto(`${CHECKOUT_PATH}?promo=SALMONGIFT`);
    await expectCheckoutPage(page);
    await expect(page.getByRole("alert").filter({ hasText: TASMANIA })).toBeVisible();

    await page.goto(CHECKOUT_PATH);
    await expectCheckoutPage(page);
    await expect(page.getByLabel("Discount code (optional)")).toHaveValue("");
    await fillCheckout(page, { shipping: hobart });
    const reference = await placeOrder(page);
    const { orders } = await ordersOf(email!);
    expect(orders.map((o) => o.reference)).toEqual([reference]);
    const { invoice, lines } = await invoiceOf(orders[0].id);
    expect(invoice.discountedCents).toBe(0);
    expect(lines.some((l) => /salmon/i.test(l.name))).toBe(false);
  });

  test("a salmon promotion applied before the delivery address moves to Tasmania is removed when placing", async ({
    page,
  }) => {
    const { email } = await reachCheckout(page, { box: { kind: "curated", box: "Beef" } });
    await applyDiscount(page, "SALMONGIFT");
    await expect(page.getByRole("status").filter({ hasText: "SALMONGIFT applied" })).toBeVisible();

    // a new postcode resets the delivery date and time to the new region's
    await fillCheckout(page, {
      shipping: { line1: "41 Davey Street", city: "Hobart", state: "TAS", postcode: "7000" },
    });
    if (!jsEnabled())
      await submitCheckout(
        page,
        page.getByRole("button", { name: "Update delivery dates for this postcode" }),
      );
    const dates = page.getByRole("group", { name: "First delivery date" });
    await expect(dates.getByRole("radio").first()).toBeVisible();
    await expect(dates.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(
      page.getByRole("group", { name: "Delivery time" }).getByRole("radio", { checked: true }),
    ).toHaveCount(0);
    await expect(page.getByRole("radio", { name: /Overnight/ })).toHaveCount(0); // Tasmania has no overnight delivery
    await dates.getByRole("radio").first().check();
    await page.getByRole("group", { name: "Delivery time" }).getByRole("radio").first().check();
    await retypeSecrets(page);
    await submitCheckout(page);
    await expect(page.getByText(TASMANIA).first()).toBeVisible();
    expect((await ordersOf(email!)).orders).toHaveLength(0);
    const draft = await e2eDb()
      .selectFrom("subscriptions")
      .select(["discountCode"])
      .where("email", "=", email!)
      .executeTakeFirstOrThrow();
    expect(draft.discountCode).toBeNull();
    await expect(page.getByLabel("Discount code (optional)")).toHaveValue("");

    await retypeSecrets(page);
    const reference = await placeOrder(page);
    const { orders } = await ordersOf(email!);
    expect(orders.map((o) => o.reference)).toEqual([reference]);
    const { invoice, lines } = await invoiceOf(orders[0].id);
    expect(invoice.discountedCents).toBe(0);
    expect(lines.some((l) => /salmon/i.test(l.name))).toBe(false);
    const sub = await e2eDb()
      .selectFrom("subscriptions")
      .select(["postcode", "discountCode"])
      .where("id", "=", orders[0].subscriptionId!)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ postcode: "7000", discountCode: null });
  });

  test("a discount whose item must be chosen asks for a choice", async ({ page }) => {
    const { email } = await reachCheckout(page);
    await applyDiscount(page, "FREEBREAKFAST");
    await expect(
      page.getByRole("status").filter({ hasText: "FREEBREAKFAST applied" }),
    ).toBeVisible();
    const choices = page.getByRole("group", { name: "Choose your free product" });
    await expect(choices.getByRole("radio")).toHaveCount(3);
    await expect(choices.getByRole("radio", { name: "Cultured butter" })).toBeVisible();
    // the summary names the free product to come before it is chosen
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText(
      "A free product with FREEBREAKFAST",
    );

    await fillCheckout(page);
    if (jsEnabled()) await placeButton(page).click();
    else await submitCheckout(page);
    await expect(errorOf(page, "You must choose a product.")).toBeVisible();
    expect((await ordersOf(email!)).orders).toHaveLength(0);

    await choices.getByRole("radio", { name: "Cultured butter" }).check();
    await retypeSecrets(page);
    await placeOrder(page);
    const { orders, payments } = await ordersOf(email!);
    expect(orders).toHaveLength(1);
    const { invoice, lines } = await invoiceOf(orders[0].id);
    expect(lines.find((l) => l.name.startsWith("Cultured butter"))).toMatchObject({
      name: "Cultured butter (free with FREEBREAKFAST)",
      quantity: 1,
      priceCents: 850,
    });
    expect(invoice.discountedCents).toBe(850);
    expect(payments[0].amountCents).toBe(invoice.totalCents);
    // my-deliveries shows the order's lines adding up: the free item at its price, taken off as the discount
    const next = page.getByRole("region", { name: "Your next delivery" });
    await expect(next).toContainText("Cultured butter (free with FREEBREAKFAST)");
    await expect(next).toContainText(`Subtotal${aud(invoice.subtotalCents)}`);
    await expect(next).toContainText("Discount-$8.50");
    await expect(next).toContainText(`Total paid${aud(invoice.totalCents)}`);
  });
});

test("the chef's knife needs an adult and the disclaimer", async ({ page }) => {
  const knife = "Paddock & Tide Chef's Knife";
  const { email } = await reachCheckout(page, { addons: [knife] });
  await expect(page.getByRole("heading", { name: "Chef's knife: age check" })).toBeVisible();
  await fillCheckout(page);
  if (jsEnabled()) await placeButton(page).click();
  else await submitCheckout(page);
  await expect(errorOf(page, "You must be an adult to order a knife.")).toBeVisible();
  await expect(errorOf(page, "You must agree to the knife safety disclaimer.")).toBeVisible();
  expect((await ordersOf(email!)).orders).toHaveLength(0);
  if (!jsEnabled()) {
    // the new page lands on the list of what to fix, not on its top far above the knife section
    expect(new URL(page.url()).hash).toBe("#checkout-answer");
    const problems = page.locator("#checkout-answer");
    await expect(problems).toBeInViewport();
    await expect(problems.getByRole("heading")).toHaveText(
      "2 things to check before we place your order",
    );
    await expectNoSeriousViolations(page);
    const adult = problems.getByRole("link", {
      name: "Chef's knife: You must be an adult to order a knife.",
    });
    await expect(
      problems.getByRole("link", {
        name: "Chef's knife: You must agree to the knife safety disclaimer.",
      }),
    ).toHaveAttribute("href", "#co-knife");
    await adult.click();
    await expect(page.getByRole("heading", { name: "Chef's knife: age check" })).toBeInViewport();
  }

  await page.getByLabel("I am 18 years or older").check();
  if (jsEnabled()) {
    await placeButton(page).click();
    await expect(errorOf(page, "You must be an adult to order a knife.")).toHaveCount(0);
    await expect(errorOf(page, "You must agree to the knife safety disclaimer.")).toBeVisible();
  }
  await page.getByLabel(/I understand the knife is sharp/).check();
  await retypeSecrets(page);
  await placeOrder(page);
  const { orders } = await ordersOf(email!);
  expect(orders).toHaveLength(1);
  const { lines } = await invoiceOf(orders[0].id);
  expect(lines.find((l) => l.name === knife)).toMatchObject({ quantity: 1, priceCents: 8900 });
});

test("an address that does not verify asks before the order is placed", async ({ page }) => {
  const { email } = await reachCheckout(page);
  await fillCheckout(page, {
    shipping: { line1: "1 Collins Street", city: "Melbourne", state: "NSW", postcode: "2000" },
  });
  await submitCheckout(page);
  const doubt = dialog(page, "Please check your address");
  await expect(doubt).toBeVisible();
  await expect(doubt).toContainText(ADDRESS_DOUBT);
  await expect(
    doubt
      .getByRole("link", { name: "Change my address" })
      .or(doubt.getByRole("button", { name: "Change my address" })),
  ).toBeVisible();
  expect((await ordersOf(email!)).orders).toHaveLength(0);

  if (jsEnabled()) {
    // change my address closes the dialog; placing again asks again
    await doubt.getByRole("button", { name: "Change my address" }).click();
    await expect(doubt).toBeHidden();
    await submitCheckout(page);
    await expect(doubt).toBeVisible();
  } else {
    // the card number and CVC are never sent back: typed again before Continue
    await expect(doubt).toContainText("enter your card number and CVC again");
    await retypeSecrets(page);
  }
  await submitCheckout(page, doubt.getByRole("button", { name: "Continue" }));
  await expectPlaced(page);
  const { orders } = await ordersOf(email!);
  expect(orders).toHaveLength(1);
  const address = await e2eDb()
    .selectFrom("addresses")
    .selectAll()
    .where("userId", "=", orders[0].userId)
    .where("kind", "=", "shipping")
    .executeTakeFirstOrThrow();
  expect(address).toMatchObject({
    line1: "1 Collins Street",
    city: "Melbourne",
    state: "NSW",
    postcode: "2000",
  });
});

test("'Continue' on the address doubt is remembered while the rest of the form is fixed", async ({
  page,
}) => {
  const { email } = await reachCheckout(page);
  await fillCheckout(page, {
    shipping: { line1: "1 Collins Street", city: "Melbourne", state: "NSW", postcode: "2000" },
  });
  await submitCheckout(page);
  const doubt = dialog(page, "Please check your address");
  await expect(doubt).toBeVisible();
  // without JS the card is not typed again before "Continue": it is asked for afterwards
  await submitCheckout(page, doubt.getByRole("button", { name: "Continue" }));
  if (!jsEnabled()) {
    await expect(doubt).toHaveCount(0);
    await expect(errorOf(page, "Card number is required")).toBeVisible();
    expect((await ordersOf(email!)).orders).toHaveLength(0);
    await retypeSecrets(page);
    // the confirmed address is not questioned again
    await submitCheckout(page);
  }
  await expectPlaced(page);
  expect((await ordersOf(email!)).orders).toHaveLength(1);
});

test.describe("overnight silent delivery", () => {
  test("the warning is accepted and the order keeps the overnight time", async ({ page }) => {
    const { email } = await reachCheckout(page, { time: "overnight" });
    await expect(page.getByRole("radio", { name: /Overnight silent delivery/ })).toBeChecked();
    await fillCheckout(page);
    await submitCheckout(page);
    const warning = dialog(page, "Overnight silent delivery");
    await expect(warning).toBeVisible();
    await expect(warning).toContainText("we send no SMS and the driver sends no notification");
    await expect(
      warning
        .getByRole("link", { name: "Change the time" })
        .or(warning.getByRole("button", { name: "Change the time" })),
    ).toBeVisible();
    expect((await ordersOf(email!)).orders).toHaveLength(0);
    await submitCheckout(page, warning.getByRole("button", { name: "Accept" }));
    if (!jsEnabled()) {
      // the card was not typed again before "Accept": it is asked for, and the warning is not shown again
      await expect(errorOf(page, "Card number is required")).toBeVisible();
      await expect(warning).toHaveCount(0);
      await retypeSecrets(page);
      await submitCheckout(page);
    }
    await expectPlaced(page);
    const { orders } = await ordersOf(email!);
    expect(orders).toHaveLength(1);
    expect(orders[0].deliveryWindow).toBe("overnight");
  });

  test("'Change the time' lets the shopper pick a day delivery instead", async ({ page }) => {
    const { email } = await reachCheckout(page, { time: "overnight" });
    await fillCheckout(page);
    await submitCheckout(page);
    const warning = dialog(page, "Overnight silent delivery");
    await expect(warning).toBeVisible();
    await warning
      .getByRole("link", { name: "Change the time" })
      .or(warning.getByRole("button", { name: "Change the time" }))
      .click();
    if (jsEnabled()) await expect(warning).toBeHidden();
    await page
      .getByRole("group", { name: "Delivery time" })
      .getByRole("radio", { name: /8am to 6pm/ })
      .check();
    await retypeSecrets(page);
    await placeOrder(page);
    const { orders } = await ordersOf(email!);
    expect(orders).toHaveLength(1);
    expect(orders[0].deliveryWindow).toBe("day");
  });
});

test("stock that runs out between the add-ons step and payment is refused per item", async ({
  page,
}) => {
  // a product only this test uses, so no other spec sees its stock change
  const db = e2eDb();
  const name = `Race relish ${Math.random().toString(36).slice(2, 8)}`;
  const pantry = await db
    .selectFrom("productCategories")
    .select("id")
    .where("name", "=", "Pantry")
    .where("kind", "=", "addon")
    .executeTakeFirstOrThrow();
  const { id: productId } = await db
    .insertInto("products")
    .values({
      slug: name.toLowerCase().replace(/\s+/g, "-"),
      name,
      categoryId: pantry.id,
      kind: "addon",
      description: "Made for one test.",
      weight: "200ml",
      priceCents: 700,
      inventory: 3,
      image: "/images/sauce-bottle.svg",
      isKnife: 0,
      active: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  try {
    const { email } = await reachCheckout(page, {
      beforeCheckout: async (p) => {
        const add = p.getByRole("button", { name: `Add ${name}`, exact: true });
        // the catalogue is cached for a few seconds: reload until the new product is listed
        await expect(async () => {
          await p.reload();
          await expect(add).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 20_000 });
        await step(p, add);
        await expect(p.getByRole("complementary", { name: "ADD-ONS" })).toContainText(name);
        await db
          .updateTable("products")
          .set({ inventory: 0 })
          .where("id", "=", productId)
          .execute();
      },
    });
    await fillCheckout(page);
    await submitCheckout(page);
    const gone = dialog(page, "Out of stock");
    await expect(gone).toBeVisible();
    await expect(gone).toContainText(OUT_OF_STOCK);
    await expect(gone.getByRole("listitem")).toHaveText([`${name} is out of stock.`]);
    const { orders, payments } = await ordersOf(email!);
    expect(orders).toHaveLength(0);
    expect(payments).toHaveLength(0);

    await gone.getByRole("link", { name: "Ok" }).click();
    // a curated box has no cuts to choose: your-items sends it on to the add-ons
    await expect(page).toHaveURL(/\/get-started\/(your-items|addons)$/);
    await expect(page.getByRole("complementary", { name: "ADD-ONS" })).not.toContainText(name);
  } finally {
    await db
      .updateTable("products")
      .set({ active: 0, inventory: 0 })
      .where("id", "=", productId)
      .execute();
  }
});
