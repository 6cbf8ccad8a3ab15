// Issue 46 item 2, decisions 055, 056 and 069: the charge is what the subscriber was last told. A
// recurring code that ends, is paused or is edited between the reminder and the cut-off keeps the
// discount the reminder stated; a delivery skipped when reminders went out and then unskipped gets
// its reminder (and the unskip states the amount); a price change committed while a reminder was
// written does not change what it stated; my-deliveries, the one-tap page and the change page show
// the amount that is charged. On SQLite and PostgreSQL.
import { recordPriceChange } from "~/catalogue/prices.server";
import { forgetCached } from "~/box/cache.server";
import { db } from "~/db/client.server";
import { runDueJobs } from "~/jobs/runner.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { skipDelivery, unskipDelivery } from "~/subscriptions/changes.server";
import { getDeliveriesPage } from "~/subscriptions/deliveries-summary.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { loadNextBox } from "~/subscriptions/next-box.server";
import { readOneTap } from "~/subscriptions/one-tap.server";
import { changeOutcome } from "~/subscriptions/my-deliveries-actions.server";
import { cutoffInstant, nextDeliveryDate, reminderInstant } from "~/subscriptions/schedule";
import { formatAud } from "~/utils/money";
import { mailsTo, ordersOf, rand, subscriber, type Fixture } from "./renewal-fixtures";

const origin = "http://shop.test";
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
const run = (now: Date) =>
  runDueJobs({
    now,
    kinds: SUBSCRIPTION_JOB_KINDS,
    origin,
    log: false,
    batch: 100,
    maxBatches: 200,
  });

async function invoiceOn(f: Fixture, date: string) {
  const o = (await ordersOf(f.subId)).find((x) => x.deliveryDate === date)!;
  return db
    .selectFrom("invoices")
    .selectAll()
    .where("orderId", "=", o.id)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
}

/** A recurring percentage code, every delivery, no end date. */
async function recurringCode(percent: number) {
  const code = `WINTER${rand().toUpperCase()}`;
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto("discounts")
    .values({
      code,
      description: `${percent}% off every box`,
      kind: "percent",
      value: percent,
      usable: 1,
      chooseItems: 0,
      startsAt: null,
      endsAt: null,
      recurring: 1,
      createdAt: at,
      updatedAt: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, code };
}

const smallBox = () =>
  db
    .selectFrom("packages")
    .select(["id", "priceCents"])
    .where("slug", "=", "custom-small")
    .executeTakeFirstOrThrow();

/** The owner's price change of the small box, stamped `changedAt` (the request's start). */
async function setBoxPrice(cents: number, changedAt: Date) {
  const box = await smallBox();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("packages").set({ priceCents: cents }).where("id", "=", box.id).execute();
    await recordPriceChange(
      trx,
      null,
      { type: "package", id: box.id, oldCents: box.priceCents, newCents: cents },
      changedAt,
    );
  });
  forgetCached();
}

const reminderText = async (f: Fixture) =>
  (await mailsTo(f.email, "delivery-reminder")).map((m) => m.text);

afterEach(() => vi.restoreAllMocks());

describe("a recurring code between the reminder and the cut-off", () => {
  for (const [what, change] of [
    ["ends", { endsAt: "2000-01-01T00:00:00.000Z" }],
    ["is paused", { usable: 0 }],
  ] as const) {
    it(`${what}: the delivery keeps the discount its reminder stated; the next one follows the code`, async () => {
      const { id, code } = await recurringCode(20);
      const f = await subscriber({ start: "2033-03-07", discountCode: code });
      const d1 = nextDeliveryDate(f.schedule, f.first, 28);
      const d2 = nextDeliveryDate(f.schedule, d1, 28);
      await run(new Date(`${f.first}T01:00:00Z`));
      await run(minutes(reminderInstant(f.schedule, d1), 1));
      const told = f.boxCents - Math.round(f.boxCents * 0.2);
      expect((await reminderText(f))[0]).toContain(formatAud(told));

      await db.updateTable("discounts").set(change).where("id", "=", id).execute();
      await run(minutes(cutoffInstant(f.schedule, d1), 1));
      const inv1 = await invoiceOn(f, d1);
      expect(inv1.totalCents).toBe(told);

      await run(minutes(reminderInstant(f.schedule, d2), 1));
      await run(minutes(cutoffInstant(f.schedule, d2), 1));
      expect((await invoiceOn(f, d2)).totalCents).toBe(f.boxCents);
    });
  }

  it("is edited (20% to 10%): the delivery keeps 20% as its reminder stated; the next reminder and charge are 10%", async () => {
    const { id, code } = await recurringCode(20);
    const f = await subscriber({ start: "2033-05-02", discountCode: code });
    const charge = vi.spyOn(paymentGateway(), "charge");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(reminderInstant(f.schedule, d1), 1));
    await db.updateTable("discounts").set({ value: 10 }).where("id", "=", id).execute();
    await run(minutes(cutoffInstant(f.schedule, d1), 1));
    const twenty = f.boxCents - Math.round(f.boxCents * 0.2);
    expect((await invoiceOn(f, d1)).totalCents).toBe(twenty);
    expect(
      charge.mock.calls.find((c) => c[0].idempotencyKey === `renewal:${f.subId}:${d1}`)?.[0]
        .amountCents,
    ).toBe(twenty);

    await run(minutes(reminderInstant(f.schedule, d2), 1));
    const ten = f.boxCents - Math.round(f.boxCents * 0.1);
    expect((await reminderText(f))[1]).toContain(formatAud(ten));
    await run(minutes(cutoffInstant(f.schedule, d2), 1));
    expect((await invoiceOn(f, d2)).totalCents).toBe(ten);
  });
});

