// A printable tax invoice: the shop's ABN and address, the customer, the
// lines, discount, credit, total, GST included and how it was paid.
import { BRAND, BUSINESS } from "~/config";
import { formatShortDate } from "~/accounts/format";
import { onFirstUse } from "~/utils/first-use";
import { formatAud, gstSentence } from "~/utils/money";
import type { TaxInvoice } from "../invoice.server";
import { TotalRow } from "./total-row";

const day = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-AU", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Australia/Sydney",
    }),
);
export const formatPaidDate = (iso: string | null) =>
  iso ? day().format(new Date(iso)) : "Not recorded";

/** A gift card is a voucher: the GST falls on what it later pays for (decision 031). */
const GIFT_CARD_GST = "Gift cards carry no GST: it is included in what a card is spent on.";

export function TaxInvoiceSheet({ invoice }: { invoice: TaxInvoice }) {
  const s = invoice.summary;
  return (
    <article className="invoice__sheet" aria-labelledby="invoice-title">
      <header className="invoice__head">
        <ShopDetails />
        <InvoiceFacts invoice={invoice} />
      </header>
      <InvoiceParties invoice={invoice} />
      <InvoiceTable invoice={invoice} />
      <PaymentSection invoice={invoice} />
      <p className="invoice__foot">
        {invoice.kind === "gift_card" ? GIFT_CARD_GST : gstSentence(s.gstCents)}
        {s.gstCents > 0 && s.lines.some((l) => !l.taxable)
          ? " GST applies to the items marked *; the others are GST-free fresh food."
          : ""}{" "}
        Thank you for supporting Australian farming and fishing families.
      </p>
    </article>
  );
}

/** The seller, as a tax invoice must name it: legal name, ABN, address. */
function ShopDetails() {
  return (
    <div className="invoice__from">
      <p className="invoice__brand">{BRAND.name}</p>
      <address className="invoice__address">
        {BUSINESS.legalName}
        <br />
        ABN {BUSINESS.abn}
        <br />
        {BUSINESS.address.line1}
        <br />
        {BUSINESS.address.city} {BUSINESS.address.state} {BUSINESS.address.postcode}
        <br />
        {BRAND.supportEmail} · {BRAND.supportPhone}
      </address>
    </div>
  );
}

function InvoiceFacts({ invoice }: { invoice: TaxInvoice }) {
  return (
    <div className="invoice__meta">
      <h1 id="invoice-title" className="invoice__title">
        {invoice.test ? "TEST tax invoice" : "Tax invoice"}
      </h1>
      {invoice.test ? (
        <p className="invoice__test">
          TEST: this shop takes no real payments. Nothing was charged and this is not a tax invoice
          for a real sale.
        </p>
      ) : null}
      <dl className="invoice__facts">
        <div>
          <dt>Invoice number</dt>
          <dd>{invoice.reference}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatPaidDate(invoice.paidAt)}</dd>
        </div>
        {invoice.deliveryDate ? (
          <div>
            <dt>Delivery</dt>
            <dd>{formatShortDate(invoice.deliveryDate)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

function InvoiceParties({ invoice }: { invoice: TaxInvoice }) {
  return (
    <div className="invoice__parties">
      <section className="invoice__to" aria-labelledby="invoice-to">
        <h2 id="invoice-to" className="invoice__label">
          Bill to
        </h2>
        <p>
          {invoice.customer.name}
          <br />
          {invoice.customer.email}
          {invoice.billingAddress
            ? invoice.billingAddress.lines.map((l, i) => (
                <span key={i}>
                  <br />
                  {l}
                </span>
              ))
            : null}
        </p>
      </section>
      {invoice.deliveryAddress ? (
        <section className="invoice__ship" aria-labelledby="invoice-ship-to">
          <h2 id="invoice-ship-to" className="invoice__label">
            Deliver to
          </h2>
          <p>
            {invoice.deliveryAddress.lines.map((l, i) => (
              <span key={i}>
                {i ? <br /> : null}
                {l}
              </span>
            ))}
          </p>
        </section>
      ) : null}
    </div>
  );
}

function InvoiceTable({ invoice }: { invoice: TaxInvoice }) {
  const s = invoice.summary;
  return (
    <table className="invoice__table">
      <caption className="visually-hidden">Items on invoice {invoice.reference}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Qty
          </th>
          <th scope="col" className="num">
            Unit price
          </th>
          <th scope="col" className="num">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {s.lines.map((l, i) => (
          <tr key={i}>
            <td>
              {l.name}
              {l.taxable && s.lines.some((x) => !x.taxable) ? (
                <span aria-label=" (GST applies)"> *</span>
              ) : null}
            </td>
            <td className="num">{l.quantity}</td>
            <td className="num">{formatAud(l.quantity ? l.lineCents / l.quantity : 0)}</td>
            <td className="num">{formatAud(l.lineCents)}</td>
          </tr>
        ))}
      </tbody>
      <InvoiceTotals invoice={invoice} />
    </table>
  );
}

function InvoiceTotals({ invoice }: { invoice: TaxInvoice }) {
  const s = invoice.summary;
  return (
    <tfoot>
      <TotalRow label="Subtotal" span={3}>
        {formatAud(s.subtotalCents)}
      </TotalRow>
      <TotalRow label="Discount" span={3}>
        {s.discountedCents ? `-${formatAud(s.discountedCents)}` : formatAud(0)}
      </TotalRow>
      {invoice.kind === "gift_card" ? null : (
        <TotalRow label="Delivery" span={3}>
          Free
        </TotalRow>
      )}
      <tr className="invoice__total">
        <th scope="row" colSpan={3}>
          Total
        </th>
        <td className="num">{formatAud(invoice.invoiceTotalCents)}</td>
      </tr>
      <TotalRow label="GST included" span={3}>
        {formatAud(s.gstCents)}
      </TotalRow>
      <TotalRow label="Credit applied" span={3}>
        {s.creditCents ? `-${formatAud(s.creditCents)}` : formatAud(0)}
      </TotalRow>
      <tr className="invoice__paid">
        <th scope="row" colSpan={3}>
          Amount paid
        </th>
        <td className="num">{formatAud(invoice.payment.amountCents)}</td>
      </tr>
    </tfoot>
  );
}

function PaymentSection({ invoice }: { invoice: TaxInvoice }) {
  const { payment, summary: s } = invoice;
  const card =
    payment.brand && payment.lastFour ? `${payment.brand} ending in ${payment.lastFour}` : null;
  return (
    <section className="invoice__payment" aria-labelledby="invoice-payment">
      <h2 id="invoice-payment" className="invoice__label">
        Payment
      </h2>
      <p>
        {payment.amountCents > 0 ? (
          <>
            {formatAud(payment.amountCents)} paid{card ? <> by {card}</> : null} on{" "}
            {formatPaidDate(payment.paidAt)}.
          </>
        ) : (
          <>Paid in full with credit on {formatPaidDate(payment.paidAt)}.</>
        )}
        {s.creditCents && payment.amountCents > 0 ? (
          <> {formatAud(s.creditCents)} of credit applied.</>
        ) : null}
      </p>
    </section>
  );
}
