import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticleCard } from "~/components/cards/article-card";
import { PageHeader } from "~/components/page-header";
import { Certifications } from "~/content/components/certifications";
import { listNewsInCategories } from "~/content/posts.server";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction = () =>
  pageMeta(
    "Sourcing",
    "Where our meat and seafood comes from: Australian farming and fishing families, grass-fed and free-range farms and well-managed wild fisheries.",
  );

export async function loader() {
  return { stories: await listNewsInCategories(["farmers-and-fishers", "sustainability"], 3) };
}

const STORIES = [
  {
    image: {
      url: "/images/hero-paddock-desktop.svg",
      alt: "Cattle grazing in green rolling paddocks at sunrise",
    },
    title: "From the paddock",
    text: [
      "Our beef and lamb come from family farms that raise their animals on pasture, moving them through small paddocks so the grass recovers. Pork and chicken come from accredited free-range farms.",
      "We agree volumes and prices with our farmers well ahead of time, so they can plan their year rather than guess at the saleyards.",
    ],
  },
  {
    image: {
      url: "/images/hero-coast-desktop.svg",
      alt: "Fishing boat returning to harbour along the Australian coast",
    },
    title: "From the tide",
    text: [
      "Every piece of seafood we sell is wild-caught, from Australian fisheries with regular stock assessments, enforced catch limits and low bycatch.",
      "When a species is out of season or the boats can't get out, we swap in something comparable rather than buy from a fishery we don't trust.",
    ],
  },
  {
    image: {
      url: "/images/news-box.svg",
      alt: "Open delivery box with an insulated wool liner, ice packs and vacuum-sealed cuts",
    },
    title: "To your door, cold",
    text: [
      "Cuts are vacuum-sealed and labelled, packed in a cool room with wool liners and ice, and travel in refrigerated vans.",
      "Our packaging can be recycled, composted or sent back to us.",
    ],
  },
];

export default function Sourcing() {
  const { stories } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="Sourcing"
        title="Where our food comes from"
        intro="Australian farming and fishing families, paid fairly and known by name."
      />
      {STORIES.map((s, i) => (
        <section
          className={`section${i % 2 ? " section--surface" : ""}`}
          key={s.title}
          aria-labelledby={`story-${i}`}
        >
          <div className={`container story-grid${i % 2 ? " story-grid--flip" : ""}`}>
            <img
              src={s.image.url}
              alt={s.image.alt}
              width={1600}
              height={900}
              loading={i === 0 ? "eager" : "lazy"}
              decoding="async"
            />
            <div>
              <h2 id={`story-${i}`}>{s.title}</h2>
              {s.text.map((t) => (
                <p key={t}>{t}</p>
              ))}
            </div>
          </div>
        </section>
      ))}
      <Certifications />
      {stories.length ? (
        <section className="section section--surface" aria-labelledby="stories-title">
          <div className="container">
            <h2 id="stories-title">Meet the people behind your box</h2>
            <ul className="grid-cards" role="list">
              {stories.map((post) => (
                <li key={post.id}>
                  <ArticleCard post={post} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}
