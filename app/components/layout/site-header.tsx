import { Form, useLocation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SiteLink, useSiteLinks } from "~/components/layout/site-link";
import { StaticMarkup } from "~/components/layout/static-markup";
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

type HeaderUser = { email: string; firstName: string | null; subscriber: boolean } | null;

function SignOutForm() {
  return (
    <Form method="post" action="/sign-out" className="nav-links__signout">
      <CsrfInput />
      <button type="submit" className="link-button">
        Sign out
      </button>
    </Form>
  );
}

/** On wide screens the account links sit in a small disclosure menu so the bar never wraps. */
function AccountMenu({ user }: { user: NonNullable<HeaderUser> }) {
  return (
    <details className="account-menu">
      <summary className="account-menu__toggle">My account</summary>
      <div className="account-menu__panel">
        <p className="account-menu__who">
          {user.firstName ? `Signed in as ${user.firstName}` : user.email}
        </p>
        <ul role="list">
          <li>
            <SiteLink to="/dashboard/my-deliveries">My deliveries</SiteLink>
          </li>
          <li>
            <SignOutForm />
          </li>
        </ul>
      </div>
    </details>
  );
}

/** The menu's link for the page's section (aria-current), or null. */
function currentSection(pathname: string): string | null {
  const inside = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const links: string[] = [
    ...MAIN_NAV.map((item) => item.to),
    "/dashboard/my-deliveries",
    "/sign-in",
  ];
  return links.find(inside) ?? null;
}

/**
 * A site link with aria-current worked out once from the location (currentSection): NavLink
 * compiles a path pattern per link per render, which showed up in server profiles (the header
 * renders two copies of the menu on every page).
 */
function MenuLink({
  to,
  children,
  current,
}: {
  to: `/${string}`;
  children: React.ReactNode;
  current: string | null;
}) {
  return (
    <SiteLink to={to} aria-current={current === to ? "page" : undefined}>
      {children}
    </SiteLink>
  );
}

function NavLinks({
  user,
  current,
  compact,
}: {
  user: HeaderUser;
  current: string | null;
  compact?: boolean;
}) {
  return (
    <ul className="nav-links" role="list">
      {MAIN_NAV.map((item) => (
        <li key={item.to}>
          <MenuLink to={item.to} current={current}>
            {item.label}
          </MenuLink>
        </li>
      ))}
      {user && compact ? (
        <li>
          <AccountMenu user={user} />
        </li>
      ) : user ? (
        <>
          <li>
            <MenuLink to="/dashboard/my-deliveries" current={current}>
              My account
            </MenuLink>
          </li>
          <li>
            <SignOutForm />
          </li>
        </>
      ) : (
        <li>
          <MenuLink to="/sign-in" current={current}>
            Sign in
          </MenuLink>
        </li>
      )}
    </ul>
  );
}

export function SiteHeader({ user }: { user: HeaderUser }) {
  const links = useSiteLinks<HTMLElement>();
  const current = currentSection(useLocation().pathname);
  // a visitor's header is one of a few (which section is current); a signed-in one's has their
  // name and a form with their CSRF token, so it is rendered in place
  return (
    <StaticMarkup
      as="header"
      props={{ className: "site-header", ref: links }}
      markupKey={user ? null : `site-header ${current ?? ""}`}
    >
      <HeaderContent user={user} current={current} />
    </StaticMarkup>
  );
}

function HeaderContent({ user, current }: { user: HeaderUser; current: string | null }) {
  return (
    <div className="site-header__inner container">
      <SiteLink to="/" className="brand" aria-label={`${BRAND.name} home`}>
        <img src="/images/logo-mark.svg" alt="" width={40} height={40} />
        <span className="brand__name">{BRAND.name}</span>
      </SiteLink>
      <nav className="site-nav site-nav--wide" aria-label="Main">
        <NavLinks user={user} current={current} compact />
      </nav>
      {/* a subscriber's next step is their deliveries, not a second sign-up */}
      {user?.subscriber ? (
        <SiteLink to="/dashboard/my-deliveries" className="button button--primary site-header__cta">
          My deliveries
        </SiteLink>
      ) : (
        <SiteLink to="/get-started" className="button button--primary site-header__cta">
          Get started
        </SiteLink>
      )}
      <details className="site-nav site-nav--narrow">
        <summary className="site-nav__toggle">
          <span className="site-nav__icon" aria-hidden="true" />
          <span className="site-nav__label">Menu</span>
        </summary>
        <nav aria-label="Main menu">
          <NavLinks user={user} current={current} />
        </nav>
      </details>
    </div>
  );
}
