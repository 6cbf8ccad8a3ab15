// Discount codes (issue 37, decision 056) on SQLite, and on PostgreSQL with DATABASE_URL_TEST: the
// back office's routes (create, edit, search, usage, CSV; audited; 400/409 keep what was typed; an
// editor gets 403), and the checkout and renewals enforcing every term: dates, first order only,
// per-customer and total limits (two shoppers racing for the last use: one gets it), excluded
// regions, and a recurring code's N deliveries (delivery N+1 is full price).
import { db } from "~/db/client.server";
import { saveDiscount } from "~/admin/discounts/discounts.server";
import { DiscountFormSchema } from "~/admin/discounts/discount-schema";
import { placeOrder } from "~/checkout/place-order.server";
import { quoteDraft } from "~/pricing/quote.server";
import {
  DISCOUNT_CUSTOMER_LIMIT,
  DISCOUNT_FIRST_ORDER,
  DISCOUNT_UNUSABLE,
  DISCOUNT_USED_UP,
  discountRegionMessage,
} from "~/discounts/discount-rules";
import { runDueJobs } from "~/jobs/runner.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { quoteRenewal } from "~/subscriptions/renewal-quote.server";
import { subscriptionFacts } from "~/subscriptions/deliveries.server";
import { cutoffInstant, nextDeliveryDate } from "~/subscriptions/schedule";
import * as list from "~/routes/admin.discounts._index";
import * as create from "~/routes/admin.discounts.new";
import * as page from "~/routes/admin.discounts.$id";
import * as csv from "~/routes/admin.discounts.$id_.uses[.]csv";
import { createStaff, createUser, uniqueEmail } from "../factories";
import { staffClient } from "./admin-helpers";
import { call, getRequest, postRequest, rowCounts } from "./http-helpers";
import { afterEach, vi } from "vitest";
import { boxDraft, holdCharges, ORIGIN, recoverPastLease, VISA } from "./payment-fixtures";
import { ordersOf, rand, subscriber } from "./renewal-fixtures";

afterEach(() => {
  vi.restoreAllMocks();
});

const asOwner = async () => {
  const s = await createStaff(db, { role: "owner" });
  return { id: s.id, role: s.role, ip: "203.0.113.9" };
};

const fresh = () =>
  createUser(db, { email: uniqueEmail("fresh"), firstName: "Fay", lastName: "New" });

/** A code made through the back office's own service, with these form fields. */
async function makeCode(fields: Record<string, unknown> = {}) {
  const code = `T${rand().toUpperCase()}`;
  const input = DiscountFormSchema.parse({
    code,
    description: "Test offer",
    kind: "percent",
    percent: "10",
    appliesTo: "first",
    active: "on",
    ...fields,
  });
  const saved = await saveDiscount(await asOwner(), null, input);
  if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
  return { id: saved.id, code: input.code };
}

