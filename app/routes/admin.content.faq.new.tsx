// /admin/content/faq/new: a new FAQ item (issue 37, permission "content").
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AdminPage } from "~/admin/components/admin-page";
import { FaqForm } from "~/admin/content/components/faq-form";
import {
  createFaqItem,
  FAQ_CATEGORIES,
  FAQ_CATEGORY_LABELS,
  nextFaqOrder,
} from "~/admin/content/pages.server";
import { PRIVATE_HEADERS } from "~/admin/content/route-helpers";
import { faqValidator } from "~/admin/content/content-schema";
import { requireStaff } from "~/staff/staff-session.server";
import type { FaqCategory } from "~/content/types";
import { readForm } from "~/security/csrf.server";
import contentHref from "~/styles/admin-content.css";

export const meta: MetaFunction = () => [{ title: "New FAQ item | Back office" }];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const asked = new URL(request.url).searchParams.get("category") ?? "";
  const category = (FAQ_CATEGORIES as readonly string[]).includes(asked)
    ? (asked as FaqCategory)
    : "product";
  return data(
    {
      values: {
        category,
        question: "",
        answer: "",
        sortOrder: String(await nextFaqOrder(category)),
      },
      categories: FAQ_CATEGORIES.map((c) => ({ value: c, label: FAQ_CATEGORY_LABELS[c] })),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "content");
  const result = await faqValidator.validate(await readForm(request));
  if (result.error) return validationError(result.error, result.submittedData);
  const id = await createFaqItem(staff, result.data);
  return redirect(`/admin/content/faq?done=created&item=${id}#status`, 303);
}

export default function NewFaqItem() {
  const { values, categories } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="New FAQ item"
      actions={
        <Link to="/admin/content/faq" className="button button--quiet">
          All FAQ items
        </Link>
      }
    >
      <FaqForm values={values} categories={categories} submitLabel="Add to the FAQ" />
    </AdminPage>
  );
}
