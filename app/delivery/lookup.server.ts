// AddressLookup's embedded default for the get-started step: suburbs of a
// postcode (suburbs table) and the delivery schedule of the region whose
// postcode range holds it.
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { cached } from "~/box/cache.server";
import { normalisePostcode } from "./postcode";
import {
  deliveryDates,
  formatDeliveryDateShort,
  parseWeekdays,
  type RegionSchedule,
} from "./schedule";

export type DeliveryRegion = RegionSchedule & {
  id: number;
  name: string;
  state: string;
  daysLabel: string;
  note: string;
  hasOvernight: boolean;
};

export type DeliveryWindow = { code: string; label: string; isOvernight: boolean };

export type PostcodeLookup =
  | { status: "invalid" }
  | { status: "undeliverable"; postcode: string }
  | {
      status: "ok";
      postcode: string;
      /** `schedule`: the run days, for the frequencies offered and the next delivery shown in the browser */
      region: {
        id: number;
        name: string;
        state: string;
        daysLabel: string;
        note: string;
        schedule: RegionSchedule;
      };
      suburbs: { id: number; name: string }[];
      dates: { value: string; label: string }[];
      windows: DeliveryWindow[];
    };

export async function getRegion(regionId: number): Promise<DeliveryRegion | null> {
  return cached(`region:${regionId}`, () => loadRegion(regionId));
}

async function loadRegion(regionId: number): Promise<DeliveryRegion | null> {
  const r = await db
    .selectFrom("deliveryRegions")
    .selectAll()
    .where("id", "=", regionId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    daysLabel: r.daysLabel,
    note: r.note,
    weekdays: parseWeekdays(r.weekdays),
    leadDays: r.leadDays,
    everyWeeks: r.everyWeeks,
    hasOvernight: r.hasOvernight === 1,
  };
}

const regionRangeOf = preparedQuery(
  () => db,
  (q, postcodeNumber: number) =>
    q
      .selectFrom("regionPostcodeRanges")
      .select("regionId")
      .where("fromPostcode", "<=", postcodeNumber)
      .where("toPostcode", ">=", postcodeNumber)
      .orderBy("id")
      .limit(1),
);
const suburbsOfKey = preparedQuery(
  () => db,
  (q, key: string) =>
    q.selectFrom("suburbs").select(["id", "name"]).where("postcodeKey", "=", key).orderBy("name"),
);

/** The region whose range holds the postcode (ranges are integers: 0800 is stored as 800). */
export async function regionForPostcode(postcodeNumber: number): Promise<DeliveryRegion | null> {
  const [range] = await regionRangeOf(postcodeNumber);
  return range ? getRegion(range.regionId) : null;
}

/** Delivery times of a region: the day window, plus overnight silent delivery where offered. */
export async function windowsForRegion(
  region: Pick<DeliveryRegion, "hasOvernight">,
): Promise<DeliveryWindow[]> {
  const rows = await cached("windows", () =>
    db
      .selectFrom("deliveryWindows")
      .select(["code", "label", "isOvernight"])
      .orderBy("sortOrder")
      .execute(),
  );
  return rows
    .map((w) => ({ code: w.code, label: w.label, isOvernight: w.isOvernight === 1 }))
    .filter((w) => region.hasOvernight || !w.isOvernight);
}

export async function suburbsForPostcode(key: string) {
  return suburbsOfKey(key);
}

/**
 * Everything the get-started step needs for a typed postcode. A postcode that
 * is not a real delivery locality, or lies outside every region, is "undeliverable".
 */
export async function lookupPostcode(
  input: string | null | undefined,
  now = new Date(),
): Promise<PostcodeLookup> {
  const n = normalisePostcode(input);
  if (!n) return { status: "invalid" };
  const [suburbs, region] = await Promise.all([
    suburbsForPostcode(n.key),
    regionForPostcode(n.number),
  ]);
  if (suburbs.length === 0 || !region) return { status: "undeliverable", postcode: n.display };
  const windows = await windowsForRegion(region);
  return {
    status: "ok",
    postcode: n.display,
    region: {
      id: region.id,
      name: region.name,
      state: region.state,
      daysLabel: region.daysLabel,
      note: region.note,
      schedule: {
        weekdays: region.weekdays,
        leadDays: region.leadDays,
        everyWeeks: region.everyWeeks,
      },
    },
    suburbs,
    dates: deliveryDates(region, now).map((value) => ({
      value,
      label: formatDeliveryDateShort(value),
    })),
    windows,
  };
}
