import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/content/components/legal-page";
import { getPage } from "~/content/pages.server";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data?.page.header ?? "Privacy policy",
    "How we collect, use and protect your personal information.",
  );

export async function loader() {
  return { page: await getPage("privacy-policy") };
}

export default function Legal() {
  const { page } = useLoaderData<typeof loader>();
  return <LegalPage page={page} />;
}
