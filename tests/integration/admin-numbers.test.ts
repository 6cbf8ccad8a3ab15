// The owner's numbers against a seed whose numbers are known (issue 37), on SQLite and on
// PostgreSQL (DATABASE_URL_TEST): the shop's transactional rows are emptied, then subscriptions with
// frequencies and add-ons, cancellations with reasons, deliveries, first charges declined then
// recovered (or not), payments and refunds are laid around a fixed "now" (Wednesday 15 October
// 2031, 1 pm in Sydney, ten days after daylight saving began), and every figure is checked exactly,
// including the rows at the edges of Sydney weeks and windows; then every CSV download.
import { figureCsv } from "~/admin/numbers/csv.server";
import { FIGURES } from "~/admin/numbers/figures";
import { numbersFor } from "~/admin/numbers/numbers.server";
import { db } from "~/db/client.server";
import * as overview from "~/routes/admin._index";
import * as csvRoute from "~/routes/admin.numbers.$figure";
import { staffClient } from "./admin-helpers";
import { call, getRequest } from "./http-helpers";
import {
  addSubscriptionAddon,
  cancelSubscriptionAt,
  createDeliveryRow,
  createOrder,
  createPaymentRow,
  createRefundRow,
  createStaff,
  createSubscription,
  createUser,
} from "../factories";

const NOW = new Date("2031-10-15T02:00:00.000Z"); // Wed 15 Oct 2031, 1 pm AEDT
const LONG_AGO = "2031-01-01T00:00:00.000Z";

let user: number;
let staff: number;
const ids: Record<string, number> = {};

async function emptyShop() {
  for (const table of [
    "refunds",
    "deliveries",
    "subscriptionEvents",
    "subscriptionAddons",
    "subscriptionItems",
    "payments",
    "giftCards",
    "invoiceLines",
    "invoices",
    "orders",
    "subscriptions",
  ] as const)
    await db.deleteFrom(table).execute();
}

async function sub(
  name: string,
  pkg: number,
  frequencyDays: number,
  status: "active" | "paused" | "cancelled" | "draft",
  startedAt: string | null = LONG_AGO,
) {
  ids[name] = await createSubscription(db, {
    status,
    userId: user,
    packageId: pkg,
    boxType: "custom",
    frequencyDays,
    startedAt,
  });
  return ids[name];
}

