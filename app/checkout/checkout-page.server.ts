// What the checkout page shows and the side actions of its form (apply a
// discount, look up a new postcode), kept out of the route module.
import { createCookie } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { usersOfEmail } from "~/accounts/auth.server";
import { db } from "~/db/client.server";
import type { Subscription, User } from "~/db/schema";
import { activeFrequencies } from "~/box/catalogue.server";
import { deliverySummary } from "~/box/delivery-step.server";
import { getCart, type Cart } from "~/box/cart.server";
import { type GuardedFlow } from "~/box/flow.server";
import { frequencyLabel } from "~/box/rules";
import { frequencyForRegion } from "~/delivery/frequencies";
import { lookupPostcode, type PostcodeLookup } from "~/delivery/lookup.server";
import { creditBalance } from "~/orders/credit.server";
import { listSavedCards, type SavedCard } from "~/payments/payments.server";
import { secureCookies } from "~/env.server";
import { RATE_LIMIT, RateLimitedError, consume, type Limit } from "~/security/rate-limit.server";
import type { CheckoutContext } from "./checkout-schema";
import { DISCOUNT_CODE_MAX, DISCOUNT_UNUSABLE } from "~/discounts/discount-rules";
import { refusalFor } from "~/discounts/discount-use.server";
import { describeQuote } from "~/pricing/expected-total.server";
import { quoteDraft, type Quote } from "~/pricing/quote.server";
import { findDiscount } from "~/discounts/find-discount.server";

/** `?promo=CODE` on any link is kept for a day, until checkout uses it or finds it unusable. */
export const promoCookie = createCookie("promo", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  maxAge: 60 * 60 * 24,
});

/** The promo code of the link (`?promo=`), else of the cookie a link left; `urlAllowed: false` skips the link's (over its look-up limit). */
export async function readPromo(request: Request, urlAllowed = true): Promise<string | null> {
  const fromUrl = urlAllowed ? new URL(request.url).searchParams.get("promo") : null;
  if (fromUrl && /^[A-Za-z0-9_-]{2,40}$/.test(fromUrl)) return fromUrl.toUpperCase();
  const fromCookie = await promoCookie.parse(request.headers.get("Cookie"));
  return typeof fromCookie === "string" && /^[A-Z0-9_-]{2,40}$/.test(fromCookie)
    ? fromCookie
    : null;
}

type AddressDefaults = {
  addressType: string;
  line1: string;
  line2: string;
  company: string;
  city: string;
  state: string;
  postcode: string;
};

