// /admin/gift-cards/{id}: one gift card, its purchase and refunds; resend it (a sent card gets a new
// code) or cancel it unclaimed with a refund (once per press: the form carries an idempotency key).
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { appOrigin } from "~/accounts/origin.server";
import { AdminPage } from "~/admin/components/admin-page";
import { formatAud } from "~/admin/format";
import { giftCardPath, GiftStateBadge } from "~/admin/gift-cards/components";
import { giftCardFormAction } from "~/admin/gift-cards/gift-card-actions.server";
import {
  CardFacts,
  DoneNote,
  GiftCardActions,
  PurchaseFacts,
} from "~/admin/gift-cards/gift-card-detail";
import { giftCardDetail } from "~/admin/gift-cards/gift-cards.server";
import { requireStaff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import giftHref from "~/styles/admin-gift-cards.css";

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
      {done ? <DoneNote done={done} card={card} /> : null}
      {actionData?.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <div className="admin-grid">
        <CardFacts card={card} />
        <PurchaseFacts card={card} />
      </div>

      <GiftCardActions card={card} cancelKey={cancelKey} busy={busy} />
    </AdminPage>
  );
}
