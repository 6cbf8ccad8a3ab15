// Steps of the box checkout (/get-started/checkout) shared by the checkout-*
// specs. Each works with and without JavaScript: without JS every submit is a
// full page load, with JS the form posts through fetch.
import type { Locator, Page, Route } from "@playwright/test";
import * as factories from "../factories";
import { e2eDb, expect, jsEnabled, ready, settled, signInAs, uniqueEmail } from "./fixtures";
import { addCuts, chooseCurated, chooseCustom, startBox, step } from "./box-helpers";

export const CHECKOUT_PATH = "/get-started/checkout";
export const GOOD_CARD = factories.TEST_CARDS.good;
export const DECLINED_CARD = factories.TEST_CARDS.declined;
export const INSUFFICIENT_CARD = factories.TEST_CARDS.insufficient;
export const PASSWORD = "Paddock-Checkout-42";

export type BoxChoice =
  | { kind: "custom"; size?: "Small" | "Large" }
  | { kind: "curated"; box?: string; size?: "Small" | "Large" };

export type ReachOptions = {
  /** the flow e-mail; null when already signed in; a fresh one by default */
  email?: string | null;
  postcode?: string;
  time?: "day" | "overnight";
  /** days between deliveries (the draft hook only; 28 by default) */
  frequency?: number;
  box?: BoxChoice;
  /** add-on names to add once each on the add-ons step */
  addons?: string[];
  /**
   * called on the add-ons page before "Next step" (e.g. to change stock in the DB): with the hook,
   * the add-ons page is opened once the draft is built, and its "Next step" leads to checkout
   */
  beforeCheckout?: (page: Page) => Promise<void>;
  /** "hook" (default): the e2e draft hook builds the box; "steps": click through the flow */
  via?: "hook" | "steps";
};

/**
 * Builds a box and ends on the checkout page. Returns the flow e-mail. By default the box is built
 * by the e2e draft hook (the flow's own services, one request); `via: "steps"` clicks through
 * get-started and every step instead, for the journey tests.
 */
export async function reachCheckout(page: Page, opts: ReachOptions = {}) {
  const email = opts.email === undefined ? uniqueEmail("checkout") : opts.email;
  const via = opts.via ?? "hook";
  if (via === "hook") await draftByHook(page, email, opts);
  else await draftBySteps(page, email, opts);
  return { email };
}

async function draftByHook(page: Page, email: string | null, opts: ReachOptions) {
  const box = opts.box ?? { kind: "curated" };
  const form = new FormData();
  const fields = {
    email: email ?? "",
    postcode: opts.postcode ?? "2000",
    time: opts.time ?? "day",
    box: box.kind,
    size: (box.size ?? "Small").toLowerCase(),
    range: box.kind === "curated" ? (box.box ?? "Value") : "",
    frequency: String(opts.frequency ?? 28),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const name of opts.addons ?? []) form.append("addon", name);
  // page.request shares the page's cookies: the draft belongs to this browser's session
  const res = await page.request.post("/test-hooks/draft", { form });
  expect(res.status(), await res.text()).toBe(200);
  if (opts.beforeCheckout) {
    await page.goto("/get-started/addons");
    await ready(page);
    await opts.beforeCheckout(page);
    await leaveAddons(page);
    return;
  }
  await page.goto(CHECKOUT_PATH);
  await expectCheckoutPage(page);
}

/** "Next step" on the add-ons page, to checkout. */
async function leaveAddons(page: Page) {
  await page
    .getByRole("complementary", { name: "ADD-ONS" })
    .getByRole("button", { name: "Next step" })
    .click();
  await expectCheckoutPage(page);
}

async function draftBySteps(page: Page, email: string | null, opts: ReachOptions) {
  await startBox(page, { email, postcode: opts.postcode ?? "2000", time: opts.time });
  const box = opts.box ?? { kind: "curated" };
  if (box.kind === "custom") {
    await chooseCustom(page, box.size ?? "Small");
    await addCuts(page, box.size === "Large" ? 16 : 8);
    await page.getByRole("button", { name: "Next step" }).click();
    await expect(page).toHaveURL(/\/get-started\/addons$/);
    await page.waitForLoadState("load");
    await ready(page);
  } else {
    await chooseCurated(page, box.box ?? "Value", box.size ?? "Small");
  }
  for (const name of opts.addons ?? []) {
    await step(page, page.getByRole("button", { name: `Add ${name}`, exact: true }));
  }
  if (opts.beforeCheckout) await opts.beforeCheckout(page);
  await leaveAddons(page);
}

