// An account opens only for its owner (issue 33 item 8, decision 039), with
// JavaScript on and off: a gift card bought as X signed out, then another
// browser starts a box with X: it meets the code step and sees nothing of X's
// account; the code from the mailbox lets it carry on, keeping what was typed.
// A subscriber who signs in at checkout is asked about a second box; a waiting
// gift card that can't be used says so before payment (item 9).
import type { Browser, Page } from "@playwright/test";
import { E2E_BASE_URL } from "./env";
import { createSubscriber } from "./dashboard-helpers";
import {
  dialog,
  expectCheckoutPage,
  expectPlaced,
  fillCheckout,
  fillContact,
  fillNewCard,
  fillShipping,
  placeOrder,
  reachCheckout,
  retypeSecrets,
  submitCheckout,
  userByEmail,
  CHECKOUT_PATH,
} from "./checkout-helpers";
import {
  e2eDb,
  expect,
  jsEnabled,
  ready,
  submitSignIn,
  test,
  uniqueEmail,
  submitAndWait,
} from "./fixtures";
import { fillGiftCard, insertGiftCard, reachGiftCheckout } from "./gift-card-helpers";
import { TEST_CARDS } from "../factories";

test.describe.configure({ timeout: 90_000 });

/** Step 1 of the report, through the gift-card pages: a $50 card bought signed out by `email`. */
async function buyGiftCardAs(page: Page, email: string): Promise<string> {
  await reachGiftCheckout(page, email, "Olive");
  await fillGiftCard(page, TEST_CARDS.good);
  await page.getByRole("button", { name: "Pay $50" }).click();
  await expect(page).toHaveURL(/\/gift-cards\/checkout\?order=PT-/);
  return (await page.getByTestId("order-reference").textContent())!;
}

/** Another browser: no cookies shared with `page`'s. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled: jsEnabled(),
  });
  return { context, page: await context.newPage() };
}

/** The newest code e-mailed to `email`, read from /dev/mailbox in a tab of `page`'s browser. */
async function codeFromMailbox(page: Page, email: string): Promise<string> {
  const mailbox = await page.context().newPage();
  await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = mailbox
    .getByRole("article")
    .filter({
      has: mailbox.getByRole("heading", { name: "Your code to carry on at Paddock & Tide" }),
    })
    .first();
  await mail.getByText("Show the message").click();
  const text = (await mail.locator("pre").textContent()) ?? "";
  await mailbox.close();
  const code = /\n(\d{6})\n/.exec(text)?.[1];
  expect(code, text).toBeTruthy();
  return code!;
}

const proofPanel = (page: Page) => page.locator("#email-proof");

