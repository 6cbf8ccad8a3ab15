// /admin/catalogue/products/new (owner, "catalogue"): a new product. It starts with no stock, so it
// shows in the shop once the stock page gives it some.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { productFormValidator, typedProductFields } from "~/admin/catalogue/catalogue-schema";
import { refuse } from "~/admin/form-refusal.server";
import { productCategories, saveProduct } from "~/admin/catalogue/catalogue.server";
import {
  CATALOGUE_PATH,
  ProductForm,
  productPath,
  PRODUCT_FORM_ID,
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
  const checked = await productFormValidator.validate(form);
  if (checked.error)
    return validationError(
      { ...checked.error, formId: PRODUCT_FORM_ID },
      typedProductFields(checked.submittedData),
      { status: 400 },
    );
  const outcome = await saveProduct(staff, null, form);
  if (!outcome.ok) {
    return refuse(PRODUCT_FORM_ID, outcome, outcome.status);
  }
  return redirect(`${productPath(outcome.id)}?done=saved#status`, 303);
}

export default function NewProductPage() {
  const { categories } = useLoaderData<typeof loader>();
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
        />
      </section>
    </AdminPage>
  );
}
