// The facts /metrics reads from the database (instanceFacts, app/http/metrics.server.ts, decision
// 067) on SQLite and PostgreSQL (DATABASE_URL_TEST): the outbox's oldest unsent mail and its
// failures of the last day, the lag of each kind of timed work, and renewal charges of the last day,
// charged, declined and recovered, as the renewal engine really writes them.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { setMailer } from "~/email/transport.server";
import { databasePoolStats, instanceFacts } from "~/http/metrics.server";
import { runDueJobs } from "~/jobs/runner.server";
import type { JobKind } from "~/jobs/types";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { cutoffInstant, nextDeliveryDate } from "~/subscriptions/schedule";
import { deliveriesOf, ordersOf, subscriber, type Fixture } from "./renewal-fixtures";

const NOW = new Date("2031-10-15T02:00:00.000Z");
const ago = (minutes: number, from = NOW) =>
  new Date(from.getTime() - minutes * 60_000).toISOString();
const run = (now: Date) =>
  runDueJobs({ now, kinds: SUBSCRIPTION_JOB_KINDS, origin: "http://shop.test", log: false });

afterEach(() => setMailer(null));

async function mail(fields: { createdAt: string; sentAt?: string; failedAt?: string }) {
  await db
    .insertInto("emailOutbox")
    .values({
      toAddress: "someone@example.com",
      subject: "Hello",
      text: "Hello",
      html: null,
      template: "test",
      attempts: fields.failedAt ? 6 : 0,
      ...fields,
    })
    .execute();
}

describe("databasePoolStats", () => {
  it("shows the app's PostgreSQL pool (a connection in use while a query holds it), and nothing on SQLite", async () => {
    if (!process.env.DATABASE_URL_TEST) return expect(databasePoolStats()).toBeNull();
    await db.selectFrom("meta").select("key").execute();
    const idle = databasePoolStats()!;
    expect(idle.max).toBeGreaterThanOrEqual(1); // the pool's ceiling (DATABASE_POOL_MAX, issue 45 item 3)
    expect(idle.total).toBeGreaterThanOrEqual(1);
    expect(idle.total - idle.idle).toBe(0);
    await db.transaction().execute(async () => {
      const busy = databasePoolStats()!;
      expect(busy.total - busy.idle).toBe(1);
    });
  });
});

describe("instanceFacts", () => {
  it("reads the outbox: the oldest mail still to send, how many wait, and the failures of the last 24 hours", async () => {
    await db.deleteFrom("emailOutbox").execute();
    let facts = await instanceFacts({ now: NOW, kinds: [] });
    expect(facts.outbox).toEqual({
      relay: 0,
      oldestUnsentAgeSeconds: 0,
      unsent: 0,
      failedLastDay: 0,
    });

    await mail({ createdAt: ago(90) }); // waiting for a retry, the oldest unsent
    await mail({ createdAt: ago(5) });
    await mail({ createdAt: ago(600), sentAt: ago(599) });
    await mail({ createdAt: ago(300), failedAt: ago(60) });
    await mail({ createdAt: ago(24 * 60 - 1 + 60), failedAt: ago(24 * 60 - 1) });
    await mail({ createdAt: ago(3 * 24 * 60), failedAt: ago(24 * 60 + 1) }); // over a day ago
    setMailer({ send: async () => undefined } as never);
    facts = await instanceFacts({ now: NOW, kinds: [] });
    expect(facts.outbox).toEqual({
      relay: 1,
      oldestUnsentAgeSeconds: 90 * 60,
      unsent: 2,
      failedLastDay: 2,
    });
  });

  it("gives each kind of timed work its lag: seconds since its oldest piece became due, 0 when none waits", async () => {
    const kind = (name: string, oldest: string | null): JobKind<unknown> => ({
      name,
      due: async () => [],
      run: async () => "done",
      describe: () => ({}),
      oldestDue: async () => oldest,
    });
    const facts = await instanceFacts({
      now: NOW,
      kinds: [
        kind("renewal", ago(3)),
        kind("mail-relay", null),
        { ...kind("cleanup", null), oldestDue: undefined },
      ],
    });
    expect(facts.jobLagSeconds).toEqual({ renewal: 180, "mail-relay": 0, cleanup: 0 });
    // every registered kind is named, on this database too
    const all = await instanceFacts();
    expect(Object.keys(all.jobLagSeconds)).toEqual(
      expect.arrayContaining(["renewal", "delivery-reminder", "mail-relay", "payment-recovery"]),
    );
  });

  it("counts the renewal charges of the last 24 hours: charged at the first try, declined, and recovered after a decline", async () => {
    const before = (await instanceFacts()).renewalsLastDay;
    const renew = async (f: Fixture) => {
      const d1 = nextDeliveryDate(f.schedule, f.first, 28);
      await run(new Date(`${f.first}T01:00:00Z`));
      await run(new Date(cutoffInstant(f.schedule, d1).getTime() + 60_000));
      const [delivery] = (await deliveriesOf(f.subId)).filter((r) => r.deliveryDate === d1);
      const [order] = (await ordersOf(f.subId)).filter((o) => o.deliveryDate === d1);
      return { d1, delivery, order };
    };
    // the renewal engine at the cut-off: one card approves, two decline
    const paid = await renew(await subscriber({ start: "2031-03-02" }));
    expect(paid.delivery.status).toBe("paid");
    const payLink = await renew(await subscriber({ start: "2031-03-02", card: "declined" }));
    const retried = await renew(await subscriber({ start: "2031-03-02", card: "declined" }));
    for (const r of [payLink, retried]) expect(r.delivery.status).toBe("payment_failed");
    let after = (await instanceFacts()).renewalsLastDay;
    expect(after).toEqual({
      charged: before.charged + 1,
      declined: before.declined + 2,
      recovered: before.recovered,
    });

    // one is paid through the pay link (its delivery still says payment_failed), the other by a retry
    const payment = (orderId: number, key: string, createdAt = new Date().toISOString()) =>
      db
        .insertInto("payments")
        .values({
          userId: null,
          orderId,
          giftCardId: null,
          amountCents: 100,
          status: "succeeded",
          gatewayChargeId: `ch_${randomBytes(4).toString("hex")}`,
          idempotencyKey: key,
          failureMessage: null,
          createdAt,
        })
        .execute();
    await payment(payLink.order.id, `pay:${randomBytes(8).toString("hex")}`);
    await db
      .updateTable("orders")
      .set({ status: "paid" })
      .where("id", "=", payLink.order.id)
      .execute();
    await payment(
      retried.order.id,
      `renewal:${retried.delivery.subscriptionId}:${retried.d1}:retry1`,
    );
    await db
      .updateTable("deliveries")
      .set({ status: "paid", chargeAttempts: 2 })
      .where("id", "=", retried.delivery.id)
      .execute();
    // a first-try charge of two days ago is not in the last day
    await payment(paid.order.id, `renewal:999999:${paid.d1}`, ago(2 * 24 * 60, new Date()));
    after = (await instanceFacts()).renewalsLastDay;
    expect(after).toEqual({
      charged: before.charged + 1,
      declined: before.declined + 2,
      recovered: before.recovered + 2,
    });
  });
});
