// Subscribers for the renewal engine's tests (renewals, renewal races, the packing cut-off): an
// active subscription as box checkout leaves it, its first delivery ordered and paid.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { parseWeekdays, type RegionSchedule } from "~/delivery/schedule";
import { runDayOnOrAfter } from "~/subscriptions/schedule";

export const ts = () => new Date().toISOString();
export const rand = () => randomBytes(5).toString("hex");

export async function region(slug: string): Promise<{ id: number; schedule: RegionSchedule }> {
  const r = await db.selectFrom("deliveryRegions").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
  return { id: r.id, schedule: { weekdays: parseWeekdays(r.weekdays), leadDays: r.leadDays, everyWeeks: r.everyWeeks } };
}

export const product = (slug: string) => db.selectFrom("products").select(["id", "name", "priceCents", "inventory"]).where("slug", "=", slug).executeTakeFirstOrThrow();

export type Fixture = { subId: number; userId: number; email: string; first: string; schedule: RegionSchedule; boxCents: number };

/** An active subscription as box checkout leaves it: its first delivery ordered and paid. */
export async function subscriber(opts: {
  regionSlug?: string; postcode?: string; card?: "ok" | "declined" | null; addons?: [string, number][]; cuts?: string[];
  start?: string; frequency?: number; creditCents?: number; discountCode?: string; password?: boolean;
} = {}): Promise<Fixture> {
  const { id: regionId, schedule } = await region(opts.regionSlug ?? "nsw");
  const email = `renew.${rand()}@example.com`;
  const { id: userId } = await db.insertInto("users").values({
    email, passwordHash: opts.password === false ? null : "scrypt$not-a-real-hash", firstName: "Robin", lastName: "Lee", phone: "+61412345678",
    sms: 0, newsletter: 0, gatewayCustomerId: null, orderedAt: ts(), createdAt: ts(), updatedAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  if (opts.card !== null) {
    await db.insertInto("paymentMethods").values({ userId, gatewayToken: `sandbox_pm_${rand()}_${opts.card ?? "ok"}`, brand: "Visa", lastFour: "4242", expMonth: 8, expYear: 2031, isPrimary: 1, createdAt: ts() }).execute();
  }
  if (opts.creditCents) await db.insertInto("creditLedger").values({ userId, amountCents: opts.creditCents, reason: "Gift card", reference: `GIFT-${rand()}`, createdAt: ts() }).execute();
  const pkg = await db.selectFrom("packages").select(["id", "priceCents"]).where("slug", "=", "custom-small").executeTakeFirstOrThrow();
  const first = runDayOnOrAfter(schedule, opts.start ?? "2027-03-01");
  const { id: subId } = await db.insertInto("subscriptions").values({
    userId, status: "active", email, packageId: pkg.id, boxType: "custom", postcode: opts.postcode ?? "2000", suburbId: null, regionId,
    deliveryDate: first, deliveryWindow: "day", frequencyDays: opts.frequency ?? 28, discountCode: opts.discountCode ?? null,
    shippingAddressId: null, billingAddressId: null, deliveryNotes: null, flowVersion: null, startedAt: ts(), endedAt: null, pausedUntil: null,
    createdAt: ts(), updatedAt: ts(),
  }).returning("id").executeTakeFirstOrThrow();
  for (const slug of opts.cuts ?? ["eye-fillet"]) await db.insertInto("subscriptionItems").values({ subscriptionId: subId, productId: (await product(slug)).id, quantity: 1 }).execute();
  for (const [slug, quantity] of opts.addons ?? []) await db.insertInto("subscriptionAddons").values({ subscriptionId: subId, productId: (await product(slug)).id, quantity }).execute();
  await db.insertInto("orders").values({ reference: `PT-F${rand().toUpperCase()}`, userId, subscriptionId: subId, status: "paid", deliveryDate: first, deliveryWindow: "day", createdAt: ts(), paidAt: ts() }).execute();
  return { subId, userId, email, first, schedule, boxCents: pkg.priceCents };
}

export const ordersOf = (subId: number) => db.selectFrom("orders").selectAll().where("subscriptionId", "=", subId).orderBy("deliveryDate").execute();
export const deliveriesOf = (subId: number) => db.selectFrom("deliveries").selectAll().where("subscriptionId", "=", subId).orderBy("deliveryDate").execute();
export const mailsTo = (email: string, template?: string) => {
  let q = db.selectFrom("emailOutbox").selectAll().where("toAddress", "=", email);
  if (template) q = q.where("template", "=", template);
  return q.orderBy("id").execute();
};
