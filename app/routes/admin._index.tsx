// /admin: the back office's first page, one figure per section the role may open; for the owner
// (permission `numbers`) the numbers follow: subscriptions, recurring revenue, churn, boxes per
// day, revenue per week and failed payments recovered (issue 37), charts drawn on the server.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { NumbersDashboard } from "~/admin/numbers/dashboard";
import { numbersFor } from "~/admin/numbers/numbers.server";
import { overviewFor } from "~/admin/overview.server";
import { can } from "~/staff/permissions";
import { requireStaff } from "~/staff/staff-session.server";
import numbersHref from "~/styles/admin-numbers.css";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Back office", "The Paddock & Tide back office.");

export const links = () => [{ rel: "stylesheet", href: numbersHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const now = new Date();
  const [cards, numbers] = await Promise.all([
    overviewFor(staff.role, now),
    can(staff.role, "numbers") ? numbersFor(now) : null,
  ]);
  return { firstName: staff.firstName, cards, numbers };
}

export default function Overview() {
  const { firstName, cards, numbers } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Back office"
      lead={`Good to see you${firstName ? `, ${firstName}` : ""}. Here is where work waits.`}
    >
      <ul className="admin-grid overview" role="list">
        {cards.map((c) => (
          <li key={c.title} className="admin-card overview__card">
            <h2 className="overview__title">
              <Link to={c.href}>{c.title}</Link>
            </h2>
            <p className="overview__figure">{c.figure}</p>
            <p className="overview__detail">{c.detail}</p>
          </li>
        ))}
      </ul>
      {numbers ? <NumbersDashboard numbers={numbers} /> : null}
    </AdminPage>
  );
}