test.describe("an e-mail that already has an account", () => {
  test("a stranger meets the code step and sees nothing of the account; the code from the mailbox carries on, keeping what was typed", async ({
    page,
    browser,
  }) => {
    const owner = uniqueEmail("owner");
    const reference = await buyGiftCardAs(page, owner);

    const { context, page: stranger } = await otherBrowser(browser);
    try {
      await reachCheckout(stranger, { email: owner });
      await expect(proofPanel(stranger)).toContainText(`There's already an account for ${owner}.`);
      await expect(proofPanel(stranger)).toContainText(
        "We've sent a 6-digit code to it: enter it here to carry on, or sign in.",
      );
      // nothing of the account: not its name, not its billing address
      await expect(stranger.getByLabel("First name")).toHaveValue("");
      await expect(stranger.getByText("12 Wharf Road")).toHaveCount(0);
      await expect(
        stranger.getByRole("group", { name: "Delivery address" }).getByLabel("Street address"),
      ).toHaveValue("");

      // placing the order without the code is refused, nothing is charged, and what was typed stays
      await fillCheckout(stranger, { contact: { firstName: "Stan", lastName: "Ranger" } });
      await submitCheckout(stranger);
      const refusal = dialog(stranger, "We couldn't place your order");
      await expect(refusal).toContainText(
        "There's already an account for this e-mail. Enter the code we sent to it (or sign in) before placing your order",
      );
      await expect(stranger.getByLabel("First name")).toHaveValue("Stan");
      expect((await userByEmail(owner))?.passwordHash).toBeNull();
      const boxOrders = await e2eDb()
        .selectFrom("orders")
        .innerJoin("users", "users.id", "orders.userId")
        .select("orders.kind")
        .where("users.email", "=", owner)
        .execute();
      expect(boxOrders.map((o) => o.kind)).toEqual(["gift_card"]);

      // this browser is not signed in to the account: its order and tax invoice stay closed
      const peek = await context.newPage();
      await peek.goto(`/dashboard/orders/${reference}`);
      await expect(peek).toHaveURL(/\/sign-in\?destination=/);
      await expect(peek.getByText("Olive")).toHaveCount(0);
      await peek.close();

      // whoever reads the mailbox has the code: entering it carries on
      const code = await codeFromMailbox(stranger, owner);
      if (jsEnabled()) await refusal.getByRole("button", { name: "Ok" }).click();
      await proofPanel(stranger)
        .getByLabel("Code from the e-mail")
        .fill("000000" === code ? "111111" : "000000");
      await submitCheckout(stranger, stranger.getByRole("button", { name: "Confirm code" }));
      await expect(proofPanel(stranger).getByRole("alert")).toHaveText(
        "That code isn't right. Check the latest e-mail from us and try again.",
      );
      await proofPanel(stranger).getByLabel("Code from the e-mail").fill(code);
      await submitCheckout(stranger, stranger.getByRole("button", { name: "Confirm code" }));
      await expect(
        stranger.getByRole("status").filter({
          hasText: "Thanks, that's your e-mail confirmed. You can place your order now.",
        }),
      ).toBeVisible();
      await expect(stranger.getByLabel("Code from the e-mail")).toHaveCount(0);
      await expect(stranger.getByLabel("First name")).toHaveValue("Stan");
      await expect(
        stranger.getByRole("group", { name: "Delivery address" }).getByLabel("Street address"),
      ).toHaveValue("7 Bay Road");
      await retypeSecrets(stranger);
      await placeOrder(stranger);
      const account = await userByEmail(owner);
      expect(account?.passwordHash).toMatch(/^scrypt\$/);
      const kinds = await e2eDb()
        .selectFrom("orders")
        .select("kind")
        .where("userId", "=", account!.id)
        .orderBy("id")
        .execute();
      expect(kinds.map((o) => o.kind)).toEqual(["gift_card", "box"]);
    } finally {
      await context.close();
    }
  });
});

test.describe("a subscriber who starts a box signed out", () => {
  async function signInAtCheckout(
    page: Page,
    who: { email: string; password: string },
    addons: string[] = [],
  ) {
    await reachCheckout(page, { email: who.email, addons });
    await page.getByRole("link", { name: "Sign in to continue" }).click();
    await expect(page).toHaveURL(/\/sign-in\?destination=/);
    await ready(page);
    await submitSignIn(page, who.email, who.password);
    await expectCheckoutPage(page);
  }

  test("is asked at checkout: 'Add a second box' goes on to a second subscription", async ({
    page,
  }) => {
    const subscriber = await createSubscriber();
    await signInAtCheckout(page, subscriber);
    await expect(page.getByRole("heading", { name: "Is this a second box?" })).toBeVisible();
    await expect(
      page.getByText("You already have a Custom box (small) coming from us."),
    ).toBeVisible();
    // no form to place a second subscription before the answer
    await expect(page.getByLabel("First name")).toHaveCount(0);
    await submitAndWait(page, page.getByRole("button", { name: "Add a second box" }));
    await expectCheckoutPage(page);
    await expect(page.getByRole("heading", { name: "Is this a second box?" })).toHaveCount(0);
    await fillContact(page);
    await fillShipping(page);
    await fillNewCard(page);
    await placeOrder(page);
    const live = await e2eDb()
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", subscriber.id)
      .where("status", "=", "active")
      .execute();
    expect(live).toHaveLength(2);
  });

  test("'Change my current box' opens the current box with the add-ons picked, unsaved, and makes no second subscription", async ({
    page,
  }) => {
    const subscriber = await createSubscriber();
    const addon = await e2eDb()
      .selectFrom("products")
      .select(["name"])
      .where("kind", "=", "addon")
      .where("active", "=", 1)
      .where("isKnife", "=", 0)
      .where("inventory", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await signInAtCheckout(page, subscriber, [addon.name]);
    await submitAndWait(page, page.getByRole("button", { name: "Change my current box" }));
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/my-deliveries/change\\?subscription=${subscriber.subscriptionId}$`),
    );
    await ready(page);
    await expect(page.getByRole("button", { name: "Save box changes" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Remove one ${addon.name}` })).toBeVisible();
    const live = await e2eDb()
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", subscriber.id)
      .where("status", "=", "active")
      .execute();
    expect(live).toHaveLength(1);
    // the box flow no longer holds the draft
    await page.goto(CHECKOUT_PATH);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries/);
  });
});

