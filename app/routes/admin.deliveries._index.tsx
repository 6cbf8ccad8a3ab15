// /admin/deliveries: the next 14 delivery days by region, each with its paid boxes, the add-ons in
// them and its orders still unpaid (not packed unless they are paid by the packing cut-off).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { formatStaffDay } from "~/admin/format";
import { packingOverview } from "~/admin/packing/packing-day.server";
import { requireStaff } from "~/staff/staff-session.server";
import packingHref from "~/styles/admin-packing.css";
import { TableBox } from "~/admin/components/table-box";

export const meta: MetaFunction = () => [{ title: "Packing day | Back office" }];
export const links = () => [{ rel: "stylesheet", href: packingHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "deliveries");
  return { days: await packingOverview() };
}

export default function DeliveriesOverview() {
  const { days } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Packing day"
      lead="The next 14 delivery days by region: paid boxes and their add-ons are packed; unpaid orders are not, unless they are paid by the packing cut-off (noon Sydney time the day before)."
    >
      {days.length ? (
        <TableBox label={`Next ${days.length} delivery days`}>
          <table className="admin-table packing-overview">
            <caption>Next {days.length} delivery days</caption>
            <thead>
              <tr>
                <th scope="col">Delivery day</th>
                <th scope="col">Region</th>
                <th scope="col" className="num">
                  Boxes
                </th>
                <th scope="col" className="num">
                  Add-ons
                </th>
                <th scope="col" className="num">
                  Unpaid orders
                </th>
              </tr>
            </thead>
            {days.map((day) => (
              <tbody key={day.date} className="packing-overview__day">
                {day.regions.length ? (
                  day.regions.map((r, i) => (
                    <tr key={r.region}>
                      {i === 0 ? <DayCell date={day.date} rows={day.regions.length + 1} /> : null}
                      <td>{r.region}</td>
                      <td className="num">{r.boxes}</td>
                      <td className="num">{r.addons}</td>
                      <td className="num">{r.unpaid}</td>
                    </tr>
                  ))
                ) : (
                  <tr>
                    <DayCell date={day.date} rows={1} />
                    <td colSpan={4} className="packing-overview__none">
                      No orders yet
                    </td>
                  </tr>
                )}
                {day.regions.length ? (
                  <tr className="packing-overview__total">
                    <td>All regions</td>
                    <td className="num">{day.boxes}</td>
                    <td className="num">{day.addons}</td>
                    <td className="num">{day.unpaid}</td>
                  </tr>
                ) : null}
              </tbody>
            ))}
          </table>
        </TableBox>
      ) : (
        <EmptyState>No delivery days in the next weeks.</EmptyState>
      )}
    </AdminPage>
  );
}

function DayCell({ date, rows }: { date: string; rows: number }) {
  return (
    <th scope="rowgroup" rowSpan={rows}>
      <Link to={`/admin/deliveries/${date}`}>{formatStaffDay(date)}</Link>
    </th>
  );
}
