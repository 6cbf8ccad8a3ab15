import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { FaqList } from "~/content/components/faq-list";
import { SupportBox } from "~/content/components/support-box";
import { FAQ_CATEGORY_LABELS } from "~/content/copy";
import { listFaqGrouped } from "~/content/pages.server";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction = () =>
  pageMeta(
    "FAQ",
    "Answers about our boxes, delivery, orders and subscriptions: what's inside, when it arrives, and how to skip, pause or cancel.",
  );

export async function loader() {
  return { groups: await listFaqGrouped() };
}

export default function Faq() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="Help"
        title="Frequently asked questions"
        intro="Everything about our boxes, delivery, your orders and your subscription."
      >
        <nav aria-label="FAQ topics" className="blog-filters">
          <ul className="chips" role="list">
            {groups.map((g) => (
              <li key={g.category}>
                <a href={`#faq-${g.category}`} className="chip">
                  {FAQ_CATEGORY_LABELS[g.category]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      <div className="section container two-col">
        <div>
          {groups.map((g) => (
            <section
              className="faq-group"
              key={g.category}
              id={`faq-${g.category}`}
              aria-labelledby={`faq-${g.category}-title`}
            >
              <h2 id={`faq-${g.category}-title`}>{FAQ_CATEGORY_LABELS[g.category]}</h2>
              <FaqList items={g.items} />
            </section>
          ))}
        </div>
        <SupportBox />
      </div>
    </>
  );
}
