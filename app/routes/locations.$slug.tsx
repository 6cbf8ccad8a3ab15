import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { orNotFound } from "~/content/api.server";
import { FaqList } from "~/content/components/faq-list";
import { SanitisedHtml } from "~/content/components/html";
import { getLocation } from "~/content/pages.server";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.location.title, data.location.metaDescription)
    : pageMeta("Page not found", "We couldn't find that page.");

export async function loader({ params }: LoaderFunctionArgs) {
  return { location: await orNotFound(getLocation(params.slug ?? "")) };
}

export default function Location() {
  const { location } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="location-hero">
        <picture>
          <source
            media="(min-width: 768px)"
            srcSet={location.background.desktop}
            width={1600}
            height={900}
          />
          <img
            className="location-hero__image"
            src={location.background.mobile}
            alt={location.background.alt}
            width={600}
            height={800}
          />
        </picture>
        <div className="container location-hero__inner">
          <p className="eyebrow">Delivering to {location.location}</p>
          <h1>{location.title}</h1>
          <p>{location.metaDescription}</p>
        </div>
      </header>
      <div className="section container two-col">
        <SanitisedHtml className="prose" html={location.content} />
        <aside className="location-cta" aria-labelledby="location-cta-title">
          <h2 id="location-cta-title">{location.description.title}</h2>
          <p>{location.description.text}</p>
          <Link to={location.description.url} className="button">
            Build your box
          </Link>
        </aside>
      </div>
      {location.images.length ? (
        <section className="section section--surface" aria-labelledby="gallery-title">
          <div className="container">
            <h2 id="gallery-title">What's cooking in {location.location}</h2>
            <ul className="location-gallery" role="list">
              {location.images.map((image) => (
                <li key={image.url + image.alt}>
                  <img
                    src={image.url}
                    alt={image.alt}
                    width={1600}
                    height={900}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {location.faq.length ? (
        <section className="section container" aria-labelledby="location-faq-title">
          <h2 id="location-faq-title">Delivery in {location.location}: questions</h2>
          <FaqList items={location.faq} />
          <p className="section-head__link">
            <Link to="/delivery">Delivery days and areas</Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
