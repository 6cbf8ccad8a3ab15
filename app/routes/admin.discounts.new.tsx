// /admin/discounts/new: create a discount code (audited). Works without JavaScript; errors keep what was typed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { DiscountForm } from "~/admin/discounts/components";
import { discountFormOptions, NEW_DISCOUNT_VALUES } from "~/admin/discounts/discounts.server";
import { discountFormAction } from "~/admin/discounts/discount-actions.server";
import { requireStaff } from "~/staff/staff-session.server";
import discountsHref from "~/styles/admin-discounts.css";

export const meta: MetaFunction = () => [{ title: "New discount code | Back office" }];
export const links = () => [{ rel: "stylesheet", href: discountsHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "discounts");
  return data(
    { ...(await discountFormOptions()), values: NEW_DISCOUNT_VALUES },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "discounts");
  return discountFormAction(request, staff, null);
}

export default function NewDiscount() {
  const { products, regions, values } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="New discount code"
      actions={
        <Link to="/admin/discounts" className="button button--quiet">
          All codes
        </Link>
      }
    >
      <DiscountForm
        values={values}
        products={products}
        regions={regions}
        submitLabel="Create the code"
      />
    </AdminPage>
  );
}
