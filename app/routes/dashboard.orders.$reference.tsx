// /dashboard/orders/{reference}: the tax invoice of a paid order (owner only), printable, and the
// adjustment note of each refund beside it (issue 36).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { requireUser } from "~/accounts/session.server";
import { AdjustmentNotes } from "~/orders/components/adjustment-note";
import { TaxInvoiceSheet } from "~/orders/components/tax-invoice";
import { loadTaxInvoice } from "~/orders/invoice.server";
import { PAY_MESSAGES } from "~/orders/pay-order-messages";
import { refundsBeingConfirmed } from "~/orders/refunds-being-confirmed.server";
import { formatAud } from "~/utils/money";
import { MY_DELIVERIES_PATH, payOrderPath } from "~/orders/paths";
import { pageMeta } from "~/utils/meta";
import ordersHref from "~/styles/orders.css";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data ? `Tax invoice ${data.invoice.reference}` : "Tax invoice",
    "The tax invoice of your order.",
  );

export const links = () => [{ rel: "stylesheet", href: ordersHref }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await loadTaxInvoice({ userId: user.id, reference: params.reference ?? "" });
  // someone else's order answers like a missing one
  if (found.status === "not_found") throw new Response("Not found", { status: 404 });
  if (found.status === "unpaid") throw redirect(payOrderPath(found.reference));
  const params_ = new URL(request.url).searchParams;
  return {
    invoice: found.invoice,
    confirming: await refundsBeingConfirmed(user.id, found.invoice.reference),
    justPaid: params_.get("paid") === "1",
    alreadyPaid: params_.get("notice") === "already-paid",
    newPrimary: params_.get("paid") === "1" && params_.get("card") === "primary",
  };
}

export default function TaxInvoicePage() {
  const { invoice, justPaid, alreadyPaid, newPrimary, confirming } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <section className="invoice container" aria-label={`Tax invoice ${invoice.reference}`}>
      {justPaid ? (
        <div
          className="form-alert form-alert--success invoice__notice"
          role="status"
          id="paid"
          tabIndex={-1}
        >
          <p>
            <strong>Thank you, order {invoice.reference} is paid.</strong> We've e-mailed your
            receipt.
          </p>
          {newPrimary && invoice.payment.brand ? (
            <p>
              Your next deliveries will be charged to this {invoice.payment.brand} ending in{" "}
              {invoice.payment.lastFour}, not the card that was declined.{" "}
              <Link to="/dashboard/account#cards">Change it under your account</Link>.
            </p>
          ) : null}
        </div>
      ) : null}
      {alreadyPaid && !justPaid ? (
        <div className="form-alert form-alert--info invoice__notice" role="status">
          <p>
            <strong>{PAY_MESSAGES.alreadyPaid}</strong> Nothing more was charged. Here is its tax
            invoice.
          </p>
        </div>
      ) : null}
      {confirming.map((r, i) => (
        <div key={i} className="form-alert form-alert--info invoice__notice" role="status">
          <p>
            <strong>Refund being confirmed.</strong> A refund of {formatAud(r.amountCents)} to your{" "}
            {r.card ?? "card"} is being confirmed with our payment provider. We'll e-mail you its
            adjustment note once it is.
          </p>
        </div>
      ))}
      <div className="invoice__actions">
        <Link to={MY_DELIVERIES_PATH} className="button button--quiet">
          Back to my deliveries
        </Link>
        {hydrated ? (
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            Print invoice
          </button>
        ) : (
          <p className="invoice__print-hint">
            Use your browser's Print command to print or save this invoice as a PDF.
          </p>
        )}
      </div>
      <TaxInvoiceSheet invoice={invoice} />
      <AdjustmentNotes notes={invoice.adjustmentNotes} invoiceReference={invoice.reference} />
    </section>
  );
}
