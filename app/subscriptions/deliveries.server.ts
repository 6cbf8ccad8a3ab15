// The deliveries of a subscription after its first box: one row per delivery
// date, planned ahead (a contiguous chain, so the next one is always there
// before its reminder is due) and decided at its cut-off by the renewal job.
// Shared by the jobs and the subscriber service (./changes.server.ts).
import { PostgresAdapter, type Kysely } from "kysely";
import { db as appDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB, DeliveryStatus } from "~/db/schema";
import { getRegion } from "~/delivery/lookup.server";
import type { RegionSchedule } from "~/delivery/schedule";
import { newOrderReference } from "~/orders/reference.server";
import { cutoffInstant, datesToPlan, nextDeliveryDate, reminderInstant } from "./schedule";

/** Regions without a row (should not happen) deliver any day, two days' lead. */
const FALLBACK_SCHEDULE: RegionSchedule = { weekdays: [], leadDays: 2, everyWeeks: 1 };

export async function scheduleOf(regionId: number | null): Promise<RegionSchedule> {
  const region = regionId ? await getRegion(regionId) : null;
  return region
    ? { weekdays: region.weekdays, leadDays: region.leadDays, everyWeeks: region.everyWeeks }
    : FALLBACK_SCHEDULE;
}

export type SubscriptionFacts = {
  id: number;
  userId: number;
  email: string;
  firstName: string | null;
  /** credit is spent only for users with a password (SPEC §6) */
  hasPassword: boolean;
  /** the owner's account is disabled (a README demo account in production, decision 062): nothing is sent or charged */
  ownerDisabled: boolean;
  status: "draft" | "active" | "paused" | "cancelled";
  pausedUntil: string | null;
  endedAt: string | null;
  packageId: number | null;
  boxName: string;
  postcode: string | null;
  regionId: number | null;
  deliveryDate: string | null;
  deliveryWindow: string | null;
  frequencyDays: number;
  discountCode: string | null;
  shippingAddressId: number | null;
};

/** Subscriptions with their owners and boxes, with the columns SubscriptionFacts are made of. */
export const factsBase = (db: Kysely<DB>) =>
  db
    .selectFrom("subscriptions as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .leftJoin("packages as p", "p.id", "s.packageId")
    .select([
      "s.id",
      "s.userId",
      "u.email",
      "u.firstName",
      "u.passwordHash",
      "u.disabledAt as ownerDisabledAt",
      "s.status",
      "s.pausedUntil",
      "s.endedAt",
      "s.packageId",
      "p.fullName as boxName",
      "s.postcode",
      "s.regionId",
      "s.deliveryDate",
      "s.deliveryWindow",
      "s.frequencyDays",
      "s.discountCode",
      "s.shippingAddressId",
    ]);
type FactsRow = Awaited<ReturnType<ReturnType<typeof factsBase>["execute"]>>[number];

const factsQuery = (db: Kysely<DB>, subscriptionId: number) =>
  factsBase(db).where("s.id", "=", subscriptionId).where("s.status", "!=", "draft");
const factsById = preparedQuery(() => appDb, factsQuery);
const factsOfOwner = preparedQuery(
  () => appDb,
  (db, subscriptionId: number, userId: number) =>
    factsQuery(db, subscriptionId).where("s.userId", "=", userId),
);

/**
 * A subscription's facts from a row of factsBase (its columns only: any others are not copied), or
 * null for one without an owner (a guest's draft).
 */
export function factsOf(row: FactsRow): SubscriptionFacts | null {
  if (row.userId === null) return null;
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    hasPassword: Boolean(row.passwordHash),
    ownerDisabled: Boolean(row.ownerDisabledAt),
    status: row.status,
    pausedUntil: row.pausedUntil,
    endedAt: row.endedAt,
    packageId: row.packageId,
    boxName: row.boxName ?? "Your box",
    postcode: row.postcode,
    regionId: row.regionId,
    deliveryDate: row.deliveryDate,
    deliveryWindow: row.deliveryWindow,
    frequencyDays: row.frequencyDays ?? 28,
    discountCode: row.discountCode,
    shippingAddressId: row.shippingAddressId,
  };
}