async function latestAddress(
  userId: number,
  kind: "shipping" | "billing",
): Promise<AddressDefaults | null> {
  const a = await db
    .selectFrom("addresses")
    .selectAll()
    .where("userId", "=", userId)
    .where("kind", "=", kind)
    .where("removedAt", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return a
    ? {
        addressType: a.addressType,
        line1: a.line1,
        line2: a.line2 ?? "",
        company: a.company ?? "",
        city: a.city,
        state: a.state,
        postcode: a.postcode,
      }
    : null;
}

export type CheckoutPage = Awaited<ReturnType<typeof loadCheckout>>;

/** The customer a draft is for: the signed-in user, else the account of the draft's e-mail (only if it has no password). */
async function identifiedCustomer(flow: GuardedFlow): Promise<User | null> {
  if (flow.user) return flow.user;
  if (!flow.draft.email) return null;
  const [user] = await usersOfEmail(flow.draft.email);
  return user ?? null;
}

export function contextFor(
  quote: Quote,
  customer: Pick<User, "passwordHash"> | null,
  signedIn: boolean,
): CheckoutContext {
  return {
    needsPassword: !signedIn && !customer?.passwordHash,
    hasKnife: quote.hasKnife,
    needsChoice: Boolean(quote.discount?.needsChoice),
    cardRequired: quote.totalCents > 0,
  };
}

/**
 * The quote for the draft as the server would charge it now (credit only for a signed-in account with a
 * password). `cart` and `known.customer`: what the caller has just read (the page), so it is not read twice.
 */
export async function currentQuote(
  flow: GuardedFlow,
  discountCode: string | null,
  choiceId: number | null,
  cart?: Cart,
  known?: { customer: User | null },
) {
  const customer = known ? known.customer : await identifiedCustomer(flow);
  const credit = flow.user?.passwordHash ? await creditBalance({ userId: flow.user.id }) : 0;
  const quote = await quoteDraft({
    draft: flow.draft,
    cart,
    postcode: flow.draft.postcode,
    discountCode,
    choiceId,
    creditBalanceCents: credit,
    customerId: customer?.id ?? null,
  });
  return { quote, customer, ctx: contextFor(quote, customer, Boolean(flow.user)) };
}

/**
 * A `?promo=` link looks a code up as the discount form does, so it counts against the same
 * limits (codes must not be guessable by loading links). Past them the link's code is ignored and
 * the message says why; a code the draft or the promo cookie already holds is not counted again.
 */
export async function promoLinkLimit(
  flow: GuardedFlow,
  request: Request,
  ip: string,
): Promise<string | null> {
  const fromUrl = new URL(request.url).searchParams.get("promo")?.trim().toUpperCase();
  if (!fromUrl || fromUrl === flow.draft.discountCode?.toUpperCase()) return null;
  // The cookie holds a code this browser's link already found usable: reloads and revalidations of that page are free.
  if (fromUrl === (await promoCookie.parse(request.headers.get("Cookie")))) return null;
  try {
    await consume(discountLimits(flow.draft.id, ip));
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return error.message;
    throw error;
  }
}

export async function loadCheckout(
  flow: GuardedFlow,
  request: Request,
  postcodeParam: string | null,
  promoLimited: string | null = null,
) {
  const promo = await readPromo(request, !promoLimited);
  // the draft's account, read once: whether it must sign in first, and what the quote knows of it
  const customer = await identifiedCustomer(flow);
  const needsSignIn = !flow.user && Boolean(customer?.passwordHash);
  const discountCode = flow.draft.discountCode ?? promo;
  const [cart, delivery, frequencies] = await Promise.all([
    getCart(flow.draft, flow.pkg),
    deliverySummary(flow.draft),
    activeFrequencies(),
  ]);
  const { quote, ctx } = await currentQuote(flow, needsSignIn ? null : discountCode, null, cart, {
    customer,
  });
  const postcode = postcodeParam ?? flow.draft.postcode;
  const lookup = await lookupPostcode(postcode);
  const frequencyDays = frequencyShown(flow, frequencies, lookup);
  // An account is shown nothing of itself (cards, addresses, credit, names) until its owner signs in.
  const user = flow.user;
  const { savedCards, shipping, billing } = await accountOnFile(user);
  const promoUnusable = Boolean(promo && !flow.draft.discountCode && quote.discountMessage);

  return {
    key: randomUUID(),
    email: user?.email ?? flow.draft.email ?? "",
    signedIn: Boolean(user),
    needsSignIn,
    ctx,
    showSms: !(customer?.sms !== null && customer?.sms !== undefined && user),
    showNewsletter: !(customer?.newsletter !== null && customer?.newsletter !== undefined && user),
    savedCards,
    ...boxShown(cart),
    delivery,
    lookup,
    frequencies: frequencies.map((days) => ({ days, label: frequencyLabel(days) })),
    quote: quoteShown(quote, promoLimited),
    promoUnusable,
    /** what the form posts back so the charge is the total shown (decision 036) */
    shownQuote: describeQuote(quote),
    defaults: {
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      phone: user?.phone ?? "",
      ...addressDefaults(flow, delivery, lookup, shipping, billing),
      billingSameAsShipping: true,
      deliveryNotes: flow.draft.deliveryNotes ?? "",
      frequencyDays: String(frequencyDays),
      deliveryDate: flow.draft.deliveryDate ?? "",
      deliveryWindow: flow.draft.deliveryWindow ?? "",
      discountCode: discountCode ?? "",
    },
  };
}

/**
 * The draft's frequency as chosen: the form offers only what the region delivers and, when the
 * draft's is not among them, checks the nearest and says so ("What you're agreeing to" follows the form).
 */
function frequencyShown(flow: GuardedFlow, frequencies: number[], lookup: PostcodeLookup): number {
  const chosen =
    flow.draft.frequencyDays && frequencies.includes(flow.draft.frequencyDays)
      ? flow.draft.frequencyDays
      : null;
  return (
    chosen ??
    frequencyForRegion(
      lookup.status === "ok"
        ? { name: lookup.region.name, everyWeeks: lookup.region.schedule.everyWeeks }
        : null,
      frequencies,
      null,
    ).days ??
    28
  );
}

/** A signed-in account's saved cards and latest addresses; nothing for anyone else. */
async function accountOnFile(user: GuardedFlow["user"]) {
  const [savedCards, shipping, billing] = user
    ? await Promise.all([
        listSavedCards({ userId: user.id }),
        latestAddress(user.id, "shipping"),
        latestAddress(user.id, "billing"),
      ])
    : [[] as SavedCard[], null, null];
  return { savedCards, shipping, billing };
}

/** The box, its cuts and add-ons, as the summary lists them. */
function boxShown(cart: Cart) {
  return {
    box: {
      fullName: cart.pkg!.fullName,
      priceCents: cart.pkg!.priceCents,
      people: cart.pkg!.people,
      weight: cart.pkg!.weight,
      customizable: cart.pkg!.selectionCustomizable,
    },
    items: cart.items.map((i) => ({
      id: i.productId,
      name: i.name,
      weight: i.weight,
      quantity: i.quantity,
    })),
    addons: cart.addons.map((a) => ({
      id: a.productId,
      name: a.name,
      quantity: a.quantity,
      lineCents: a.priceCents * a.quantity,
    })),
  };
}

/** The quote as the summary shows it; a promo link past its look-up limit says so instead of the code's message. */
function quoteShown(quote: Quote, promoLimited: string | null) {
  return {
    lines: quote.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      lineCents: l.priceCents * l.quantity,
      free: Boolean(l.free),
      type: l.sellableType,
    })),
    subtotalCents: quote.subtotalCents,
    discountedCents: quote.discountedCents,
    creditCents: quote.creditCents,
    totalCents: quote.totalCents,
    gstCents: quote.gstCents,
    recurringCents: quote.recurringCents,
    discount: quote.discount,
    discountMessage: promoLimited ?? quote.discountMessage,
  };
}

