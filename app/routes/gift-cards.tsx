// /gift-cards, /gift-cards/give, /gift-cards/activate[/{code}]: the gift-card
// header and the Give and Activate tabs (links, so they work without JS).
import type { LinksFunction } from "@remix-run/node";
import { Link, Outlet, useLocation } from "@remix-run/react";
import giftCardsHref from "~/styles/gift-cards.css";
import { trimEndOf } from "~/utils/trim-end";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: giftCardsHref }];

const TABS = [
  {
    to: "/gift-cards/give",
    label: "Give",
    match: (p: string) => p === "/gift-cards" || p.startsWith("/gift-cards/give"),
  },
  {
    to: "/gift-cards/activate",
    label: "Activate",
    match: (p: string) => p.startsWith("/gift-cards/activate"),
  },
];

export default function GiftCardsLayout() {
  const { pathname } = useLocation();
  const path = trimEndOf(pathname, "/") || "/";
  return (
    <>
      <header className="gift-hero">
        <div className="container gift-hero__inner">
          <div>
            <p className="eyebrow">Gift cards</p>
            <h1 className="gift-hero__title">Give the gift of good food</h1>
            <p className="gift-hero__intro">
              A gift card for Australian meat and wild-caught seafood, delivered free. It arrives by
              e-mail on the day you choose, is valid for 3 years and carries no fees.
            </p>
          </div>
          <img
            className="gift-hero__art"
            src="/images/gift-card.svg"
            width={320}
            height={240}
            alt=""
          />
        </div>
      </header>
      <div className="container gift-page">
        <nav className="gift-tabs" aria-label="Gift cards">
          <ul role="list">
            {TABS.map((t) => (
              <li key={t.to}>
                <Link
                  to={t.to}
                  className="gift-tabs__tab"
                  aria-current={t.match(path) ? "page" : undefined}
                  prefetch="intent"
                >
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Outlet />
      </div>
    </>
  );
}
