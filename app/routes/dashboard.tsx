// The account area: every page under /dashboard requires a signed-in user.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/session.server";
import accountsHref from "~/styles/accounts.css";

export const links = () => [{ rel: "stylesheet", href: accountsHref }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { pathname } = new URL(request.url);
  if (pathname === "/dashboard" || pathname === "/dashboard/")
    throw redirect("/dashboard/my-deliveries");
  return { firstName: user.firstName, email: user.email };
}

export default function Dashboard() {
  const { firstName, email } = useLoaderData<typeof loader>();
  return (
    <div className="account">
      <div className="account__bar">
        <div className="container account__bar-inner">
          <p className="account__who">
            <span className="eyebrow">My account</span>
            <span className="account__name">{firstName ?? email}</span>
          </p>
          <nav aria-label="Account">
            <ul className="account__nav" role="list">
              <li>
                <NavLink to="/dashboard/my-deliveries">My deliveries</NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/account">My account</NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
      <Outlet />
    </div>
  );
}
