// /admin/customers/{id}: a customer's subscriptions and next deliveries, orders, credit, saved cards,
// addresses, e-mails and activity; staff with "act_for_customer" act for them (skip, unskip, pause,
// resume, cancel, the next box, credit) through the subscriber's own services. Each action answers
// with a redirect and a status message, or the page with why it was refused (400/409).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { appOrigin } from "~/accounts/origin.server";
import { StatusMessage } from "~/admin/customers/components/status-message";
import { AdminPage } from "~/admin/components/admin-page";
import { SentEmailsTable } from "~/admin/components/sent-emails-table";
import { actForCustomer, checkActForm } from "~/admin/customers/act-for.server";
import { useFormError } from "~/admin/components/use-form-error";
import { careFormId } from "~/admin/customers/customer-schema";
import { refuse } from "~/admin/form-refusal.server";
import { FormError } from "~/components/forms";
import { CreditForm } from "~/admin/customers/components/credit-form";
import {
  ActivityTable,
  AddressesTable,
  CustomerFacts,
  CardsTable,
  LedgerTable,
  OrdersTable,
} from "~/admin/customers/components/customer-tables";
import { SubscriptionCare } from "~/admin/customers/components/subscription-care";
import { doneMessage } from "~/admin/customers/done";
import { loadCustomer, nextBoxForms } from "~/admin/customers/customers.server";
import { can } from "~/staff/permissions";
import { requireStaff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import careHref from "~/styles/admin-customers.css";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.customer.name ?? "Customer"} · Paddock & Tide back office` },
];
export const links = () => [{ rel: "stylesheet", href: careHref }];

const idOf = (param: string | undefined) => (/^\d{1,9}$/.test(param ?? "") ? Number(param) : null);
const notFound = () => new Response("Not found", { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, "customers");
  const id = idOf(params.customerId);
  const page = id === null ? null : await loadCustomer(id);
  if (!page) throw notFound();
  const canAct = can(staff.role, "act_for_customer");
  const url = new URL(request.url);
  return data(
    {
      ...page,
      canAct,
      canOpenOrders: can(staff.role, "orders"),
      boxes: canAct ? await nextBoxForms(page.customer.id, page.subscriptions) : [],
      // the credit form's idempotency key, one per page view: a repeated post adds once
      creditKey: randomUUID(),
      done: doneMessage(url.searchParams.get("done"), url.searchParams.get("ref")),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "act_for_customer");
  const id = idOf(params.customerId);
  if (id === null) throw notFound();
  const form = await readForm(request);
  const invalid = await checkActForm(form);
  if (invalid) return invalid;
  const outcome = await actForCustomer(staff, id, form, appOrigin(request));
  if (outcome.kind === "not_found") throw notFound();
  if (outcome.kind === "refused") {
    const { status, message, values, intent, subscriptionId } = outcome;
    return refuse(careFormId(intent, subscriptionId), { message, field: null, values }, status);
  }
  return redirect(
    `/admin/customers/${id}?done=${outcome.intent}&ref=${encodeURIComponent(outcome.reference)}#status`,
    303,
  );
}

export default function CustomerPage() {
  const d = useLoaderData<typeof loader>();
  const c = d.customer;
  return (
    <AdminPage title={c.name} lead={c.email}>
      <StatusMessage message={d.done} />
      <FormError message={useFormError("customer")} />
      <section className="admin-section" aria-labelledby="customer-title">
        <h2 id="customer-title">Customer</h2>
        <CustomerFacts customer={c} balanceCents={d.balanceCents} />
      </section>
      <section className="admin-section" aria-labelledby="subs-title">
        <h2 id="subs-title">Subscriptions</h2>
        {d.subscriptions.length === 0 ? (
          <p className="admin-empty">No subscriptions.</p>
        ) : (
          <div className="care-subs">
            {d.subscriptions.map((s) => (
              <SubscriptionCare
                key={s.id}
                s={s}
                canAct={d.canAct}
                box={d.boxes.find((b) => b.subscriptionId === s.id) ?? null}
              />
            ))}
          </div>
        )}
      </section>
      <section className="admin-section" aria-labelledby="orders-title">
        <h2 id="orders-title">Orders</h2>
        <OrdersTable orders={[...d.awaitingPayment, ...d.pastOrders]} canOpen={d.canOpenOrders} />
      </section>
      <section className="admin-section" aria-labelledby="credit-title">
        <h2 id="credit-title">Credit</h2>
        {d.canAct ? <CreditForm balanceCents={d.balanceCents} creditKey={d.creditKey} /> : null}
        <LedgerTable ledger={d.ledger} />
      </section>
      <div className="admin-grid">
        <section className="admin-section" aria-labelledby="cards-title">
          <h2 id="cards-title">Saved cards</h2>
          <CardsTable cards={d.cards} />
        </section>
        <section className="admin-section" aria-labelledby="addresses-title">
          <h2 id="addresses-title">Addresses</h2>
          <AddressesTable addresses={d.addresses} />
        </section>
      </div>
      <section className="admin-section" aria-labelledby="emails-title">
        <h2 id="emails-title">E-mails sent</h2>
        <SentEmailsTable emails={d.emails} caption="E-mails to the customer, newest first" />
      </section>
      <section className="admin-section" aria-labelledby="activity-title">
        <h2 id="activity-title">Activity</h2>
        <ActivityTable entries={d.activity} />
      </section>
    </AdminPage>
  );
}