describe("prices the reminder stated", () => {
  it("a delivery skipped when reminders went out, then unskipped after the box got cheaper: the unskip states the new amount, a reminder follows, and that is charged", async () => {
    const f = await subscriber({ start: "2034-03-06" });
    const box = await smallBox();
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const remindAt = reminderInstant(f.schedule, d1);
    await run(new Date(`${f.first}T01:00:00Z`));
    const scope = { userId: f.userId, subscriptionId: f.subId, deliveryDate: d1 };
    await skipDelivery(scope, { origin, now: minutes(remindAt, -60) });
    await run(minutes(remindAt, 1));
    expect(await reminderText(f)).toHaveLength(0); // nothing to remind of: it is skipped
    const cheaper = box.priceCents - 2000;
    try {
      await setBoxPrice(cheaper, minutes(remindAt, 30));
      const unskipped = await unskipDelivery(scope, { origin, now: minutes(remindAt, 60) });
      const row = await db
        .selectFrom("deliveries")
        .select(["reminderSentAt"])
        .where("subscriptionId", "=", f.subId)
        .where("deliveryDate", "=", d1)
        .executeTakeFirstOrThrow();
      expect(row.reminderSentAt).toBeNull();
      // the confirmation (page and e-mail) states the amount
      const panel = await changeOutcome({ userId: f.userId, reference: unskipped.reference });
      expect(panel?.what).toContain(`${formatAud(cheaper)} is charged at its change cut-off`);
      const [mail] = await mailsTo(f.email, "subscription-change").then((m) =>
        m.filter((x) => x.text.includes("is back on")),
      );
      expect(mail.text).toContain(`It is charged ${formatAud(cheaper)} at its change cut-off`);

      await run(minutes(remindAt, 61));
      const texts = await reminderText(f);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain(formatAud(cheaper));
      await run(minutes(cutoffInstant(f.schedule, d1), 1));
      expect((await invoiceOn(f, d1)).totalCents).toBe(cheaper);
    } finally {
      await setBoxPrice(box.priceCents, minutes(remindAt, 90));
    }
  });

  it("a price change stamped before the reminder but committed after it read the catalogue: the delivery is charged what the reminder stated", async () => {
    const f = await subscriber({ start: "2034-07-03" });
    const box = await smallBox();
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const remindAt = reminderInstant(f.schedule, d1);
    const sent = minutes(remindAt, 1);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(sent);
    expect((await reminderText(f))[0]).toContain(formatAud(box.priceCents));
    try {
      // the owner's save started a second before the reminder and committed after it
      await setBoxPrice(box.priceCents + 1000, new Date(sent.getTime() - 1000));
      await run(minutes(cutoffInstant(f.schedule, d1), 1));
      expect((await invoiceOn(f, d1)).totalCents).toBe(box.priceCents);
    } finally {
      await setBoxPrice(box.priceCents, minutes(sent, 5));
    }
  });
});

describe("the pages show the amount that is charged", () => {
  it("after a reminder, a price rise and the code's end: my-deliveries, the one-tap page and the change page show what the renewal charges", async () => {
    const { id, code } = await recurringCode(20);
    const f = await subscriber({ start: "2035-03-05", discountCode: code });
    const box = await smallBox();
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const remindAt = reminderInstant(f.schedule, d1);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(remindAt, 1));
    const text = (await reminderText(f))[0];
    const token = new URL(/Skip this delivery: (\S+)/.exec(text)![1]).pathname.split("/").at(-1)!;
    try {
      await setBoxPrice(box.priceCents + 1000, minutes(remindAt, 30));
      await db
        .updateTable("discounts")
        .set({ endsAt: minutes(remindAt, 40).toISOString() })
        .where("id", "=", id)
        .execute();
      const told = f.boxCents - Math.round(f.boxCents * 0.2);
      const look = minutes(remindAt, 60);
      const page = await getDeliveriesPage({ userId: f.userId, hasPassword: true }, look);
      const s = page.subscriptions.find((x) => x.id === f.subId)!;
      expect(s.chargeCents).toBe(told);
      expect(s.boxPriceCents).toBe(box.priceCents);
      const view = await readOneTap(db, token, look);
      expect(view).toMatchObject({ state: "valid", owedCents: told });
      const change = await loadNextBox({ id: f.subId, userId: f.userId }, null, look);
      expect(change.nextCharge).toEqual({ date: d1, owedCents: told });

      await run(minutes(cutoffInstant(f.schedule, d1), 1));
      expect((await invoiceOn(f, d1)).totalCents).toBe(told);
    } finally {
      await setBoxPrice(box.priceCents, minutes(remindAt, 90));
    }
  });
});