export async function expectCheckoutPage(page: Page) {
  await expect(page).toHaveURL(/\/get-started\/checkout(\?.*)?$/);
  await expect(page.getByRole("heading", { name: "Delivery and payment", level: 1 })).toBeVisible();
  await page.waitForLoadState("load");
  await ready(page);
}

export const shippingGroup = (page: Page) => page.getByRole("group", { name: "Delivery address" });
export const billingGroup = (page: Page) => page.getByRole("group", { name: "Billing address" });
export const placeButton = (page: Page) =>
  page.getByRole("button", { name: /^Place order(?: and pay|: your credit pays)/ });

export type Contact = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  password?: string;
  confirmation?: string;
};

/** Names and phone; the password pair when the page asks for one. */
export async function fillContact(page: Page, c: Contact = {}) {
  await page.getByLabel("First name").fill(c.firstName ?? "Ava");
  await page.getByLabel("Last name").fill(c.lastName ?? "Tester");
  await page.getByLabel("Mobile phone").fill(c.phone ?? "0412 345 678");
  const password = page.getByLabel("Choose a password");
  if (await password.count()) {
    await password.fill(c.password ?? PASSWORD);
    await page.getByLabel("Confirm password").fill(c.confirmation ?? c.password ?? PASSWORD);
  }
}

export type Address = {
  addressType?: "apartment" | "business" | "house";
  line1?: string;
  line2?: string;
  company?: string;
  city?: string;
  state?: string;
  postcode?: string;
};

/** Fills an address fieldset; a postcode equal to the one shown is left alone (a new one resets the delivery dates). */
export async function fillAddress(group: Locator, a: Address = {}) {
  await group.getByLabel("Address type").selectOption(a.addressType ?? "house");
  await group.getByLabel("Street address").fill(a.line1 ?? "7 Bay Road");
  if (a.line2 !== undefined) await group.getByLabel("Suite or unit").fill(a.line2);
  if (a.company !== undefined) await group.getByLabel("Company name").fill(a.company);
  await group.getByLabel("Suburb").fill(a.city ?? "Haymarket");
  await group.getByLabel("State").selectOption(a.state ?? "NSW");
  const postcode = group.getByLabel("Postcode");
  const wanted = a.postcode ?? "2000";
  if ((await postcode.inputValue()) !== wanted) await postcode.fill(wanted);
}

export async function fillShipping(page: Page, a: Address = {}) {
  await fillAddress(shippingGroup(page), a);
}

/** Chooses "Use a new card" when saved cards are offered, then types the card. */
export async function fillNewCard(
  page: Page,
  card: { number?: string; expiry?: string; cvc?: string } = {},
) {
  const useNew = page.getByRole("radio", { name: /Use a new card/ });
  if (await useNew.count()) await useNew.check();
  await page.getByLabel("Card number").fill(card.number ?? GOOD_CARD);
  await page.getByLabel("Expiry (MM/YY)").fill(card.expiry ?? "12/30");
  await page.getByLabel("CVC").fill(card.cvc ?? "123");
}

/**
 * Without JS a page answered after an error never carries the passwords, the
 * card number or the CVC back: type them again (with JS they stay in the form).
 */
export async function retypeSecrets(page: Page, card: { number?: string; cvc?: string } = {}) {
  if (jsEnabled()) return;
  const password = page.getByLabel("Choose a password");
  if (await password.count()) {
    await password.fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
  }
  const useNew = page.getByRole("radio", { name: /Use a new card/ });
  const savedCardChosen = (await useNew.count()) > 0 && !(await useNew.isChecked());
  if (!savedCardChosen && (await page.getByLabel("Card number").count())) {
    await page.getByLabel("Card number").fill(card.number ?? GOOD_CARD);
    await page.getByLabel("CVC").fill(card.cvc ?? "123");
  }
}