/** A subscription with its owner; scoped by `userId` when given (another user's answers null, like a missing one). */
export async function subscriptionFacts(
  db: Kysely<DB>,
  subscriptionId: number,
  userId?: number,
): Promise<SubscriptionFacts | null> {
  const [row] =
    userId === undefined
      ? await factsById.on(db)(subscriptionId)
      : await factsOfOwner.on(db)(subscriptionId, userId);
  return row ? factsOf(row) : null;
}

export type DeliveryRow = {
  id: number;
  subscriptionId: number;
  deliveryDate: string;
  deliveryWindow: string | null;
  status: DeliveryStatus;
  skipReason: string | null;
  cutoffAt: string;
  processedAt: string | null;
  orderId: number | null;
  chargeAttempts: number;
  claimedAt: string | null;
  nextAttemptAt: string | null;
  notes: string | null;
};

export const DELIVERY_COLUMNS = [
  "id",
  "subscriptionId",
  "deliveryDate",
  "deliveryWindow",
  "status",
  "skipReason",
  "cutoffAt",
  "processedAt",
  "orderId",
  "chargeAttempts",
  "claimedAt",
  "nextAttemptAt",
  "notes",
] as const;

export async function deliveryById(db: Kysely<DB>, id: number): Promise<DeliveryRow | null> {
  return (
    (await db
      .selectFrom("deliveries")
      .select(DELIVERY_COLUMNS)
      .where("id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

/**
 * The delivery the chain continues from: the latest planned one, else the
 * subscription's delivery date when it already has its order (the first box),
 * else null (the subscription's delivery date itself is the first to plan).
 */
async function chainEnd(
  db: Kysely<DB>,
  sub: Pick<SubscriptionFacts, "id" | "deliveryDate">,
): Promise<string | null> {
  const last = await db
    .selectFrom("deliveries")
    .select("deliveryDate")
    .where("subscriptionId", "=", sub.id)
    .orderBy("deliveryDate", "desc")
    .limit(1)
    .executeTakeFirst();
  if (last) return last.deliveryDate;
  if (!sub.deliveryDate) return null;
  const first = await db
    .selectFrom("orders")
    .select("id")
    .where("subscriptionId", "=", sub.id)
    .where("deliveryDate", "=", sub.deliveryDate)
    .executeTakeFirst();
  return first ? sub.deliveryDate : null;
}

/** The dates to add to a subscription's chain so that it reaches `until` (or one delivery whose cut-off is after `now`). */
export async function datesMissing(
  db: Kysely<DB>,
  sub: Pick<SubscriptionFacts, "id" | "deliveryDate" | "frequencyDays">,
  schedule: RegionSchedule,
  now: Date,
  until?: string,
): Promise<string[]> {
  const end = await chainEnd(db, sub);
  if (end === null) {
    if (!sub.deliveryDate) return [];
    const first = sub.deliveryDate;
    if (cutoffInstant(schedule, first).getTime() > now.getTime() && (!until || first >= until))
      return [first];
    const rest = until
      ? datesThrough(schedule, first, sub.frequencyDays, until)
      : datesToPlan(schedule, first, sub.frequencyDays, now);
    return [first, ...rest];
  }
  if (until) return datesThrough(schedule, end, sub.frequencyDays, until);
  return datesToPlan(schedule, end, sub.frequencyDays, now);
}

function datesThrough(
  schedule: RegionSchedule,
  after: string,
  frequencyDays: number,
  until: string,
): string[] {
  const out: string[] = [];
  let d = after;
  for (let i = 0; i < 120 && d < until; i++)
    out.push((d = nextDeliveryDate(schedule, d, frequencyDays)));
  return out;
}

/** Adds planned deliveries (scheduled; an existing row for a date is left alone). Returns how many were new. */
export async function insertPlanned(
  db: Kysely<DB>,
  sub: Pick<SubscriptionFacts, "id" | "deliveryWindow">,
  schedule: RegionSchedule,
  dates: string[],
  now: Date,
): Promise<number> {
  if (!dates.length) return 0;
  const ts = now.toISOString();
  const res = await db
    .insertInto("deliveries")
    .values(
      dates.map((d) => ({
        subscriptionId: sub.id,
        deliveryDate: d,
        deliveryWindow: sub.deliveryWindow,
        status: "scheduled" as const,
        cutoffAt: cutoffInstant(schedule, d).toISOString(),
        remindAt: reminderInstant(schedule, d).toISOString(),
        createdAt: ts,
        updatedAt: ts,
      })),
    )
    .onConflict((oc) => oc.columns(["subscriptionId", "deliveryDate"]).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/** Skip and unskip events (the subscriber area's own service writes them too), replayed: the dates skipped. */
export function skippedByEvents(events: { type: string; data: string | null }[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) {
    const date = eventData(e.data).deliveryDate;
    if (typeof date !== "string") continue;
    if (e.type === "skipped") out.add(date);
    if (e.type === "unskipped") out.delete(date);
  }
  return out;
}

export function eventData(data: string | null): Record<string, unknown> {
  try {
    const v = data ? JSON.parse(data) : null;
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

const changeEventsOf = preparedQuery(
  () => appDb,
  (db, subscriptionId: number) =>
    db
      .selectFrom("subscriptionEvents")
      .select(["type", "data", "createdAt"])
      .where("subscriptionId", "=", subscriptionId)
      .where("type", "in", ["skipped", "unskipped", "paused"])
      .orderBy("id", "asc"),
);

/** The subscription's skip/unskip/pause events, oldest first. */
export async function changeEvents(db: Kysely<DB>, subscriptionId: number) {
  return changeEventsOf.on(db)(subscriptionId);
}

/** Who made a change; "staff" acting for the customer carries `name`, "Paddock & Tide (Sam)" (subscriptionEvents.actor). */
export type Actor = {
  kind: "subscriber" | "email-link" | "shop" | "staff";
  email?: string;
  name?: string;
};

/** Runs inside a change's own transaction once it is made (the back office writes its audit entry there). */
export type WithinChange = (trx: Kysely<DB>, change: { reference: string }) => Promise<void>;

/** A change's public reference (CH-XXXX-XXXX), the proof on the page, in the e-mail and the activity list. */
export function newChangeReference(): string {
  return newOrderReference().replace(/^PT-/, "CH-");
}

/** Records a change (who, what, when, reference) for the activity list. */
export async function recordEvent(
  db: Kysely<DB>,
  subscriptionId: number,
  type: DB["subscriptionEvents"]["type"],
  data: Record<string, unknown> & { reference: string },
  actor: Actor,
  at: Date,
) {
  const full = { ...data, by: actor.kind, ...(actor.email ? { actorEmail: actor.email } : {}) };
  await db
    .insertInto("subscriptionEvents")
    .values({
      subscriptionId,
      type,
      data: JSON.stringify(full),
      actor: actor.kind === "staff" ? (actor.name ?? null) : null,
      createdAt: at.toISOString(),
    })
    .execute();
}

/**
 * Locks a subscription's row for the rest of the transaction, so the renewal's
 * decision at the cut-off and a skip, pause or cancel happen one after the
 * other, never interleaved. PostgreSQL: `select ... for update` (always taken
 * before any delivery row, so two of them never wait on each other). SQLite:
 * nothing to do, the transaction already holds the write lock (BEGIN IMMEDIATE,
 * docs/decisions/029).
 */
export async function lockSubscription(trx: Kysely<DB>, subscriptionId: number) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx
    .selectFrom("subscriptions")
    .select("id")
    .where("id", "=", subscriptionId)
    .forUpdate()
    .execute();
}

/** Moves the subscription's delivery date on to `next` (never back). */
export async function advanceDeliveryDate(
  db: Kysely<DB>,
  subscriptionId: number,
  next: string,
  at: Date,
) {
  await db
    .updateTable("subscriptions")
    .set({ deliveryDate: next, updatedAt: at.toISOString() })
    .where("id", "=", subscriptionId)
    .where((eb) => eb.or([eb("deliveryDate", "is", null), eb("deliveryDate", "<", next)]))
    .execute();
}
