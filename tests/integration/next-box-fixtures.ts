// A subscriber with a small custom box, for the "Change what comes next" tests: a region that
// delivers every day with two days' lead (dates follow the frequency exactly), a shipping
// address, 2 cuts × 4 (the box's 8) saved, and any add-ons asked for.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { addDays } from "~/delivery/schedule";
import { sydneyToday } from "~/subscriptions/schedule";

const ts = () => new Date().toISOString();
const uniq = () => randomBytes(4).toString("hex");

let regionId: number | null = null;
export async function everyDayRegion() {
  regionId ??= (await db.insertInto("deliveryRegions").values({
    slug: `nb-${uniq()}`, name: "Test", state: "NSW", weekdays: "1,2,3,4,5,6,7", daysLabel: "Every day", timeLabel: "8am to 6pm",
    note: "", leadDays: 3, everyWeeks: 1, hasOvernight: 0, sortOrder: 99,
  }).returning("id").executeTakeFirstOrThrow()).id;
  return regionId;
}

export type BoxSubscriber = { owner: { id: number; userId: number }; email: string; items: Record<number, number>; cutIds: number[] };

/** `cutIds`: three cuts, the first two on the box (the third is free to add). */
export async function boxSubscriber({ postcode = "2000", daysAhead = 10, addons = {} as Record<number, number> } = {}): Promise<BoxSubscriber> {
  const email = `nb.${uniq()}@example.com`;
  const { id: userId } = await db.insertInto("users").values({
    email, passwordHash: null, firstName: "Mia", lastName: "Kelly", phone: null, sms: 0, newsletter: 0, gatewayCustomerId: null,
    orderedAt: ts(), createdAt: ts(), updatedAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  const { id: addressId } = await db.insertInto("addresses").values({
    userId, kind: "shipping", addressType: "house", line1: "7 Bay Road", line2: null, city: "Haymarket", state: "NSW", postcode,
    country: "AU", company: null, createdAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  const pkg = await db.selectFrom("packages").select("id").where("slug", "=", "custom-small").executeTakeFirstOrThrow();
  const { id } = await db.insertInto("subscriptions").values({
    userId, status: "active", email, packageId: pkg.id, boxType: "custom", postcode, suburbId: null, regionId: await everyDayRegion(),
    deliveryDate: addDays(sydneyToday(new Date()), daysAhead), deliveryWindow: "day", frequencyDays: 14, discountCode: null,
    shippingAddressId: addressId, billingAddressId: addressId, deliveryNotes: null, flowVersion: null, startedAt: ts(), endedAt: null,
    pausedUntil: null, createdAt: ts(), updatedAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  const cuts = await db.selectFrom("products").select("id").where("kind", "=", "cut").where("active", "=", 1).where("name", "not like", "%almon%").orderBy("id").limit(3).execute();
  const items = Object.fromEntries(cuts.slice(0, 2).map((c) => [c.id, 4]));
  for (const c of cuts.slice(0, 2)) await db.insertInto("subscriptionItems").values({ subscriptionId: id, productId: c.id, quantity: 4 }).execute();
  for (const [productId, quantity] of Object.entries(addons)) {
    await db.insertInto("subscriptionAddons").values({ subscriptionId: id, productId: Number(productId), quantity }).execute();
  }
  return { owner: { id, userId }, email, items, cutIds: cuts.map((c) => c.id) };
}