/** Contact, shipping and a new card: a form ready to place. */
export async function fillCheckout(
  page: Page,
  opts: {
    contact?: Contact;
    shipping?: Address;
    card?: { number?: string; expiry?: string; cvc?: string };
  } = {},
) {
  await fillContact(page, opts.contact);
  await fillShipping(page, opts.shipping);
  await fillNewCard(page, opts.card);
}

const isCheckoutPost = (r: { request(): { method(): string }; url(): string }) =>
  r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(CHECKOUT_PATH);

/**
 * Clicks a submit button of the checkout form and waits for the server's
 * answer: without JS the next document, with JS the fetch (and what it loads).
 */
export async function submitCheckout(page: Page, button: Locator = placeButton(page)) {
  if (jsEnabled()) {
    // the body is taken as it passes (the browser may drop it once the page revalidates)
    let body = "";
    const handler = async (route: Route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const answer = await route.fetch();
      body = await answer.text();
      await route.fulfill({ response: answer, body });
    };
    const pattern = (url: URL) => url.pathname.startsWith(CHECKOUT_PATH);
    await page.route(pattern, handler);
    try {
      const answered = page.waitForResponse(isCheckoutPost);
      await button.click();
      const response = await answered;
      await settled(page, { fetchers: false });
      // still on the checkout: its own fetchers count; a placed order left it, and theirs no longer matter
      if (new URL(page.url()).pathname.startsWith(CHECKOUT_PATH)) await settled(page);
      return { status: () => response.status(), text: async () => body };
    } finally {
      await page.unroute(pattern, handler);
    }
  }
  const loaded = page.waitForEvent("load");
  await button.click();
  await loaded;
  return null;
}

/** Places the order and expects to land on my-deliveries as a customer with this order. */
export async function placeOrder(page: Page) {
  await submitCheckout(page);
  return expectPlaced(page);
}

export async function expectPlaced(page: Page) {
  await expect(page).toHaveURL(/\/dashboard\/my-deliveries\?newuser=/);
  const reference = decodeURIComponent(new URL(page.url()).searchParams.get("newuser") ?? "");
  expect(reference).not.toBe("");
  const welcome = page.getByRole("status").filter({ hasText: `Order ${reference} is confirmed.` });
  await expect(welcome).toBeVisible();
  // with JS the page is drawn in place: the welcome takes focus, not <body>
  if (jsEnabled()) await expect(welcome).toBeFocused();
  return reference;
}

/** Clicks a checkout submit button without waiting for a post (JS may refuse it in the browser). */
export async function clickPlace(page: Page, name?: string) {
  const button = name ? page.getByRole("button", { name }) : placeButton(page);
  if (jsEnabled()) return button.click();
  const loaded = page.waitForEvent("load");
  await button.click();
  await loaded;
}

export async function userByEmail(email: string) {
  return e2eDb()
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
}

/** Orders, payments and confirmation e-mails of the account of this e-mail. */
export async function ordersOf(email: string) {
  const db = e2eDb();
  const user = await userByEmail(email);
  if (!user) return { user, orders: [], payments: [], emails: [] };
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where("userId", "=", user.id)
    .where("kind", "=", "box")
    .execute();
  const payments = await db
    .selectFrom("payments")
    .selectAll()
    .where("userId", "=", user.id)
    .execute();
  const emails = await db
    .selectFrom("emailOutbox")
    .selectAll()
    .where("toAddress", "=", user.email)
    .where("template", "=", "order-confirmation")
    .execute();
  return { user, orders, payments, emails };
}

/** A customer with a password and a saved primary Visa ending in 4242; signed in on `page` (no page opened yet). */
export async function signedInCustomer(page: Page) {
  // consents already given once: the checkout does not ask again
  const user = await factories.createUser(e2eDb(), {
    password: "Correct-Horse-42",
    firstName: "Noah",
    lastName: "Saved",
    phone: "+61412345678",
    sms: 1,
    newsletter: 0,
  });
  const cardId = await factories.createCard(e2eDb(), user.id);
  await signInAs(page, user);
  return { id: user.id, email: user.email, password: user.password, cardId };
}

/** The dialog with this title (JS makes it modal; without JS it is part of the page). */
export const dialog = (page: Page, title: string | RegExp) =>
  page.getByRole("dialog", { name: title });
