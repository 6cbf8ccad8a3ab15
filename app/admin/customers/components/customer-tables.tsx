// The customer page's read-only lists: orders, saved cards, addresses, the credit ledger and the
// activity list (which names staff who acted: "Paddock & Tide (Sam)").
import { Link } from "@remix-run/react";
import { ORDER_STATUS_LABEL } from "~/accounts/format";
import { EmptyState } from "~/admin/components/admin-page";
import { formatAud, formatStaffDay, formatStaffTime } from "~/admin/format";
import type { ActivityEntry } from "~/subscriptions/subscriber-actions.server";
import type { OrderSummary } from "~/subscriptions/deliveries-summary.server";
import type { CustomerPage } from "../customers.server";
import { TableBox } from "~/admin/components/table-box";

const ORDER_TONES: Record<string, string> = {
  paid: "status--good",
  unpaid: "status--warn",
  failed: "status--bad",
  cancelled: "status--bad",
  skipped: "status--info",
};

export function OrdersTable({ orders, canOpen }: { orders: OrderSummary[]; canOpen: boolean }) {
  if (orders.length === 0) return <EmptyState>No orders yet.</EmptyState>;
  return (
    <TableBox label="Orders, newest first">
      <table className="admin-table">
        <caption>Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Delivery</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <th scope="row">
                {canOpen ? (
                  <Link to={`/admin/orders/${encodeURIComponent(o.reference)}`}>{o.reference}</Link>
                ) : (
                  o.reference
                )}
              </th>
              <td>{o.deliveryDate ? formatStaffDay(o.deliveryDate) : "—"}</td>
              <td>
                <span className={`status ${ORDER_TONES[o.status] ?? ""}`}>
                  {ORDER_STATUS_LABEL[o.status]}
                </span>
                {o.note ? <span className="care-note"> {o.note}</span> : null}
              </td>
              <td className="num">{o.totalCents === null ? "—" : formatAud(o.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

export function CardsTable({ cards }: { cards: CustomerPage["cards"] }) {
  if (cards.length === 0) return <EmptyState>No saved cards.</EmptyState>;
  return (
    <TableBox label="Saved cards">
      <table className="admin-table">
        <caption>Saved cards</caption>
        <thead>
          <tr>
            <th scope="col">Card</th>
            <th scope="col">Expires</th>
            <th scope="col">Used for renewals</th>
          </tr>
        </thead>
        <tbody>
          {cards.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                {c.brand} ending in {c.lastFour}
              </th>
              <td>
                {String(c.expMonth).padStart(2, "0")}/{c.expYear}
              </td>
              <td>{c.primary ? "Yes (primary)" : "No"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

export function AddressesTable({ addresses }: { addresses: CustomerPage["addresses"] }) {
  if (addresses.length === 0) return <EmptyState>No addresses.</EmptyState>;
  return (
    <TableBox label="Addresses">
      <table className="admin-table">
        <caption>Addresses</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Kind</th>
          </tr>
        </thead>
        <tbody>
          {addresses.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.line}</th>
              <td>
                {a.kind === "shipping" ? "Delivery" : "Billing"}
                {a.removed ? " (removed by the customer)" : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

export function LedgerTable({ ledger }: { ledger: CustomerPage["ledger"] }) {
  if (ledger.length === 0) return <EmptyState>No credit movements.</EmptyState>;
  return (
    <TableBox label="Credit ledger, latest 50">
      <table className="admin-table">
        <caption>Credit ledger, latest 50</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Reason</th>
            <th scope="col">Reference</th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((l) => (
            <tr key={l.id}>
              <td>{formatStaffTime(l.createdAt)}</td>
              <td>{l.reason}</td>
              <td>{l.reference ?? "—"}</td>
              <td className="num">
                {l.amountCents > 0 ? "+" : "−"}
                {formatAud(Math.abs(l.amountCents))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  if (entries.length === 0) return <EmptyState>No changes yet.</EmptyState>;
  return (
    <TableBox label="Activity, newest first">
      <table className="admin-table care-activity">
        <caption>Activity, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Who</th>
            <th scope="col">Reference</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={`${e.reference}-${i}`}>
              <td>{formatStaffTime(e.at)}</td>
              <td>
                {e.what}
                <span className="care-note"> ({e.boxName})</span>
              </td>
              <td>{e.who.replace(/^You\b/, "The customer")}</td>
              <td>{e.reference || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

/** Who the customer is: e-mail, phone, since when, whether they have a password, their credit. */
export function CustomerFacts({
  customer: c,
  balanceCents,
}: {
  customer: Pick<CustomerPage["customer"], "email" | "phone" | "createdAt" | "hasPassword">;
  balanceCents: number;
}) {
  return (
    <dl className="admin-facts">
      <dt>E-mail</dt>
      <dd className="care-email">{c.email}</dd>
      <dt>Phone</dt>
      <dd>{c.phone ?? "—"}</dd>
      <dt>Joined</dt>
      <dd>{formatStaffTime(c.createdAt)}</dd>
      <dt>Account</dt>
      <dd>{c.hasPassword ? "Has a password" : "No password (checkout only)"}</dd>
      <dt>Credit</dt>
      <dd>{formatAud(balanceCents)}</dd>
    </dl>
  );
}
