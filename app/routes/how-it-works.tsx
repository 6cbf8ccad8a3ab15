import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BoxCard } from "~/components/cards/box-card";
import { PageHeader } from "~/components/page-header";
import { listShowcaseBoxes } from "~/content/boxes.server";
import { Certifications } from "~/content/components/certifications";
import { FaqList } from "~/content/components/faq-list";
import { Steps } from "~/content/components/steps";
import { getPage } from "~/content/pages.server";
import { pricingTiers } from "~/content/pricing";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import { appOrigin } from "~/accounts/origin.server";
import { JsonLd } from "~/content/components/recipe-json-ld";
import { plainText } from "~/content/sanitize.server";
import { productListJsonLd } from "~/seo/json-ld";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction = () =>
  pageMeta(
    "How it works",
    "Choose a custom or curated box, small or large, and we deliver it free. Box prices from $149, certifications and answers to common questions.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const [boxes, concept] = await Promise.all([listShowcaseBoxes(), getPage("concept")]);
  // every box as a schema.org Product, one Offer per size (issue 37)
  const products = productListJsonLd(
    boxes.map((b) => ({
      name: b.fullName,
      description: plainText(b.description),
      image: b.image,
      url: "/get-started",
      offers: b.sizes.map((s) => ({ name: `${b.fullName}, ${s.size}`, priceCents: s.priceCents })),
    })),
    appOrigin(request),
  );
  return { boxes, tiers: pricingTiers(boxes), faq: concept.faq, products };
}

export default function HowItWorks() {
  const { boxes, tiers, faq, products } = useLoaderData<typeof loader>();
  return (
    <>
      <JsonLd data={products} />
      <PageHeader
        eyebrow="How it works"
        title="Great meat and seafood, without the trip"
        intro="Choose your box, pick a delivery day, and we bring it to your door, free. Skip, pause or cancel anytime."
      />
      <Steps headingId="hiw-steps" more={false} eyebrow="Step by step" />
      <section className="section section--surface" aria-labelledby="pricing-title">
        <div className="container">
          <p className="eyebrow">Pricing</p>
          <h2 id="pricing-title">Two kinds of box, two sizes</h2>
          <p className="lead">
            A custom box lets you pick every cut and holds 20% more meat. A curated box is chosen
            for you and changes every month.
          </p>
          <ul className="size-grid" role="list">
            {tiers.map((t) => (
              <li className="size-card" key={t.label}>
                <h3>{t.label}</h3>
                <p className="price">
                  <small className="price__from">from</small> {formatAud(t.fromCents)}
                </p>
                <p>{[t.people, t.weight].filter(Boolean).join(", ")}</p>
                {t.selections ? (
                  <p>{t.selections} selections of your choice</p>
                ) : (
                  <p>Contents change monthly</p>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="boxes-title">
        <div className="container">
          <div className="section-head">
            <h2 id="boxes-title">Our boxes</h2>
            <Link to="/get-started" className="button button--primary">
              Build your box
            </Link>
          </div>
          <ul className="grid-cards" role="list">
            {boxes.map((box) => (
              <li key={box.slug}>
                <BoxCard box={box} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="section--surface">
        <Certifications />
      </div>
      <section className="section container" aria-labelledby="concept-faq-title">
        <h2 id="concept-faq-title">Questions about our boxes</h2>
        <FaqList items={faq} />
      </section>
    </>
  );
}
