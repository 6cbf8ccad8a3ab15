// The account area's layout. It has no loader of its own (decision 100): the name in its bar is the
// root's signed-in user, and every page under /dashboard requires a signed-in user in its own loader
// and action, as it must anyway: a client-side move asks only the child's loader again.
import { NavLink, Outlet, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";
import accountsHref from "~/styles/accounts.css";

export const links = () => [{ rel: "stylesheet", href: accountsHref }];

export default function Dashboard() {
  const user = useRouteLoaderData<RootData>("root")?.user;
  return (
    <div className="account">
      <div className="account__bar">
        <div className="container account__bar-inner">
          <p className="account__who">
            <span className="eyebrow">My account</span>
            <span className="account__name">{user ? (user.firstName ?? user.email) : null}</span>
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
