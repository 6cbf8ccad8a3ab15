// Card refunds of a customer's order not confirmed yet (decision 072): the gateway did not answer in
// time, so whether the money went back is being confirmed with it. The order's page says so beside the
// tax invoice; the adjustment note follows by e-mail once the refund is confirmed.
import { db } from "~/db/client.server";

export type RefundBeingConfirmed = { amountCents: number; card: string | null };

/** The customer's own order's card refunds still pending or unknown, oldest first. */
export async function refundsBeingConfirmed(
  userId: number,
  reference: string,
): Promise<RefundBeingConfirmed[]> {
  const rows = await db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .leftJoin("payments", "payments.id", "refunds.paymentId")
    .select(["refunds.amountCents", "payments.cardBrand", "payments.cardLastFour"])
    .where("orders.userId", "=", userId)
    .where("orders.reference", "=", reference)
    .where("refunds.status", "in", ["pending", "unknown"])
    .orderBy("refunds.id", "asc")
    .execute();
  return rows.map((r) => ({
    amountCents: r.amountCents,
    card: r.cardBrand && r.cardLastFour ? `${r.cardBrand} ending in ${r.cardLastFour}` : null,
  }));
}
