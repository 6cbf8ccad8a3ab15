// Customer care against a real database (SQLite, or PostgreSQL with DATABASE_URL_TEST): staff act for
// a customer through the subscriber's own services (same cut-offs, references, e-mails), the activity
// names "Paddock & Tide (first name)", each change writes its audit entry (before/after) in its own
// transaction, a refused change writes nothing; credit never goes below zero; the customer search.
import type { Staff } from "~/staff/staff-session.server";
import { actForCustomer, adjustCredit } from "~/admin/customers/act-for.server";
import {
  loadCustomer,
  parseCustomerQuery,
  searchCustomers,
} from "~/admin/customers/customers.server";
import { db } from "~/db/client.server";
import { runDueJobs } from "~/jobs/runner.server";
import { creditBalance } from "~/orders/credit.server";
import { newKey } from "./admin-refunds-fixtures";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { cutoffInstant, nextDeliveryDate } from "~/subscriptions/schedule";
import { listActivity } from "~/subscriptions/subscriber-actions.server";
import { createAddress, createStaff, createUser, firstCuts } from "../factories";
import { mailsTo, product, rand, subscriber, type Fixture } from "./renewal-fixtures";

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

async function staffMember(role: "owner" | "support" = "support"): Promise<Staff> {
  const s = await createStaff(db, { role, firstName: role === "support" ? "Sam" : "Harriet" });
  return {
    id: s.id,
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    role,
    ip: "203.0.113.9",
  };
}

const form = (values: Record<string, string | number>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, String(v));
  return f;
};

const auditOf = (entityType: string, entityId: number) =>
  db
    .selectFrom("auditEntries")
    .selectAll()
    .where("entityType", "=", entityType)
    .where("entityId", "=", String(entityId))
    .orderBy("id")
    .execute();

const eventsOf = (subId: number) =>
  db
    .selectFrom("subscriptionEvents")
    .select(["type", "actor", "data"])
    .where("subscriptionId", "=", subId)
    .orderBy("id")
    .execute();

