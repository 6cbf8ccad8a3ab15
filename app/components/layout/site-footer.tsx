import { SiteLink, useSiteLinks } from "~/components/layout/site-link";
import { StaticMarkup } from "~/components/layout/static-markup";
import { BRAND } from "~/config";

type FooterLink = { to: `/${string}`; label: string };

const SHOP_LINKS: FooterLink[] = [
  { to: "/get-started", label: "Build a box" },
  { to: "/how-it-works", label: "How it works" },
  { to: "/why-us", label: "Why us" },
  { to: "/gift-cards", label: "Gift cards" },
];
const LEARN_LINKS: FooterLink[] = [
  { to: "/sourcing", label: "Sourcing" },
  { to: "/delivery", label: "Delivery" },
  { to: "/blog", label: "Blog" },
  { to: "/blog/recipes", label: "Recipes" },
  { to: "/faq", label: "FAQ" },
];
const LOCATION_LINKS: FooterLink[] = [
  { to: "/locations/sydney", label: "Sydney" },
  { to: "/locations/melbourne", label: "Melbourne" },
  { to: "/locations/brisbane", label: "Brisbane" },
  { to: "/locations/hobart", label: "Hobart" },
];
const LEGAL_LINKS: FooterLink[] = [
  { to: "/terms", label: "Terms and conditions" },
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/refund-and-returns-policy", label: "Refund and returns policy" },
];

function LinkList({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <div className="site-footer__col">
      <h2 className="site-footer__heading">{title}</h2>
      <ul role="list">
        {links.map((l) => (
          <li key={l.to}>
            <SiteLink to={l.to}>{l.label}</SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const links = useSiteLinks<HTMLElement>();
  const year = new Date().getFullYear();
  return (
    <StaticMarkup
      as="footer"
      props={{ className: "site-footer", ref: links }}
      markupKey={`site-footer ${year}`}
    >
      <FooterContent year={year} />
    </StaticMarkup>
  );
}

/** The same for every visitor in a year: rendered once a year on the server (StaticMarkup). */
function FooterContent({ year }: { year: number }) {
  return (
    <>
      <div className="site-footer__cta">
        <div className="container site-footer__cta-inner">
          <p className="site-footer__pitch">
            Free delivery, no minimum order. Skip, pause or cancel anytime.
          </p>
          <SiteLink to="/get-started?v=2" className="button button--primary">
            Get started
          </SiteLink>
        </div>
      </div>
      <div className="container site-footer__grid">
        <div className="site-footer__col site-footer__about">
          <p className="brand brand--footer">
            <img src="/images/logo-mark.svg" alt="" width={32} height={32} />
            <span className="brand__name">{BRAND.name}</span>
          </p>
          <p>{BRAND.tagline}. From Australian farming and fishing families to your door.</p>
          <address>
            <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
            <br />
            <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>
          </address>
        </div>
        <LinkList title="Shop" links={SHOP_LINKS} />
        <LinkList title="Learn" links={LEARN_LINKS} />
        <LinkList title="Locations" links={LOCATION_LINKS} />
        <LinkList title="Legal" links={LEGAL_LINKS} />
      </div>
      <p className="container site-footer__legal">
        © {year} {BRAND.name}. Prices in Australian dollars, including GST where it applies.
      </p>
    </>
  );
}
