// /admin/content/faq/{id}: edit or delete one FAQ item (issue 37, permission "content").
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { FaqForm } from "~/admin/content/components/faq-form";
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABELS, getFaqItem } from "~/admin/content/pages.server";
import { faqItemAction } from "~/admin/content/faq-actions.server";
import { numericParam, PRIVATE_HEADERS } from "~/admin/content/route-helpers";
import { formatStaffTime } from "~/admin/format";
import { requireStaff } from "~/staff/staff-session.server";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { readForm } from "~/security/csrf.server";
import contentHref from "~/styles/admin-content.css";

export const meta: MetaFunction = () => [{ title: "Edit FAQ item | Back office" }];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const item = await getFaqItem(numericParam(params.id));
  if (!item) throw new Response("Not found", { status: 404 });
  return data(
    {
      item,
      values: {
        category: item.category,
        question: item.question,
        answer: item.answer,
        sortOrder: String(item.sortOrder),
      },
      categories: FAQ_CATEGORIES.map((c) => ({ value: c, label: FAQ_CATEGORY_LABELS[c] })),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "content");
  return faqItemAction({ staff, id: numericParam(params.id), form: await readForm(request) });
}

export default function EditFaqItem() {
  const { item, values, categories } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const deleting = navigation.formData?.get("intent") === "delete";
  return (
    <AdminPage
      title="Edit FAQ item"
      lead={`Last saved ${formatStaffTime(item.updatedAt)}.`}
      actions={
        <Link to="/admin/content/faq" className="button button--quiet">
          All FAQ items
        </Link>
      }
    >
      <FaqForm
        key={item.updatedAt}
        version={item.updatedAt}
        values={values}
        categories={categories}
        submitLabel="Save"
      />
      <section className="admin-section" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete</h2>
        <Form method="post" className="admin-card">
          <CsrfInput />
          <input type="hidden" name="intent" value="delete" />
          <p>Removes this question from the FAQ page at once. It cannot be undone.</p>
          <SubmitButton variant="secondary" pending={deleting}>
            Delete this FAQ item
          </SubmitButton>
        </Form>
      </section>
    </AdminPage>
  );
}