beforeAll(async () => {
  await emptyShop();
  user = (await createUser(db)).id;
  staff = (await createStaff(db, { role: "owner" })).id;
  // known prices: box A $100, box B $150, add-on X $12, add-on Y $7.50
  const pkg = async (slug: string, priceCents: number) => {
    await db.updateTable("packages").set({ priceCents }).where("slug", "=", slug).execute();
    return (
      await db
        .selectFrom("packages")
        .select("id")
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow()
    ).id;
  };
  const product = async (slug: string, priceCents: number) => {
    await db.updateTable("products").set({ priceCents }).where("slug", "=", slug).execute();
    return (
      await db
        .selectFrom("products")
        .select("id")
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow()
    ).id;
  };
  const A = await pkg("custom-small", 10_000);
  const B = await pkg("custom-large", 15_000);
  const X = await product("addon-bacon", 1_200);
  const Y = await product("addon-beef-mince", 750);

  // active now (MRR): S1 weekly A+2X, S2 fortnightly B, S3 4-weekly A+X+Y, S4 8-weekly B,
  // S9 fortnightly B+2Y (started this week), S10 4-weekly A (started last Sunday night)
  await addSubscriptionAddon(db, await sub("S1", A, 7, "active"), X, 2);
  await sub("S2", B, 14, "active");
  const s3 = await sub("S3", A, 28, "active");
  await addSubscriptionAddon(db, s3, X, 1);
  await addSubscriptionAddon(db, s3, Y, 1);
  await sub("S4", B, 56, "active");
  // Monday 13 Oct 1 am in Sydney is still Sunday in UTC: this week
  await addSubscriptionAddon(
    db,
    await sub("S9", B, 14, "active", "2031-10-12T14:00:00.000Z"),
    Y,
    2,
  );
  // Sunday 12 Oct 11:30 pm in Sydney: last week
  await sub("S10", A, 28, "active", "2031-10-12T12:30:00.000Z");
  // paused: counted beside the active ones, not in MRR (its add-on neither)
  await addSubscriptionAddon(db, await sub("S5", A, 7, "paused"), X, 5);
  // a draft never counts
  await sub("D0", B, 7, "draft", null);

  // cancelled this week (Mon 13 Oct AEDT onwards), each with its reason as cancelling records it
  const week: [string, string | undefined, string][] = [
    ["S6", "It costs too much: too dear for two of us", "2031-10-13T03:00:00.000Z"],
    ["S12", "It costs too much", "2031-10-14T22:00:00.000Z"],
    ["S7", undefined, "2031-10-12T13:00:00.000Z"], // Monday 00:00 AEDT exactly
    ["S8", "Another reason: moving interstate", "2031-10-14T01:00:00.000Z"],
    ["S11", "We have too much food", "2031-10-15T01:59:00.000Z"],
  ];
  for (const [name, reason, at] of week) {
    await sub(name, A, 14, "active");
    await cancelSubscriptionAt(db, ids[name], at, reason);
  }
  // cancelled in the churn windows (whole weeks 15 Sep-12 Oct and 21 Jul-12 Oct 2031)
  await sub("C1", A, 14, "active");
  await cancelSubscriptionAt(db, ids.C1, "2031-10-01T00:00:00.000Z", "I'm moving");
  await sub("C2", A, 14, "active");
  await cancelSubscriptionAt(db, ids.C2, "2031-08-10T00:00:00.000Z", "It costs too much");
  await sub("C3", A, 14, "active", "2031-08-01T00:00:00.000Z");
  await cancelSubscriptionAt(db, ids.C3, "2031-09-20T00:00:00.000Z");
  // Sunday 14 Sep 11:59:59 pm AEST: the last second before the 4-week window
  await sub("C4", A, 14, "active");
  await cancelSubscriptionAt(db, ids.C4, "2031-09-14T13:59:59.000Z");
  await sub("C5", A, 14, "active");
  await cancelSubscriptionAt(db, ids.C5, "2031-03-01T00:00:00.000Z");
  // a cancellation the Sunday before this week (11 pm AEDT): not this week's, but in the windows
  await sub("C6", A, 14, "active");
  await cancelSubscriptionAt(
    db,
    ids.C6,
    "2031-10-12T12:00:00.000Z",
    "I wasn't happy with the quality",
  );

  // boxes per delivery day, 15 Oct to 11 Nov 2031
  for (const day of ["2031-10-16", "2031-10-23", "2031-10-30", "2031-11-06", "2031-11-13"])
    await createDeliveryRow(db, { subscriptionId: ids.S1, deliveryDate: day, status: "scheduled" });
  await createDeliveryRow(db, {
    subscriptionId: ids.S1,
    deliveryDate: "2031-10-14",
    status: "paid",
  });
  const ordered = await createOrder(db, user, {
    subscriptionId: ids.S2,
    deliveryDate: "2031-10-16",
    status: "unpaid",
  });
  await createDeliveryRow(db, {
    subscriptionId: ids.S2,
    deliveryDate: "2031-10-16",
    status: "ordered",
    orderId: ordered.id,
  });
  await createDeliveryRow(db, {
    subscriptionId: ids.S2,
    deliveryDate: "2031-10-30",
    status: "skipped",
  });
  const paidRenewal = await createOrder(db, user, {
    subscriptionId: ids.S3,
    deliveryDate: "2031-10-23",
    status: "paid",
  });
  await createDeliveryRow(db, {
    subscriptionId: ids.S3,
    deliveryDate: "2031-10-23",
    status: "paid",
    orderId: paidRenewal.id,
  });
  const unpaidRenewal = await createOrder(db, user, {
    subscriptionId: ids.S4,
    deliveryDate: "2031-10-16",
    status: "unpaid",
  });
  await createDeliveryRow(db, {
    subscriptionId: ids.S4,
    deliveryDate: "2031-10-16",
    status: "payment_failed",
    orderId: unpaidRenewal.id,
  });
  // declined, then paid through the pay link: the delivery still says payment_failed
  const payLinkPaid = await createOrder(db, user, {
    subscriptionId: ids.S10,
    deliveryDate: "2031-10-20",
    status: "paid",
  });
  await createDeliveryRow(db, {
    subscriptionId: ids.S10,
    deliveryDate: "2031-10-20",
    status: "payment_failed",
    orderId: payLinkPaid.id,
  });
  await createDeliveryRow(db, {
    subscriptionId: ids.S10,
    deliveryDate: "2031-10-23",
    status: "cancelled",
  });
  // S9's first box: a paid order without a delivery row
  await createOrder(db, user, {
    subscriptionId: ids.S9,
    deliveryDate: "2031-10-16",
    status: "paid",
  });
  await createOrder(db, user, { deliveryDate: "2031-10-16", status: "unpaid" });
  await createOrder(db, user, { kind: "gift_card", deliveryDate: null, status: "paid" });

  // revenue: weeks from Mon 28 Jul (index 0) to Mon 13 Oct 2031 (index 11)
  const order = (await createOrder(db, user, { deliveryDate: null, status: "paid" })).id;
  const pay = (
    amountCents: number,
    createdAt: string,
    status: "succeeded" | "refunded" | "declined" = "succeeded",
  ) => createPaymentRow(db, { userId: user, orderId: order, amountCents, status, createdAt });
  await pay(30_000, "2031-10-13T00:00:00.000Z"); // Mon 11 am AEDT: week 11
  await pay(5_000, "2031-10-12T12:00:00.000Z"); // Sun 11 pm AEDT: week 10
  const refunded = await pay(8_000, "2031-08-05T00:00:00.000Z", "refunded"); // week 1
  await createRefundRow(db, {
    orderId: order,
    paymentId: refunded,
    staffUserId: staff,
    amountCents: 8_000,
    createdAt: "2031-10-13T23:00:00.000Z",
    completedAt: "2031-10-14T00:00:00.000Z", // week 11
  });
  await pay(9_999, "2031-09-10T00:00:00.000Z", "declined");
  await pay(7_000, "2031-07-27T13:59:59.000Z"); // Sun 27 Jul 11:59:59 pm AEST: before the 12 weeks
  await pay(1_234, "2031-07-27T14:00:00.000Z"); // Mon 28 Jul midnight AEST: week 0
  await createRefundRow(db, {
    orderId: order,
    staffUserId: staff,
    amountCents: 500,
    method: "credit",
    createdAt: "2031-10-14T00:00:00.000Z",
  });
  await createRefundRow(db, {
    orderId: order,
    staffUserId: staff,
    amountCents: 600,
    status: "pending",
    createdAt: "2031-10-14T00:00:00.000Z",
  });
  await createRefundRow(db, {
    orderId: order,
    staffUserId: staff,
    amountCents: 2_000,
    createdAt: "2031-09-01T00:00:00.000Z", // Mon 1 Sep 10 am AEST: week 5
  });

  // failed first charges since Mon 28 Jul
  const renewal = async (
    name: string,
    day: string,
    declinedAt: string,
    orderStatus: "paid" | "unpaid" | "cancelled",
    deliveryStatus: "paid" | "payment_failed" | "skipped",
  ) => {
    const o = await createOrder(db, user, {
      subscriptionId: ids[name],
      deliveryDate: day,
      status: orderStatus,
    });
    await createDeliveryRow(db, {
      subscriptionId: ids[name],
      deliveryDate: day,
      status: deliveryStatus,
      orderId: o.id,
    });
    await createPaymentRow(db, {
      userId: user,
      amountCents: 12_345,
      status: "declined",
      createdAt: declinedAt,
      idempotencyKey: `renewal:${ids[name]}:${day}`,
    });
    return o.id;
  };
  // recovered by a retry ($30, Wed 1 Oct AEST: week 9)
  const d1 = await renewal("S1", "2031-10-02", "2031-09-30T04:00:00.000Z", "paid", "paid");
  await createPaymentRow(db, {
    userId: user,
    orderId: d1,
    amountCents: 3_000,
    status: "succeeded",
    createdAt: "2031-10-01T00:00:00.000Z",
    idempotencyKey: `renewal:${ids.S1}:2031-10-02:retry1`,
  });
  // recovered through the pay link ($40, week 10)
  const d2 = await renewal(
    "S2",
    "2031-10-09",
    "2031-10-07T04:00:00.000Z",
    "paid",
    "payment_failed",
  );
  await createPaymentRow(db, {
    userId: user,
    orderId: d2,
    amountCents: 4_000,
    status: "succeeded",
    createdAt: "2031-10-08T00:00:00.000Z",
  });
  // still awaiting payment before its packing cut-off
  await renewal("S3", "2031-10-16", "2031-10-14T04:00:00.000Z", "unpaid", "payment_failed");
  // not paid by the packing cut-off
  await renewal("S4", "2031-09-04", "2031-09-02T04:00:00.000Z", "cancelled", "skipped");
  // declined before the window (an hour before Mon 28 Jul AEST), and long before
  await renewal("S4", "2031-07-31", "2031-07-27T13:00:00.000Z", "cancelled", "skipped");
  await renewal("S1", "2031-07-24", "2031-07-22T04:00:00.000Z", "cancelled", "skipped");
  // a first charge that went through is no failure
  const ok = await createOrder(db, user, {
    subscriptionId: ids.S2,
    deliveryDate: "2031-08-14",
    status: "paid",
  });
  await createDeliveryRow(db, {
    subscriptionId: ids.S2,
    deliveryDate: "2031-08-14",
    status: "paid",
    orderId: ok.id,
  });
  await createPaymentRow(db, {
    userId: user,
    orderId: ok.id,
    amountCents: 2_500, // week 2 (Thu 14 Aug)
    status: "succeeded",
    createdAt: "2031-08-13T04:00:00.000Z",
    idempotencyKey: `renewal:${ids.S2}:2031-08-14`,
  });
});

