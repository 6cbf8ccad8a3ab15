// Buying gift cards, exactly once whatever is clicked twice, in the shape every payment has
// (app/payments/charge-flow.server.ts):
//   claim   one transaction whose only statement inserts the pending payment row under the
//           submit's idempotency key (unique): a duplicate hits the key, waits for the first
//           submit and answers with its outcome;
//   charge  the card through PaymentGateway with the same key;
//   settle  one transaction: the payment row moves from pending (first), then the order (kind
//           gift_card), its invoice with a line per card, the card (and its bonus card), the
//           billing address and the buyer's receipt in the outbox. The cards' own e-mails go out
//           on their delivery day through the due-mail job (./mail-job.server.ts), which opens
//           the code sealed here (only its keyed hash stays, decision 045).
import type { Transaction } from "kysely";
import { ensureIdentifiedUser } from "~/box/flow.server";
import type { AddressInput } from "~/addresses/address-schema";
import { db } from "~/db/client.server";
import type { DB, User } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { giftCardReceiptEmail } from "~/email/templates/gift-card-receipt";
import { taxInvoicePath } from "~/orders/paths";
import { newOrderReference } from "~/orders/reference.server";
import {
  cardAnswer,
  cardFor,
  CHOOSE_A_CARD,
  earlierOrder,
  orderAnswer,
  runShopperFlow,
  type CardAnswer,
  type OrderAnswer,
  type ShopperFlow,
} from "~/payments/charge-flow.server";
import { claimPayment, linkPayment, saveCard, type ResolvedCard } from "~/payments/payments.server";
// for the checkout route, which then needs no server module of its own for it (each one it imports
// is an empty module in the browser build, shared with other routes: a chunk and a request)
export { getClientIp } from "~/security/rate-limit.server";
import { formatAud } from "~/utils/money";
import { newStoredCode } from "./codes.server";
import { EMAIL_TAKEN, bonusCents, expiryDay, isValidAmount, sydneyToday } from "./rules";
import type { GiftCheckoutInput, PersonaliseInput } from "./schemas";
import { giftCardSettings } from "./settings.server";
import { insertInvoiceLines, type NewInvoiceLine } from "~/orders/invoice-lines.server";

export const ANOTHER_TAB =
  "Your gift card order is already being placed in another window. Please wait a moment and check your e-mail.";

export type PurchaseOutcome =
  | OrderAnswer
  | { kind: "email-taken"; email: string; message: string }
  /** a card the limits (decision 042) or the gateway refused before anything was charged */
  | CardAnswer;

export type PurchaseInput = {
  amountCents: number;
  /** the bonus card the page showed (its signed quote, decision 036); without a quote it is worked out now */
  bonusCents?: number;
  personalise: PersonaliseInput;
  checkout: GiftCheckoutInput;
};

const idempotencyKey = (raw: string) => `gift:${raw}`;

/** The outcome of a key used before (double click, resent form), or null for a new key. */
export async function repeatedPurchase(rawKey: string): Promise<PurchaseOutcome | null> {
  if (!/^[A-Za-z0-9-]{16,100}$/.test(rawKey)) return null;
  return outcomeOfKey(idempotencyKey(rawKey));
}

const outcomeOfKey = (key: string) => earlierOrder(key, ANOTHER_TAB);

type Buyer = { id: number; email: string; firstName: string | null };

/** The account the order is kept on: the signed-in buyer, or an identified account for a visitor's e-mail. */
async function buyerFor(
  user: User | null,
  email: string | null,
): Promise<Buyer | { taken: string }> {
  if (user) return { id: user.id, email: user.email, firstName: user.firstName };
  const normalised = (email ?? "").trim().toLowerCase();
  const existing = await db
    .selectFrom("users")
    .select(["id", "passwordHash", "firstName"])
    .where("email", "=", normalised)
    .executeTakeFirst();
  if (existing?.passwordHash) return { taken: normalised };
  const id = existing?.id ?? (await ensureIdentifiedUser(normalised));
  return { id, email: normalised, firstName: existing?.firstName ?? null };
}

/** `clientIp`: the client's address (getClientIp), whose card-testing limits a new card counts against. */
export async function purchaseGiftCard(
  { user, clientIp }: { user: User | null; clientIp: string },
  input: PurchaseInput,
  origin: string,
  now = new Date(),
): Promise<PurchaseOutcome> {
  const key = idempotencyKey(input.checkout.idempotencyKey);
  const repeat = await outcomeOfKey(key);
  if (repeat) return repeat;
  if (!isValidAmount(input.amountCents))
    return { kind: "error", message: "Please choose the gift card's amount again." };

  const buyer = await buyerFor(user, input.checkout.email);
  if ("taken" in buyer) return { kind: "email-taken", email: buyer.taken, message: EMAIL_TAKEN };
  const resolved = await cardFor(user?.id ?? null, input.checkout.card, {
    userId: buyer.id,
    clientIp,
    submitKey: key,
  });
  if ("refusal" in resolved) return cardAnswer(resolved.refusal);
  if (!resolved.card) return CHOOSE_A_CARD;

  const bonus = input.bonusCents ?? bonusCents(input.amountCents, await giftCardSettings());
  const sale: GiftSale = {
    key,
    buyer,
    signedIn: user !== null,
    card: resolved.card,
    input,
    bonus,
    origin,
    now,
  };
  return orderAnswer(key, await runShopperFlow(giftPurchase(sale)), ANOTHER_TAB);
}

