// /admin/gift-cards: find a gift card by an e-mail address (buyer or receiver) or by the last four
// characters of its code; 50 a page, newest first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { Pager } from "~/admin/components/pager";
import { SearchForm } from "~/admin/components/search-form";
import { formatAud, formatStaffDay } from "~/admin/format";
import { giftCardPath, GiftStateBadge } from "~/admin/gift-cards/components";
import { searchGiftCards } from "~/admin/gift-cards/gift-cards.server";
import { pageOf } from "~/admin/pagination";
import { requireStaff } from "~/staff/staff-session.server";
import giftHref from "~/styles/admin-gift-cards.css";
import { TableBox } from "~/admin/components/table-box";

export const meta: MetaFunction = () => [{ title: "Gift cards | Back office" }];
export const links = () => [{ rel: "stylesheet", href: giftHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "gift_cards");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 254);
  const page = pageOf(url);
  const found = await searchGiftCards(q, page);
  return data(
    { q, page, ...("error" in found ? { error: found.error, cards: [], total: 0 } : found) },
    { status: "error" in found ? 400 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export default function GiftCards() {
  const d = useLoaderData<typeof loader>();
  const error = "error" in d ? d.error : null;
  return (
    <AdminPage
      title="Gift cards"
      lead="Find a card, resend it, or cancel an unclaimed one with a refund."
    >
      <SearchForm
        label="E-mail or last four of the code"
        hint="The buyer's or the receiver's e-mail address, or the code's last four characters (like NPQR)."
        defaultValue={d.q}
      />
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : d.cards.length ? (
        <>
          <TableBox label={`${d.q ? `Gift cards matching “${d.q}”` : "Gift cards, newest first"}`}>
            <table className="admin-table">
              <caption>{d.q ? `Gift cards matching “${d.q}”` : "Gift cards, newest first"}</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col" className="num">
                    Value
                  </th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Delivery day</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {d.cards.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={giftCardPath(c.id)} className="gift-code-link">
                        <span className="visually-hidden">Gift card ending </span>
                        <span aria-hidden="true">•••• </span>
                        {c.codeLast4}
                      </Link>
                      {c.bonus ? <span className="gift-bonus"> bonus</span> : null}
                    </th>
                    <td className="num">{formatAud(c.valueCents)}</td>
                    <td>
                      {c.senderName}
                      <br />
                      <span className="gift-email">{c.senderEmail}</span>
                    </td>
                    <td>
                      {c.receiverName}
                      <br />
                      <span className="gift-email">{c.receiverEmail}</span>
                    </td>
                    <td>{formatStaffDay(c.deliverOn)}</td>
                    <td>
                      <GiftStateBadge state={c.state} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          <Pager page={d.page} total={d.total} label="Gift cards" />
        </>
      ) : (
        <EmptyState>{d.q ? "No gift card matches that." : "No gift cards yet."}</EmptyState>
      )}
    </AdminPage>
  );
}
