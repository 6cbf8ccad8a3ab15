// What the pay page (/checkout/{order}) shows, and what its action must know before it pays
// (SPEC §4 "Pay an order"): the amount due after credit, the saved cards, the contact and billing
// details on file. Paying itself is app/orders/pay-order.server.ts.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { listSavedCards, type SavedCard } from "~/payments/payments.server";
import { payableInvoice, paymentSummary, type PaymentSummary } from "./breakdown";
import { breakdownOf, findOwnOrder, type OwnOrder } from "./breakdown.server";
import { creditBalance } from "./credit.server";
import { applyCredit } from "./credit";
import type { BillingDefaults } from "./pay-order-form";
import {
  deliveryPassed,
  payTotalMoved,
  type DeliveryPassed,
  type TotalMoved,
} from "./pay-order-checks.server";
import { keptAnswers } from "~/utils/kept-answers";

export const PAYABLE = ["unpaid", "failed"] as const;
export const isPayable = (status: string) => (PAYABLE as readonly string[]).includes(status);

export type PayingUser = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  passwordHash: string | null;
};

/** Credit is fetched only for users with a password (SPEC §6). */
export async function spendableCredit(user: PayingUser, executor = db) {
  return user.passwordHash ? creditBalance({ userId: user.id }, executor) : 0;
}

// ---------------------------------------------------------------- the page

export type PayOrderPage = {
  reference: string;
  summary: PaymentSummary;
  savedCards: SavedCard[];
  contact: {
    firstName: string;
    lastName: string;
    phone: string;
    sms: boolean;
    newsletter: boolean;
  };
  billing: BillingDefaults;
};

/**
 * A stored (E.164) phone as the form shows it. libphonenumber's parse and format were ~3% of the
 * page's CPU, for the same few numbers again and again: the answers are kept, at most PHONES_KEPT.
 */
const PHONES_KEPT = 1_000;
const nationalPhones = keptAnswers<string>(PHONES_KEPT);
function nationalPhone(phone: string | null) {
  if (!phone) return "";
  return nationalPhones(
    phone,
    () => parsePhoneNumberFromString(phone, "AU")?.formatNational() ?? phone,
  );
}

const subscriptionAddressesOf = preparedQuery(
  () => db,
  (q, subscriptionId: number, userId: number) =>
    q
      .selectFrom("subscriptions")
      .select(["billingAddressId", "shippingAddressId"])
      .where("id", "=", subscriptionId)
      .where("userId", "=", userId),
);
const billingAddressesOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("addresses")
      .select([
        "id",
        "kind",
        "addressType",
        "line1",
        "line2",
        "company",
        "city",
        "state",
        "postcode",
      ])
      .where("userId", "=", userId)
      .where("removedAt", "is", null)
      .orderBy("id", "desc"),
);

/** The address on file to bill: the last one an order was paid with, else the subscription's, else the latest. */
async function billingDefaults(userId: number, order: OwnOrder): Promise<BillingDefaults> {
  const [sub] = order.subscriptionId
    ? await subscriptionAddressesOf(order.subscriptionId, userId)
    : [];
  const rows = await billingAddressesOf(userId);
  const pick =
    rows.find((r) => r.kind === "billing") ??
    rows.find((r) => r.id === sub?.billingAddressId) ??
    rows.find((r) => r.id === sub?.shippingAddressId) ??
    rows[0];
  if (!pick) return {};
  return {
    addressType: pick.addressType,
    line1: pick.line1,
    line2: pick.line2 ?? "",
    company: pick.company ?? "",
    city: pick.city,
    state: pick.state,
    postcode: pick.postcode,
  };
}

/** Everything the pay page shows, or null when the order is not the user's or does not await payment. */
export async function loadPayOrderPage(
  user: PayingUser & { sms: number | null; newsletter: number | null },
  reference: string,
): Promise<
  (PayOrderPage & { kind: "form" }) | { kind: "passed"; reference: string; message: string } | null
> {
  const order = await findOwnOrder({ userId: user.id, reference });
  if (!order) return null;
  // no form for a delivery that has passed: the page says why instead (decision 036)
  const passed = deliveryPassed(order);
  if (passed) return { kind: "passed", reference: order.reference, message: passed.message };
  if (!isPayable(order.status)) return null;
  const invoice = payableInvoice(await breakdownOf(order));
  if (!invoice) return null;
  const [balance, savedCards, billing] = await Promise.all([
    user.passwordHash ? creditBalance({ userId: user.id }) : Promise.resolve(null),
    listSavedCards({ userId: user.id }),
    billingDefaults(user.id, order),
  ]);
  return {
    kind: "form",
    reference: order.reference,
    summary: paymentSummary(invoice, balance),
    savedCards,
    contact: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      phone: nationalPhone(user.phone),
      sms: user.sms === 1,
      newsletter: user.newsletter === 1,
    },
    billing,
  };
}

/** Whether a submit must carry a card (the action recomputes what the page showed). Null: nothing to pay here. */
export async function payOrderContext(
  user: PayingUser,
  reference: string,
): Promise<PayContext | null> {
  const order = await findOwnOrder({ userId: user.id, reference });
  if (!order) return null;
  const invoice = payableInvoice(await breakdownOf(order));
  if (!invoice) return null;
  const due = applyCredit(await spendableCredit(user), invoice.total);
  return {
    cardRequired: due.totalCents > 0,
    // said before any field error: the page must show what it would charge now (decision 036)
    refusal: (expectedCents) =>
      deliveryPassed(order) ?? payTotalMoved(expectedCents, due, invoice.total),
  };
}

export type PayContext = {
  cardRequired: boolean;
  refusal: (expectedTotalCents: number | null | undefined) => DeliveryPassed | TotalMoved | null;
};
