// /admin/deliveries/{yyyy-MM-dd}/slips: the day's packing slips alone, one printed page each; the
// "Print all slips" path without JavaScript (the browser's own Print command prints this page).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { formatStaffDay } from "~/admin/format";
import { PackingSlips, PrintSlipsButton } from "~/admin/packing/components";
import { paidOrdersWithItems, parseDay, slipView } from "~/admin/packing/packing-day.server";
import { requireStaff } from "~/staff/staff-session.server";
import packingHref from "~/styles/admin-packing.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Packing slips ${data ? formatStaffDay(data.date) : ""} | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: packingHref }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "deliveries");
  const date = parseDay(params.date);
  if (!date) throw new Response("Not found", { status: 404 });
  return { date, slips: (await paidOrdersWithItems(date)).map(slipView) };
}

export default function PackingSlipsPage() {
  const { date, slips } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title={`Packing slips: ${formatStaffDay(date)}`}
      lead={`${slips.length} paid ${slips.length === 1 ? "order" : "orders"}, one slip a page.`}
      actions={
        <>
          <Link to={`/admin/deliveries/${date}`} className="button button--quiet">
            Back to the day
          </Link>
          <PrintSlipsButton date={date} onSlipsPage />
        </>
      }
    >
      <h2 className="visually-hidden">Slips</h2>
      <PackingSlips date={date} slips={slips} />
    </AdminPage>
  );
}
