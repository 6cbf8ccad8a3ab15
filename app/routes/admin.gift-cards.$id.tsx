// /admin/gift-cards/{id}: one gift card, its purchase and refunds; resend it (a sent card gets a new
// code) or cancel it unclaimed with a refund (once per press: the form carries an idempotency key).
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { appOrigin } from "~/accounts/origin.server";
import { AdminPage } from "~/admin/components/admin-page";
import { formatAud, formatStaffDay, formatStaffTime } from "~/admin/format";
import { giftCardPath, GiftStateBadge } from "~/admin/gift-cards/components";
import { giftCardFormAction } from "~/admin/gift-cards/gift-card-actions.server";
import { giftCardDetail } from "~/admin/gift-cards/gift-cards.server";
import { requireStaff } from "~/staff/staff-session.server";
import { CsrfInput } from "~/components/csrf-input";
import { readForm } from "~/security/csrf.server";
import giftHref from "~/styles/admin-gift-cards.css";
import { TableBox } from "~/admin/components/table-box";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Gift card ${data ? `•••• ${data.card.codeLast4}` : ""} | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: giftHref }];

function idOf(params: { id?: string }) {
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id)) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "gift_cards");
  const card = await giftCardDetail(idOf(params));
  if (!card) throw new Response("Not found", { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      card,
      // a new key for each page shown: a second press of the same form is the same refund
      cancelKey: randomUUID(),
      done: done === "resent" || done === "cancelled" || done === "confirming" ? done : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "gift_cards");
  const id = idOf(params);
  const formData = await readForm(request);
  const outcome = await giftCardFormAction(staff, id, formData, appOrigin(request));
  if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status });
  const done =
    formData.get("intent") === "resend"
      ? "resent"
      : outcome.confirming
        ? "confirming"
        : "cancelled";
  return redirect(`${giftCardPath(id)}?done=${done}#status`, 303);
}

const REFUND_STATUS: Record<string, string> = {
  pending: "Being refunded",
  unknown: "Refund being confirmed",
  succeeded: "Refunded",
  failed: "Not made",
};

export default function GiftCardPage() {
  const { card, cancelKey, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  return (
    <AdminPage
      title={`Gift card •••• ${card.codeLast4}`}
      lead={
        <>
          {formatAud(card.valueCents)} {card.bonus ? "bonus card " : ""}from {card.senderName} to{" "}
          {card.receiverName} · <GiftStateBadge state={card.state} />
        </>
      }
      actions={
        <Link to="/admin/gift-cards" className="button button--quiet">
          All gift cards
        </Link>
      }
    >
      {done ? (
        <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1}>
          {done === "resent"
            ? `Gift card resent to ${card.receiverEmail} with a new code ending ${card.codeLast4}. The old code no longer works.`
            : done === "confirming"
              ? `Gift card cancelled. The payment gateway did not answer in time, so the refund of its purchase is being confirmed: the card stays cancelled meanwhile, and we e-mail ${card.senderEmail} once it is refunded.`
              : `Gift card cancelled and its purchase refunded to the buyer's card. We e-mailed ${card.senderEmail}.`}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <div className="admin-grid">
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
                  <Link to={giftCardPath(b.id)}>•••• {b.codeLast4}</Link> ({formatAud(b.valueCents)}
                  ) <GiftStateBadge state={b.state} />
                </dd>
              </div>
            ))}
          </dl>
          {card.refunds.length ? (
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
                  {card.refunds.map((r) => (
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
          ) : null}
        </section>
      </div>

      <section className="admin-section" aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        {card.canResend || card.canCancel ? (
          <div className="gift-actions">
            {card.canResend ? (
              <Form method="post" className="admin-card gift-action">
                <CsrfInput />
                <input type="hidden" name="intent" value="resend" />
                <p>
                  Sends the card to {card.receiverEmail} again with a <strong>new code</strong>: the
                  code ending {card.codeLast4} stops working. (We keep no copy of a code once it was
                  e-mailed.)
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
            ) : null}
            {card.canCancel ? (
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
            ) : null}
          </div>
        ) : (
          <p className="admin-empty">{noActionReason(card)}</p>
        )}
      </section>
    </AdminPage>
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
