// Packing day (issue 36) on SQLite, and on PostgreSQL with DATABASE_URL_TEST: the pick list and the
// overview count paid orders only; marking packed and dispatched, one by one or all at once, writes
// one audit entry per order marked and refuses unpaid orders; the subscriber sees "Packed" and
// "On its way"; the route answers a role without "deliveries" 403 and changes nothing.
import type { StaffRole } from "~/db/schema";
import type { ActionFunctionArgs } from "@remix-run/node";
import { markAllOrders, markOrder } from "~/admin/packing/marking.server";
import {
  dayOrdersPage,
  manifestCsv,
  packingDay,
  packingDayPage,
  packingOverview,
} from "~/admin/packing/packing-day.server";
import { staffCookie } from "~/staff/staff-session.server";
import { db } from "~/db/client.server";
import * as dayRoute from "~/routes/admin.deliveries.$date";
import { csrf } from "~/security/csrf.server";
import { getOrders } from "~/subscriptions/deliveries-summary.server";
import {
  addDays,
  createStaff,
  createStaffSession,
  createSubscriber,
  productId,
  sydneyToday,
} from "../factories";

/** a delivery day of the next fortnight without any seeded order (chosen in beforeAll) */
let DAY = addDays(sydneyToday(), 5);
const staffRef = (s: { id: number; role: StaffRole }) => ({
  id: s.id,
  role: s.role,
  ip: "203.0.113.9",
});

let mince: number;
let bacon: number;
let knife: number | null;

async function boxOrder(
  status: "paid" | "unpaid",
  {
    region = "nsw",
    cuts = [] as [number, number][],
    addons = [] as [number, number][],
    notes = null as string | null,
  } = {},
) {
  const sub = await createSubscriber(db, {
    region,
    address: { line1: "12 Harbour St", line2: "Unit 4", city: "Haymarket" },
  });
  if (notes)
    await db
      .updateTable("subscriptions")
      .set({ deliveryNotes: notes })
      .where("id", "=", sub.subscriptionId)
      .execute();
  const { createOrder } = await import("../factories");
  const order = await createOrder(db, sub.userId, {
    subscriptionId: sub.subscriptionId,
    status,
    deliveryDate: DAY,
    shippingAddressId: sub.addressId,
    lines: [
      { sellableType: "package", name: "Custom box (small)", quantity: 1, priceCents: 16900 },
      ...cuts.map(([id, q]) => ({
        sellableType: "product" as const,
        sellableId: id,
        name: `cut ${id}`,
        quantity: q,
        priceCents: 0,
      })),
      ...addons.map(([id, q]) => ({
        sellableType: "addon" as const,
        sellableId: id,
        name: `addon ${id}`,
        quantity: q,
        priceCents: 1200,
      })),
    ],
  });
  return { ...order, userId: sub.userId };
}

beforeAll(async () => {
  for (let n = 3; n < 13; n++) {
    const day = addDays(sydneyToday(), n);
    const taken = await db
      .selectFrom("orders")
      .select("id")
      .where("deliveryDate", "in", [day, addDays(day, 7)])
      .executeTakeFirst();
    if (!taken) {
      DAY = day;
      break;
    }
  }
  mince = await productId(db, "beef-mince").catch(
    async () =>
      (
        await db
          .selectFrom("products")
          .select("id")
          .where("kind", "=", "cut")
          .executeTakeFirstOrThrow()
      ).id,
  );
  const addon = await db
    .selectFrom("products")
    .select("id")
    .where("kind", "=", "addon")
    .where("isKnife", "=", 0)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  bacon = addon.id;
  knife =
    (await db.selectFrom("products").select("id").where("isKnife", "=", 1).executeTakeFirst())
      ?.id ?? null;
});

