// The renewal engine's timed work, as kinds of the one job runner (run in this
// order): plan each live subscription's next delivery, send the reminders that
// are due, decide deliveries at their cut-off (order + charge), close renewals
// still unpaid at their packing cut-off, retry declined charges before it and
// resume charges left half-way. Every piece is claimed
// by a conditional update in the transaction of its effects (see each module); deliveries at their
// cut-off are also shared out among runners a batch at a time (./cutoff-claim.server.ts).
import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { preparedOnGiven } from "~/db/prepared.server";
import type { JobKind } from "~/jobs/types";
import { RENEWALS } from "~/config";
import { datesMissing, insertPlanned, scheduleOf, subscriptionFacts } from "./deliveries.server";
import { sendReminder } from "./reminders.server";
import { packingCutoffInstant } from "./schedule";
import { claimAtCutoff, decideClaimed } from "./cutoff-claim.server";
import { closeUnpaidAtPacking, unpaidAtPacking } from "./packing.server";
import { renewAtCutoff, resumeCharge, retryCharge } from "./renewals.server";

type PlanItem = { subscriptionId: number };

// /healthz asks these on every call: compiled once (docs/performance.md, 2026-11-29)
const oldestPlanningDue = preparedOnGiven((q: Kysely<DB>, ts: string) =>
  q
    .selectFrom("subscriptions as s")
    .select((eb) =>
      eb.fn
        .min(
          eb.fn.coalesce(
            eb
              .selectFrom("deliveries as d")
              .select((e) => e.fn.max("d.cutoffAt").as("last"))
              .whereRef("d.subscriptionId", "=", "s.id"),
            eb.ref("s.updatedAt"),
          ),
        )
        .as("oldest"),
    )
    .where("s.status", "in", ["active", "paused"])
    .where("s.deliveryDate", "is not", null)
    .where("s.userId", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("deliveries as d")
            .select(sql.lit(1).as("one"))
            .whereRef("d.subscriptionId", "=", "s.id")
            .where("d.cutoffAt", ">", ts),
        ),
      ),
    ),
);
const oldestReminderDue = preparedOnGiven((q: Kysely<DB>, remindBy: string, cutoffAfter: string) =>
  q
    .selectFrom("deliveries as d")
    .innerJoin("subscriptions as s", "s.id", "d.subscriptionId")
    .select((eb) => eb.fn.min("d.remindAt").as("oldest"))
    .where("d.reminderSentAt", "is", null)
    .where("d.processedAt", "is", null)
    .where("d.remindAt", "<=", remindBy)
    .where("d.cutoffAt", ">", cutoffAfter)
    .where("s.status", "=", "active"),
);
const oldestCutoffDue = preparedOnGiven((q: Kysely<DB>, ts: string) =>
  q
    .selectFrom("deliveries")
    .select((eb) => eb.fn.min("cutoffAt").as("oldest"))
    .where("processedAt", "is", null)
    .where("cutoffAt", "<=", ts),
);
const oldestRetryDue = preparedOnGiven((q: Kysely<DB>, ts: string) =>
  q
    .selectFrom("deliveries")
    .select((eb) => eb.fn.min("nextAttemptAt").as("oldest"))
    .where("status", "=", "payment_failed")
    .where("nextAttemptAt", "<=", ts),
);

export const deliveryPlanJob: JobKind<PlanItem> = {
  name: "delivery-plan",
  async due({ db, now }, limit) {
    const ts = now.toISOString();
    const rows = await db
      .selectFrom("subscriptions as s")
      .select("s.id")
      .where("s.status", "in", ["active", "paused"])
      .where("s.deliveryDate", "is not", null)
      .where("s.userId", "is not", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("deliveries as d")
              .select(sql.lit(1).as("one"))
              .whereRef("d.subscriptionId", "=", "s.id")
              .where("d.cutoffAt", ">", ts),
          ),
        ),
      )
      .orderBy("s.id")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ subscriptionId: r.id }));
  },
  async run({ db, now }, item) {
    const sub = await subscriptionFacts(db, item.subscriptionId);
    if (!sub || (sub.status !== "active" && sub.status !== "paused")) return "skipped";
    const schedule = await scheduleOf(sub.regionId);
    const dates = await datesMissing(db, sub, schedule, now);
    return (await insertPlanned(db, sub, schedule, dates, now)) > 0 ? "done" : "skipped";
  },
  describe: (item) => ({ subscriptionId: item.subscriptionId }),
  async oldestDue({ db, now }) {
    const ts = now.toISOString();
    // due since its last delivery's cut-off passed (or, with none yet, since it last changed)
    const [row] = await oldestPlanningDue(db)(ts);
    return (row?.oldest as string | null) ?? null;
  },
};

type DeliveryItem = {
  deliveryId: number;
  subscriptionId: number;
  deliveryDate: string;
  step: "reminder" | "cutoff" | "packing" | "retry" | "resume";
  /** a cut-off delivery's claim (./cutoff-claim.server.ts), null where there is none */
  claimedAt?: string | null;
};

