// Issue 48 (decision 083): the faster stock forecast and packing day give the same output as before.
// A mixed set of subscriptions and orders (cuts, add-ons, curated boxes over a month's turn, a box
// frozen at its cut-off then emptied, empty and paused boxes, a region's schedule, a re-invoiced
// order, an unpaid one) is seeded; what deliveryNeeds and packingDay make of it, with ids replaced by
// names, must equal admin-stock-packing-same-before.json, written by the code before the change
// (194fe6c). On SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import fs from "node:fs";
import path from "node:path";
import { db } from "~/db/client.server";
import { deliveryNeeds } from "~/admin/stock/stock.server";
import { packingDay } from "~/admin/packing/packing-day.server";
import { freezePastCutoff } from "~/subscriptions/delivery-box.server";
import {
  addSubscriptionLines,
  createOrder,
  createSubscription,
  createUser,
  type SubscriptionLines,
} from "../factories";

const TODAY = "2031-06-16";
const PACKING_DAY = "2031-06-18";
const BEFORE = path.join(__dirname, "admin-stock-packing-same-before.json");
const tag = Date.now().toString(36);
/** product id → a name that is the same on every run */
const label = new Map<number, string>();

async function product(kind: "cut" | "addon", name: string) {
  const source = await db
    .selectFrom("products")
    .selectAll()
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = source;
  const row = await db
    .insertInto("products")
    .values({ ...rest, slug: `same-${tag}-${name}`, name: `Same ${tag} ${name}`, active: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  label.set(row.id, name);
  return row.id;
}

async function packageIds() {
  const custom = await db
    .selectFrom("packages")
    .select("id")
    .where("kind", "=", "custom")
    .where("size", "is not", null)
    .executeTakeFirstOrThrow();
  // a curated size whose range is curated too: contents are read on the size (forecast) and on the range (slips)
  const curated = await db
    .selectFrom("packages as p")
    .innerJoin("packages as range", "range.id", "p.parentId")
    .select(["p.id", "p.parentId"])
    .where("p.kind", "=", "curated")
    .where("range.kind", "=", "curated")
    .where("range.parentId", "is not", null)
    .orderBy("p.id")
    .executeTakeFirstOrThrow();
  return { custom: custom.id, curated: curated.id, range: curated.parentId! };
}

type Lines = SubscriptionLines;

async function subscription(
  values: { status: "active" | "paused"; packageId: number; every: number; next: string },
  lines: Lines = {},
  regionId: number | null = null,
) {
  const id = await createSubscription(db, {
    status: values.status,
    packageId: values.packageId,
    boxType: "custom",
    frequencyDays: values.every,
    deliveryDate: values.next,
    regionId,
  });
  await addSubscriptionLines(db, id, lines);
  return id;
}

async function delivery(
  subscriptionId: number,
  deliveryDate: string,
  status: "scheduled" | "skipped",
) {
  const at = `${deliveryDate}T00:00:00.000Z`;
  await db
    .insertInto("deliveries")
    .values({
      subscriptionId,
      deliveryDate,
      deliveryWindow: "day",
      status,
      cutoffAt: at,
      remindAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

async function contents(packageId: number, month: string, lines: [string, string][]) {
  await db
    .insertInto("packageContents")
    .values(
      lines.map(([item, quantity], i) => ({ packageId, month, item, quantity, sortOrder: i })),
    )
    .execute();
}

/** The subscriptions side: every kind of box the forecast reads. */
async function seedSubscriptions(p: { a: number; b: number; c: number; d: number }) {
  const pkg = await packageIds();
  const name = (id: number) => `Same ${tag} ${label.get(id)}`;
  await contents(pkg.curated, "2031-06", [
    [name(p.c), "2 x 500g"],
    [name(p.d), "1kg"],
  ]);
  await contents(pkg.curated, "2031-07", [[name(p.d), "3 x 200g"]]);
  await contents(pkg.range, "2031-06", [[name(p.c), "4 x 100g"]]);
  const region = await db
    .selectFrom("deliveryRegions")
    .select("id")
    .orderBy("id")
    .executeTakeFirst();
  const day = (n: number) =>
    new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const weekly = { status: "active" as const, packageId: pkg.custom, every: 7, next: day(2) };
  await subscription(weekly, { items: [[p.a, 2]], addons: [[p.b, 1]] });
  const planned = await subscription({ ...weekly, every: 14, next: day(3) }, { items: [[p.a, 1]] });
  await delivery(planned, day(3), "skipped");
  await delivery(planned, day(17), "scheduled");
  await subscription({ ...weekly, status: "paused" }, { items: [[p.a, 10]] });
  await subscription({ ...weekly, next: day(1) }); // a custom box with nothing in it
  await subscription({ ...weekly, packageId: pkg.curated, next: day(4) }); // curated, no cuts
  await subscription({ ...weekly, packageId: pkg.curated, next: day(5) }, { items: [[p.d, 3]] });
  await subscription(
    { ...weekly, every: 14, next: day(6) },
    { addons: [[p.c, 2]] },
    region?.id ?? null,
  );
  // frozen at the cut-off, then emptied: only the frozen delivery needs anything
  const frozen = await subscription({ ...weekly, next: day(2) }, { items: [[p.b, 4]] });
  await delivery(frozen, day(2), "scheduled");
  expect(await freezePastCutoff(db, frozen, new Date(`${day(2)}T00:01:00.000Z`))).toBe(1);
  await db.deleteFrom("subscriptionItems").where("subscriptionId", "=", frozen).execute();
  // paid for its next date already: that date is reserved, the rhythm goes on after it
  const paid = await subscription({ ...weekly, next: day(1) }, { items: [[p.c, 1]] });
  const user = await createUser(db);
  await createOrder(db, user.id, { subscriptionId: paid, status: "paid", deliveryDate: day(1) });
  return pkg;
}

/** The orders side: one packing day's paid, re-invoiced, curated and unpaid orders. */
async function seedOrders(p: { a: number; b: number }, pkg: { curated: number; range: number }) {
  const user = await createUser(db);
  const line = (
    sellableType: "product" | "addon" | "package",
    sellableId: number,
    quantity: number,
  ) => ({
    sellableType,
    sellableId,
    name: `${sellableType} ${label.get(sellableId) ?? "box"}`,
    quantity,
    priceCents: 100,
  });
  const order = (reference: string, status: "paid" | "unpaid", lines: ReturnType<typeof line>[]) =>
    createOrder(db, user.id, {
      reference: `${reference}-${tag}`,
      status,
      deliveryDate: PACKING_DAY,
      kind: "box",
      lines,
    });
  await order("A", "paid", [line("product", p.a, 2), line("addon", p.b, 1)]);
  await order("B", "unpaid", [line("product", p.a, 5)]);
  await order("C", "paid", [line("package", pkg.curated, 1), line("addon", p.b, 2)]);
  const again = await order("D", "paid", [line("product", p.a, 7)]);
  const { id: invoiceId } = await db
    .insertInto("invoices")
    .values({
      orderId: again.id,
      subtotalCents: 0,
      discountedCents: 0,
      totalCents: 0,
      createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("invoiceLines")
    .values({
      invoiceId,
      sellableType: "product",
      sellableId: p.a,
      name: "again",
      quantity: 1,
      priceCents: 0,
      taxable: 0,
      gstCents: 0,
    })
    .execute();
}

/** The output with ids replaced by names and references without the run's tag, ordered. */
async function outputs() {
  const needs = (await deliveryNeeds(TODAY))
    .filter((n) => label.has(n.productId))
    .map((n) => ({ product: label.get(n.productId), date: n.date, quantity: n.quantity }))
    .sort((x, y) => `${x.product}${x.date}`.localeCompare(`${y.product}${y.date}`));
  const { slips, pickList } = await packingDay(PACKING_DAY);
  const mine = slips.filter((s) => s.reference.endsWith(tag));
  const rename = (s: string) =>
    s
      .replaceAll(`Same ${tag} `, "")
      .replaceAll(`-${tag}`, "")
      .replace(/product:\d+/g, (k) => `product:${label.get(Number(k.slice(8))) ?? "?"}`);
  return JSON.parse(
    rename(
      JSON.stringify({
        needs,
        slips: mine.map(({ id: _id, name: _n, region: _r, ...s }) => ({
          ...s,
          lines: s.lines.map((l) => ({ ...l, product: l.product && label.get(l.product.id) })),
        })),
        pickList: mine.length === slips.length ? pickList : "other orders on the day",
      }),
    ),
  );
}

describe("issue 48: the same forecast and packing day as before the change", () => {
  it("gives the needs, slips and pick list the code before decision 083 gave", async () => {
    const p = {
      a: await product("cut", "a"),
      b: await product("addon", "b"),
      c: await product("cut", "c"),
      d: await product("cut", "d"),
    };
    const pkg = await seedSubscriptions(p);
    await seedOrders(p, pkg);
    const now = await outputs();
    expect(now.needs.length).toBeGreaterThan(10);
    expect(now.slips).toHaveLength(3);
    expect(now).toEqual(JSON.parse(fs.readFileSync(BEFORE, "utf8")));
  });
});
