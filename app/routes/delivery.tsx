import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PageHeader } from "~/components/page-header";
import { DeliveryTable, RegionFilter } from "~/content/components/delivery-regions";
import { SupportBox } from "~/content/components/support-box";
import { listDeliveryRegions } from "~/content/delivery.server";
import { pageMeta } from "~/utils/meta";
import contentHref from "~/styles/content.css";
import type { CacheHandle } from "~/http/cache-policy.server";

// Same page for every visitor without a session: shared-cacheable, with an ETag (decision 011).
export const handle = { cache: "public" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentHref }];

export const meta: MetaFunction = () =>
  pageMeta(
    "Delivery",
    "Where and when we deliver: regions, areas, delivery days and times across Australia. Free delivery, no minimum order.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const regions = await listDeliveryRegions();
  const wanted = new URL(request.url).searchParams.get("region") ?? "";
  const selected = regions.some((r) => r.slug === wanted) ? wanted : "";
  return { regions, selected };
}

export default function Delivery() {
  const { regions, selected: fromServer } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState(fromServer);
  useEffect(() => setSelected(fromServer), [fromServer]);
  const shown = selected ? regions.filter((r) => r.slug === selected) : regions;
  return (
    <>
      <PageHeader
        eyebrow="Delivery"
        title="Where and when we deliver"
        intro="Free delivery with no minimum order, between 8am and 6pm on your delivery day. Choose your region to see its areas and days."
      />
      <div className="section container delivery-layout">
        <div>
          <RegionFilter regions={regions} selected={selected} onSelect={setSelected} />
          <DeliveryTable shown={shown} selected={selected} />
        </div>
        <SupportBox title="Questions about delivery?" />
      </div>
    </>
  );
}
