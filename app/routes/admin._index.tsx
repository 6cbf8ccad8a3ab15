// /admin: the back office's first page, one figure per section the role may open.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { overviewFor } from "~/admin/overview.server";
import { requireStaff } from "~/admin/staff-session.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Back office", "The Paddock & Tide back office.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return { firstName: staff.firstName, cards: await overviewFor(staff.role) };
}

export default function Overview() {
  const { firstName, cards } = useLoaderData<typeof loader>();
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
    </AdminPage>
  );
}
