// Two job runners at once share the renewals at a cut-off (decision 048): each delivery is decided
// exactly once, both runners decide some, and on PostgreSQL neither works a delivery the other
// took (each claims its own batch with `for update skip locked`). SQLite keeps one writer and the
// plain select: there both may try a delivery and one of them decides it. A batch claimed by a
// runner that died waits for its lease, then another runner takes it. Real concurrency: the two
// runners run at once in this process, on PostgreSQL on separate pooled connections.
import { RENEWALS } from "~/config";
import { db } from "~/db/client.server";
import { runDueJobs } from "~/jobs/runner.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { skipDelivery } from "~/subscriptions/changes.server";
import { deliveryPlanJob, renewalJob } from "~/subscriptions/jobs.server";
import { cutoffInstant, nextDeliveryDate } from "~/subscriptions/schedule";
import { deliveriesOf, mailsTo, ordersOf, subscriber, type Fixture } from "./renewal-fixtures";

const origin = "http://shop.test";
const postgres = Boolean(process.env.DATABASE_URL_TEST);
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
const plan = (now: Date) => runDueJobs({ now, kinds: [deliveryPlanJob], origin, log: false });
const renewals = (now: Date, batch = 100) =>
  runDueJobs({ now, kinds: [renewalJob], origin, log: false, batch, maxBatches: 200 });

afterEach(() => vi.restoreAllMocks());

/** `n` subscribers whose next delivery is planned; that delivery's date and cut-off. */
async function dueTogether(n: number, start: string) {
  const subs: Fixture[] = [];
  for (let i = 0; i < n; i++) subs.push(await subscriber({ start }));
  const d1 = nextDeliveryDate(subs[0].schedule, subs[0].first, 28);
  await plan(new Date(`${subs[0].first}T01:00:00Z`));
  // everything else due by then (the seed's subscribers) decided first, so the race below is over these alone
  const cutoff = cutoffInstant(subs[0].schedule, d1);
  await renewals(minutes(cutoff, -1));
  return { subs, d1, cutoff };
}

describe("two job runners at the cut-off", () => {
  it("share the deliveries: each decided exactly once, both runners decide some", async () => {
    const { subs, d1, cutoff } = await dueTogether(14, "2029-05-07");
    const [skipper] = subs;
    await skipDelivery(
      { subscriptionId: skipper.subId, userId: skipper.userId, deliveryDate: d1 },
      { origin, now: new Date(`${skipper.first}T02:00:00Z`) },
    );
    const charge = vi.spyOn(paymentGateway(), "charge");

    const at = minutes(cutoff, 1);
    const [a, b] = await Promise.all([renewals(at, 3), renewals(at, 3)]);

    expect(a.renewal.done).toBeGreaterThan(0);
    expect(b.renewal.done).toBeGreaterThan(0);
    expect(a.renewal.done + b.renewal.done).toBe(subs.length);
    expect(a.renewal.failed + b.renewal.failed).toBe(0);
    // on PostgreSQL no runner so much as tried a delivery the other had claimed
    if (postgres) expect(a.renewal.skipped + b.renewal.skipped).toBe(0);

    for (const f of subs) {
      const orders = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
      const calls = charge.mock.calls
        .map((c) => c[0].idempotencyKey)
        .filter((k) => k.startsWith(`renewal:${f.subId}:`));
      const [row] = (await deliveriesOf(f.subId)).filter((r) => r.deliveryDate === d1);
      if (f === skipper) {
        expect(orders).toEqual([]);
        expect(calls).toEqual([]);
        expect(row).toMatchObject({ status: "skipped", claimedAt: null });
        continue;
      }
      expect(orders.map((o) => o.status)).toEqual(["paid"]);
      expect(calls).toEqual([`renewal:${f.subId}:${d1}`]);
      expect(
        await db
          .selectFrom("payments")
          .select("status")
          .where("idempotencyKey", "like", `renewal:${f.subId}:%`)
          .execute(),
      ).toEqual([{ status: "succeeded" }]);
      expect(await mailsTo(f.email, "delivery-renewal")).toHaveLength(1);
      // decided and settled: no claim is left behind
      expect(row).toMatchObject({ status: "paid", claimedAt: null });
      expect(row.processedAt).not.toBeNull();
    }
  });

  it("a batch claimed by a runner that died waits for its lease, then another runner decides it", async () => {
    const { subs, d1, cutoff } = await dueTogether(2, "2029-08-06");
    const at = minutes(cutoff, 1);
    const taken = await renewalJob.due({ db, now: at, origin }, 100); // claimed, then the runner is gone
    expect(taken.map((t) => t.subscriptionId).sort()).toEqual(subs.map((f) => f.subId).sort());

    await renewals(minutes(at, 1));
    const decided = async () =>
      (
        await Promise.all(
          subs.map(
            async (f) => (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1).length,
          ),
        )
      ).every((n) => n === 1);
    // PostgreSQL: the claim holds; SQLite takes no claims, so the next run decides them at once
    expect(await decided()).toBe(!postgres);
    if (postgres) {
      const rows = await Promise.all(
        subs.map(async (f) => (await deliveriesOf(f.subId)).find((r) => r.deliveryDate === d1)!),
      );
      expect(rows.map((r) => [r.processedAt, r.claimedAt])).toEqual(
        subs.map(() => [null, at.toISOString()]),
      );
    }

    await renewals(minutes(at, RENEWALS.claimLeaseMinutes + 1));
    expect(await decided()).toBe(true);
    for (const f of subs) {
      expect((await deliveriesOf(f.subId)).find((r) => r.deliveryDate === d1)).toMatchObject({
        status: "paid",
        claimedAt: null,
      });
      expect(await mailsTo(f.email, "delivery-renewal")).toHaveLength(1);
    }
  });
});