type GiftSale = {
  key: string;
  buyer: Buyer;
  signedIn: boolean;
  card: ResolvedCard;
  input: PurchaseInput;
  bonus: number;
  origin: string;
  now: Date;
};

/** The purchase's own parts of claim, charge and settle: nothing is reserved, so a decline gives nothing back. */
function giftPurchase(sale: GiftSale): ShopperFlow<null, never, string> {
  const { key, buyer, card, input } = sale;
  return {
    key,
    name: "gift_card",
    async claim(trx) {
      await claimPayment(trx, { key, userId: buyer.id, amountCents: input.amountCents, card });
      return {
        claim: null,
        charge: {
          card,
          amountCents: input.amountCents,
          description: `${formatAud(input.amountCents)} gift card`,
        },
      };
    },
    release: async () => {},
    record: (trx) => writeGiftOrder(trx, sale),
  };
}

async function saveBillingAddress(
  trx: Transaction<DB>,
  userId: number,
  a: AddressInput,
  createdAt: string,
) {
  const { id } = await trx
    .insertInto("addresses")
    .values({
      userId,
      kind: "billing",
      addressType: a.addressType,
      line1: a.line1,
      line2: a.line2 ?? null,
      city: a.city,
      state: a.state,
      postcode: a.postcode,
      country: "AU",
      company: a.company ?? null,
      createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Who a card goes to, and when its e-mail goes out. */
type CardRecipient = {
  firstName: string;
  email: string;
  message: string | null;
  deliverOn: string;
};

/** The settle of a charge, in the transaction that moved the payment row: the order, its cards and the receipt. Answers the order's reference. */
async function writeGiftOrder(trx: Transaction<DB>, sale: GiftSale): Promise<string> {
  const { key, buyer, signedIn, card, input, bonus, now } = sale;
  const { personalise: p, amountCents } = input;
  const ts = now.toISOString();
  const today = sydneyToday(now);
  const expiresOn = expiryDay(today);
  const reference = newOrderReference();
  const receiver: CardRecipient = { ...p.receiver, deliverOn: p.deliverOn };
  // The bonus card goes to the other person when asked, else to the sender, today.
  const bonusTo: CardRecipient = p.bonusReceiver ?? {
    firstName: p.sender.firstName,
    email: p.sender.email,
    message: null,
    deliverOn: today,
  };

  const billingAddressId = await saveBillingAddress(trx, buyer.id, input.checkout.billing, ts);
  const { orderId, invoiceId } = await insertPaidOrder(trx, {
    reference,
    userId: buyer.id,
    deliveryDate: p.deliverOn,
    paymentKey: key,
    billingAddressId,
    totalCents: amountCents,
    createdAt: ts,
  });
  const shared = { orderId, buyerId: buyer.id, sender: p.sender, createdAt: ts, expiresOn };
  const cardId = await insertGiftCard(trx, shared, receiver, amountCents, null);
  const lines: NewInvoiceLine[] = [
    {
      sellableType: "gift_card" as const,
      sellableId: cardId,
      name: `Gift card for ${p.receiver.firstName}`,
      quantity: 1,
      priceCents: amountCents,
    },
  ];
  if (bonus > 0) {
    const bonusId = await insertGiftCard(trx, shared, bonusTo, bonus, cardId);
    lines.push({
      sellableType: "gift_card",
      sellableId: bonusId,
      name: `Bonus gift card of ${formatAud(bonus)} for ${bonusTo.firstName}`,
      quantity: 1,
      priceCents: 0,
    });
  }
  // a gift card is a voucher, GST-free when sold (decision 031): its lines carry no GST
  await insertInvoiceLines(
    trx,
    { id: invoiceId, subtotalCents: amountCents, discountedCents: 0 },
    lines,
  );
  await linkPayment(trx, key, { orderId, giftCardId: cardId });
  if (signedIn && !card.savedId) await saveCard(trx, buyer.id, card);
  await queueGiftReceipt(trx, sale, { reference, expiresOn, receiver, bonusTo });
  return reference;
}

/** The paid gift-card order and its invoice (its lines come once the cards exist). */
async function insertPaidOrder(
  trx: Transaction<DB>,
  o: {
    reference: string;
    userId: number;
    deliveryDate: string;
    paymentKey: string;
    billingAddressId: number;
    totalCents: number;
    createdAt: string;
  },
) {
  const { id: orderId } = await trx
    .insertInto("orders")
    .values({
      reference: o.reference,
      userId: o.userId,
      subscriptionId: null,
      kind: "gift_card",
      status: "paid",
      deliveryDate: o.deliveryDate,
      deliveryWindow: null,
      createdAt: o.createdAt,
      paidAt: o.createdAt,
      paymentKey: o.paymentKey,
      billingAddressId: o.billingAddressId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: invoiceId } = await trx
    .insertInto("invoices")
    .values({
      orderId,
      subtotalCents: o.totalCents,
      discountedCents: 0,
      creditCents: 0,
      totalCents: o.totalCents,
      createdAt: o.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { orderId, invoiceId };
}

/** One card of the order, its code sealed (decision 045); `bonusOfId` is the card a bonus card came with. */
async function insertGiftCard(
  trx: Transaction<DB>,
  shared: {
    orderId: number;
    buyerId: number;
    sender: { firstName: string; email: string };
    createdAt: string;
    expiresOn: string;
  },
  to: CardRecipient,
  valueCents: number,
  bonusOfId: number | null,
): Promise<number> {
  const { id } = await trx
    .insertInto("giftCards")
    .values({
      ...newStoredCode(),
      valueCents,
      bonusOfId,
      purchaserUserId: shared.buyerId,
      senderName: shared.sender.firstName,
      senderEmail: shared.sender.email,
      receiverName: to.firstName,
      receiverEmail: to.email,
      receiverMessage: to.message,
      deliverOn: to.deliverOn,
      sentAt: null,
      claimedByUserId: null,
      claimedAt: null,
      createdAt: shared.createdAt,
      orderId: shared.orderId,
      expiresOn: shared.expiresOn,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The buyer's receipt, in the outbox of the same transaction. */
async function queueGiftReceipt(
  trx: Transaction<DB>,
  { buyer, signedIn, card, input, bonus, origin }: GiftSale,
  o: { reference: string; expiresOn: string; receiver: CardRecipient; bonusTo: CardRecipient },
) {
  const { amountCents, personalise: p } = input;
  const cardLine = (to: CardRecipient, valueCents: number, isBonus: boolean) => ({
    receiverName: to.firstName,
    receiverEmail: to.email,
    valueCents,
    deliverOn: to.deliverOn,
    expiresOn: o.expiresOn,
    bonus: isBonus,
  });
  await queueEmail(trx, giftCardReceiptEmail, buyer.email, {
    reference: o.reference,
    buyerName: buyer.firstName ?? p.sender.firstName,
    cards: [
      cardLine(o.receiver, amountCents, false),
      ...(bonus > 0 ? [cardLine(o.bonusTo, bonus, true)] : []),
    ],
    chargedCents: amountCents,
    card: `${card.brand} ending in ${card.lastFour}`,
    invoiceUrl: `${origin}${taxInvoicePath(o.reference)}`,
    setPasswordUrl: signedIn ? null : `${origin}/forgot-password`,
  });
}

export type GiftOrderSummary = {
  reference: string;
  createdAt: string;
  chargedCents: number;
  cards: {
    receiverName: string;
    valueCents: number;
    deliverOn: string;
    expiresOn: string | null;
    bonus: boolean;
  }[];
};

/** A gift-card order for the success page: the buyer's own, or the one this browser just placed. */
export async function giftOrderSummary(
  reference: string,
  access: { userId: number | null; placedHere: boolean },
): Promise<GiftOrderSummary | null> {
  const order = await db
    .selectFrom("orders")
    .innerJoin("invoices", "invoices.orderId", "orders.id")
    .select([
      "orders.id",
      "orders.reference",
      "orders.userId",
      "orders.createdAt",
      "invoices.totalCents",
    ])
    .where("orders.reference", "=", reference)
    .where("orders.kind", "=", "gift_card")
    .executeTakeFirst();
  if (!order || !(access.placedHere || (access.userId !== null && order.userId === access.userId)))
    return null;
  const cards = await db
    .selectFrom("giftCards")
    .select(["receiverName", "valueCents", "deliverOn", "expiresOn", "bonusOfId"])
    .where("orderId", "=", order.id)
    .orderBy("id")
    .execute();
  return {
    reference: order.reference,
    createdAt: order.createdAt,
    chargedCents: order.totalCents,
    cards: cards.map((c) => ({
      receiverName: c.receiverName,
      valueCents: c.valueCents,
      deliverOn: c.deliverOn,
      expiresOn: c.expiresOn,
      bonus: c.bonusOfId !== null,
    })),
  };
}