describe("acting for a customer", () => {
  let f: Fixture;
  let staff: Staff;
  let d1: string;
  let before: Date;
  beforeAll(async () => {
    staff = await staffMember("support");
  });
  beforeEach(async () => {
    f = await subscriber({ start: `2030-0${1 + Math.floor(Math.random() * 8)}-01` });
    d1 = nextDeliveryDate(f.schedule, f.first, 28);
    before = new Date(`${f.first}T01:00:00Z`);
  });

  it("skips through the subscriber's service: event by Paddock & Tide (Sam), e-mail, audit before/after in one go", async () => {
    const out = await actForCustomer(
      staff,
      f.userId,
      form({ intent: "skip", subscriptionId: f.subId, deliveryDate: d1 }),
      origin,
      before,
    );
    expect(out).toMatchObject({ kind: "done", intent: "skip" });
    const reference = out.kind === "done" ? out.reference : "";
    expect(reference).toMatch(/^CH-/);
    const [event] = (await eventsOf(f.subId)).filter((e) => e.type === "skipped");
    expect(event.actor).toBe("Paddock & Tide (Sam)");
    expect(JSON.parse(event.data!)).toMatchObject({ reference, deliveryDate: d1, by: "staff" });
    const mails = await mailsTo(f.email, "subscription-change");
    expect(mails.map((m) => m.subject)).toEqual([
      `Delivery skipped: Paddock & Tide reference ${reference}`,
    ]);
    const [entry] = await auditOf("subscription", f.subId);
    expect(entry).toMatchObject({
      staffUserId: staff.id,
      staffRole: "support",
      action: "subscription.skip",
      ip: "203.0.113.9",
    });
    expect(JSON.parse(entry.before!)).toMatchObject({ deliveryDate: d1, delivery: "scheduled" });
    expect(JSON.parse(entry.after!)).toMatchObject({
      deliveryDate: d1,
      delivery: "skipped",
      reference,
    });
    // the subscriber's activity list names who did it
    const activity = await listActivity({ userId: f.userId });
    expect(activity[0]).toMatchObject({ reference, who: "Paddock & Tide (Sam)" });

    // and the renewal at the cut-off makes no order for it
    await run(minutes(cutoffInstant(f.schedule, d1), 1));
    const orders = await db
      .selectFrom("orders")
      .select("deliveryDate")
      .where("subscriptionId", "=", f.subId)
      .execute();
    expect(orders.map((o) => o.deliveryDate)).toEqual([f.first]);
  });

  it("refuses a skip past the cut-off, as the subscriber's is; nothing written, no audit", async () => {
    const late = minutes(cutoffInstant(f.schedule, d1), 5);
    const out = await actForCustomer(
      staff,
      f.userId,
      form({ intent: "skip", subscriptionId: f.subId, deliveryDate: d1 }),
      origin,
      late,
    );
    expect(out).toMatchObject({ kind: "refused", status: 409, intent: "skip" });
    if (out.kind === "refused") expect(out.message).toMatch(/can no longer be changed/);
    expect((await eventsOf(f.subId)).filter((e) => e.type === "skipped")).toHaveLength(0);
    expect(await auditOf("subscription", f.subId)).toHaveLength(0);
    expect(await mailsTo(f.email, "subscription-change")).toHaveLength(0);
  });

  it("unskip, pause, resume and cancel (a reason required) each write their event and audit entry", async () => {
    const scope = { subscriptionId: f.subId };
    const act = (values: Record<string, string | number>) =>
      actForCustomer(staff, f.userId, form({ ...scope, ...values }), origin, before);
    expect((await act({ intent: "skip", deliveryDate: d1 })).kind).toBe("done");
    expect((await act({ intent: "unskip", deliveryDate: d1 })).kind).toBe("done");
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    expect((await act({ intent: "pause", resumeOn: d2 })).kind).toBe("done");
    expect((await act({ intent: "resume" })).kind).toBe("done");
    // staff must say why the customer cancels: 400, nothing changed
    const noReason = await act({ intent: "cancel" });
    expect(noReason).toMatchObject({ kind: "refused", status: 400 });
    const cancelled = await act({ intent: "cancel", reason: "moving", comment: "To Perth" });
    expect(cancelled.kind).toBe("done");

    const events = await eventsOf(f.subId);
    const mine = events.filter((e) => e.actor === "Paddock & Tide (Sam)").map((e) => e.type);
    expect(mine).toEqual(["skipped", "unskipped", "paused", "resumed", "cancelled"]);
    const cancelData = JSON.parse(events.find((e) => e.type === "cancelled")!.data!);
    expect(cancelData.reason).toBe("I'm moving: To Perth");

    const audit = await auditOf("subscription", f.subId);
    expect(audit.map((a) => a.action)).toEqual([
      "subscription.skip",
      "subscription.unskip",
      "subscription.pause",
      "subscription.resume",
      "subscription.cancel",
    ]);
    const pauseEntry = audit[2];
    expect(JSON.parse(pauseEntry.before!)).toMatchObject({ status: "active" });
    expect(JSON.parse(pauseEntry.after!)).toMatchObject({ status: "paused", pausedUntil: d2 });
    expect(JSON.parse(audit[4].after!)).toMatchObject({
      status: "cancelled",
      reason: "I'm moving: To Perth",
    });
    expect(await mailsTo(f.email, "subscription-change")).toHaveLength(5);
  });

  it("changes the next box with the subscriber's rules (add-ons), audited", async () => {
    const bacon = await product("addon-bacon");
    // the box holds 8 cuts: a box of 1 is refused as the subscriber's page refuses it
    const [one] = await firstCuts(db, 1);
    const short = await actForCustomer(
      staff,
      f.userId,
      form({ intent: "box", subscriptionId: f.subId, [`cut-${one}`]: 1 }),
      origin,
      before,
    );
    expect(short).toMatchObject({ kind: "refused", status: 409 });
    if (short.kind === "refused") expect(short.message).toMatch(/^Your box holds 8 cuts/);
    const items = (await firstCuts(db, 8)).map((productId) => ({ productId, quantity: 1 }));
    const values: Record<string, string | number> = {
      intent: "box",
      subscriptionId: f.subId,
      [`addon-${bacon.id}`]: 2,
    };
    for (const i of items) values[`cut-${i.productId}`] = i.quantity;
    const out = await actForCustomer(staff, f.userId, form(values), origin, before);
    expect(out).toMatchObject({ kind: "done", intent: "box" });
    const addons = await db
      .selectFrom("subscriptionAddons")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", f.subId)
      .execute();
    expect(addons).toEqual([{ productId: bacon.id, quantity: 2 }]);
    const [entry] = await auditOf("subscription", f.subId);
    expect(entry.action).toBe("subscription.change_box");
    expect(JSON.parse(entry.before!).addons).toEqual([]);
    expect(JSON.parse(entry.after!).addons).toEqual([{ productId: bacon.id, quantity: 2 }]);
    const [event] = (await eventsOf(f.subId)).filter((e) => e.type === "box_changed");
    expect(event.actor).toBe("Paddock & Tide (Sam)");
    // a quantity that is not a whole number from 0 to 99: 400, nothing saved
    const bad = await actForCustomer(
      staff,
      f.userId,
      form({ ...values, [`addon-${bacon.id}`]: "lots" }),
      origin,
      before,
    );
    expect(bad).toMatchObject({ kind: "refused", status: 400 });
  });

  it("another customer's subscription, a member of staff or a missing id answers not found", async () => {
    const other = await subscriber({ start: "2030-11-01" });
    const out = await actForCustomer(
      staff,
      f.userId,
      form({ intent: "skip", subscriptionId: other.subId, deliveryDate: d1 }),
      origin,
      before,
    );
    expect(out.kind).toBe("not_found");
    expect(
      (await actForCustomer(staff, staff.id, form({ intent: "resume", subscriptionId: 1 }), origin))
        .kind,
    ).toBe("not_found");
    expect(await loadCustomer(staff.id)).toBeNull();
  });
});

