// A skip (on the page or with the reminder's one-tap link), pause or cancel pressed at the cut-off races the renewal that decides the delivery
// (issue 33, item 2): each round ends either "the change confirmed, nothing ordered or charged"
// or "the change refused (or told the delivery still comes), the delivery ordered and charged",
// never both. Real concurrency: the two calls run at once (Promise.all), each in its own
// transaction; on PostgreSQL on two pooled connections. The start of one call is staggered by
// 0-9 ms from round to round, so the other's reads, claim and writes fall at every point of it.
import { db } from "~/db/client.server";
import { cancel, ChangeRefusedError, pause, skipDelivery } from "~/subscriptions/changes.server";
import { datesMissing, insertPlanned, scheduleOf } from "~/subscriptions/deliveries.server";
import { newOneTapToken, redeemOneTap } from "~/subscriptions/one-tap.server";
import { renewAtCutoff } from "~/subscriptions/renewals.server";
import { cutoffInstant, nextDeliveryDate } from "~/subscriptions/schedule";
import { mailsTo, ordersOf, subscriber, type Fixture } from "./renewal-fixtures";

const origin = "http://shop.test";
const ROUNDS = 100;
/** A round takes 15-70 ms; the old code's deadlocks on PostgreSQL cost a second each, so it gets room to show them. */
const RACE_TIMEOUT_MS = 120_000;

type Round = { f: Fixture; d1: string; d2: string; deliveryId: number; cutoffAt: Date };

/** A subscriber whose next delivery is planned and whose cut-off is at hand. */
async function round(start: string): Promise<Round> {
  const f = await subscriber({ start });
  const d1 = nextDeliveryDate(f.schedule, f.first, 28);
  const sub = { id: f.subId, deliveryDate: f.first, frequencyDays: 28, deliveryWindow: "day" };
  const schedule = await scheduleOf(
    (
      await db
        .selectFrom("subscriptions")
        .select("regionId")
        .where("id", "=", f.subId)
        .executeTakeFirstOrThrow()
    ).regionId,
  );
  const at = new Date(`${f.first}T01:00:00Z`);
  await insertPlanned(db, sub, schedule, await datesMissing(db, sub, schedule, at), at);
  const row = await db
    .selectFrom("deliveries")
    .select("id")
    .where("subscriptionId", "=", f.subId)
    .where("deliveryDate", "=", d1)
    .executeTakeFirstOrThrow();
  return {
    f,
    d1,
    d2: nextDeliveryDate(f.schedule, d1, 28),
    deliveryId: row.id,
    cutoffAt: cutoffInstant(f.schedule, d1),
  };
}

