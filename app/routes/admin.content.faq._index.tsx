// /admin/content/faq: every FAQ item by section and order; change the order numbers of several at
// once (one form, works without JavaScript); add, edit or delete one (issue 37).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AdminPage } from "~/admin/components/admin-page";
import { FaqOrderForm } from "~/admin/content/components/faq-order-form";
import {
  FAQ_CATEGORIES,
  FAQ_CATEGORY_LABELS,
  listFaqForStaff,
  reorderFaq,
} from "~/admin/content/pages.server";
import { PRIVATE_HEADERS } from "~/admin/content/route-helpers";
import { faqOrderValidator } from "~/admin/content/faq-order-schema";
import { requireStaff } from "~/staff/staff-session.server";
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
  const result = await faqOrderValidator.validate(await readForm(request));
  if (result.error) return validationError(result.error, result.submittedData, { status: 400 });
  await reorderFaq(staff, result.data);
  return redirect("/admin/content/faq?done=reordered#status", 303);
}

export default function FaqList() {
  const { groups, done } = useLoaderData<typeof loader>();
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
      <FaqOrderForm groups={groups} />
    </AdminPage>
  );
}
