// /admin/content/faq: every FAQ item by section and order; change the order numbers of several at
// once (one form, works without JavaScript); add, edit or delete one (issue 37).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { TableBox } from "~/admin/components/table-box";
import {
  FAQ_CATEGORIES,
  FAQ_CATEGORY_LABELS,
  listFaqForStaff,
  reorderFaq,
} from "~/admin/content/pages.server";
import { PRIVATE_HEADERS } from "~/admin/content/route-helpers";
import { faqOrdersOf } from "~/admin/content/content-schema";
import { requireStaff } from "~/staff/staff-session.server";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { readForm } from "~/security/csrf.server";
import contentHref from "~/styles/admin-content.css";

export const meta: MetaFunction = () => [{ title: "FAQ | Back office" }];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

const DONE = {
  created: "Added to the FAQ.",
  saved: "Saved.",
  deleted: "Deleted from the FAQ.",
  reordered: "The new order is saved.",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const done = new URL(request.url).searchParams.get("done") ?? "";
  const items = await listFaqForStaff();
  return data(
    {
      groups: FAQ_CATEGORIES.map((category) => ({
        category,
        label: FAQ_CATEGORY_LABELS[category],
        items: items.filter((i) => i.category === category),
      })),
      done: done in DONE ? DONE[done as keyof typeof DONE] : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "content");
  const formData = await readForm(request);
  const orders = faqOrdersOf(formData);
  if ("error" in orders) {
    const typed = Object.fromEntries(
      [...formData].filter(([k]) => k.startsWith("order-")).map(([k, v]) => [k, String(v)]),
    );
    return data({ error: orders.error, typed }, { status: 400 });
  }
  await reorderFaq(staff, orders);
  return redirect("/admin/content/faq?done=reordered#status", 303);
}

export default function FaqList() {
  const { groups, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const typed = actionData?.typed ?? {};
  return (
    <AdminPage
      title="FAQ"
      lead={
        <>
          The questions on <a href="/faq">the FAQ page</a>, by section. Lower order numbers come
          first. <Link to="/admin/content">All content</Link>
        </>
      }
      actions={
        <Link to="/admin/content/faq/new" className="button button--primary">
          New FAQ item
        </Link>
      }
    >
      {done ? (
        <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1}>
          {done}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="form-alert form-alert--error" role="alert" id="status">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post">
        <CsrfInput />
        {groups.map((g) => (
          <section key={g.category} className="admin-section" aria-labelledby={`faq-${g.category}`}>
            <h2 id={`faq-${g.category}`}>{g.label}</h2>
            {g.items.length ? (
              <TableBox label={`${g.label} questions`}>
                <table className="admin-table">
                  <caption>{g.label} questions, in order</caption>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Question</th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.items.map((item) => (
                      <tr key={item.id}>
                        <td>
                          <label className="visually-hidden" htmlFor={`order-${item.id}`}>
                            Order of “{item.question}”
                          </label>
                          <input
                            id={`order-${item.id}`}
                            name={`order-${item.id}`}
                            className="field__input content-faq-order"
                            inputMode="numeric"
                            autoComplete="off"
                            defaultValue={typed[`order-${item.id}`] ?? String(item.sortOrder)}
                          />
                        </td>
                        <th scope="row">
                          <Link to={`/admin/content/faq/${item.id}`}>{item.question}</Link>
                        </th>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
            ) : (
              <EmptyState>No questions in this section.</EmptyState>
            )}
          </section>
        ))}
        <SubmitButton pending={navigation.state === "submitting"}>Save the order</SubmitButton>
      </Form>
    </AdminPage>
  );
}