/** What the round left: the delivery, its order, the renewal's payment and the gateway's own record of a charge. */
async function outcome(r: Round) {
  const key = `renewal:${r.f.subId}:${r.d1}`;
  const delivery = await db
    .selectFrom("deliveries")
    .select(["status"])
    .where("id", "=", r.deliveryId)
    .executeTakeFirstOrThrow();
  const orders = (await ordersOf(r.f.subId)).filter((o) => o.deliveryDate === r.d1);
  const payment = await db
    .selectFrom("payments")
    .select(["status"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
  const gatewayCharges = await db
    .selectFrom("sandboxCharges")
    .select("result")
    .where("idempotencyKey", "=", key)
    .execute();
  const charged = gatewayCharges.some((c) => JSON.parse(c.result).status === "succeeded");
  const mails = await mailsTo(r.f.email, "subscription-change");
  return {
    delivery: delivery.status,
    orders: orders.map((o) => o.status),
    payment: payment?.status ?? null,
    charged,
    mails,
  };
}

/**
 * Runs the change and the renewal at once: the change a second before the cut-off, the renewal a
 * second after. Round `i` holds one of them back first: by up to STEPS * STEP turns of the event
 * loop's queue (SQLite's driver answers without I/O, so each query is a few such turns) and by
 * up to STEPS / 10 ms (PostgreSQL's queries wait on the network), so across the rounds the other
 * call's reads, claim and writes land at every point of it.
 */
const STEPS = 50;
const STEP = 6;
async function holdBack(n: number) {
  for (let k = 0; k < n * STEP; k++) await null;
  if (n % 5 === 0) for (let k = 0; k < n / 5; k++) await new Promise((r) => setImmediate(r));
}
async function race<T>(r: Round, i: number, change: (now: Date) => Promise<T>) {
  const n = i % STEPS;
  const changeFirst = Math.floor(i / STEPS) % 2 === 1;
  const [changed, renewed] = await Promise.all([
    (async () => {
      if (!changeFirst) await holdBack(n);
      return change(new Date(r.cutoffAt.getTime() - 1000)).catch((e: unknown) =>
        e instanceof Error ? e : new Error(String(e)),
      );
    })(),
    (async () => {
      if (changeFirst) await holdBack(n);
      return renewAtCutoff(
        { db, now: new Date(r.cutoffAt.getTime() + 1000), origin },
        r.deliveryId,
      );
    })(),
  ]);
  return { changed, renewed };
}

/** The round's state as one comparable value (both outcomes are checked against it). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const dbName = () => (process.env.DATABASE_URL_TEST ? "PostgreSQL" : "SQLite");

describe("a skip, pause or cancel racing the renewal at the cut-off", () => {
  it(
    `skip: ${ROUNDS} rounds, each either skipped and not charged or refused and charged`,
    async () => {
      const tally = { skipped: 0, refusedAndCharged: 0 };
      const wrong: unknown[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const r = await round("2030-03-04");
        const { changed } = await race(r, i, (now) =>
          skipDelivery(
            { subscriptionId: r.f.subId, userId: r.f.userId, deliveryDate: r.d1 },
            { origin, now },
          ),
        );
        const o = await outcome(r);
        const skipMails = o.mails.filter(
          (m) =>
            m.subject.startsWith("Delivery skipped") &&
            m.text.includes("Nothing is delivered or charged for it."),
        );
        const seen = {
          refused: changed instanceof ChangeRefusedError ? changed.reason : null,
          confirmed: !(changed instanceof Error),
          ...o,
          mails: skipMails.length,
        };
        if (
          same(seen, {
            refused: null,
            confirmed: true,
            delivery: "skipped",
            orders: [],
            payment: null,
            charged: false,
            mails: 1,
          })
        )
          tally.skipped++;
        else if (
          same(seen, {
            refused: "cutoff_passed",
            confirmed: false,
            delivery: "paid",
            orders: ["paid"],
            payment: "succeeded",
            charged: true,
            mails: 0,
          })
        )
          tally.refusedAndCharged++;
        else wrong.push({ round: i, ...seen });
      }
      console.info(
        `skip race on ${dbName()}:`,
        tally,
        `${wrong.length} rounds both or neither`,
        wrong.length ? JSON.stringify(wrong[0]) : "",
      );
      expect(wrong).toEqual([]);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `one-tap skip link: ${ROUNDS} rounds, each either skipped and not charged or expired and charged`,
    async () => {
      const tally = { skipped: 0, expiredAndCharged: 0 };
      const wrong: unknown[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const r = await round("2030-09-02");
        const { token, hash } = newOneTapToken();
        await db
          .updateTable("deliveries")
          .set({ oneTapHash: hash, reminderSentAt: new Date().toISOString() })
          .where("id", "=", r.deliveryId)
          .execute();
        const { changed } = await race(r, i, (now) => redeemOneTap(db, token, "skip", now, origin));
        if (changed instanceof Error) throw changed;
        const o = await outcome(r);
        const skipMails = o.mails.filter(
          (m) =>
            m.subject.startsWith("Delivery skipped") &&
            m.text.includes("Nothing is delivered or charged for it."),
        );
        const seen = { state: changed.state, ...o, mails: skipMails.length };
        if (
          same(seen, {
            state: "done",
            delivery: "skipped",
            orders: [],
            payment: null,
            charged: false,
            mails: 1,
          })
        )
          tally.skipped++;
        else if (
          same(seen, {
            state: "expired",
            delivery: "paid",
            orders: ["paid"],
            payment: "succeeded",
            charged: true,
            mails: 0,
          })
        )
          tally.expiredAndCharged++;
        else wrong.push({ round: i, ...seen });
      }
      console.info(
        `one-tap race on ${dbName()}:`,
        tally,
        `${wrong.length} rounds both or neither`,
        wrong.length ? JSON.stringify(wrong[0]) : "",
      );
      expect(wrong).toEqual([]);
    },
    RACE_TIMEOUT_MS,
  );

  for (const kind of ["cancel", "pause"] as const) {
    it(
      `${kind}: ${ROUNDS} rounds, each either ${kind === "cancel" ? "cancelled" : "paused"} before the cut-off and not charged, or told the delivery still comes and charged`,
      async () => {
        const tally = { before: 0, toldStillComesAndCharged: 0 };
        const wrong: unknown[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const r = await round("2030-06-03");
          const scope = { subscriptionId: r.f.subId, userId: r.f.userId };
          const { changed } = await race(r, i, (now) =>
            kind === "cancel"
              ? cancel(scope, { origin, now })
              : pause({ ...scope, until: r.d2 }, { origin, now }),
          );
          if (changed instanceof Error) throw changed;
          const o = await outcome(r);
          // what the confirmation (page and e-mail) said about this delivery
          const told = {
            lockedDate: changed.lockedDate,
            mailSaysStillComes:
              o.mails.length === 1 &&
              o.mails[0].text.includes(
                "was already past its change cut-off, so it still arrives and is charged.",
              ),
          };
          const seen = { ...told, ...o, mails: o.mails.length };
          if (
            same(seen, {
              lockedDate: null,
              mailSaysStillComes: false,
              delivery: kind === "cancel" ? "cancelled" : "paused",
              orders: [],
              payment: null,
              charged: false,
              mails: 1,
            })
          )
            tally.before++;
          else if (
            same(seen, {
              lockedDate: r.d1,
              mailSaysStillComes: true,
              delivery: "paid",
              orders: ["paid"],
              payment: "succeeded",
              charged: true,
              mails: 1,
            })
          )
            tally.toldStillComesAndCharged++;
          else wrong.push({ round: i, ...seen });
        }
        console.info(
          `${kind} race on ${dbName()}:`,
          tally,
          `${wrong.length} rounds both or neither`,
          wrong.length ? JSON.stringify(wrong[0]) : "",
        );
        expect(wrong).toEqual([]);
      },
      RACE_TIMEOUT_MS,
    );
  }
});
