import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PageHeader } from "~/components/page-header";
import { useHydrated } from "~/content/components/hooks";
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
  const [, setSearchParams] = useSearchParams();
  const hydrated = useHydrated();
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
          <form method="get" action="/delivery" className="region-filter">
            <div className="field">
              <label htmlFor="region" className="field__label">
                Region
              </label>
              <select
                id="region"
                name="region"
                className="field__input field__select"
                value={selected}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setSelected(value);
                  setSearchParams(value ? { region: value } : {}, {
                    replace: true,
                    preventScrollReset: true,
                  });
                }}
              >
                <option value="">All regions</option>
                {regions.map((r) => (
                  <option key={r.slug} value={r.slug}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
            {hydrated ? null : (
              <button type="submit" className="button button--secondary">
                Show
              </button>
            )}
          </form>
          <div className="table-wrap" role="region" aria-labelledby="table-caption" tabIndex={0}>
            <table className="data-table data-table--stack">
              <caption id="table-caption">
                {selected ? `Delivery in ${shown[0]?.name}` : "Delivery in every region"}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Region</th>
                  <th scope="col">Areas</th>
                  <th scope="col">Days</th>
                  <th scope="col">Time</th>
                  <th scope="col">Notes</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.slug}>
                    <th scope="row">{r.name}</th>
                    <td data-label="Areas">
                      <ul role="list">
                        {r.areas.map((a) => (
                          <li key={a.area + a.postcodes}>
                            {a.area} <span className="data-table__postcodes">({a.postcodes})</span>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td data-label="Days">{r.days}</td>
                    <td data-label="Time" className="nowrap">
                      {r.time}
                    </td>
                    <td data-label="Notes">{r.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <SupportBox title="Questions about delivery?" />
      </div>
    </>
  );
}
