// /admin/catalogue/products/new (owner, "catalogue"): a new product. It starts with no stock, so it
// shows in the shop once the stock page gives it some.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { productCategories, saveProduct } from "~/admin/catalogue/catalogue.server";
import {
  CATALOGUE_PATH,
  ProductForm,
  productPath,
  type FormRefusal,
} from "~/admin/catalogue/components";
import { AdminPage } from "~/admin/components/admin-page";
import { requireStaff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import catalogueHref from "~/styles/admin-catalogue.css";

export const meta: MetaFunction = () => [{ title: "New product | Catalogue | Back office" }];
export const links = () => [{ rel: "stylesheet", href: catalogueHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "catalogue");
  return data(
    { categories: await productCategories() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "catalogue");
  const form = await readForm(request);
  const outcome = await saveProduct(staff, null, form);
  if (!outcome.ok) {
    const { status, ok: _ok, ...refusal } = outcome;
    return data<{ refusal: FormRefusal }>({ refusal: { intent: "save", ...refusal } }, { status });
  }
  return redirect(`${productPath(outcome.id)}?done=saved#status`, 303);
}

export default function NewProductPage() {
  const { categories } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.refusal ?? null;
  return (
    <AdminPage
      title="New product"
      lead="A new product starts with no stock: it shows in the shop once the stock page gives it some."
      actions={
        <Link to={CATALOGUE_PATH} className="button button--quiet">
          The catalogue
        </Link>
      }
    >
      <section className="admin-card catalogue-narrow" aria-labelledby="new-title">
        <h2 id="new-title">Details</h2>
        <ProductForm
          product={{
            id: null,
            name: "",
            description: "",
            priceCents: 0,
            categoryId: null,
            weight: null,
            taxable: false,
            active: true,
            image: "",
          }}
          categories={categories}
          refusal={refusal}
        />
      </section>
    </AdminPage>
  );
}
