// Card outcomes at box checkout (SPEC §8): declines place nothing and keep the
// draft, a card the gateway refuses comes back in a dialog and under its
// field, and a re-rendered form never carries the card number or CVC.
import { test, expect, jsEnabled } from "./fixtures";
import {
  DECLINED_CARD,
  INSUFFICIENT_CARD,
  dialog,
  fillCheckout,
  fillNewCard,
  ordersOf,
  placeOrder,
  reachCheckout,
  retypeSecrets,
  shippingGroup,
  submitCheckout,
} from "./checkout-helpers";

// whole box flows: a few pages and posts each before the checkout itself
test.describe.configure({ timeout: 60_000 });

for (const [label, number, message] of [
  ["a declined card", DECLINED_CARD, "Your card was declined."],
  ["a card with insufficient funds", INSUFFICIENT_CARD, "Your card has insufficient funds."],
] as const) {
  test(`${label} orders nothing; another card then succeeds`, async ({ page }) => {
    const { email } = await reachCheckout(page);
    await fillCheckout(page, { card: { number } });
    const response = await submitCheckout(page);
    if (response) {
      expect(response.status()).toBe(402);
      expect(await response.text()).not.toContain(number);
    }
    const declined = dialog(page, "Payment declined");
    await expect(declined).toBeVisible();
    await expect(declined).toContainText(message);
    await expect(declined).toHaveAccessibleDescription(message); // read with the title as the dialog opens
    // the message also sits under the card number
    await expect(page.locator(".field__error").filter({ hasText: message })).toBeVisible();
    expect(await page.content()).not.toContain(number);
    if (!jsEnabled()) {
      // the dialog sits by the payment section: the page lands on the summary that links to it
      const problems = page.locator("#checkout-answer");
      await expect(problems).toBeInViewport();
      await expect(
        problems.getByRole("link", { name: `Payment declined: ${message}` }),
      ).toHaveAttribute("href", "#checkout-dialog");
      await expect(problems.getByRole("listitem")).toHaveCount(1); // the same message under the card number is not listed twice
    }

    let state = await ordersOf(email!);
    expect(state.orders).toHaveLength(0);
    expect(state.payments.filter((p) => p.status === "succeeded")).toHaveLength(0);
    expect(state.payments.map((p) => p.status)).toEqual(["declined"]);
    expect(state.user?.passwordHash ?? null).toBeNull(); // no account was set up
    expect(state.emails).toHaveLength(0);

    // the draft and what was typed are kept
    await expect(page.getByLabel("First name")).toHaveValue("Ava");
    await expect(shippingGroup(page).getByLabel("Street address")).toHaveValue("7 Bay Road");
    if (jsEnabled() && number === DECLINED_CARD) {
      // Escape goes where "Ok" goes: the card number, not the place-order button
      await page.keyboard.press("Escape");
      await expect(declined).toBeHidden();
      await expect(page.getByLabel("Card number")).toBeFocused();
    } else {
      await declined
        .getByRole("link", { name: "Ok" })
        .or(declined.getByRole("button", { name: "Ok" }))
        .click();
      if (jsEnabled()) {
        await expect(declined).toBeHidden();
        await expect(page.getByLabel("Card number")).toBeFocused(); // back to the field at fault, not <body>
      }
    }

    await retypeSecrets(page);
    await fillNewCard(page);
    const reference = await placeOrder(page);
    state = await ordersOf(email!);
    expect(state.orders.map((o) => o.reference)).toEqual([reference]);
    expect(state.payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
    expect(state.payments.filter((p) => p.status === "declined")).toHaveLength(1);
    expect(state.emails).toHaveLength(1);
  });
}

test("after a server-side error typed values are kept, the card number and CVC are not sent back", async ({
  page,
}) => {
  const { email } = await reachCheckout(page);
  const bad = "4242424242424241"; // the right length, but no card number (Luhn): only the gateway refuses it
  await fillCheckout(page, {
    contact: { firstName: "Mia", lastName: "Keep", phone: "0491 570 156" },
    shipping: { line1: "12 Kept Lane" },
    card: { number: bad, expiry: "11/31", cvc: "9876" },
  });
  await page.getByLabel("Delivery notes (optional)").fill("Leave it by the green door");
  const sms = page.getByLabel("Text me delivery updates (SMS)");
  await sms.check();
  const response = await submitCheckout(page);
  if (response) {
    expect(response.status()).toBe(422);
    const body = await response.text();
    expect(body).not.toContain(bad);
    expect(body).not.toContain("9876");
    expect(body).not.toContain("Paddock-Checkout-42");
  }
  const refused = dialog(page, "Please check your card");
  await expect(refused).toBeVisible();
  await expect(refused).toContainText("Your card number is invalid.");
  await expect(
    page.locator(".field__error").filter({ hasText: "Your card number is invalid." }),
  ).toBeVisible();

  await expect(page.getByLabel("First name")).toHaveValue("Mia");
  await expect(page.getByLabel("Last name")).toHaveValue("Keep");
  await expect(page.getByLabel("Mobile phone")).toHaveValue("0491 570 156");
  await expect(shippingGroup(page).getByLabel("Street address")).toHaveValue("12 Kept Lane");
  await expect(shippingGroup(page).getByLabel("Suburb")).toHaveValue("Haymarket");
  await expect(page.getByLabel("Delivery notes (optional)")).toHaveValue(
    "Leave it by the green door",
  );
  await expect(sms).toBeChecked();
  await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("11/31");
  const html = await page.content();
  expect(html).not.toContain(bad);
  expect(html).not.toContain('value="9876"');
  if (!jsEnabled()) {
    // the page was rendered again by the server: no card number, CVC or password in it
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await expect(page.getByLabel("CVC")).toHaveValue("");
    await expect(page.getByLabel("Choose a password")).toHaveValue("");
    expect(html).not.toContain("Paddock-Checkout-42");
  }
  expect((await ordersOf(email!)).orders).toHaveLength(0);

  await refused
    .getByRole("link", { name: "Ok" })
    .or(refused.getByRole("button", { name: "Ok" }))
    .click();
  if (jsEnabled()) await expect(refused).toBeHidden();
  await retypeSecrets(page);
  await fillNewCard(page, { expiry: "11/31" });
  await placeOrder(page);
  const { orders, user } = await ordersOf(email!);
  expect(orders).toHaveLength(1);
  expect(user).toMatchObject({ firstName: "Mia", lastName: "Keep", sms: 1 });
});
