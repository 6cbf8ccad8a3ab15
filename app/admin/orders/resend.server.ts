// Resend an order's e-mail (issue 36): the confirmation, or the tax invoice (the receipt e-mail with
// its link). Each is queued in the outbox like any other e-mail, with its audit entry in the same
// transaction.
import type { Staff } from "~/staff/staff-session.server";
import { writeAudit } from "~/staff/audit.server";
import { db } from "~/db/client.server";
import { queueEmail } from "~/email/mailer.server";
import { orderReceiptEmail } from "~/email/templates/order-receipt";
import { loadTaxInvoice } from "~/orders/invoice.server";
import { taxInvoicePath } from "~/orders/paths";

export const RESEND_KINDS = ["confirmation", "invoice"] as const;
export type ResendKind = (typeof RESEND_KINDS)[number];

export const RESEND_MESSAGES = {
  kind: "Choose the e-mail to resend.",
  noConfirmation:
    "This order has no confirmation e-mail to resend (renewals and paid-later orders get a receipt instead). Resend the tax invoice.",
  unpaid: "This order is not paid yet, so it has no tax invoice to send.",
  sent: (what: string, to: string) => `The ${what} was sent again to ${to}.`,
} as const;

/** The templates that confirm an order when it is placed. */
const CONFIRMATIONS = ["order-confirmation", "gift-card-receipt"];

export type ResendOutcome = { ok: true; message: string } | { ok: false; message: string };

type ResendOrder = {
  reference: string;
  userId: number;
  email: string;
  firstName: string | null;
};

/** The order's confirmation again, as it was written (found in the outbox by its reference). */
async function resendConfirmation(
  staff: Pick<Staff, "id" | "role" | "ip">,
  order: ResendOrder,
): Promise<ResendOutcome> {
  const like = `%${order.reference}%`;
  const original = await db
    .selectFrom("emailOutbox")
    .select(["subject", "text", "html", "template"])
    .where("toAddress", "=", order.email.toLowerCase())
    .where("template", "in", CONFIRMATIONS)
    .where((eb) => eb.or([eb("subject", "like", like), eb("text", "like", like)]))
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!original) return { ok: false, message: RESEND_MESSAGES.noConfirmation };
  await db.transaction().execute(async (trx) => {
    // the confirmation as it was written (once sent, the outbox keeps its text only)
    const { id } = await trx
      .insertInto("emailOutbox")
      .values({
        toAddress: order.email,
        subject: original.subject,
        text: original.text,
        html: original.html,
        template: original.template,
        createdAt: new Date().toISOString(),
        sentAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeAudit(trx, staff, {
      action: "order.resend_email",
      entityType: "order",
      entityId: order.reference,
      after: { template: original.template, emailId: id },
    });
  });
  return { ok: true, message: RESEND_MESSAGES.sent("confirmation", order.email) };
}

/** The order's tax invoice, as the receipt e-mail. */
async function resendReceipt(
  staff: Pick<Staff, "id" | "role" | "ip">,
  order: ResendOrder,
  origin: string,
): Promise<ResendOutcome> {
  const found = await loadTaxInvoice({ userId: order.userId, reference: order.reference });
  if (found.status !== "ok") return { ok: false, message: RESEND_MESSAGES.unpaid };
  const inv = found.invoice;
  await db.transaction().execute(async (trx) => {
    const id = await queueEmail(trx, orderReceiptEmail, order.email, {
      firstName: order.firstName,
      reference: inv.reference,
      lines: inv.summary.lines,
      subtotalCents: inv.summary.subtotalCents,
      discountedCents: inv.summary.discountedCents,
      creditCents: inv.summary.creditCents,
      chargedCents: inv.payment.amountCents,
      gstCents: inv.summary.gstCents,
      card:
        inv.payment.brand && inv.payment.lastFour
          ? `${inv.payment.brand} ending in ${inv.payment.lastFour}`
          : null,
      invoiceUrl: `${origin}${taxInvoicePath(inv.reference)}`,
    });
    await writeAudit(trx, staff, {
      action: "order.resend_email",
      entityType: "order",
      entityId: order.reference,
      after: { template: orderReceiptEmail.name, emailId: id },
    });
  });
  return { ok: true, message: RESEND_MESSAGES.sent("tax invoice", order.email) };
}

export async function resendOrderEmail({
  staff,
  reference,
  kind,
  origin,
}: {
  staff: Pick<Staff, "id" | "role" | "ip">;
  reference: string;
  kind: ResendKind;
  origin: string;
}): Promise<ResendOutcome> {
  const order = await db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.userId")
    .select(["orders.id", "orders.reference", "orders.userId", "users.email", "users.firstName"])
    .where("orders.reference", "=", reference)
    .executeTakeFirst();
  if (!order) return { ok: false, message: RESEND_MESSAGES.unpaid };
  return kind === "confirmation"
    ? resendConfirmation(staff, order)
    : resendReceipt(staff, order, origin);
}