test.describe("a waiting gift card that can't be used", () => {
  test("is said so at checkout by its last four characters; the order is charged what the page shows", async ({
    page,
    context,
  }) => {
    const { code } = await insertGiftCard({ claimed: true });
    await context.addCookies([
      { name: "giftCardActivationCode", value: code.match(/.{4}/g)!.join("-"), url: E2E_BASE_URL },
    ]);

    const { email } = await reachCheckout(page);
    await expect(
      page.getByText(
        `The gift card waiting for you (…${code.slice(-4)}) couldn't be used: it has already been activated.`,
      ),
    ).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "giftCardActivationCode")).toBe(false);
    const total = (await page.locator(".checkout-summary__total dd").textContent())!;
    await fillCheckout(page);
    await placeOrder(page);
    const payments = await e2eDb()
      .selectFrom("payments")
      .innerJoin("users", "users.id", "payments.userId")
      .select("payments.amountCents")
      .where("users.email", "=", email)
      .execute();
    expect(payments.map((p) => p.amountCents)).toEqual([
      Math.round(Number(total.replace(/[^0-9.]/g, "")) * 100),
    ]);
  });
});

test("a refused waiting gift card is answered before payment when it was used after the page was shown", async ({
  page,
  context,
}) => {
  const { id, code } = await insertGiftCard({ claimed: false });
  await context.addCookies([{ name: "giftCardActivationCode", value: code, url: E2E_BASE_URL }]);
  const { email } = await reachCheckout(page);
  await expect(
    page.getByText(
      "Your gift card will be added to your account as credit when you place this order.",
    ),
  ).toBeVisible();
  // someone activates it elsewhere meanwhile
  await e2eDb()
    .updateTable("giftCards")
    .set({ claimedAt: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
  await fillCheckout(page, { contact: { firstName: "Gia" } });
  await submitCheckout(page);
  await expect(dialog(page, "Your gift card couldn't be used")).toContainText(
    `The gift card waiting for you (…${code.slice(-4)}) couldn't be used: it has already been activated.`,
  );
  await expect(page.getByLabel("First name")).toHaveValue("Gia");
  expect((await context.cookies()).some((c) => c.name === "giftCardActivationCode")).toBe(false);
  expect(
    await e2eDb()
      .selectFrom("payments")
      .innerJoin("users", "users.id", "payments.userId")
      .select("payments.id")
      .where("users.email", "=", email)
      .execute(),
  ).toHaveLength(0);
  await retypeSecrets(page);
  if (jsEnabled())
    await dialog(page, "Your gift card couldn't be used")
      .getByRole("button", { name: "Ok" })
      .click();
  await submitCheckout(page);
  await expectPlaced(page);
});
