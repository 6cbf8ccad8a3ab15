import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { listShowcaseBoxes } from "~/content/boxes.server";
import { spendComparison, type SpendRow } from "~/content/pricing";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction = () =>
  pageMeta(
    "Why us",
    "Compare what a household spends on meat at the supermarket with a Paddock & Tide box: better meat, delivered free, often for less.",
  );

export async function loader() {
  return { rows: spendComparison(await listShowcaseBoxes()) };
}

const REASONS = [
  {
    title: "Better meat, fairly bought",
    text: "Grass-fed beef and lamb, free-range pork and chicken and wild-caught seafood, bought direct from Australian farming and fishing families.",
  },
  {
    title: "Free delivery, no minimum",
    text: "Packed cold and delivered to your door between 8am and 6pm, with no delivery fee and no minimum order.",
  },
  {
    title: "20% more meat in a custom box",
    text: "Choose every cut from more than 40, with 8 selections in a small box and 16 in a large one.",
  },
  {
    title: "You're in charge",
    text: "Skip, pause or cancel anytime from your account, and change your add-ons for each order.",
  },
];

export default function WhyUs() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="Why us"
        title="Better meat for about what you spend now"
        intro="A typical Australian household spends $40 to $75 a week on meat at the supermarket. Here's how that compares with a box."
      />
      <section className="section container" aria-labelledby="compare-title">
        <div>
          <h2 id="compare-title">Household meat spend compared</h2>
          <SpendTable rows={rows} />
        </div>
        <SpendBars rows={rows} />
      </section>
      <Reasons />
    </>
  );
}

function Household({ people }: { people: number }) {
  return (
    <>
      {people} {people === 1 ? "person" : "people"}
    </>
  );
}

function SpendTable({ rows }: { rows: SpendRow[] }) {
  return (
    <div className="table-wrap" role="region" aria-labelledby="table-caption" tabIndex={0}>
      <table className="data-table data-table--stack compare-table">
        <caption id="table-caption">
          Supermarket meat spend against the box that fits your household, per month
        </caption>
        <thead>
          <tr>
            <th scope="col">Household</th>
            <th scope="col">Supermarket a week</th>
            <th scope="col">Supermarket a month</th>
            <th scope="col">Our box a month</th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.people}>
              <th scope="row">
                <Household people={r.people} />
              </th>
              <td data-label="Supermarket a week">{formatAud(r.weeklyCents)}</td>
              <td data-label="Supermarket a month">{formatAud(r.monthlyCents)}</td>
              <td data-label="Our box a month">
                {formatAud(r.boxCents)}{" "}
                <small>
                  {r.boxLabel} ({r.boxDetail})
                </small>
              </td>
              <td data-label="Difference" className="saving">
                {r.savingCents >= 0
                  ? `${formatAud(r.savingCents)} less`
                  : `${formatAud(-r.savingCents)} more`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table again as bars, for the eye only (hidden from assistive technology). */
function SpendBars({ rows }: { rows: SpendRow[] }) {
  const max = Math.max(...rows.map((r) => Math.max(r.monthlyCents, r.boxCents)), 1);
  return (
    <div aria-hidden="true" className="compare-visual">
      <ul className="compare-bars" role="list">
        {rows.map((r) => (
          <li className="compare-bars__row" key={r.people}>
            <strong>
              <Household people={r.people} />
            </strong>
            <span
              className="compare-bars__bar compare-bars__bar--market"
              style={{ width: `${(r.monthlyCents / max) * 100}%` }}
            />
            <span
              className="compare-bars__bar compare-bars__bar--box"
              style={{ width: `${(r.boxCents / max) * 100}%` }}
            />
            <span className="compare-bars__legend">
              <span>Supermarket {formatAud(r.monthlyCents)}</span>
              <span>Box {formatAud(r.boxCents)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Reasons() {
  return (
    <section className="section section--surface" aria-labelledby="reasons-title">
      <div className="container">
        <h2 id="reasons-title">What you get for it</h2>
        <ul className="cert-grid" role="list">
          {REASONS.map((r) => (
            <li className="cert" key={r.title}>
              <h3>{r.title}</h3>
              <p>{r.text}</p>
            </li>
          ))}
        </ul>
        <p className="section-cta">
          <Link to="/get-started" className="button button--primary">
            Build your box
          </Link>
        </p>
      </div>
    </section>
  );
}
