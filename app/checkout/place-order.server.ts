// Box checkout: validate, price, tokenise, then place the order exactly once, in the shape every
// payment has (app/payments/charge-flow.server.ts):
//   claim   the draft is claimed for this submit's idempotency key (conditional update), stock is
//           reserved (conditional updates), credit is spent and a pending payment row is written;
//   charge  the card, with the same key;
//   settle  declined: everything the claim took is given back, the draft stays; succeeded: the
//           order, invoice, lines, the active subscription, the account, the card and the
//           confirmation e-mail, and a new customer's session.
// A duplicate of the same submit waits for the first and answers with its outcome;
// another tab (another key) finds the draft claimed or checked out.
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB, Subscription, User } from "~/db/schema";
import { insertAddress } from "~/accounts/addresses.server";
import { hashPassword } from "~/accounts/password.server";
import { retireResetTokens } from "~/accounts/password-reset.server";
import {
  checkoutSessionId,
  sessionCookieFor,
  sessionExists,
  startCheckoutSession,
  type SessionRecord,
} from "~/accounts/session.server";
import { activeFrequencies, getPackage } from "~/box/catalogue.server";
import { frequencyLabel } from "~/box/rules";
import { cantGoToTasmania, salmonBarred } from "~/box/tasmania";
import { getRegion, lookupPostcode } from "~/delivery/lookup.server";
import { addressLookup } from "~/delivery/address-lookup.server";
import { POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import { formatDeliveryDate } from "~/delivery/schedule";
import {
  canDeliverEvery,
  deliverableFrequencies,
  frequencyRefusedMessage,
} from "~/delivery/frequencies";
import { CHOOSE_DATE, CHOOSE_FREQUENCY, CHOOSE_TIME } from "~/box/schemas";
import { queueEmail } from "~/email/mailer.server";
import { orderConfirmationEmail } from "~/email/templates/order-confirmation";
import { addLedgerEntry, creditBalance, lockUser } from "~/orders/credit.server";
import { applyCredit } from "~/orders/credit";
import { newOrderReference } from "~/orders/reference.server";
import { taxInvoicePath } from "~/orders/paths";
import { claimGiftCardCode } from "~/gift-cards/claim.server";
import {
  cardAnswer,
  cardFor,
  CHOOSE_A_CARD,
  earlierOrder,
  orderAnswer,
  pressedBefore,
  refuse,
  runShopperFlow,
  type CardAnswer,
  type OrderAnswer,
  type ShopperFlow,
} from "~/payments/charge-flow.server";
import { claimPayment, linkPayment, saveCard, type ResolvedCard } from "~/payments/payments.server";
import {
  claimDiscountUse,
  claimFirstOrder,
  releaseDiscountUse,
  settleDiscountUse,
} from "./discount-use.server";
import type { AddressInput } from "~/addresses/address-schema";
import type { CheckoutInput } from "./checkout-schema";
import {
  creditChangedUnderClaim,
  shownTotalCheck,
  type TotalChanged,
} from "./expected-total.server";
import { quoteDraft, type Quote } from "./quote.server";
import { agreementTerms } from "./agreement";
import { ACCOUNT_DISABLED, accountRefusal } from "./account-step.server";
import { insertInvoiceLines } from "~/orders/invoice-lines.server";

export { ACCOUNT_DISABLED };

export const OUT_OF_STOCK =
  "Some selections just went out of stock, please make a different selection.";
export const ANOTHER_TAB =
  "Your order is already being placed in another window. Please wait a moment, then check My deliveries.";
export const ADDRESS_DOUBT = "We had trouble verifying your address. Continue if it's correct.";

export type CheckoutOutcome =
  | { kind: "placed"; reference: string; setCookie: string | null }
  | { kind: "fields"; fieldErrors: Record<string, string> }
  | { kind: "address-doubt"; signature: string }
  | { kind: "overnight" }
  | { kind: "out-of-stock"; items: string[] }
  | { kind: "declined"; message: string }
  /** a card the limits (decision 042) or the gateway refused before anything was charged */
  | CardAnswer
  /** `newKey`: the submit's key is finished (its charge was refunded); the next try needs a new one */
  | { kind: "error"; message: string; newKey?: boolean }
  | { kind: "already-ordered" }
  /** the total differs from the one the page showed: nothing charged (decision 036) */
  | (TotalChanged & { fieldErrors?: Record<string, string> });

export type CheckoutActor = {
  session: SessionRecord;
  /** the signed-in user, or null for an identified visitor */
  user: User | null;
  draft: Subscription;
  /** the client's address (getClientIp): a new card counts against its limits */
  clientIp: string;
};

const nowIso = () => new Date().toISOString();

/** The address as the doubt dialog confirmed it: "Continue" applies to this address only. */
export function addressSignature(a: Pick<AddressInput, "city" | "state" | "postcode">): string {
  return `${a.city.trim().toLowerCase()}|${a.state}|${a.postcode}`;
}

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

/**
 * The outcome of a submit whose key was used before (a double click, a resent
 * form, a retry after a timeout), or null for a new key. Runs before the
 * flow's guards: after the first submit the draft is checked out, and a
 * duplicate must still get the first one's answer.
 */
export async function repeatedSubmit(
  actor: Pick<CheckoutActor, "session" | "user">,
  idempotencyKey: string,
): Promise<CheckoutOutcome | null> {
  if (!/^[A-Za-z0-9-]{16,100}$/.test(idempotencyKey)) return null;
  return outcomeOfKey(actor, `checkout:${idempotencyKey}`);
}

async function outcomeOfKey(
  actor: Pick<CheckoutActor, "session" | "user">,
  key: string,
): Promise<CheckoutOutcome | null> {
  const earlier = await earlierOrder(key, ANOTHER_TAB);
  return earlier && withSession(actor, key, earlier);
}

/** A placed order's answer carries a new customer's session (started with the order), for this submit and any repeat of it. */
async function withSession(
  actor: Pick<CheckoutActor, "session" | "user">,
  key: string,
  answer: OrderAnswer | CheckoutOutcome,
): Promise<CheckoutOutcome> {
  if (answer.kind !== "placed") return answer;
  const id = actor.user ? null : checkoutSessionId(actor.session.id, key);
  return {
    ...answer,
    setCookie: id && (await sessionExists(id)) ? await sessionCookieFor(id) : null,
  };
}

type Checked = {
  quote: Quote;
  /** what the quote was asked: re-quoted without the code when the claim refuses it */
  quoteInput: Parameters<typeof quoteDraft>[0];
  regionId: number;
  suburbId: number;
  windowLabel: string;
  customer: User;
  card: ResolvedCard | null;
};

/** Everything that can be refused before anything is written or charged. */
async function check(
  actor: CheckoutActor,
  input: CheckoutInput,
): Promise<CheckoutOutcome | Checked> {
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

  const fieldErrors: Record<string, string> = {};
  const lookup = await lookupPostcode(input.shipping.postcode);
  if (lookup.status !== "ok")
    return { kind: "fields", fieldErrors: { "shipping.postcode": POSTCODE_UNDELIVERABLE } };
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
  if (window!.isOvernight && !input.overnightAccepted) return { kind: "overnight" };

  let card: ResolvedCard | null = null;
  if (quote.totalCents > 0) {
    if (input.card.kind === "none") return CHOOSE_A_CARD;
    const resolved = await cardFor(actor.user?.id ?? null, input.card, {
      userId: customer.id,
      clientIp: actor.clientIp,
      submitKey: `checkout:${input.idempotencyKey}`,
    });
    if ("refusal" in resolved) return cardAnswer(resolved.refusal);
    card = resolved.card;
  }
  const suburbMatch = lookup.suburbs.find(
    (s) => s.name.toLowerCase() === input.shipping.city.trim().toLowerCase(),
  );
  const suburbId =
    suburbMatch?.id ??
    (actor.draft.postcode === lookup.postcode && actor.draft.suburbId
      ? actor.draft.suburbId
      : lookup.suburbs[0].id);
  return {
    quote,
    quoteInput,
    regionId: lookup.region.id,
    suburbId,
    windowLabel: window!.label,
    customer,
    card,
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
async function codeRefusedAtClaim(
  actor: CheckoutActor,
  input: CheckoutInput,
  checked: Checked,
  message: string,
): Promise<CheckoutOutcome> {
  const without = await quoteDraft({ ...checked.quoteInput, discountCode: null, choiceId: null });
  return codeRemoved(actor, input, shownTotalCheck(input, without), message);
}

/** Per-item messages for products whose stock cannot cover this order. */
async function shortOfStock(executor: Kysely<DB>, stock: Quote["stock"]): Promise<string[]> {
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

/** Reserves (-1) or gives back (+1) the quote's stock; a reservation that finds too little refuses the claim. */
async function changeStock(trx: Transaction<DB>, stock: Quote["stock"], direction: -1 | 1) {
  for (const s of stock) {
    let q = trx
      .updateTable("products")
      .set((eb) => ({ inventory: eb("inventory", direction < 0 ? "-" : "+", s.quantity) }))
      .where("id", "=", s.productId)
      .where("inventory", "is not", null);
    if (direction < 0) q = q.where("inventory", ">=", s.quantity);
    const res = await q.executeTakeFirst();
    if (direction < 0 && Number(res.numUpdatedRows) === 0) {
      const p = await trx
        .selectFrom("products")
        .select(["inventory"])
        .where("id", "=", s.productId)
        .executeTakeFirst();
      if (p && p.inventory !== null)
        refuse<CheckoutOutcome>({
          kind: "out-of-stock",
          items: [
            p.inventory <= 0
              ? `${s.name} is out of stock.`
              : `Only ${p.inventory} of ${s.name} left (you chose ${s.quantity}).`,
          ],
        });
    }
  }
}

export async function placeOrder(
  actor: CheckoutActor,
  input: OrderInput,
  origin: string,
): Promise<CheckoutOutcome> {
  const key = `checkout:${input.idempotencyKey}`;
  const repeat = await outcomeOfKey(actor, key);
  if (repeat) return repeat;

  const checked = await check(actor, input);
  if ("kind" in checked) return checked;
  const order = await prepareOrder(actor, input, checked, origin);
  const answer = await orderAnswer(
    key,
    await runShopperFlow(boxCheckout(actor, input, checked, order, key)),
    ANOTHER_TAB,
  );
  if (answer.kind === "fields" && answer.fieldErrors.discountCode)
    return codeRefusedAtClaim(actor, input, checked, answer.fieldErrors.discountCode);
  return withSession(actor, key, answer);
}

type OrderInput = CheckoutInput & { giftCode?: string | null };
/** What the box checkout's claim took: the credit spent and the rest, charged to the card. */
type BoxClaim = { creditCents: number; totalCents: number };

/** The flow's own parts of claim, charge and settle (app/payments/charge-flow.server.ts). */
function boxCheckout(
  actor: CheckoutActor,
  input: OrderInput,
  checked: Checked,
  order: PreparedOrder,
  key: string,
): ShopperFlow<BoxClaim, CheckoutOutcome, string> {
  const { quote, customer, card } = checked;
  const boxName = quote.lines.find((l) => l.sellableType === "package")?.name ?? "Box";
  return {
    key,
    name: "checkout",
    log: { subscriptionId: actor.draft.id },
    async claim(trx) {
      await claimDraft(trx, actor.draft.id, key);
      await changeStock(trx, quote.stock, -1);
      // the code's use, claimed against all its terms in this transaction (decisions 056, 070)
      const codeRefused = quote.discount
        ? await claimDiscountUse(trx, {
            code: quote.discount.code,
            userId: customer.id,
            subscriptionId: actor.draft.id,
            key,
            discountedCents: quote.discountedCents,
            postcode: input.shipping.postcode,
            at: new Date(),
          })
        : null;
      if (codeRefused)
        refuse<CheckoutOutcome>({ kind: "fields", fieldErrors: { discountCode: codeRefused } });
      // an account's first order is one checkout's, with or without a code (decision 070)
      await claimFirstOrder(trx, customer.id, key);
      const spent = await spendCredit(trx, customer.id, quote, input.expectedTotalCents, key);
      if (spent.totalCents > 0 && !card) refuse<CheckoutOutcome>(CHOOSE_A_CARD);
      const used = spent.totalCents > 0 ? card : null;
      await claimPayment(trx, {
        key,
        userId: customer.id,
        amountCents: spent.totalCents,
        card: used,
        reserved: {
          stock: quote.stock.map((s) => ({ productId: s.productId, quantity: s.quantity })),
          creditCents: spent.creditCents,
          creditReference: key,
        },
      });
      return {
        claim: spent,
        charge: {
          card: used,
          amountCents: spent.totalCents,
          description: `${boxName}: first delivery`,
        },
      };
    },
    // the draft stays a draft; stock and credit come back
    async release(trx, spent) {
      await trx
        .updateTable("subscriptions")
        .set({ checkoutKey: null, updatedAt: nowIso() })
        .where("id", "=", actor.draft.id)
        .where("checkoutKey", "=", key)
        .execute();
      await changeStock(trx, quote.stock, 1);
      await releaseDiscountUse(trx, key);
      if (spent.creditCents > 0)
        await addLedgerEntry(trx, {
          userId: customer.id,
          amountCents: spent.creditCents,
          reason: "Credit returned: payment not completed",
          reference: key,
        });
    },
    record: (trx, spent) => writeOrder(trx, actor, input, checked, order, { key, ...spent }),
  };
}

/** The draft, for this key. The first statement writes, so concurrent SQLite writers queue instead of failing. */
async function claimDraft(trx: Transaction<DB>, draftId: number, key: string) {
  const claimed = await trx
    .updateTable("subscriptions")
    .set({ checkoutKey: key, updatedAt: nowIso() })
    .where("id", "=", draftId)
    .where("status", "=", "draft")
    .where("checkoutKey", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1) return;
  const row = await trx
    .selectFrom("subscriptions")
    .select(["status", "checkoutKey"])
    .where("id", "=", draftId)
    .executeTakeFirst();
  if (row?.checkoutKey === key) pressedBefore();
  if (row && row.status !== "draft") refuse<CheckoutOutcome>({ kind: "already-ordered" });
  refuse<CheckoutOutcome>({ kind: "error", message: ANOTHER_TAB });
}

/** The credit the quote uses, read again under the user's lock; credit spent elsewhere since check() refuses the claim. */
async function spendCredit(
  trx: Transaction<DB>,
  userId: number,
  quote: Quote,
  expectedTotalCents: number | null | undefined,
  key: string,
): Promise<BoxClaim> {
  if (quote.creditCents <= 0) return { creditCents: 0, totalCents: quote.totalCents };
  await lockUser(trx, userId);
  const balance = await creditBalance({ userId }, trx);
  const spent = applyCredit(balance, quote.subtotalCents - quote.discountedCents);
  if (expectedTotalCents != null && spent.totalCents !== expectedTotalCents)
    refuse<CheckoutOutcome>(creditChangedUnderClaim(spent.totalCents, expectedTotalCents));
  await addLedgerEntry(trx, {
    userId,
    amountCents: -spent.creditCents,
    reason: "Credit spent at checkout",
    reference: key,
  });
  return spent;
}

/** What the order needs that is slow or read from elsewhere: worked out before the claim, so the settle holds its lock briefly. */
type PreparedOrder = {
  passwordHash: string | null;
  boxName: string;
  region: Awaited<ReturnType<typeof getRegion>>;
  origin: string;
};

async function prepareOrder(
  actor: CheckoutActor,
  input: OrderInput,
  checked: Checked,
  origin: string,
): Promise<PreparedOrder> {
  const [passwordHash, pkg, region] = await Promise.all([
    input.password ? hashPassword(input.password) : null,
    actor.draft.packageId ? getPackage(actor.draft.packageId) : null,
    getRegion(checked.regionId),
  ]);
  return { passwordHash, boxName: pkg?.fullName ?? "Your box", region, origin };
}

/**
 * The settle of a charge, in the caller's transaction: order, invoice, lines, the active subscription, the
 * account, the card, the e-mail and a new customer's session. Answers the order's reference.
 */
async function writeOrder(
  trx: Transaction<DB>,
  actor: CheckoutActor,
  input: OrderInput,
  checked: Checked,
  prepared: PreparedOrder,
  paid: BoxClaim & { key: string },
): Promise<string> {
  const { quote, customer, card } = checked;
  const { passwordHash, region, origin } = prepared;
  const reference = newOrderReference();
  const ts = nowIso();
  // the invoice and the e-mail name a code's free item the same way
  const lines = quote.lines.map((l) =>
    l.free ? { ...l, name: `${l.name} (free with ${quote.discount?.code ?? "discount"})` } : l,
  );

  await trx
    .updateTable("users")
    .set({
      firstName: input.contact.firstName,
      lastName: input.contact.lastName,
      phone: input.contact.phone,
      ...(customer.sms === null || input.contact.sms ? { sms: input.contact.sms ? 1 : 0 } : {}),
      ...(customer.newsletter === null || input.contact.newsletter
        ? { newsletter: input.contact.newsletter ? 1 : 0 }
        : {}),
      ...(passwordHash && !customer.passwordHash ? { passwordHash } : {}),
      orderedAt: customer.orderedAt ?? ts,
      updatedAt: ts,
    })
    .where("id", "=", customer.id)
    .execute();
  // a password set here is a password change like any other: open reset links stop working
  if (passwordHash && !customer.passwordHash) await retireResetTokens(trx, customer.id);

  const shippingId = await insertAddress(trx, customer.id, "shipping", input.shipping);
  const billingId = input.billingSameAsShipping
    ? shippingId
    : await insertAddress(trx, customer.id, "billing", input.billing);

  const { id: orderId } = await trx
    .insertInto("orders")
    .values({
      reference,
      userId: customer.id,
      subscriptionId: actor.draft.id,
      kind: "box",
      status: "paid",
      deliveryDate: input.deliveryDate,
      deliveryWindow: input.deliveryWindow,
      shippingAddressId: shippingId,
      createdAt: ts,
      paidAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: invoiceId } = await trx
    .insertInto("invoices")
    // The invoice total is before credit, as renewals and pay-an-order keep it: what was charged is total - credit.
    .values({
      orderId,
      subtotalCents: quote.subtotalCents,
      discountedCents: quote.discountedCents,
      creditCents: paid.creditCents,
      totalCents: quote.subtotalCents - quote.discountedCents,
      createdAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await insertInvoiceLines(
    trx,
    {
      id: invoiceId,
      subtotalCents: quote.subtotalCents,
      discountedCents: quote.discountedCents,
    },
    lines.map((l) => ({
      sellableType: l.sellableType,
      sellableId: l.sellableId,
      quantity: l.quantity,
      priceCents: l.priceCents,
      name: l.name,
      free: l.free,
    })),
  );
  await linkPayment(trx, paid.key, { orderId });
  await settleDiscountUse(trx, paid.key, orderId);
  if (card && !card.savedId) await saveCard(trx, customer.id, card);
  // A new customer's waiting gift card becomes credit on the account they just made (next deliveries).
  if (input.giftCode) await claimGiftCardCode(trx, { userId: customer.id, code: input.giftCode });

  await trx
    .updateTable("subscriptions")
    .set({
      status: "active",
      userId: customer.id,
      email: customer.email,
      postcode: input.shipping.postcode,
      suburbId: checked.suburbId,
      regionId: checked.regionId,
      deliveryDate: input.deliveryDate,
      deliveryWindow: input.deliveryWindow,
      frequencyDays: input.frequencyDays,
      discountCode: quote.discount?.code ?? null,
      shippingAddressId: shippingId,
      billingAddressId: billingId,
      deliveryNotes: input.deliveryNotes,
      startedAt: ts,
      updatedAt: ts,
    })
    .where("id", "=", actor.draft.id)
    .execute();
  await trx
    .insertInto("subscriptionEvents")
    .values({
      subscriptionId: actor.draft.id,
      type: "checked_out",
      data: JSON.stringify({ reference }),
      createdAt: ts,
    })
    .execute();

  // the posted date and frequency, on the region's run days: what the page agreed and the renewals will do
  const terms = agreementTerms(region, input.deliveryDate, input.frequencyDays);
  await queueEmail(trx, orderConfirmationEmail, customer.email, {
    firstName: input.contact.firstName,
    reference,
    boxName: prepared.boxName,
    lines: lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      lineCents: l.priceCents * l.quantity,
    })),
    chargedCents: paid.totalCents,
    creditCents: paid.creditCents,
    discountedCents: quote.discountedCents,
    firstDelivery: formatDeliveryDate(input.deliveryDate),
    window: checked.windowLabel,
    frequency: frequencyLabel(input.frequencyDays),
    recurringCents: quote.recurringCents,
    gstCents: quote.gstCents,
    nextDelivery: terms?.nextDelivery ?? "",
    nextCharge: terms?.nextCharge ?? "",
    card: card ? `${card.brand} ending in ${card.lastFour}` : null,
    manageUrl: `${origin}/dashboard/my-deliveries`,
    invoiceUrl: `${origin}${taxInvoicePath(reference)}`,
  });
  if (!actor.user) await startCheckoutSession(trx, actor.session, customer.id, paid.key);
  return reference;
}

/**
 * After an out-of-stock refusal the shopper must be able to choose again: the
 * draft keeps only what stock can still cover (a hidden, sold-out cut could
 * otherwise never be removed from the selection).
 */
export async function trimDraftToStock(subscriptionId: number, postcode: string | null) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscriptions")
      .set({ updatedAt: nowIso() })
      .where("id", "=", subscriptionId)
      .where("status", "=", "draft")
      .execute();
    for (const table of ["subscriptionItems", "subscriptionAddons"] as const) {
      const rows = await trx
        .selectFrom(`${table} as l` as "subscriptionItems as l")
        .innerJoin("products as p", "p.id", "l.productId")
        .select(["l.id", "l.quantity", "p.inventory", "p.active", "p.name"])
        .where("l.subscriptionId", "=", subscriptionId)
        .execute();
      for (const r of rows) {
        const available =
          r.active !== 1 || salmonBarred(postcode, r.name)
            ? 0
            : r.inventory === null
              ? r.quantity
              : Math.max(0, Math.min(r.quantity, r.inventory));
        if (available === 0) await trx.deleteFrom(table).where("id", "=", r.id).execute();
        else if (available < r.quantity)
          await trx
            .updateTable(table)
            .set({ quantity: available })
            .where("id", "=", r.id)
            .execute();
      }
    }
  });
}