describe("credit", () => {
  it("adds and removes credit with a reason; never below zero; each audited in the same transaction", async () => {
    const staff = await staffMember("owner");
    const user = await createUser(db, { email: `credit.${rand()}@example.com` });
    const added = await actForCustomer(
      staff,
      user.id,
      form({
        intent: "credit",
        key: newKey(),
        direction: "add",
        amount: "$20.00",
        reason: "Late delivery",
      }),
      origin,
    );
    expect(added).toMatchObject({ kind: "done", intent: "credit" });
    expect(await creditBalance({ userId: user.id })).toBe(2000);

    const tooMuch = await actForCustomer(
      staff,
      user.id,
      form({
        intent: "credit",
        key: newKey(),
        direction: "remove",
        amount: "30",
        reason: "Goodwill ended",
      }),
      origin,
    );
    expect(tooMuch).toMatchObject({ kind: "refused", status: 409 });
    if (tooMuch.kind === "refused") {
      expect(tooMuch.message).toBe("The customer has $20 of credit: you can remove at most that.");
      // what was typed comes back
      expect(tooMuch.values).toMatchObject({ amount: "30", reason: "Goodwill ended" });
    }
    const bad = await actForCustomer(
      staff,
      user.id,
      form({ intent: "credit", key: newKey(), direction: "add", amount: "12.345", reason: "x" }),
      origin,
    );
    expect(bad).toMatchObject({ kind: "refused", status: 400 });

    await adjustCredit(staff, user.id, {
      key: newKey(),
      direction: "remove",
      amount: 500,
      reason: "Typo",
    });
    expect(await creditBalance({ userId: user.id })).toBe(1500);

    const ledger = await db
      .selectFrom("creditLedger")
      .select(["amountCents", "reason"])
      .where("userId", "=", user.id)
      .orderBy("id")
      .execute();
    expect(ledger).toEqual([
      { amountCents: 2000, reason: "Late delivery" },
      { amountCents: -500, reason: "Typo" },
    ]);
    const audit = await auditOf("user", user.id);
    expect(audit.map((a) => a.action)).toEqual(["customer.credit_add", "customer.credit_remove"]);
    expect(JSON.parse(audit[0].before!)).toEqual({ creditCents: 0 });
    expect(JSON.parse(audit[0].after!)).toMatchObject({ creditCents: 2000, amountCents: 2000 });
    expect(JSON.parse(audit[1].after!)).toMatchObject({ creditCents: 1500, amountCents: -500 });

    // two removals at once cannot both spend the same balance
    const both = await Promise.allSettled([
      adjustCredit(staff, user.id, {
        key: newKey(),
        direction: "remove",
        amount: 1000,
        reason: "One",
      }),
      adjustCredit(staff, user.id, {
        key: newKey(),
        direction: "remove",
        amount: 1000,
        reason: "Two",
      }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await creditBalance({ userId: user.id })).toBe(500);
  });
});

describe("customer search", () => {
  it("finds by e-mail prefix, name, phone and postcode; staff are never listed", async () => {
    const tag = rand();
    const a = await createUser(db, {
      email: `zed.${tag}@example.com`,
      firstName: "Zelda",
      lastName: `Quill${tag}`,
      phone: "+61400111222",
    });
    await createAddress(db, a.id, { postcode: "7250", city: "Launceston", state: "TAS" });
    await createStaff(db, { role: "support", email: `zed.${tag}.staff@example.com` });

    const ids = async (q: string) => (await searchCustomers(q, 1)).rows.map((r) => r.id);
    expect(await ids(`zed.${tag}`)).toEqual([a.id]);
    expect(await ids(`ZED.${tag}@`)).toEqual([a.id]);
    expect(await ids(`quill${tag}`)).toEqual([a.id]);
    expect(await ids(`Zelda Quill${tag}`)).toEqual([a.id]);
    expect(await ids("0400 111 222")).toContain(a.id);
    expect(await ids("7250")).toContain(a.id);
    expect(await ids(`nobody.${tag}@`)).toEqual([]);
    expect(parseCustomerQuery("2000")).toEqual({ kind: "postcode", postcode: "2000" });
    expect(parseCustomerQuery("+61 400 111 222")).toEqual({ kind: "phone", phone: "+61400111222" });
    const page = await loadCustomer(a.id);
    expect(page?.addresses.map((x) => x.line)).toEqual([expect.stringContaining("7250")]);
  });
});