describe("the numbers", () => {
  it("counts the active subscriptions, and the paused beside them", async () => {
    const { active } = await numbersFor(NOW);
    expect(active).toEqual({ active: 6, paused: 1 });
  });

  it("counts this Sydney week's new subscriptions and cancellations with their reasons", async () => {
    const { week } = await numbersFor(NOW);
    expect(week.week).toEqual({
      monday: "2031-10-13",
      sunday: "2031-10-19",
      from: "2031-10-12T13:00:00.000Z",
      to: "2031-10-19T13:00:00.000Z",
    });
    expect(week.started).toBe(1);
    expect(week.cancelled).toBe(5);
    expect(week.reasons.map((r) => [r.key, r.count])).toEqual([
      ["too-much", 1],
      ["price", 2],
      ["other", 1],
      ["none", 1],
    ]);
    expect(week.reasons[1].label).toBe("It costs too much");
  });

  it("normalises each active subscription's box and add-ons to 4 weeks", async () => {
    const { recurring } = await numbersFor(NOW);
    expect(recurring.rows).toEqual([
      { frequencyDays: 7, subscriptions: 1, perDeliveryCents: 12_400, perFourWeeksCents: 49_600 },
      { frequencyDays: 14, subscriptions: 2, perDeliveryCents: 31_500, perFourWeeksCents: 63_000 },
      { frequencyDays: 28, subscriptions: 2, perDeliveryCents: 21_950, perFourWeeksCents: 21_950 },
      { frequencyDays: 56, subscriptions: 1, perDeliveryCents: 15_000, perFourWeeksCents: 7_500 },
    ]);
    expect(recurring.totalCents).toBe(142_050);
  });

  it("measures churn over the last 4 and 12 whole weeks", async () => {
    const { churn } = await numbersFor(NOW);
    // at Mon 15 Sep AEST: S1-S8, S11, S12 (S9, S10 not yet), C1, C3, C6 → 13; cancelled C1, C3, C6
    // at Mon 21 Jul AEST: S1-S8, S11, S12, C1, C2, C4, C6 → 14; cancelled C1, C2, C3, C4, C6
    expect(churn).toEqual([
      {
        weeks: 4,
        from: "2031-09-14T14:00:00.000Z",
        to: "2031-10-12T13:00:00.000Z",
        firstDay: "2031-09-15",
        lastDay: "2031-10-12",
        activeAtStart: 13,
        cancelled: 3,
        rate: 3 / 13,
      },
      {
        weeks: 12,
        from: "2031-07-20T14:00:00.000Z",
        to: "2031-10-12T13:00:00.000Z",
        firstDay: "2031-07-21",
        lastDay: "2031-10-12",
        activeAtStart: 14,
        cancelled: 5,
        rate: 5 / 14,
      },
    ]);
  });

  it("counts the boxes going out per delivery day for the next 4 weeks", async () => {
    const { boxes } = await numbersFor(NOW);
    expect(boxes).toEqual({
      from: "2031-10-15",
      to: "2031-11-11",
      days: [
        { day: "2031-10-16", boxes: 3 },
        { day: "2031-10-20", boxes: 1 },
        { day: "2031-10-23", boxes: 2 },
        { day: "2031-10-30", boxes: 1 },
        { day: "2031-11-06", boxes: 1 },
      ],
    });
  });

  it("sums revenue per Sydney week: card payments less card refunds", async () => {
    const { revenue } = await numbersFor(NOW);
    expect(revenue.weeks.map((w) => w.week.monday)).toEqual([
      "2031-07-28",
      "2031-08-04",
      "2031-08-11",
      "2031-08-18",
      "2031-08-25",
      "2031-09-01",
      "2031-09-08",
      "2031-09-15",
      "2031-09-22",
      "2031-09-29",
      "2031-10-06",
      "2031-10-13",
    ]);
    expect(revenue.weeks.map((w) => w.takenCents)).toEqual([
      1_234, 8_000, 2_500, 0, 0, 0, 0, 0, 0, 3_000, 9_000, 30_000,
    ]);
    expect(revenue.weeks.map((w) => w.refundedCents)).toEqual([
      0, 0, 0, 0, 0, 2_000, 0, 0, 0, 0, 0, 8_000,
    ]);
    expect(revenue.weeks.map((w) => w.netCents)).toEqual([
      1_234, 8_000, 2_500, 0, 0, -2_000, 0, 0, 0, 3_000, 9_000, 22_000,
    ]);
  });

  it("gives the share of failed first charges paid later", async () => {
    const { recovery } = await numbersFor(NOW);
    expect(recovery).toEqual({
      from: "2031-07-27T14:00:00.000Z",
      firstDay: "2031-07-28",
      failed: 4,
      recovered: 2,
      awaiting: 1,
      lost: 1,
      rate: 2 / 3,
    });
  });

  it("downloads every figure as CSV with the same numbers", async () => {
    const csv = Object.fromEntries(
      await Promise.all(FIGURES.map(async (f) => [f, await figureCsv(f, NOW)] as const)),
    );
    expect(csv["active-subscriptions"]).toBe("Status,Subscriptions\r\nActive,6\r\nPaused,1\r\n");
    expect(csv["new-and-cancelled"]).toBe(
      "Week (Monday),Week (Sunday),New subscriptions,Cancelled subscriptions\r\n2031-10-13,2031-10-19,1,5\r\n",
    );
    expect(csv["cancellation-reasons"]).toBe(
      [
        "Week (Monday),Reason,Cancellations",
        "2031-10-13,We have too much food,1",
        "2031-10-13,It costs too much,2",
        `2031-10-13,Another reason (or the subscriber's own words),1`,
        "2031-10-13,No reason given,1",
        "",
      ].join("\r\n"),
    );
    expect(csv["recurring-revenue"]).toBe(
      [
        'Every (days),Times in 4 weeks,Active subscriptions,"One delivery each, summed (AUD incl. GST)",Per 4 weeks (AUD incl. GST)',
        "7,4,1,124.00,496.00",
        "14,2,2,315.00,630.00",
        "28,1,2,219.50,219.50",
        "56,0.5,1,150.00,75.00",
        "Total,,6,,1420.50",
        "",
      ].join("\r\n"),
    );
    expect(csv.churn).toBe(
      [
        "Weeks,First day,Last day,Active at the start,Cancelled,Churn (%)",
        "4,2031-09-15,2031-10-12,13,3,23.1",
        "12,2031-07-21,2031-10-12,14,5,35.7",
        "",
      ].join("\r\n"),
    );
    expect(csv["boxes-per-day"]).toBe(
      "Delivery day,Boxes\r\n2031-10-16,3\r\n2031-10-20,1\r\n2031-10-23,2\r\n2031-10-30,1\r\n2031-11-06,1\r\n",
    );
    const revenueLines = csv["revenue-per-week"].split("\r\n");
    expect(revenueLines[0]).toBe(
      "Week (Monday),Week (Sunday),Card payments (AUD),Card refunds (AUD),Revenue (AUD)",
    );
    expect(revenueLines[1]).toBe("2031-07-28,2031-08-03,12.34,0.00,12.34");
    // a negative amount stays a number (not kept as text like a formula), so the sums add up
    expect(revenueLines[6]).toBe("2031-09-01,2031-09-07,0.00,20.00,-20.00");
    expect(revenueLines[12]).toBe("2031-10-13,2031-10-19,300.00,80.00,220.00");
    expect(revenueLines).toHaveLength(14);
    expect(csv["payment-recovery"]).toBe(
      [
        "First charges since,Failed first charges,Paid later,Still awaiting payment,Not paid,Recovery (%)",
        "2031-07-28,4,2,1,1,66.7",
        "",
      ].join("\r\n"),
    );
  });
});

