// The delivery page's region filter and table. Without JS the filter is a GET form with a "Show"
// button; with JS choosing a region filters at once and puts it in the URL.
import { useSearchParams } from "@remix-run/react";
import type { DeliveryRegion } from "~/content/types";
import { useHydrated } from "./hooks";

export function RegionFilter({
  regions,
  selected,
  onSelect,
}: {
  regions: DeliveryRegion[];
  selected: string;
  onSelect: (slug: string) => void;
}) {
  const [, setSearchParams] = useSearchParams();
  const hydrated = useHydrated();
  return (
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
            onSelect(value);
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
  );
}

/** The regions shown, one row each; the caption names the region when one is chosen. */
export function DeliveryTable({ shown, selected }: { shown: DeliveryRegion[]; selected: string }) {
  return (
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
  );
}