describe("the pick list, the day's orders, the manifest and the overview", () => {
  it("sums the paid orders' cuts and add-ons by region and leaves unpaid orders out", async () => {
    await db.deleteFrom("auditEntries").execute();
    const a = await boxOrder("paid", { cuts: [[mince, 2]], addons: [[bacon, 1]] });
    const b = await boxOrder("paid", {
      region: "qld",
      cuts: [[mince, 3]],
      addons: [[bacon, 2]],
    });
    const unpaid = await boxOrder("unpaid", { cuts: [[mince, 10]], addons: [[bacon, 10]] });

    const { pickList, slips } = await packingDay(DAY);
    const mineRow = pickList.rows.find((r) => r.key === `product:${mince}`)!;
    const baconRow = pickList.rows.find((r) => r.key === `product:${bacon}`)!;
    expect(mineRow.total).toBe(5);
    expect(baconRow.total).toBe(3);
    expect(pickList.regions.length).toBe(2);
    expect(mineRow.byRegion.reduce((x, y) => x + y, 0)).toBe(5);
    expect(slips.map((s) => s.reference).sort()).toEqual([a.reference, b.reference].sort());
    expect(slips.some((s) => s.reference === unpaid.reference)).toBe(false);

    const page = await dayOrdersPage(DAY, { offset: 0, limit: 50 });
    expect(page.paid).toBe(2);
    expect(page.unpaid).toBe(1);
    expect(page.orders.map((o) => o.reference)).toContain(unpaid.reference);
    expect(page.orders[0].suburb).toBe("Haymarket");

    const overview = await packingOverview();
    const day = overview.find((d) => d.date === DAY)!;
    expect(day.boxes).toBe(2);
    expect(day.addons).toBe(3);
    expect(day.unpaid).toBe(1);
    expect(overview.length).toBeLessThanOrEqual(14);
  });

  it("the day's page reads its orders once: the same page, counts, slips and pick list as apart", async () => {
    await boxOrder("paid", { region: "qld", cuts: [[mince, 1]] });
    await boxOrder("unpaid", { region: "vic", addons: [[bacon, 4]] });
    for (const at of [
      { offset: 0, limit: 50 },
      { offset: 0, limit: 2 },
      { offset: 2, limit: 2 },
      { offset: 500, limit: 50 },
    ]) {
      const { orders, total, paid, unpaid, slips, pickList } = await packingDayPage(DAY, at);
      expect({ orders, total, paid, unpaid }).toEqual(await dayOrdersPage(DAY, at));
      expect({ slips, pickList }).toEqual(await packingDay(DAY));
    }
    expect((await packingDayPage(DAY, { offset: 0, limit: 50 })).slips.length).toBeGreaterThan(1);
  });

  it("prints the knife check on the slip and escapes the manifest", async () => {
    expect(knife).not.toBeNull();
    if (!knife) return;
    const k = await boxOrder("paid", { addons: [[knife, 1]], notes: '=cmd, "back" gate\nthanks' });
    const { slips } = await packingDay(DAY);
    const slip = slips.find((s) => s.reference === k.reference)!;
    expect(slip.hasKnife).toBe(true);
    expect(slip.notes).toContain("back");
    const csv = await manifestCsv(DAY);
    expect(csv.split("\r\n")[0]).toBe(
      "Reference,Name,Phone,Address line 1,Address line 2,Suburb,State,Postcode,Window,Notes",
    );
    const row = csv.split("\r\n").find((l) => l.startsWith(k.reference))!;
    expect(row).toContain(`"'=cmd, ""back"" gate`);
    expect(row).toContain("'+61412345678");
    expect(row).toContain("12 Harbour St,Unit 4,Haymarket,NSW,2000");
  });
});