export const deliveryReminderJob: JobKind<DeliveryItem> = {
  name: "delivery-reminder",
  async due({ db, now }, limit) {
    const ts = now.toISOString();
    const rows = await db
      .selectFrom("deliveries as d")
      .innerJoin("subscriptions as s", "s.id", "d.subscriptionId")
      .select(["d.id", "d.subscriptionId", "d.deliveryDate"])
      .where("d.reminderSentAt", "is", null)
      .where("d.processedAt", "is", null)
      .where("d.remindAt", "<=", ts)
      .where("d.cutoffAt", ">", ts)
      .where((eb) =>
        eb.or([
          eb("s.status", "=", "active"),
          eb.and([
            eb("s.status", "=", "paused"),
            eb("s.pausedUntil", "is not", null),
            eb("s.pausedUntil", "<=", eb.ref("d.deliveryDate")),
          ]),
        ]),
      )
      .orderBy("d.remindAt")
      .orderBy("d.id")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      deliveryId: r.id,
      subscriptionId: r.subscriptionId,
      deliveryDate: r.deliveryDate,
      step: "reminder" as const,
    }));
  },
  run: (ctx, item) => sendReminder(ctx, item.deliveryId),
  describe: ({ deliveryId, subscriptionId, deliveryDate }) => ({
    deliveryId,
    subscriptionId,
    deliveryDate,
  }),
  async oldestDue({ db, now }) {
    const ts = now.toISOString();
    const [row] = await oldestReminderDue(db)(ts, ts);
    return (row?.oldest as string | null) ?? null;
  },
};

export const renewalJob: JobKind<DeliveryItem> = {
  name: "renewal",
  async due({ db, now }, limit) {
    const ts = now.toISOString();
    const leaseStart = new Date(now.getTime() - RENEWALS.claimLeaseMinutes * 60_000).toISOString();
    const cols = ["id", "subscriptionId", "deliveryDate"] as const;
    const atCutoff = await claimAtCutoff(db, now, limit);
    const packing =
      atCutoff.length < limit
        ? await unpaidAtPacking(db, now)
            .select(cols)
            .orderBy("deliveryDate")
            .orderBy("id")
            .limit(limit - atCutoff.length)
            .execute()
        : [];
    const packingIds = new Set(packing.map((r) => r.id));
    const room = limit - atCutoff.length - packing.length;
    const retries =
      room > 0
        ? (
            await db
              .selectFrom("deliveries")
              .select(cols)
              .where("status", "=", "payment_failed")
              .where("nextAttemptAt", "<=", ts)
              .orderBy("nextAttemptAt")
              .limit(room + packing.length)
              .execute()
          )
            .filter((r) => !packingIds.has(r.id))
            .slice(0, room)
        : [];
    const left = room - retries.length;
    const resumes =
      left > 0
        ? await db
            .selectFrom("deliveries")
            .select(cols)
            .where("status", "=", "ordered")
            .where((eb) => eb.or([eb("claimedAt", "is", null), eb("claimedAt", "<=", leaseStart)]))
            .orderBy("id")
            .limit(left)
            .execute()
        : [];
    const item =
      (step: DeliveryItem["step"]) =>
      (r: { id: number; subscriptionId: number; deliveryDate: string }) => ({
        deliveryId: r.id,
        subscriptionId: r.subscriptionId,
        deliveryDate: r.deliveryDate,
        step,
      });
    return [
      ...atCutoff.map((r) => ({ ...item("cutoff")(r), claimedAt: r.claimedAt })),
      ...packing.map(item("packing")),
      ...retries.map(item("retry")),
      ...resumes.map(item("resume")),
    ];
  },
  run(ctx, item) {
    if (item.step === "packing") return closeUnpaidAtPacking(ctx, item.deliveryId);
    if (item.step === "retry") return retryCharge(ctx, item.deliveryId);
    if (item.step === "resume") return resumeCharge(ctx, item.deliveryId);
    return decideClaimed(ctx.db, { id: item.deliveryId, claimedAt: item.claimedAt ?? null }, () =>
      renewAtCutoff(ctx, item.deliveryId),
    );
  },
  describe: ({ deliveryId, subscriptionId, deliveryDate, step }) => ({
    deliveryId,
    subscriptionId,
    deliveryDate,
    step,
  }),
  async oldestDue({ db, now }) {
    const ts = now.toISOString();
    const [a] = await oldestCutoffDue(db)(ts);
    const [b] = await oldestRetryDue(db)(ts);
    // due since its packing cut-off (noon Sydney the day before delivery): the earliest date's, roughly
    const c = await unpaidAtPacking(db, now)
      .select((eb) => eb.fn.min("deliveryDate").as("oldest"))
      .executeTakeFirst();
    const packingSince =
      typeof c?.oldest === "string" ? packingCutoffInstant(c.oldest).toISOString() : null;
    const times = [a?.oldest, b?.oldest, packingSince].filter(
      (t): t is string => typeof t === "string",
    );
    return times.sort()[0] ?? null;
  },
};

/** Registered as one entry in app/jobs/registry.server.ts, in this order; each piece names its subscription. */
export const SUBSCRIPTION_JOB_KINDS: JobKind<PlanItem>[] = [
  deliveryPlanJob,
  deliveryReminderJob,
  renewalJob,
];
