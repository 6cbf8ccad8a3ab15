// The parts of one gift card's page (/admin/gift-cards/{id}): what a press did, the card's facts, its
// purchase with its refunds, and the resend and cancel forms (or why neither is offered).
import { Form, Link } from "@remix-run/react";
import { TableBox } from "~/admin/components/table-box";
import { formatAud, formatStaffDay, formatStaffTime } from "~/admin/format";
import { CsrfInput } from "~/components/csrf-input";
import { giftCardPath, GiftStateBadge } from "./components";
import type { GiftCardDetail } from "./gift-cards.server";

type Card = GiftCardDetail;

const REFUND_STATUS: Record<string, string> = {
  pending: "Being refunded",
  unknown: "Refund being confirmed",
  succeeded: "Refunded",
  failed: "Not made",
};

/** What the last press did (the page it redirected to says). */
export function DoneNote({ done, card }: { done: string; card: Card }) {
  return (
    <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1}>
      {done === "resent"
        ? `Gift card resent to ${card.receiverEmail} with a new code ending ${card.codeLast4}. The old code no longer works.`
        : done === "confirming"
          ? `Gift card cancelled. The payment gateway did not answer in time, so the refund of its purchase is being confirmed: the card stays cancelled meanwhile, and we e-mail ${card.senderEmail} once it is refunded.`
          : `Gift card cancelled and its purchase refunded to the buyer's card. We e-mailed ${card.senderEmail}.`}
    </p>
  );
}

export function CardFacts({ card }: { card: Card }) {
  return (
    <section className="admin-card" aria-labelledby="card-title">
      <h2 id="card-title">The card</h2>
      <dl className="admin-facts gift-facts">
        <dt>Code</dt>
        <dd>•••• {card.codeLast4}</dd>
        <dt>Value</dt>
        <dd>{formatAud(card.valueCents)}</dd>
        <dt>From</dt>
        <dd>
          {card.senderName} ({card.senderEmail})
        </dd>
        <dt>To</dt>
        <dd>
          {card.receiverName} ({card.receiverEmail})
        </dd>
        <dt>Delivery day</dt>
        <dd>{formatStaffDay(card.deliverOn)}</dd>
        <dt>Sent</dt>
        <dd>{card.sentAt ? formatStaffTime(card.sentAt) : "Not yet"}</dd>
        <dt>Claimed</dt>
        <dd>{card.claimedAt ? formatStaffTime(card.claimedAt) : "No"}</dd>
        {card.cancelledAt ? (
          <>
            <dt>Cancelled</dt>
            <dd>{formatStaffTime(card.cancelledAt)}</dd>
          </>
        ) : null}
        <dt>Valid until</dt>
        <dd>{card.expiresOn ? formatStaffDay(card.expiresOn) : "No expiry recorded"}</dd>
        {card.bonus && card.bonusOfId ? (
          <>
            <dt>Bonus of</dt>
            <dd>
              <Link to={giftCardPath(card.bonusOfId)}>Gift card •••• {card.parentLast4}</Link>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

export function PurchaseFacts({ card }: { card: Card }) {
  return (
    <section className="admin-card" aria-labelledby="purchase-title">
      <h2 id="purchase-title">Purchase</h2>
      <dl className="admin-facts gift-facts">
        <dt>Order</dt>
        <dd>{card.orderReference ?? "None"}</dd>
        <dt>Paid</dt>
        <dd>
          {card.payment
            ? `${formatAud(card.payment.amountCents)}${card.payment.card ? ` by ${card.payment.card}` : ""} (${card.payment.status})`
            : "No card payment"}
        </dd>
        {card.bonusCards.map((b) => (
          <div key={b.id} className="gift-facts-row">
            <dt>Bonus card</dt>
            <dd>
              {/* ") " as one text node, as the page has always rendered it */}
              <Link to={giftCardPath(b.id)}>•••• {b.codeLast4}</Link> ({formatAud(b.valueCents)}
              {") "}
              <GiftStateBadge state={b.state} />
            </dd>
          </div>
        ))}
      </dl>
      {card.refunds.length ? <RefundsTable refunds={card.refunds} /> : null}
    </section>
  );
}

function RefundsTable({ refunds }: { refunds: Card["refunds"] }) {
  return (
    <TableBox label="Refunds" className="gift-refunds">
      <table className="admin-table">
        <caption>Refunds</caption>
        <thead>
          <tr>
            <th scope="col">Note</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((r) => (
            <tr key={r.noteNumber}>
              <th scope="row">{r.noteNumber}</th>
              <td className="num">{formatAud(r.amountCents)}</td>
              <td>{REFUND_STATUS[r.status] ?? r.status}</td>
              <td>{formatStaffTime(r.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

type Busy = { busy: unknown };

/** The resend and cancel forms the card allows; `busy` is the intent being sent, if any. */
export function GiftCardActions({
  card,
  cancelKey,
  busy,
}: { card: Card; cancelKey: string } & Busy) {
  return (
    <section className="admin-section" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      {card.canResend || card.canCancel ? (
        <div className="gift-actions">
          {card.canResend ? <ResendForm card={card} busy={busy} /> : null}
          {card.canCancel ? <CancelForm card={card} cancelKey={cancelKey} busy={busy} /> : null}
        </div>
      ) : (
        <p className="admin-empty">{noActionReason(card)}</p>
      )}
    </section>
  );
}

function ResendForm({ card, busy }: { card: Card } & Busy) {
  return (
    <Form method="post" className="admin-card gift-action">
      <CsrfInput />
      <input type="hidden" name="intent" value="resend" />
      <p>
        Sends the card to {card.receiverEmail} again with a <strong>new code</strong>: the code
        ending {card.codeLast4} stops working. (We keep no copy of a code once it was e-mailed.)
      </p>
      <button
        type="submit"
        className="button button--secondary"
        aria-disabled={busy ? true : undefined}
        onClick={(e) => busy && e.preventDefault()}
      >
        {busy === "resend" ? "Sending…" : "Resend with a new code"}
      </button>
    </Form>
  );
}

function CancelForm({ card, cancelKey, busy }: { card: Card; cancelKey: string } & Busy) {
  return (
    <Form method="post" className="admin-card gift-action">
      <CsrfInput />
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="key" value={cancelKey} />
      <p>
        Cancels the card (it can no longer be claimed
        {card.bonusCards.length ? ", nor its bonus card" : ""}), refunds{" "}
        {formatAud(card.payment?.amountCents ?? 0)} to the buyer&rsquo;s card and e-mails{" "}
        {card.senderEmail}.
      </p>
      <button
        type="submit"
        className="button button--primary gift-danger"
        aria-disabled={busy ? true : undefined}
        onClick={(e) => busy && e.preventDefault()}
      >
        {busy === "cancel"
          ? "Cancelling…"
          : `Cancel and refund ${formatAud(card.payment?.amountCents ?? 0)}`}
      </button>
    </Form>
  );
}

/** Why a card offers neither resend nor cancel. */
function noActionReason(card: {
  state: string;
  bonus: boolean;
  receiverEmail: string;
  deliverOn: string;
}): string {
  if (card.state === "claimed") return "Nothing to do: the card was claimed.";
  if (card.state === "cancelled") return "Nothing to do: the card was cancelled.";
  if (card.state === "expired") return "Nothing to do: the card has expired.";
  if (card.bonus) return "A bonus card is cancelled with the card that was bought with it.";
  if (card.state === "scheduled")
    return `This card goes to ${card.receiverEmail} by itself on ${formatStaffDay(card.deliverOn)}.`;
  return "Nothing to do: the card has no card payment to refund.";
}
