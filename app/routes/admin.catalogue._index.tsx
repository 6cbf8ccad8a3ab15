// /admin/catalogue (owner, "catalogue"): the boxes with each size's price and selection maximum, and
// the products by category with price, GST, whether sold, and stock on hand (kept on the stock page).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { catalogueOverview } from "~/admin/catalogue/catalogue.server";
import { BoxesSection, ProductsSection } from "~/admin/catalogue/catalogue-tables";
import { CATALOGUE_PATH, Done, STOCK_PATH } from "~/admin/catalogue/components";
import { AdminPage } from "~/admin/components/admin-page";
import { requireStaff } from "~/staff/staff-session.server";
import catalogueHref from "~/styles/admin-catalogue.css";

export const meta: MetaFunction = () => [{ title: "Catalogue | Back office" }];
export const links = () => [{ rel: "stylesheet", href: catalogueHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "catalogue");
  const overview = await catalogueOverview();
  const done = new URL(request.url).searchParams.get("done");
  return data(
    { ...overview, done: done === "created" ? "The product was added." : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function CataloguePage() {
  const { categories, boxes, done } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Catalogue"
      lead="Boxes, products and prices. A price change applies to orders placed from now on, and to renewals whose reminder has not gone out yet."
      actions={
        <>
          <Link to={`${CATALOGUE_PATH}/products/new`} className="button button--primary">
            Add a product
          </Link>
          <Link to={STOCK_PATH} className="button button--quiet">
            Stock
          </Link>
        </>
      }
    >
      <Done message={done} />
      <BoxesSection boxes={boxes} />
      <ProductsSection categories={categories} />
    </AdminPage>
  );
}
