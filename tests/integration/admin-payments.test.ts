// Failed payments against a real database (SQLite, or PostgreSQL with DATABASE_URL_TEST): the list
// with its retry schedule; "Retry now" charges through the renewal engine (its claim, key and
// settle: retry1, retry2...), "Send the pay link again" queues the decline e-mail again; both write
// their audit entry in the transaction of the change; neither acts on a renewal no longer awaiting payment.
import type { Staff } from "~/staff/staff-session.server";
import {
  failedPayments,
  retryNow,
  sendPayLinkAgain,
} from "~/admin/payments/failed-payments.server";
import { db } from "~/db/client.server";
import { runDueJobs } from "~/jobs/runner.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import {
  cutoffInstant,
  nextDeliveryDate,
  packingCutoffInstant,
  retryInstants,
} from "~/subscriptions/schedule";
import { createStaff } from "../factories";
import { deliveriesOf, mailsTo, ordersOf, subscriber } from "./renewal-fixtures";

const origin = "http://shop.test";
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
const run = (now: Date) =>
  runDueJobs({
    now,
    kinds: SUBSCRIPTION_JOB_KINDS,
    origin,
    log: false,
    batch: 100,
    maxBatches: 50,
  });

async function staffMember(): Promise<Staff> {
  const s = await createStaff(db, { role: "support", firstName: "Sam" });
  return { id: s.id, email: s.email, firstName: "Sam", lastName: null, role: "support", ip: "::1" };
}

const auditOf = (deliveryId: number) =>
  db
    .selectFrom("auditEntries")
    .selectAll()
    .where("entityType", "=", "delivery")
    .where("entityId", "=", String(deliveryId))
    .orderBy("id")
    .execute();

async function declinedRenewal(start: string) {
  const f = await subscriber({ start, card: "declined" });
  const d1 = nextDeliveryDate(f.schedule, f.first, 28);
  await run(new Date(`${f.first}T01:00:00Z`));
  const at = minutes(cutoffInstant(f.schedule, d1), 1);
  await run(at);
  const row = (await deliveriesOf(f.subId)).find((r) => r.deliveryDate === d1)!;
  const order = (await ordersOf(f.subId)).find((o) => o.deliveryDate === d1)!;
  return { f, d1, at, row, order };
}

afterEach(() => vi.restoreAllMocks());

