// The delivery page's table: regions with their areas (postcode ranges), days, times and notes.
import { db } from "~/db/client.server";
import type { DeliveryRegion } from "./types";

const pad = (n: number) => String(n).padStart(4, "0");

export async function listDeliveryRegions(): Promise<DeliveryRegion[]> {
  const [regions, ranges] = await Promise.all([
    db
      .selectFrom("deliveryRegions")
      .select(["id", "slug", "name", "state", "daysLabel", "timeLabel", "note"])
      .orderBy("sortOrder")
      .execute(),
    db
      .selectFrom("regionPostcodeRanges")
      .select(["regionId", "fromPostcode", "toPostcode", "area"])
      .orderBy("fromPostcode")
      .execute(),
  ]);
  return regions.map((r) => ({
    slug: r.slug,
    name: r.name,
    state: r.state,
    days: r.daysLabel,
    time: r.timeLabel,
    note: r.note,
    areas: ranges
      .filter((x) => x.regionId === r.id)
      .map((x) => ({
        area: x.area,
        postcodes:
          x.fromPostcode === x.toPostcode
            ? pad(x.fromPostcode)
            : `${pad(x.fromPostcode)}–${pad(x.toPostcode)}`,
      })),
  }));
}
