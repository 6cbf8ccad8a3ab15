// The checks of a box checkout (./place-order.server.ts): everything that can be refused before
// anything is written or charged, in the order the shopper would fix it: the account, the delivery
// fields, the total the page showed and the code, then stock, the addresses, the overnight window
// and the card. Also the code that no longer applies, removed from the draft.
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB, User } from "~/db/schema";
import type { AddressInput } from "~/addresses/address-schema";
import { activeFrequencies } from "~/box/catalogue.server";
import { CHOOSE_DATE, CHOOSE_FREQUENCY, CHOOSE_TIME } from "~/box/schemas";
import { cantGoToTasmania, salmonBarred } from "~/box/tasmania";
import { addressLookup } from "~/delivery/address-lookup.server";
import {
  canDeliverEvery,
  deliverableFrequencies,
  frequencyRefusedMessage,
} from "~/delivery/frequencies";
import { lookupPostcode } from "~/delivery/lookup.server";
import { POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import { creditBalance } from "~/orders/credit.server";
import { cardAnswer, cardFor, CHOOSE_A_CARD } from "~/payments/charge-flow.server";
import type { ResolvedCard } from "~/payments/payments.server";
import { ACCOUNT_DISABLED, accountRefusal } from "./account-step.server";
import type { CheckoutInput } from "./checkout-schema";
import { shownTotalCheck, type TotalChanged } from "~/pricing/expected-total.server";
import type { CheckoutActor, CheckoutOutcome } from "./place-order.server";
import { quoteDraft, type Quote } from "~/pricing/quote.server";

/** The account the order is for: the signed-in user, or the draft's identified e-mail (never one with a password). */
async function customerFor(actor: CheckoutActor): Promise<User | null> {
  if (actor.user) return actor.user;
  if (!actor.draft.email) return null;
  const row = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", actor.draft.email.toLowerCase())
    .executeTakeFirst();
  return row ?? null;
}

/** The address as the doubt dialog confirmed it: "Continue" applies to this address only. */
export function addressSignature(a: Pick<AddressInput, "city" | "state" | "postcode">): string {
  return `${a.city.trim().toLowerCase()}|${a.state}|${a.postcode}`;
}

export type Checked = {
  quote: Quote;
  /** what the quote was asked: re-quoted without the code when the claim refuses it */
  quoteInput: Parameters<typeof quoteDraft>[0];
  regionId: number;
  suburbId: number;
  windowLabel: string;
  customer: User;
  card: ResolvedCard | null;
};

type Lookup = Extract<Awaited<ReturnType<typeof lookupPostcode>>, { status: "ok" }>;

/** The account the order is for, or why it takes no order. */
async function customerCheck(actor: CheckoutActor): Promise<CheckoutOutcome | User> {
  const customer = await customerFor(actor);
  if (!customer)
    return { kind: "error", message: "Please enter your e-mail address on the first step." };
  // a disabled account takes no order and signs no one in (decision 062)
  if (customer.disabledAt) return { kind: "error", message: ACCOUNT_DISABLED };
  if (!actor.user && customer.passwordHash)
    return {
      kind: "error",
      message: "There is already an account for this e-mail. Please sign in to continue.",
    };
  // an account with history opens only for its owner; a subscriber says "second box" first (decision 039)
  const refusal = await accountRefusal(actor, customer);
  if (refusal) return { kind: "error", message: refusal };
  return customer;
}

/** The date, time and frequency chosen, checked against the postcode's region: the fields refused. */
async function deliveryErrors(input: CheckoutInput, lookup: Lookup) {
  const fieldErrors: Record<string, string> = {};
  if (!lookup.dates.some((d) => d.value === input.deliveryDate))
    fieldErrors.deliveryDate = CHOOSE_DATE;
  const window = lookup.windows.find((w) => w.code === input.deliveryWindow);
  if (!window) fieldErrors.deliveryWindow = CHOOSE_TIME;
  const offered = await activeFrequencies();
  if (!offered.includes(input.frequencyDays)) fieldErrors.frequencyDays = CHOOSE_FREQUENCY;
  // a weekly box in a fortnightly region would come fortnightly, charged on days we don't deliver
  else if (!canDeliverEvery(lookup.region.schedule, input.frequencyDays)) {
    fieldErrors.frequencyDays = frequencyRefusedMessage(
      lookup.region.name,
      lookup.region.schedule,
      deliverableFrequencies(lookup.region.schedule, offered),
    );
  }
  return { fieldErrors, window };
}

/** What can still be refused once the fields are right: stock, the addresses, the overnight window. */
async function deliveryRefusal(
  input: CheckoutInput,
  lookup: Lookup,
  quote: Quote,
  overnight: boolean,
): Promise<CheckoutOutcome | null> {
  // Salmon is never shipped to Tasmania, whatever was chosen before the address changed.
  const salmon = quote.stock.filter((s) => salmonBarred(lookup.postcode, s.name));
  if (salmon.length)
    return { kind: "out-of-stock", items: salmon.map((s) => `${cantGoToTasmania(s.name)}.`) };
  const short = await shortOfStock(db, quote.stock);
  if (short.length) return { kind: "out-of-stock", items: short };
  const needsCheck = [input.shipping, ...(input.billingSameAsShipping ? [] : [input.billing])];
  for (const a of needsCheck) {
    const signature = addressSignature(a);
    if (input.addressConfirmed !== signature && !(await addressLookup().verify(a)))
      return { kind: "address-doubt", signature };
  }
  if (overnight && !input.overnightAccepted) return { kind: "overnight" };
  return null;
}

/** The card to charge when there is something to charge, or why it is refused. */
async function cardCheck(
  actor: CheckoutActor,
  input: CheckoutInput,
  customer: User,
  quote: Quote,
): Promise<CheckoutOutcome | { card: ResolvedCard | null }> {
  if (quote.totalCents <= 0) return { card: null };
  if (input.card.kind === "none") return CHOOSE_A_CARD;
  const resolved = await cardFor(actor.user?.id ?? null, input.card, {
    userId: customer.id,
    clientIp: actor.clientIp,
    submitKey: `checkout:${input.idempotencyKey}`,
  });
  if ("refusal" in resolved) return cardAnswer(resolved.refusal);
  return { card: resolved.card };
}

/** The suburb typed, else the draft's own, else the postcode's first. */
function suburbOf(actor: CheckoutActor, input: CheckoutInput, lookup: Lookup): number {
  const suburbMatch = lookup.suburbs.find(
    (s) => s.name.toLowerCase() === input.shipping.city.trim().toLowerCase(),
  );
  return (
    suburbMatch?.id ??
    (actor.draft.postcode === lookup.postcode && actor.draft.suburbId
      ? actor.draft.suburbId
      : lookup.suburbs[0].id)
  );
}

/** Everything that can be refused before anything is written or charged. */
export async function check(
  actor: CheckoutActor,
  input: CheckoutInput,
): Promise<CheckoutOutcome | Checked> {
  const customer = await customerCheck(actor);
  if ("kind" in customer) return customer;
  const lookup = await lookupPostcode(input.shipping.postcode);
  if (lookup.status !== "ok")
    return { kind: "fields", fieldErrors: { "shipping.postcode": POSTCODE_UNDELIVERABLE } };
  const { fieldErrors, window } = await deliveryErrors(input, lookup);

  const quoteInput = {
    draft: actor.draft,
    postcode: lookup.postcode,
    discountCode: input.discountCode,
    choiceId: input.choiceId,
    creditBalanceCents:
      customer.passwordHash && actor.user ? await creditBalance({ userId: customer.id }) : 0,
    customerId: customer.id,
  };
  const quote = await quoteDraft(quoteInput);
  const changed = shownTotalCheck(input, quote);
  if (input.discountCode && quote.discountMessage)
    // No longer usable (expired, or salmon to Tasmania): removed, and the shopper sees the new total first.
    return codeRemoved(actor, input, changed, quote.discountMessage);
  if (changed) return changed;
  if (quote.discount?.needsChoice && !quote.discount.chosenId)
    fieldErrors.choice = "You must choose a product.";
  if (quote.hasKnife && !input.knifeConfirmed)
    fieldErrors.knifeAdult = "You must be an adult to order a knife.";
  if (Object.keys(fieldErrors).length) return { kind: "fields", fieldErrors };

  const refused = await deliveryRefusal(input, lookup, quote, window!.isOvernight);
  if (refused) return refused;
  const card = await cardCheck(actor, input, customer, quote);
  if ("kind" in card) return card;
  return {
    quote,
    quoteInput,
    regionId: lookup.region.id,
    suburbId: suburbOf(actor, input, lookup),
    windowLabel: window!.label,
    customer,
    card: card.card,
  };
}

/**
 * A code that can no longer be used leaves the draft; the answer carries its message on the code's
 * field and, when the total differs from the one the page showed, the new total (decision 036):
 * nothing is charged until the shopper has seen the amount without the code.
 */
async function codeRemoved(
  actor: CheckoutActor,
  input: CheckoutInput,
  changed: TotalChanged | null,
  message: string,
): Promise<CheckoutOutcome> {
  await db
    .updateTable("subscriptions")
    .set({ discountCode: null })
    .where("id", "=", actor.draft.id)
    .where("status", "=", "draft")
    .execute();
  const codeErrors = { discountCode: message };
  return changed
    ? { ...changed, fieldErrors: codeErrors }
    : { kind: "fields", fieldErrors: codeErrors };
}

/**
 * The claim refused the code (paused, ended or used up since the checks, or the account's first
 * order taken by another checkout): priced again without it, so the answer states the real total.
 */
export async function codeRefusedAtClaim(
  actor: CheckoutActor,
  input: CheckoutInput,
  checked: Checked,
  message: string,
): Promise<CheckoutOutcome> {
  const without = await quoteDraft({ ...checked.quoteInput, discountCode: null, choiceId: null });
  return codeRemoved(actor, input, shownTotalCheck(input, without), message);
}

/** Per-item messages for products whose stock cannot cover this order. */
export async function shortOfStock(executor: Kysely<DB>, stock: Quote["stock"]): Promise<string[]> {
  if (!stock.length) return [];
  const rows = await executor
    .selectFrom("products")
    .select(["id", "name", "inventory", "active"])
    .where(
      "id",
      "in",
      stock.map((s) => s.productId),
    )
    .execute();
  const out: string[] = [];
  for (const s of stock) {
    const p = rows.find((r) => r.id === s.productId);
    if (!p || p.active !== 1 || (p.inventory !== null && p.inventory <= 0))
      out.push(`${s.name} is out of stock.`);
    else if (p.inventory !== null && p.inventory < s.quantity)
      out.push(`Only ${p.inventory} of ${s.name} left (you chose ${s.quantity}).`);
  }
  return out;
}