const discountRow = (id: number) =>
  db.selectFrom("discounts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const usesOf = (discountId: number) =>
  db
    .selectFrom("discountUses")
    .selectAll()
    .where("discountId", "=", discountId)
    .orderBy("id")
    .execute();

const FORM = {
  code: "",
  description: "Ten per cent off your first box",
  kind: "percent",
  percent: "10",
  appliesTo: "first",
  active: "on",
};

describe("the back office's discount routes", () => {
  it("the owner creates a code (upper case, audited), finds it, and a duplicate in any case is refused with what was typed", async () => {
    const owner = await staffClient("owner");
    const code = `spring${rand()}`;
    const before = await rowCounts(["auditEntries"]);
    const created = await call(
      create.action,
      postRequest("/admin/discounts/new", owner, [
        ...Object.entries({ ...FORM, code, maxUses: "100", maxUsesPerCustomer: "1" }),
        [
          "excludedRegions",
          String(
            (
              await db
                .selectFrom("deliveryRegions")
                .select("id")
                .where("slug", "=", "tas")
                .executeTakeFirstOrThrow()
            ).id,
          ),
        ],
        ["startsOn", "2026-12-01"],
        ["endsOn", "2026-12-31"],
      ] as [string, string][]),
    );
    expect(created.status).toBe(303);
    const id = Number(/\/admin\/discounts\/(\d+)/.exec(created.location ?? "")![1]);
    const row = await discountRow(id);
    expect(row).toMatchObject({
      code: code.toUpperCase(),
      kind: "percent",
      value: 10,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      recurring: 0,
      usable: 1,
      // Sydney days, inclusive: 1 Dec 00:00 AEDT (UTC+11) to 31 Dec 23:59:59.999 AEDT
      startsAt: "2026-11-30T13:00:00.000Z",
      endsAt: "2026-12-31T12:59:59.999Z",
    });
    expect(await rowCounts(["auditEntries"])).toEqual({
      auditEntries: before.auditEntries + 1,
    });
    const entry = await db
      .selectFrom("auditEntries")
      .selectAll()
      .where("entityType", "=", "discount")
      .where("entityId", "=", String(id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "discount.create", staffUserId: owner.userId });
    expect(JSON.parse(entry.after!)).toMatchObject({ code: code.toUpperCase(), maxUses: 100 });

    const found = await call(
      list.loader,
      getRequest(`/admin/discounts?q=${code.slice(0, 9)}`, owner),
    );
    expect(found.status).toBe(200);
    expect(found.text).toContain(code.toUpperCase());

    const again = await call(
      create.action,
      postRequest("/admin/discounts/new", owner, { ...FORM, code: code.toLowerCase() }),
    );
    expect(again.status).toBe(409);
    expect(again.text).toContain("Another code already has this name");
    expect(again.text).toContain(code.toLowerCase()); // what was typed comes back
    expect(await rowCounts(["auditEntries"])).toEqual({
      auditEntries: before.auditEntries + 1,
    });
  });

  it("bad input answers 422 with the field's message, never a 500; an editor gets 403 and nothing changes", async () => {
    const owner = await staffClient("owner");
    const bad = await call(
      create.action,
      postRequest("/admin/discounts/new", owner, {
        ...FORM,
        code: "no spaces allowed",
        kind: "amount",
        amount: "ten dollars",
        endsOn: "2026-02-30",
        maxUses: "-3",
        products: "x'; drop table discounts",
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("letters, digits or dashes");
    expect(bad.text).toContain("Enter a date as YYYY-MM-DD");
    expect(bad.text).toContain("Choose from the list.");
    expect(bad.text).toContain("ten dollars"); // what was typed comes back
    const amount = await call(
      create.action,
      postRequest("/admin/discounts/new", owner, {
        ...FORM,
        code: `A${rand()}`,
        kind: "amount",
        amount: "ten dollars",
      }),
    );
    expect(amount.status).toBe(422);
    expect(amount.text).toContain("Enter an amount in dollars");
    const free = await call(
      create.action,
      postRequest("/admin/discounts/new", owner, {
        ...FORM,
        code: `F${rand()}`,
        kind: "free_item",
      }),
    );
    expect(free.text).toContain("Choose at least one product");

    const editor = await staffClient("editor");
    const before = await rowCounts(["discounts", "auditEntries"]);
    expect((await call(list.loader, getRequest("/admin/discounts", editor))).status).toBe(403);
    const refused = await call(
      create.action,
      postRequest("/admin/discounts/new", editor, { ...FORM, code: `E${rand()}` }),
    );
    expect(refused.status).toBe(403);
    expect(await rowCounts(["discounts", "auditEntries"])).toEqual(before);
  });

  it("a seeded code is edited like any other (audited before and after) and its page shows the usage", async () => {
    const owner = await staffClient("owner");
    const seeded = await db
      .selectFrom("discounts")
      .selectAll()
      .where("code", "=", "FREEBREAKFAST")
      .executeTakeFirstOrThrow();
    const params = { id: String(seeded.id) };
    const shown = await call(
      page.loader,
      getRequest(`/admin/discounts/${seeded.id}`, owner),
      params,
    );
    expect(shown.status).toBe(200);
    const values = (shown.body as { discount: { values: Record<string, unknown> } }).discount
      .values;
    expect(values).toMatchObject({ kind: "free_item", appliesTo: "first" });
    expect((values.products as string[]).length).toBe(3);
    const items = await db
      .selectFrom("discountItems")
      .selectAll()
      .where("discountId", "=", seeded.id)
      .orderBy("id")
      .execute();

    const fields: [string, string][] = [
      ["code", "freebreakfast"],
      ["description", seeded.description],
      ["kind", "free_item"],
      ["appliesTo", "first"],
      ["maxUsesPerCustomer", "1"],
      ["active", "on"],
      ...(values.products as string[]).map((p): [string, string] => ["products", p]),
    ];
    const saved = await call(
      page.action,
      postRequest(`/admin/discounts/${seeded.id}`, owner, fields),
      params,
    );
    expect(saved.status).toBe(303);
    const after = await discountRow(seeded.id);
    expect(after).toMatchObject({ code: "FREEBREAKFAST", maxUsesPerCustomer: 1, chooseItems: 1 });
    // the products did not change: their rows (choice order, minimum) are kept as they were
    expect(
      await db
        .selectFrom("discountItems")
        .selectAll()
        .where("discountId", "=", seeded.id)
        .orderBy("id")
        .execute(),
    ).toEqual(items);
    const entry = await db
      .selectFrom("auditEntries")
      .selectAll()
      .where("action", "=", "discount.update")
      .where("entityId", "=", String(seeded.id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toMatchObject({ maxUsesPerCustomer: null });
    expect(JSON.parse(entry.after!)).toMatchObject({ maxUsesPerCustomer: 1 });
    // put it back for the other suites
    await db
      .updateTable("discounts")
      .set({ maxUsesPerCustomer: null })
      .where("id", "=", seeded.id)
      .execute();
    const missing = await call(page.loader, getRequest("/admin/discounts/999999999", owner), {
      id: "999999999",
    });
    expect(missing.status).toBe(404);
  });
});

describe("the checkout enforces a code's terms", () => {
  it("a first-order code is refused to an account that ordered before, with the code kept on the field", async () => {
    const { code } = await makeCode();
    const repeat = await createUser(db, {
      email: uniqueEmail("again"),
      orderedAt: new Date().toISOString(),
    });
    const { actor, input } = await boxDraft(repeat);
    const outcome = await placeOrder(actor, input({ discountCode: code }), ORIGIN);
    expect(outcome).toMatchObject({
      kind: "fields",
      fieldErrors: { discountCode: DISCOUNT_FIRST_ORDER },
    });
    // a recurring code is for anyone
    const { code: recurring } = await makeCode({ appliesTo: "recurring", deliveries: "3" });
    const ok = await placeOrder(actor, input({ discountCode: recurring }), ORIGIN);
    expect(ok).toMatchObject({ kind: "placed" });
  });

  it("dates, excluded regions and the limit per customer each refuse with their own words", async () => {
    const shopper = await fresh();
    const { actor } = await boxDraft(shopper);
    const quote = (code: string, postcode = "2000") =>
      quoteDraft({
        draft: actor.draft,
        postcode,
        discountCode: code,
        choiceId: null,
        creditBalanceCents: 0,
        customerId: shopper.id,
      });
    const later = await makeCode({ startsOn: "2099-01-01" });
    expect((await quote(later.code)).discountMessage).toBe(DISCOUNT_UNUSABLE);
    const ended = await makeCode({ endsOn: "2020-01-01" });
    expect((await quote(ended.code)).discountMessage).toBe(DISCOUNT_UNUSABLE);
    const paused = await makeCode({ active: "" });
    expect((await quote(paused.code)).discountMessage).toBe(DISCOUNT_UNUSABLE);
    const vic = await db
      .selectFrom("deliveryRegions")
      .select(["id", "name"])
      .where("slug", "=", "vic")
      .executeTakeFirstOrThrow();
    const notVic = await makeCode({ excludedRegions: String(vic.id) });
    expect((await quote(notVic.code, "3000")).discountMessage).toBe(
      discountRegionMessage(vic.name),
    );
    const inSydney = await quote(notVic.code, "2000");
    expect(inSydney.discountMessage).toBeNull();
    expect(inSydney.discountedCents).toBeGreaterThan(0);
    const once = await makeCode({ maxUsesPerCustomer: "1", appliesTo: "recurring" });
    await db
      .insertInto("discountUses")
      .values({
        discountId: once.id,
        userId: shopper.id,
        subscriptionId: null,
        deliveryNumber: 1,
        discountedCents: 100,
        createdAt: new Date().toISOString(),
      })
      .execute();
    expect((await quote(once.code)).discountMessage).toBe(DISCOUNT_CUSTOMER_LIMIT);
  });

  it("two shoppers racing for the last use of a code: one gets it, the other is told and not charged", async () => {
    const { id, code } = await makeCode({ maxUses: "1" });
    const [a, b] = [await fresh(), await fresh()];
    const [da, dbb] = [await boxDraft(a), await boxDraft(b)];
    const outcomes = await Promise.all([
      placeOrder(da.actor, da.input({ discountCode: code }), ORIGIN),
      placeOrder(dbb.actor, dbb.input({ discountCode: code }), ORIGIN),
    ]);
    const placed = outcomes.filter((o) => o.kind === "placed");
    expect(placed).toHaveLength(1);
    expect(outcomes.find((o) => o.kind !== "placed")).toMatchObject({
      kind: "fields",
      fieldErrors: { discountCode: DISCOUNT_USED_UP },
    });
    expect((await discountRow(id)).usesCount).toBe(1);
    const uses = await usesOf(id);
    expect(uses).toHaveLength(1);
    expect(uses[0].orderId).not.toBeNull();
    // only the winner was charged
    const paid = await db
      .selectFrom("payments")
      .select("userId")
      .where("userId", "in", [a.id, b.id])
      .where("status", "=", "succeeded")
      .execute();
    expect(paid).toHaveLength(1);
    expect(paid[0].userId).toBe(uses[0].userId);

    // the report and the CSV show the use
    const owner = await staffClient("owner");
    const report = await call(page.loader, getRequest(`/admin/discounts/${id}`, owner), {
      id: String(id),
    });
    const usage = (report.body as { usage: { orders: number; discountedCents: number } }).usage;
    expect(usage.orders).toBe(1);
    expect(usage.discountedCents).toBe(uses[0].discountedCents);
    const file = await call(csv.loader, getRequest(`/admin/discounts/${id}/uses.csv`, owner), {
      id: String(id),
    });
    expect(file.headers.get("Content-Type")).toMatch(/text\/csv/);
    const reference = (await ordersOf(uses[0].subscriptionId!))[0].reference;
    expect(file.text).toContain(reference);
    expect(file.text).toContain((uses[0].discountedCents / 100).toFixed(2));
  });

  it("a declined card gives the use back", async () => {
    const { id, code } = await makeCode({ maxUses: "1" });
    const shopper = await fresh();
    const { actor, input } = await boxDraft(shopper);
    const declined = await placeOrder(
      actor,
      input({
        discountCode: code,
        card: {
          kind: "new",
          card: { ...VISA, number: "4000000000000002" },
        },
      }),
      ORIGIN,
    );
    expect(declined.kind).not.toBe("placed");
    expect((await discountRow(id)).usesCount).toBe(0);
    expect(await usesOf(id)).toHaveLength(0);
    const again = await placeOrder(actor, input({ discountCode: code }), ORIGIN);
    expect(again).toMatchObject({ kind: "placed" });
    expect((await discountRow(id)).usesCount).toBe(1);
  });
});

describe("renaming a code", () => {
  it("keeps it on the subscriptions that hold it, so their renewals still find it", async () => {
    const { id, code } = await makeCode({ appliesTo: "recurring" });
    const f = await subscriber({ start: "2029-06-04", discountCode: code });
    const renamed = `R${rand().toUpperCase()}`;
    const input = DiscountFormSchema.parse({
      code: renamed,
      description: "Renamed",
      kind: "percent",
      percent: "10",
      appliesTo: "recurring",
      active: "on",
    });
    expect(await saveDiscount(await asOwner(), id, input)).toEqual({ ok: true, id });
    const sub = await db
      .selectFrom("subscriptions")
      .select("discountCode")
      .where("id", "=", f.subId)
      .executeTakeFirstOrThrow();
    expect(sub.discountCode).toBe(renamed);
  });
});

describe("a checkout that payment recovery takes over", () => {
  it("gives the code's use back with the stock and credit", async () => {
    const { id, code } = await makeCode({ maxUses: "1" });
    const shopper = await fresh();
    const { actor, input } = await boxDraft(shopper);
    const hold = holdCharges("before");
    const placing = placeOrder(actor, input({ discountCode: code }), ORIGIN);
    await hold.reached;
    expect((await discountRow(id)).usesCount).toBe(1); // claimed before the charge
    await recoverPastLease();
    hold.release();
    await placing;
    expect((await discountRow(id)).usesCount).toBe(0);
    expect(await usesOf(id)).toHaveLength(0);
  });
});

describe("a recurring code for N deliveries", () => {
  it("with 2 deliveries: the first order and the first renewal are discounted, the second renewal is full price", async () => {
    const { id, code } = await makeCode({ appliesTo: "recurring", deliveries: "2", percent: "10" });
    const f = await subscriber({ start: "2029-03-05", discountCode: code });
    const [first] = await ordersOf(f.subId);
    // as the checkout leaves it: the first order used the code
    await db
      .insertInto("discountUses")
      .values({
        discountId: id,
        userId: f.userId,
        subscriptionId: f.subId,
        orderId: first.id,
        deliveryNumber: 1,
        discountedCents: Math.round(f.boxCents / 10),
        createdAt: new Date().toISOString(),
      })
      .execute();
    const run = (now: Date) =>
      runDueJobs({
        now,
        kinds: SUBSCRIPTION_JOB_KINDS,
        origin: ORIGIN,
        log: false,
        batch: 100,
        maxBatches: 200,
      });
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    const at1 = new Date(cutoffInstant(f.schedule, d1).getTime() + 60_000);
    const facts = (await subscriptionFacts(db, f.subId))!;
    expect((await quoteRenewal(facts, at1)).quote.discountedCents).toBe(
      Math.round(f.boxCents / 10),
    );
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(at1);
    const at2 = new Date(cutoffInstant(f.schedule, d2).getTime() + 60_000);
    // the subscriber's next quote shows the full price: delivery 3 of a 2-delivery code
    const facts2 = (await subscriptionFacts(db, f.subId))!;
    const q2 = await quoteRenewal(facts2, at2);
    expect(q2.quote.discountedCents).toBe(0);
    expect(q2.discount).toBeNull();
    await run(at2);
    const discounted = async (date: string) => {
      const o = (await ordersOf(f.subId)).find((x) => x.deliveryDate === date)!;
      return (
        await db
          .selectFrom("invoices")
          .select("discountedCents")
          .where("orderId", "=", o.id)
          .executeTakeFirstOrThrow()
      ).discountedCents;
    };
    expect(await discounted(d1)).toBe(Math.round(f.boxCents / 10));
    expect(await discounted(d2)).toBe(0);
    expect((await usesOf(id)).map((u) => u.deliveryNumber)).toEqual([1, 2]);
  });
});
