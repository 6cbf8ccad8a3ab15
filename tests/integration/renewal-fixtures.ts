// Subscribers for the renewal engine's tests (renewals, renewal races, the packing cut-off): an
// active subscription as box checkout leaves it, its first delivery ordered and paid.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { parseWeekdays, type RegionSchedule } from "~/delivery/schedule";
import { runDayOnOrAfter } from "~/subscriptions/schedule";
import { createSubscriber } from "../factories";

export const ts = () => new Date().toISOString();
export const rand = () => randomBytes(5).toString("hex");

export async function region(slug: string): Promise<{ id: number; schedule: RegionSchedule }> {
  const r = await db
    .selectFrom("deliveryRegions")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    schedule: {
      weekdays: parseWeekdays(r.weekdays),
      leadDays: r.leadDays,
      everyWeeks: r.everyWeeks,
    },
  };
}

export const product = (slug: string) =>
  db
    .selectFrom("products")
    .select(["id", "name", "priceCents", "inventory"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();

export type Fixture = {
  subId: number;
  userId: number;
  email: string;
  first: string;
  schedule: RegionSchedule;
  boxCents: number;
};

/** An active subscription as box checkout leaves it: its first delivery ordered and paid. */
export async function subscriber(
  opts: {
    regionSlug?: string;
    postcode?: string;
    card?: "ok" | "declined" | null;
    addons?: [string | number, number][];
    cuts?: string[];
    start?: string;
    frequency?: number;
    creditCents?: number;
    discountCode?: string;
    password?: boolean;
  } = {},
): Promise<Fixture> {
  const regionSlug = opts.regionSlug ?? "nsw";
  const { schedule } = await region(regionSlug);
  const first = runDayOnOrAfter(schedule, opts.start ?? "2027-03-01");
  const s = await createSubscriber(db, {
    user: {
      email: `renew.${rand()}@example.com`,
      firstName: "Robin",
      lastName: "Lee",
      creditCents: opts.creditCents,
      ...(opts.password === false ? { password: null } : {}),
    },
    region: regionSlug,
    postcode: opts.postcode,
    address: null,
    deliveryDate: first,
    frequencyDays: opts.frequency ?? 28,
    discountCode: opts.discountCode,
    cuts: (opts.cuts ?? ["eye-fillet"]).map((slug) => [slug, 1]),
    addons: opts.addons,
    cards: opts.card === null ? [] : [{ outcome: opts.card ?? "ok" }],
    orders: [{ reference: `PT-F${rand().toUpperCase()}`, status: "paid", deliveryDate: first }],
  });
  return {
    subId: s.subscriptionId,
    userId: s.userId,
    email: s.email,
    first,
    schedule,
    boxCents: s.boxCents,
  };
}

export const ordersOf = (subId: number) =>
  db
    .selectFrom("orders")
    .selectAll()
    .where("subscriptionId", "=", subId)
    .orderBy("deliveryDate")
    .execute();
export const deliveriesOf = (subId: number) =>
  db
    .selectFrom("deliveries")
    .selectAll()
    .where("subscriptionId", "=", subId)
    .orderBy("deliveryDate")
    .execute();
export const mailsTo = (email: string, template?: string) => {
  let q = db.selectFrom("emailOutbox").selectAll().where("toAddress", "=", email);
  if (template) q = q.where("template", "=", template);
  return q.orderBy("id").execute();
};