describe("the routes", () => {
  it("show the owner the numbers on /admin, and support the cards alone", async () => {
    const owner = await overview.loader({
      request: getRequest("/admin", await staffClient("owner")),
      params: {},
      context: {},
    } as never);
    expect(owner.numbers?.active).toEqual({ active: 6, paused: 1 });
    expect(owner.cards.map((c) => c.title)).toContain("Audit");
    const support = await overview.loader({
      request: getRequest("/admin", await staffClient("support")),
      params: {},
      context: {},
    } as never);
    expect(support.numbers).toBeNull();
    expect(support.cards.map((c) => c.title)).toEqual([
      "Orders",
      "Customers",
      "Failed payments",
      "Gift cards",
    ]);
  });

  it("download a figure as a UTF-8 CSV attachment with a byte-order mark, for the owner only", async () => {
    const owner = await staffClient("owner");
    const res = await csvRoute.loader({
      request: getRequest("/admin/numbers/active-subscriptions.csv", owner),
      params: { figure: "active-subscriptions.csv" },
      context: {},
    } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="active-subscriptions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe(
      "Status,Subscriptions\r\nActive,6\r\nPaused,1\r\n",
    );
    for (const figure of ["active-subscriptions", "nothing.csv", "__proto__.csv", ".csv"]) {
      const answer = await call(csvRoute.loader, getRequest(`/admin/numbers/x`, owner), {
        figure,
      });
      expect([figure, answer.status]).toEqual([figure, 404]);
    }
    for (const role of ["support", "packer", "editor"] as const) {
      const answer = await call(
        csvRoute.loader,
        getRequest("/admin/numbers/churn.csv", await staffClient(role)),
        { figure: "churn.csv" },
      );
      expect([role, answer.status]).toEqual([role, 403]);
    }
  });
});