describe("failed payments", () => {
  it("lists a declined renewal with its retry schedule; Retry now charges through the engine, audited", async () => {
    const staff = await staffMember();
    const { f, d1, at, row, order } = await declinedRenewal("2031-03-03");
    expect(row).toMatchObject({ status: "payment_failed", chargeAttempts: 1 });
    const tries = retryInstants(f.schedule, d1);

    const listed = (await failedPayments(1, at)).rows.find((r) => r.deliveryId === row.id);
    expect(listed).toMatchObject({
      orderReference: order.reference,
      customerId: f.userId,
      attempts: 1,
      nextAttemptAt: tries[0].toISOString(),
      retries: tries.map((t) => t.toISOString()),
      packingCutoffAt: packingCutoffInstant(d1).toISOString(),
    });
    expect(listed!.dueCents).toBeGreaterThan(0);
    expect(listed!.failure).toBeTruthy();

    // the card still declines: a second attempt with the engine's next key, still awaiting payment
    const charge = vi.spyOn(paymentGateway(), "charge");
    const now1 = minutes(at, 5); // hours before the first scheduled retry
    expect(await retryNow(staff, row.id, origin, now1)).toEqual({
      kind: "declined",
      reference: order.reference,
    });
    expect(charge.mock.calls.map((c) => c[0].idempotencyKey)).toEqual([
      `renewal:${f.subId}:${d1}:retry1`,
    ]);
    let after = (await deliveriesOf(f.subId)).find((r) => r.id === row.id)!;
    expect(after).toMatchObject({ status: "payment_failed", chargeAttempts: 2 });
    // only the first decline e-mails the pay link (the engine's rule)
    expect(await mailsTo(f.email, "delivery-renewal")).toHaveLength(1);

    // a new card: Retry now pays it
    await db
      .updateTable("paymentMethods")
      .set({ gatewayToken: `sandbox_pm_fixed_${row.id}_ok` })
      .where("userId", "=", f.userId)
      .execute();
    expect(await retryNow(staff, row.id, origin, minutes(now1, 1))).toEqual({
      kind: "paid",
      reference: order.reference,
    });
    after = (await deliveriesOf(f.subId)).find((r) => r.id === row.id)!;
    expect(after).toMatchObject({ status: "paid", chargeAttempts: 3, nextAttemptAt: null });
    expect((await ordersOf(f.subId)).find((o) => o.id === order.id)?.status).toBe("paid");
    const payments = await db
      .selectFrom("payments")
      .select(["idempotencyKey", "status"])
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute();
    expect(payments.map((p) => p.status)).toEqual(["declined", "declined", "succeeded"]);

    const audit = await auditOf(row.id);
    expect(audit.map((a) => a.action)).toEqual(["payment.retry", "payment.retry"]);
    expect(JSON.parse(audit[0].before!)).toMatchObject({
      status: "payment_failed",
      chargeAttempts: 1,
    });
    expect(JSON.parse(audit[0].after!)).toMatchObject({
      chargeAttempts: 2,
      key: `renewal:${f.subId}:${d1}:retry1`,
    });

    // paid: nothing left to retry or to send; no audit entry for a refusal
    expect((await retryNow(staff, row.id, origin, minutes(now1, 2))).kind).toBe("refused");
    expect((await sendPayLinkAgain(staff, row.id, origin, minutes(now1, 2))).kind).toBe("refused");
    expect(await auditOf(row.id)).toHaveLength(2);
    expect((await failedPayments(1, now1)).rows.some((r) => r.deliveryId === row.id)).toBe(false);
    // the engine's own schedule does not charge it again
    for (const t of tries) await run(minutes(t, 1));
    expect(
      (await db.selectFrom("payments").select("id").where("orderId", "=", order.id).execute())
        .length,
    ).toBe(3);
  });

  it("Send the pay link again queues the decline e-mail with the pay-an-order link, audited; not after packing", async () => {
    const staff = await staffMember();
    const { f, at, row, order } = await declinedRenewal("2031-06-02");
    const out = await sendPayLinkAgain(staff, row.id, origin, minutes(at, 30));
    expect(out).toEqual({ kind: "sent", reference: order.reference });
    const mails = await mailsTo(f.email, "delivery-renewal");
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe(mails[0].subject);
    expect(mails[1].text).toContain(`${origin}/checkout/${order.reference}`);
    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({ action: "payment.send_pay_link", staffUserId: staff.id });
    expect(JSON.parse(entry.after!)).toMatchObject({ order: order.reference });

    // past the packing cut-off the box is not sent: neither action does anything
    const late = minutes(packingCutoffInstant(row.deliveryDate), 1);
    expect((await sendPayLinkAgain(staff, row.id, origin, late)).kind).toBe("refused");
    expect((await retryNow(staff, row.id, origin, late)).kind).toBe("refused");
    expect(await mailsTo(f.email, "delivery-renewal")).toHaveLength(2);
    expect(await auditOf(row.id)).toHaveLength(1);
  });

  it("two presses of Retry now at once charge once", async () => {
    const staff = await staffMember();
    const { f, d1, at, row } = await declinedRenewal("2031-09-01");
    const charge = vi.spyOn(paymentGateway(), "charge");
    const both = await Promise.all([
      retryNow(staff, row.id, origin, minutes(at, 10)),
      retryNow(staff, row.id, origin, minutes(at, 10)),
    ]);
    expect(both.map((o) => o.kind).sort()).toEqual(["declined", "refused"]);
    expect(charge.mock.calls.map((c) => c[0].idempotencyKey)).toEqual([
      `renewal:${f.subId}:${d1}:retry1`,
    ]);
    expect(await auditOf(row.id)).toHaveLength(1);
  });
});
