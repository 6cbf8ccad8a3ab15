import { Form, Link, NavLink } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { BRAND } from "~/config";

export const MAIN_NAV = [
  { to: "/how-it-works", label: "How it works" },
  { to: "/why-us", label: "Why us" },
  { to: "/sourcing", label: "Sourcing" },
  { to: "/delivery", label: "Delivery" },
  { to: "/blog", label: "Blog" },
  { to: "/gift-cards", label: "Gift cards" },
  { to: "/faq", label: "FAQ" },
] as const;

type HeaderUser = { email: string; firstName: string | null } | null;

function SignOutForm() {
  return (
    <Form method="post" action="/sign-out" className="nav-links__signout">
      <CsrfInput />
      <button type="submit" className="link-button">Sign out</button>
    </Form>
  );
}

/** On wide screens the account links sit in a small disclosure menu so the bar never wraps. */
function AccountMenu({ user }: { user: NonNullable<HeaderUser> }) {
  return (
    <details className="account-menu">
      <summary className="account-menu__toggle">My account</summary>
      <div className="account-menu__panel">
        <p className="account-menu__who">{user.firstName ? `Signed in as ${user.firstName}` : user.email}</p>
        <ul role="list">
          <li>
            <NavLink to="/dashboard/my-deliveries">My deliveries</NavLink>
          </li>
          <li>
            <SignOutForm />
          </li>
        </ul>
      </div>
    </details>
  );
}

function NavLinks({ user, compact }: { user: HeaderUser; compact?: boolean }) {
  return (
    <ul className="nav-links" role="list">
      {MAIN_NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} prefetch="intent">{item.label}</NavLink>
        </li>
      ))}
      {user && compact ? (
        <li>
          <AccountMenu user={user} />
        </li>
      ) : user ? (
        <>
          <li>
            <NavLink to="/dashboard/my-deliveries">My account</NavLink>
          </li>
          <li>
            <SignOutForm />
          </li>
        </>
      ) : (
        <li>
          <NavLink to="/sign-in">Sign in</NavLink>
        </li>
      )}
    </ul>
  );
}

export function SiteHeader({ user }: { user: HeaderUser }) {
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label={`${BRAND.name} home`}>
          <img src="/images/logo-mark.svg" alt="" width={40} height={40} />
          <span className="brand__name">{BRAND.name}</span>
        </Link>
        <nav className="site-nav site-nav--wide" aria-label="Main">
          <NavLinks user={user} compact />
        </nav>
        <Link to="/get-started" className="button button--primary site-header__cta">Get started</Link>
        <details className="site-nav site-nav--narrow">
          <summary className="site-nav__toggle">
            <span className="site-nav__icon" aria-hidden="true" />
            <span className="site-nav__label">Menu</span>
          </summary>
          <nav aria-label="Main menu">
            <NavLinks user={user} />
          </nav>
        </details>
      </div>
    </header>
  );
}
