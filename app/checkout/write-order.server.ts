// The settle of a box checkout's charge (./place-order.server.ts), in the flow's transaction: the
// customer's details, the order with its invoice and lines, the payment, code and card linked, a
// waiting gift card claimed, the subscription made active, the confirmation e-mail, and a new
// customer's session. What is slow (a password hash, the box and region) is prepared before the claim.
import type { Transaction } from "kysely";
import type { DB } from "~/db/schema";
import { insertAddress } from "~/accounts/addresses.server";
import { hashPassword } from "~/accounts/password.server";
import { retireResetTokens } from "~/accounts/password-reset.server";
import { startCheckoutSession } from "~/accounts/session.server";
import { getPackage } from "~/box/catalogue.server";
import { frequencyLabel } from "~/box/rules";
import { getRegion } from "~/delivery/lookup.server";
import { formatDeliveryDate } from "~/delivery/schedule";
import { queueEmail } from "~/email/mailer.server";
import { orderConfirmationEmail } from "~/email/templates/order-confirmation";
import { claimGiftCardCode } from "~/gift-cards/claim.server";
import { insertInvoiceLines } from "~/orders/invoice-lines.server";
import { taxInvoicePath } from "~/orders/paths";
import { newOrderReference } from "~/orders/reference.server";
import { linkPayment, saveCard } from "~/payments/payments.server";
import { agreementTerms } from "./agreement";
import type { CheckoutInput } from "./checkout-schema";
import { settleDiscountUse } from "~/discounts/discount-use.server";
import type { Checked } from "./order-checks.server";
import type { CheckoutActor } from "./place-order.server";
import type { Quote } from "~/pricing/quote.server";

export type OrderInput = CheckoutInput & { giftCode?: string | null };

/** What the box checkout's claim took: the credit spent and the rest, charged to the card. */
export type BoxClaim = { creditCents: number; totalCents: number };

/** What the order needs that is slow or read from elsewhere: worked out before the claim, so the settle holds its lock briefly. */
export type PreparedOrder = {
  passwordHash: string | null;
  boxName: string;
  region: Awaited<ReturnType<typeof getRegion>>;
  origin: string;
};

export async function prepareOrder(
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

type Line = Quote["lines"][number];

/** The customer's name, phone and choices as typed, a password set here, and when they first ordered. */
async function updateCustomer(
  trx: Transaction<DB>,
  input: OrderInput,
  customer: Checked["customer"],
  passwordHash: string | null,
  ts: string,
) {
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
}

/** The paid order, its invoice (the total before credit) and the invoice's lines. */
async function insertOrder(
  trx: Transaction<DB>,
  { actor, input, checked }: { actor: CheckoutActor; input: OrderInput; checked: Checked },
  {
    reference,
    shippingId,
    lines,
    creditCents,
    ts,
  }: {
    reference: string;
    shippingId: number;
    lines: Line[];
    creditCents: number;
    ts: string;
  },
): Promise<number> {
  const { quote, customer } = checked;
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
      creditCents,
      totalCents: quote.subtotalCents - quote.discountedCents,
      createdAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await insertInvoiceLines(
    trx,
    { id: invoiceId, subtotalCents: quote.subtotalCents, discountedCents: quote.discountedCents },
    lines.map((l) => ({
      sellableType: l.sellableType,
      sellableId: l.sellableId,
      quantity: l.quantity,
      priceCents: l.priceCents,
      name: l.name,
      free: l.free,
    })),
  );
  return orderId;
}

/** The draft becomes the active subscription, with its checked-out event. */
async function activateSubscription(
  trx: Transaction<DB>,
  { actor, input, checked }: { actor: CheckoutActor; input: OrderInput; checked: Checked },
  {
    reference,
    shippingId,
    billingId,
    ts,
  }: {
    reference: string;
    shippingId: number;
    billingId: number;
    ts: string;
  },
) {
  const { quote, customer } = checked;
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
}

/** The confirmation e-mail, in the transaction: the posted date and frequency on the region's run days. */
async function queueConfirmation(
  trx: Transaction<DB>,
  { input, checked, prepared }: { input: OrderInput; checked: Checked; prepared: PreparedOrder },
  { reference, lines, paid }: { reference: string; lines: Line[]; paid: BoxClaim },
) {
  const { quote, customer, card } = checked;
  const { origin } = prepared;
  // the posted date and frequency, on the region's run days: what the page agreed and the renewals will do
  const terms = agreementTerms(prepared.region, input.deliveryDate, input.frequencyDays);
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
}

/**
 * The settle of a charge, in the caller's transaction: order, invoice, lines, the active subscription, the
 * account, the card, the e-mail and a new customer's session. Answers the order's reference.
 */
export async function writeOrder(
  trx: Transaction<DB>,
  actor: CheckoutActor,
  input: OrderInput,
  checked: Checked,
  prepared: PreparedOrder,
  paid: BoxClaim & { key: string },
): Promise<string> {
  const { quote, customer, card } = checked;
  const reference = newOrderReference();
  const ts = new Date().toISOString();
  // the invoice and the e-mail name a code's free item the same way
  const lines = quote.lines.map((l) =>
    l.free ? { ...l, name: `${l.name} (free with ${quote.discount?.code ?? "discount"})` } : l,
  );
  const order = { actor, input, checked };

  await updateCustomer(trx, input, customer, prepared.passwordHash, ts);
  const shippingId = await insertAddress(trx, customer.id, "shipping", input.shipping);
  const billingId = input.billingSameAsShipping
    ? shippingId
    : await insertAddress(trx, customer.id, "billing", input.billing);
  const orderId = await insertOrder(trx, order, {
    reference,
    shippingId,
    lines,
    creditCents: paid.creditCents,
    ts,
  });
  await linkPayment(trx, paid.key, { orderId });
  await settleDiscountUse(trx, paid.key, orderId);
  if (card && !card.savedId) await saveCard(trx, customer.id, card);
  // A new customer's waiting gift card becomes credit on the account they just made (next deliveries).
  if (input.giftCode) await claimGiftCardCode(trx, { userId: customer.id, code: input.giftCode });
  await activateSubscription(trx, order, { reference, shippingId, billingId, ts });
  await queueConfirmation(trx, { input, checked, prepared }, { reference, lines, paid });
  if (!actor.user) await startCheckoutSession(trx, actor.session, customer.id, paid.key);
  return reference;
}
