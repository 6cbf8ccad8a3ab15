// /admin/catalogue/products/{id} (owner, "catalogue"): a product's name, description, price,
// category, GST, whether it is sold, and its image (a multipart POST, so it works with JavaScript
// off); the availability rules written in code, read-only; its price history.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { productFormValidator, typedProductFields } from "~/admin/catalogue/catalogue-schema";
import { refuse } from "~/admin/form-refusal.server";
import { productCategories, productDetail, saveProduct } from "~/admin/catalogue/catalogue.server";
import {
  CATALOGUE_PATH,
  Done,
  PriceHistory,
  ProductForm,
  productPath,
  STOCK_PATH,
  PRODUCT_FORM_ID,
} from "~/admin/catalogue/components";
import { AdminPage } from "~/admin/components/admin-page";
import { ProductPicture } from "~/components/product-picture";
import { requireStaff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import catalogueHref from "~/styles/admin-catalogue.css";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.product.name ?? "Product"} | Catalogue | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: catalogueHref }];

const idOf = (param: string | undefined) => {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : null;
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context, "catalogue");
  const id = idOf(params.productId);
  const [detail, categories] = await Promise.all([productDetail(id), productCategories()]);
  if (!detail) throw new Response("Not found", { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return data(
    { ...detail, categories, done: done === "saved" ? "The product was saved." : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "catalogue");
  const id = idOf(params.productId);
  const form = await readForm(request);
  const checked = await productFormValidator.validate(form);
  if (checked.error)
    return validationError(
      { ...checked.error, formId: PRODUCT_FORM_ID },
      typedProductFields(checked.submittedData),
      { status: 400 },
    );
  const outcome = await saveProduct(staff, id, form);
  if (!outcome.ok) {
    if (outcome.status === 404) throw new Response("Not found", { status: 404 });
    return refuse(PRODUCT_FORM_ID, outcome, outcome.status);
  }
  return redirect(`${productPath(id)}?done=saved#status`, 303);
}

export default function ProductPage() {
  const { product, rules, history, categories, done } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title={product.name}
      lead={product.kind === "addon" ? "An add-on" : "A cut for the custom box"}
      actions={
        <Link to={CATALOGUE_PATH} className="button button--quiet">
          The catalogue
        </Link>
      }
    >
      <Done message={done} />
      <div className="catalogue-layout">
        <section className="admin-card" aria-labelledby="edit-title">
          <h2 id="edit-title">Details</h2>
          <ProductForm product={{ ...product, id: product.id }} categories={categories} />
        </section>
        <div className="catalogue-side">
          <section className="admin-card" aria-labelledby="image-title">
            <h2 id="image-title">Image</h2>
            {product.image ? (
              <ProductPicture
                className="catalogue-image"
                src={product.image}
                alt={`${product.name}, as the shop shows it`}
                width={240}
                height={240}
                sizes="240px"
                loading="eager"
              />
            ) : (
              <p className="admin-muted">No image yet.</p>
            )}
          </section>
          <section className="admin-card" aria-labelledby="rules-title">
            <h2 id="rules-title">Availability</h2>
            <p>
              Stock on hand:{" "}
              <strong>{product.inventory === null ? "unlimited" : product.inventory}</strong> (
              <Link to={STOCK_PATH}>stock page</Link>)
            </p>
            <p className="admin-muted">
              These rules are part of the shop and cannot be changed here:
            </p>
            <ul className="catalogue-rules">
              {rules.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
          <section className="admin-card" aria-labelledby="history-title">
            <h2 id="history-title">Price history</h2>
            <PriceHistory history={history} caption="Price changes, newest first" />
          </section>
        </div>
      </div>
    </AdminPage>
  );
}