const BLANK_ADDRESS: AddressDefaults = {
  addressType: "",
  line1: "",
  line2: "",
  company: "",
  city: "",
  state: "",
  postcode: "",
};

/** The addresses the form starts with: the account's latest, else the town, state and postcode of the delivery step. */
function addressDefaults(
  flow: GuardedFlow,
  delivery: Awaited<ReturnType<typeof deliverySummary>>,
  lookup: PostcodeLookup,
  shipping: AddressDefaults | null,
  billing: AddressDefaults | null,
) {
  return {
    shipping: shipping ?? {
      ...BLANK_ADDRESS,
      city: delivery.place?.replace(/ [A-Z]{2,3}$/, "") ?? "",
      state: lookup.status === "ok" ? lookup.region.state.replace("Canberra", "ACT") : "",
      postcode: flow.draft.postcode ?? "",
    },
    billing: billing ?? shipping ?? { ...BLANK_ADDRESS },
  };
}

export type DiscountResult = { ok: true; message: string } | { ok: false; message: string };

/** Discount-code look-ups per draft and per client address in the rate-limit window (codes must not be guessable). */
export function discountLimits(draftId: number, ip: string): Limit[] {
  return [
    { key: `discount:draft:${draftId}`, max: RATE_LIMIT.max },
    { key: `discount:ip:${ip}`, max: RATE_LIMIT.ipMax },
  ];
}

/**
 * "Apply": keeps a usable code on the draft (an empty code removes it). With
 * `ip`, every look-up of a code counts against discountLimits and past them
 * throws RateLimitedError.
 */
export async function applyDiscountCode(
  draft: Subscription,
  code: string | null,
  postcode: string | null,
  ip?: string,
): Promise<DiscountResult> {
  const clean = code?.trim().toUpperCase() || null;
  if (clean && ip !== undefined) await consume(discountLimits(draft.id, ip));
  if (!clean) {
    await db
      .updateTable("subscriptions")
      .set({ discountCode: null, updatedAt: new Date().toISOString() })
      .where("id", "=", draft.id)
      .where("status", "=", "draft")
      .execute();
    return { ok: true, message: "Discount removed." };
  }
  // codes are at most 40 characters (the field's maxLength): a longer one is not looked up
  const found = clean.length > DISCOUNT_CODE_MAX ? null : await findDiscount(clean);
  if (!found) return { ok: false, message: DISCOUNT_UNUSABLE };
  // every term of the code (dates, limits, first order, regions, Tasmania): decision 056
  const refusal = await refusalFor(found, {
    postcode: postcode ?? draft.postcode,
    customerId: await draftCustomerId(draft),
  });
  if (refusal) return { ok: false, message: refusal };
  await db
    .updateTable("subscriptions")
    .set({ discountCode: found.code, updatedAt: new Date().toISOString() })
    .where("id", "=", draft.id)
    .where("status", "=", "draft")
    .execute();
  return { ok: true, message: `${found.code} applied: ${found.description}.` };
}

/** The account a draft belongs to, when known: its user, or the account of its e-mail. */
async function draftCustomerId(draft: Pick<Subscription, "userId" | "email">) {
  if (draft.userId) return draft.userId;
  if (!draft.email) return null;
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", draft.email.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function postcodeLookup(postcode: string): Promise<PostcodeLookup> {
  return lookupPostcode(postcode);
}