describe("a curated box", () => {
  it("puts its range's contents of the delivery's month on the slip and the pick list", async () => {
    const date = addDays(DAY, 14);
    const leaf = await db
      .selectFrom("packages")
      .select(["id", "parentId", "fullName"])
      .where("slug", "=", "beef-small")
      .executeTakeFirstOrThrow();
    const month = date.slice(0, 7);
    // the seed gives the range contents for the current Sydney month, which early in a month is
    // the delivery's month too: the range's contents are this test's alone
    await db
      .deleteFrom("packageContents")
      .where("packageId", "=", leaf.parentId!)
      .where("month", "=", month)
      .execute();
    await db
      .insertInto("packageContents")
      .values([
        { packageId: leaf.parentId!, month, item: "Test brisket", quantity: "1.5kg", sortOrder: 0 },
        {
          packageId: leaf.parentId!,
          month,
          item: "Test mince",
          quantity: "2 x 500g",
          sortOrder: 1,
        },
      ])
      .execute();
    const { createOrder } = await import("../factories");
    for (let i = 0; i < 2; i++) {
      const sub = await createSubscriber(db, { region: "nsw" });
      await createOrder(db, sub.userId, {
        subscriptionId: sub.subscriptionId,
        status: "paid",
        deliveryDate: date,
        lines: [
          {
            sellableType: "package",
            sellableId: leaf.id,
            name: leaf.fullName,
            quantity: 1,
            priceCents: 16900,
          },
        ],
      });
    }
    const { slips, pickList } = await packingDay(date);
    expect(slips[0].lines.map((l) => [l.kind, l.name, l.quantity])).toEqual([
      ["box", leaf.fullName, "1"],
      ["contents", "Test brisket", "1.5kg"],
      ["contents", "Test mince", "2 x 500g"],
    ]);
    expect(pickList.rows.map((r) => [r.name, r.unit, r.total])).toEqual([
      ["Test brisket", "1.5kg", 2],
      ["Test mince", "2 x 500g", 2],
    ]);
  });
});

