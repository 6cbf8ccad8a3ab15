// The back office's header: the brand, the sections the role may open, who is signed in and a
// sign-out button (a POST form, so it works without JavaScript).
import { Form, NavLink } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";

export type BackOfficeHeaderProps = {
  staff: { firstName: string | null; email: string; roleLabel: string } | null;
  sections: { href: string; label: string }[];
};

export function BackOfficeHeader({ staff, sections }: BackOfficeHeaderProps) {
  return (
    <header className="admin-header">
      <div className="container admin-header__inner">
        <p className="admin-header__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>
            Paddock &amp; Tide <span className="admin-header__office">Back office</span>
          </span>
        </p>
        {staff ? (
          <>
            <nav aria-label="Back office" className="admin-header__nav">
              <ul role="list">
                {sections.map((s) => (
                  <li key={s.href}>
                    <NavLink to={s.href} end={s.href === "/admin"} prefetch="none">
                      {s.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="admin-header__who">
              <span>
                {staff.firstName ?? staff.email} <span className="badge">{staff.roleLabel}</span>
              </span>
              <Form method="post" action="/admin/sign-out" reloadDocument>
                <CsrfInput />
                <button type="submit" className="button button--quiet">
                  Sign out
                </button>
              </Form>
            </div>
          </>
        ) : null}
      </div>
    </header>
  );
}
