// An adjustment note (issue 36): what the ATO expects when a taxable sale is reduced by a refund. The
// words "Adjustment note", the shop's ABN, the original tax invoice, the amount and the GST adjusted.
// Shown beside the tax invoice it adjusts, with the invoice's sheet styles.
import { BRAND, BUSINESS } from "~/config";
import { formatAud } from "~/utils/money";
import type { AdjustmentNote } from "../invoice.server";
import { formatPaidDate } from "./tax-invoice";

export function AdjustmentNoteSheet({
  note,
  invoiceReference,
}: {
  note: AdjustmentNote;
  invoiceReference: string;
}) {
  const titleId = `note-${note.noteNumber}`;
  return (
    <article
      className="invoice__sheet adjustment-note"
      aria-labelledby={titleId}
      data-note={note.noteNumber}
      style={{ marginTop: "var(--space-m)" }}
    >
      <header className="invoice__head">
        <div className="invoice__from">
          <p className="invoice__brand">{BRAND.name}</p>
          <p className="invoice__address">
            {BUSINESS.legalName}
            <br />
            ABN {BUSINESS.abn}
          </p>
        </div>
        <div className="invoice__meta">
          <h2 id={titleId} className="invoice__title">
            Adjustment note
          </h2>
          <dl className="invoice__facts">
            <div>
              <dt>Note number</dt>
              <dd>{note.noteNumber}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatPaidDate(note.issuedAt)}</dd>
            </div>
            <div>
              <dt>Original tax invoice</dt>
              <dd>{invoiceReference}</dd>
            </div>
          </dl>
        </div>
      </header>
      <table className="invoice__table">
        <caption className="visually-hidden">
          Adjustment note {note.noteNumber} to tax invoice {invoiceReference}
        </caption>
        <tbody>
          <tr>
            <th scope="row">Reason</th>
            <td className="num">{note.reason}</td>
          </tr>
          <tr className="invoice__total">
            <th scope="row">Amount refunded</th>
            <td className="num">{formatAud(note.amountCents)}</td>
          </tr>
          <tr>
            <th scope="row">GST adjusted</th>
            <td className="num">{formatAud(note.gstCents)}</td>
          </tr>
        </tbody>
      </table>
      <p className="invoice__foot">
        {note.method === "card"
          ? `Refunded to your ${note.card ?? "card"}.`
          : "Refunded as account credit, used on your next deliveries."}{" "}
        This note reduces the total of tax invoice {invoiceReference} by{" "}
        {formatAud(note.amountCents)}
        {note.gstCents > 0 ? `, of which ${formatAud(note.gstCents)} is GST` : ""}.
      </p>
    </article>
  );
}

export function AdjustmentNotes({
  notes,
  invoiceReference,
}: {
  notes: AdjustmentNote[];
  invoiceReference: string;
}) {
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map((n) => (
        <AdjustmentNoteSheet key={n.noteNumber} note={n} invoiceReference={invoiceReference} />
      ))}
    </>
  );
}