describe("marking packed and dispatched", () => {
  it("marks one order packed then dispatched, one audit entry each; the subscriber sees it", async () => {
    const staff = staffRef(await createStaff(db, { role: "packer" }));
    const o = await boxOrder("paid", { cuts: [[mince, 1]] });
    expect(await markOrder(staff, { date: DAY, reference: o.reference, action: "pack" })).toEqual({
      ok: true,
      marked: 1,
      already: 0,
    });
    // pressed twice: nothing more
    expect(await markOrder(staff, { date: DAY, reference: o.reference, action: "pack" })).toEqual({
      ok: true,
      marked: 0,
      already: 1,
    });
    let mine = (await getOrders({ userId: o.userId })).find((x) => x.reference === o.reference)!;
    expect(mine.progress).toBe("packed");

    await markOrder(staff, { date: DAY, reference: o.reference, action: "dispatch" });
    mine = (await getOrders({ userId: o.userId })).find((x) => x.reference === o.reference)!;
    expect(mine.progress).toBe("dispatched");

    const entries = await db
      .selectFrom("auditEntries")
      .select(["action", "entityType", "entityId", "staffUserId", "staffRole", "before", "after"])
      .where("entityId", "=", o.reference)
      .orderBy("id")
      .execute();
    expect(entries.map((e) => e.action)).toEqual(["order.pack", "order.dispatch"]);
    expect(entries[0]).toMatchObject({
      entityType: "order",
      staffUserId: staff.id,
      staffRole: "packer",
    });
    expect(JSON.parse(entries[1].after!).dispatchedAt).toBeTruthy();
  });

  it("dispatched implies packed", async () => {
    const staff = staffRef(await createStaff(db, { role: "owner" }));
    const o = await boxOrder("paid");
    await markOrder(staff, { date: DAY, reference: o.reference, action: "dispatch" });
    const row = await db
      .selectFrom("orders")
      .select(["packedAt", "dispatchedAt"])
      .where("id", "=", o.id)
      .executeTakeFirstOrThrow();
    expect(row.packedAt).toBeTruthy();
    expect(row.dispatchedAt).toBe(row.packedAt);
  });

  it("refuses an unpaid order and writes nothing", async () => {
    const staff = staffRef(await createStaff(db, { role: "packer" }));
    const o = await boxOrder("unpaid");
    const out = await markOrder(staff, { date: DAY, reference: o.reference, action: "pack" });
    expect(out).toMatchObject({ ok: false, status: 409 });
    const row = await db
      .selectFrom("orders")
      .select(["packedAt"])
      .where("id", "=", o.id)
      .executeTakeFirstOrThrow();
    expect(row.packedAt).toBeNull();
    const n = await db
      .selectFrom("auditEntries")
      .select("id")
      .where("entityId", "=", o.reference)
      .execute();
    expect(n).toHaveLength(0);
    expect(
      await markOrder(staff, { date: addDays(DAY, 1), reference: o.reference, action: "pack" }),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("marks every paid order of the day at once, each with its own audit entry", async () => {
    const staff = staffRef(await createStaff(db, { role: "owner" }));
    const date = addDays(DAY, 7);
    const orders = [];
    for (const status of ["paid", "paid", "unpaid"] as const) {
      const sub = await createSubscriber(db, { region: "nsw" });
      const { createOrder } = await import("../factories");
      orders.push(
        await createOrder(db, sub.userId, {
          subscriptionId: sub.subscriptionId,
          status,
          deliveryDate: date,
          invoiceCents: 16900,
        }),
      );
    }
    const out = await markAllOrders(staff, { date, action: "dispatch" });
    expect(out).toEqual({ ok: true, marked: 2, already: 0 });
    expect(await markAllOrders(staff, { date, action: "pack" })).toEqual({
      ok: true,
      marked: 0,
      already: 2,
    });
    const rows = await db
      .selectFrom("orders")
      .select(["reference", "packedAt", "dispatchedAt"])
      .where("deliveryDate", "=", date)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => Boolean(r.dispatchedAt))).toEqual([true, true, false]);
    expect(rows.map((r) => Boolean(r.packedAt))).toEqual([true, true, false]);
    const entries = await db
      .selectFrom("auditEntries")
      .select(["action", "entityId"])
      .where(
        "entityId",
        "in",
        orders.map((o) => o.reference),
      )
      .execute();
    expect(entries.map((e) => e.action)).toEqual(["order.dispatch", "order.dispatch"]);
    expect(new Set(entries.map((e) => e.entityId))).toEqual(
      new Set([orders[0].reference, orders[1].reference]),
    );
  });
});

describe("the day's route", () => {
  async function post(role: StaffRole, body: Record<string, string>) {
    const staff = await createStaff(db, { role });
    const token = await createStaffSession(db, staff.id);
    const [csrfToken, csrfCookie] = await csrf.commitToken(new Request("http://localhost/"));
    const cookie = [
      (await staffCookie.serialize(token)).split(";")[0],
      csrfCookie!.split(";")[0],
    ].join("; ");
    const request = new Request(`http://localhost/admin/deliveries/${DAY}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...body, csrf: csrfToken }),
    });
    try {
      const out = (await (dayRoute.action as (a: ActionFunctionArgs) => Promise<unknown>)({
        request,
        params: { date: DAY },
        context: {},
      })) as Response | { init: { status: number }; data: unknown };
      return out instanceof Response
        ? out
        : { status: out.init.status, headers: new Headers(), data: out.data };
    } catch (e) {
      if (e instanceof Response) return e;
      throw e;
    }
  }

  it("marks through the form for a packer and refuses support (403, nothing changed)", async () => {
    const o = await boxOrder("paid");
    const refused = await post("support", { intent: "pack", reference: o.reference });
    expect(refused.status).toBe(403);
    const before = await db
      .selectFrom("orders")
      .select("packedAt")
      .where("id", "=", o.id)
      .executeTakeFirstOrThrow();
    expect(before.packedAt).toBeNull();

    const ok = await post("packer", { intent: "pack", reference: o.reference });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(
      `/admin/deliveries/${DAY}?done=pack&n=1&ref=${o.reference}#status`,
    );
    const bad = await post("packer", { intent: "shred" });
    expect(bad.status).toBe(400);
    const unpaid = await boxOrder("unpaid");
    const refusedUnpaid = await post("packer", { intent: "dispatch", reference: unpaid.reference });
    expect(refusedUnpaid.status).toBe(409);
    expect((refusedUnpaid as { data?: unknown }).data).toMatchObject({
      formError: `Order ${unpaid.reference} is not paid: it is not packed or sent until it is.`,
    });
  });
});
