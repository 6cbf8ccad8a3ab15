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

/** The settle of a charge, in the transaction that moved the payment row: the order, its cards and the receipt. Answers the order's reference. */
async function writeGiftOrder(
  trx: Transaction<DB>,
  { key, buyer, signedIn, card, input, bonus, origin, now }: GiftSale,
): Promise<string> {
  const { personalise: p, amountCents } = input;
  const ts = now.toISOString();
  const today = sydneyToday(now);
  const expiresOn = expiryDay(today);
  const reference = newOrderReference();
  const sender = { senderName: p.sender.firstName, senderEmail: p.sender.email };
  // The bonus card goes to the other person when asked, else to the sender, today.
  const bonusTo = p.bonusReceiver ?? {
    firstName: p.sender.firstName,
    email: p.sender.email,
    message: null,
    deliverOn: today,
  };

  const billingAddressId = await saveBillingAddress(trx, buyer.id, input.checkout.billing, ts);
  const { id: orderId } = await trx
    .insertInto("orders")
    .values({
      reference,
      userId: buyer.id,
      subscriptionId: null,
      kind: "gift_card",
      status: "paid",
      deliveryDate: p.deliverOn,
      deliveryWindow: null,
      createdAt: ts,
      paidAt: ts,
      paymentKey: key,
      billingAddressId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: invoiceId } = await trx
    .insertInto("invoices")
    .values({
      orderId,
      subtotalCents: amountCents,
      discountedCents: 0,
      creditCents: 0,
      totalCents: amountCents,
      createdAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: cardId } = await trx
    .insertInto("giftCards")
    .values({
      ...newStoredCode(),
      valueCents: amountCents,
      bonusOfId: null,
      purchaserUserId: buyer.id,
      ...sender,
      receiverName: p.receiver.firstName,
      receiverEmail: p.receiver.email,
      receiverMessage: p.receiver.message,
      deliverOn: p.deliverOn,
      sentAt: null,
      claimedByUserId: null,
      claimedAt: null,
      createdAt: ts,
      orderId,
      expiresOn,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
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
    const { id: bonusId } = await trx
      .insertInto("giftCards")
      .values({
        ...newStoredCode(),
        valueCents: bonus,
        bonusOfId: cardId,
        purchaserUserId: buyer.id,
        ...sender,
        receiverName: bonusTo.firstName,
        receiverEmail: bonusTo.email,
        receiverMessage: bonusTo.message,
        deliverOn: bonusTo.deliverOn,
        sentAt: null,
        claimedByUserId: null,
        claimedAt: null,
        createdAt: ts,
        orderId,
        expiresOn,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
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

  await queueEmail(trx, giftCardReceiptEmail, buyer.email, {
    reference,
    buyerName: buyer.firstName ?? p.sender.firstName,
    cards: [
      {
        receiverName: p.receiver.firstName,
        receiverEmail: p.receiver.email,
        valueCents: amountCents,
        deliverOn: p.deliverOn,
        expiresOn,
        bonus: false,
      },
      ...(bonus > 0
        ? [
            {
              receiverName: bonusTo.firstName,
              receiverEmail: bonusTo.email,
              valueCents: bonus,
              deliverOn: bonusTo.deliverOn,
              expiresOn,
              bonus: true,
            },
          ]
        : []),
    ],
    chargedCents: amountCents,
    card: `${card.brand} ending in ${card.lastFour}`,
    invoiceUrl: `${origin}${taxInvoicePath(reference)}`,
    setPasswordUrl: signedIn ? null : `${origin}/forgot-password`,
  });
  return reference;
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
