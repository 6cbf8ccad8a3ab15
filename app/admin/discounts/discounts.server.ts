// Discount codes in the back office (issue 37, permission "discounts", decision 056): the list with
// its search, the form's options, create and edit (each audited in its own transaction), and a
// code's usage report. The rules for these terms, which checkout applies, live in app/discounts/discount-rules.ts.
import type { Kysely, Transaction } from "kysely";
import { writeAudit } from "~/staff/audit.server";
import { offsetOf, PAGE_SIZE } from "~/admin/pagination";
import type { Staff } from "~/staff/staff-session.server";
import {
  datesToWindow,
  discountStatus,
  sydneyDayOf,
  type DiscountStatus,
} from "~/discounts/discount-rules";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { amountCents, type DiscountFormInput } from "./discount-schema";

type StaffRef = Pick<Staff, "id" | "role" | "ip">;

export const DISCOUNT_TAKEN =
  "Another code already has this name. Codes are unique, whatever the case.";

export type DiscountRow = {
  id: number;
  code: string;
  description: string;
  kind: "percent" | "amount" | "free_item";
  value: number;
  recurring: boolean;
  deliveries: number | null;
  startsOn: string | null;
  endsOn: string | null;
  usesCount: number;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  status: DiscountStatus;
  freeProducts: string[];
};

const BASE_COLUMNS = [
  "d.id",
  "d.code",
  "d.description",
  "d.kind",
  "d.value",
  "d.usable",
  "d.recurring",
  "d.deliveries",
  "d.startsAt",
  "d.endsAt",
  "d.usesCount",
  "d.maxUses",
  "d.maxUsesPerCustomer",
] as const;

/** Codes, newest first; `q` finds a code or a description containing it (case-insensitive). */
export async function searchDiscounts(
  q: string,
  page: number,
  now = new Date(),
  db: Kysely<DB> = appDb,
): Promise<{ discounts: DiscountRow[]; total: number }> {
  const term = q.trim().toUpperCase().slice(0, 100);
  let query = db.selectFrom("discounts as d");
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, "")}%`;
    query = query.where((eb) =>
      eb.or([eb("d.code", "like", like), eb(eb.fn("upper", ["d.description"]), "like", like)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select([...BASE_COLUMNS])
      .orderBy("d.id", "desc")
      .limit(PAGE_SIZE)
      .offset(offsetOf(page))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const items = rows.length
    ? await db
        .selectFrom("discountItems as di")
        .innerJoin("products as p", "p.id", "di.productId")
        .select(["di.discountId", "p.name"])
        .where(
          "di.discountId",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("di.id")
        .execute()
    : [];
  return {
    discounts: rows.map((r) => ({
      ...rowOf(r, now),
      freeProducts: items.filter((i) => i.discountId === r.id).map((i) => i.name),
    })),
    total: Number(count.n),
  };
}

function rowOf(
  r: {
    id: number;
    code: string;
    description: string;
    kind: "percent" | "amount" | "free_item";
    value: number;
    usable: number;
    recurring: number;
    deliveries: number | null;
    startsAt: string | null;
    endsAt: string | null;
    usesCount: number;
    maxUses: number | null;
    maxUsesPerCustomer: number | null;
  },
  now: Date,
): Omit<DiscountRow, "freeProducts"> {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    kind: r.kind,
    value: r.value,
    recurring: r.recurring === 1,
    deliveries: r.deliveries,
    startsOn: r.startsAt ? sydneyDayOf(r.startsAt) : null,
    endsOn: r.endsAt ? sydneyDayOf(r.endsAt) : null,
    usesCount: r.usesCount,
    maxUses: r.maxUses,
    maxUsesPerCustomer: r.maxUsesPerCustomer,
    status: discountStatus(
      {
        active: r.usable === 1,
        startsAt: r.startsAt,
        endsAt: r.endsAt,
        maxUses: r.maxUses,
        usesCount: r.usesCount,
      },
      now,
    ),
  };
}

/** What the form offers: products a code can give, and the delivery regions. */
export async function discountFormOptions(db: Kysely<DB> = appDb) {
  const [products, regions] = await Promise.all([
    db
      .selectFrom("products")
      .select(["id", "name", "kind", "priceCents", "active"])
      // a free product is an add-on: cuts are part of the box price
      .where("kind", "=", "addon")
      .orderBy("name")
      .execute(),
    db.selectFrom("deliveryRegions").select(["id", "name", "state"]).orderBy("sortOrder").execute(),
  ]);
  return { products, regions };
}

/** The form's values for a code (strings, as the form posts them). */
export type DiscountFormValues = {
  code: string;
  description: string;
  kind: "percent" | "amount" | "free_item";
  percent: string;
  amount: string;
  products: string[];
  appliesTo: "first" | "recurring";
  deliveries: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  excludedRegions: string[];
  active: boolean;
};

export const NEW_DISCOUNT_VALUES: DiscountFormValues = {
  code: "",
  description: "",
  kind: "percent",
  percent: "",
  amount: "",
  products: [],
  appliesTo: "first",
  deliveries: "",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  excludedRegions: [],
  active: true,
};

export async function loadDiscount(id: number, now = new Date(), db: Kysely<DB> = appDb) {
  const r = await db
    .selectFrom("discounts as d")
    .select([...BASE_COLUMNS, "d.chooseItems", "d.createdAt", "d.updatedAt"])
    .where("d.id", "=", id)
    .executeTakeFirst();
  if (!r) return null;
  const [items, regions] = await Promise.all([
    db
      .selectFrom("discountItems as di")
      .innerJoin("products as p", "p.id", "di.productId")
      .select(["di.productId", "p.name", "di.choice"])
      .where("di.discountId", "=", id)
      .orderBy("di.id")
      .execute(),
    db
      .selectFrom("discountExcludedRegions as x")
      .innerJoin("deliveryRegions as r", "r.id", "x.regionId")
      .select(["r.id", "r.name"])
      .where("x.discountId", "=", id)
      .orderBy("r.sortOrder")
      .execute(),
  ]);
  const row = rowOf(r, now);
  const values: DiscountFormValues = {
    code: r.code,
    description: r.description,
    kind: r.kind,
    percent: r.kind === "percent" ? String(r.value) : "",
    amount: r.kind === "amount" ? (r.value / 100).toFixed(2) : "",
    products: items.map((i) => String(i.productId)),
    appliesTo: r.recurring === 1 ? "recurring" : "first",
    deliveries: r.deliveries === null ? "" : String(r.deliveries),
    startsOn: row.startsOn ?? "",
    endsOn: row.endsOn ?? "",
    maxUses: r.maxUses === null ? "" : String(r.maxUses),
    maxUsesPerCustomer: r.maxUsesPerCustomer === null ? "" : String(r.maxUsesPerCustomer),
    excludedRegions: regions.map((x) => String(x.id)),
    active: r.usable === 1,
  };
  return {
    ...row,
    freeProducts: items.map((i) => i.name),
    excludedRegionNames: regions.map((x) => x.name),
    values,
  };
}

/** The record the audit keeps of a code: its terms, as staff see them. */
type Snapshot = {
  code: string;
  description: string;
  kind: string;
  value: number;
  products: number[];
  recurring: boolean;
  deliveries: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  excludedRegions: number[];
  active: boolean;
};

async function snapshot(db: Kysely<DB>, id: number): Promise<Snapshot | null> {
  const r = await db.selectFrom("discounts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!r) return null;
  const [items, regions] = await Promise.all([
    db
      .selectFrom("discountItems")
      .select("productId")
      .where("discountId", "=", id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("discountExcludedRegions")
      .select("regionId")
      .where("discountId", "=", id)
      .orderBy("regionId")
      .execute(),
  ]);
  return {
    code: r.code,
    description: r.description,
    kind: r.kind,
    value: r.value,
    products: items.map((i) => i.productId),
    recurring: r.recurring === 1,
    deliveries: r.deliveries,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    maxUses: r.maxUses,
    maxUsesPerCustomer: r.maxUsesPerCustomer,
    excludedRegions: regions.map((x) => x.regionId),
    active: r.usable === 1,
  };
}

export type SaveOutcome =
  { ok: true; id: number } | { ok: false; fieldErrors: Record<string, string>; status: number };

/**
 * Creates (id null) or edits a code, with its audit entry in the same transaction. The code is
 * stored upper case and is unique (a look-up first, for the message; the unique index decides a race).
 */
export async function saveDiscount(
  staff: StaffRef,
  id: number | null,
  input: DiscountFormInput,
  now = new Date(),
  db: Kysely<DB> = appDb,
): Promise<SaveOutcome> {
  const productIds = [...new Set(input.products)];
  const regionIds = [...new Set(input.excludedRegions)];
  const unknown = await unknownChoice(db, input, productIds, regionIds);
  if (unknown) return { ok: false, status: 400, fieldErrors: unknown };
  const ts = now.toISOString();
  const fields = discountColumns(input, productIds, ts);
  const taken = await db
    .selectFrom("discounts")
    .select("id")
    .where("code", "=", input.code)
    .executeTakeFirst();
  if (taken && taken.id !== id)
    return { ok: false, status: 409, fieldErrors: { code: DISCOUNT_TAKEN } };

  try {
    const savedId = await db.transaction().execute(async (trx) => {
      const before = id === null ? null : await snapshot(trx, id);
      if (id !== null && !before) return null;
      const discountId = await writeDiscountRow(trx, id, before, fields, ts);
      // free products: kept as they are when unchanged (their choice order and minimum stay)
      const wanted = input.kind === "free_item" ? productIds : [];
      const sameItems =
        before !== null &&
        before.products.length === wanted.length &&
        before.products.every((p) => wanted.includes(p)) &&
        (before.kind === "free_item") === (input.kind === "free_item");
      if (!sameItems) await replaceFreeItems(trx, discountId, wanted);
      await replaceExcludedRegions(trx, discountId, regionIds);
      const after = await snapshot(trx, discountId);
      await writeAudit(
        trx,
        staff,
        {
          action: id === null ? "discount.create" : "discount.update",
          entityType: "discount",
          entityId: discountId,
          before,
          after,
        },
        now,
      );
      return discountId;
    });
    if (savedId === null)
      return { ok: false, status: 404, fieldErrors: { code: "This code no longer exists." } };
    return { ok: true, id: savedId };
  } catch (error) {
    // two saves of one new name at once: the unique index lets one through
    if (/unique|duplicate/i.test(String((error as Error)?.message)))
      return { ok: false, status: 409, fieldErrors: { code: DISCOUNT_TAKEN } };
    throw error;
  }
}

/** The field error when a chosen free product or excluded region is not one of the form's options. */
async function unknownChoice(
  db: Kysely<DB>,
  input: DiscountFormInput,
  productIds: number[],
  regionIds: number[],
): Promise<Record<string, string> | null> {
  const { products: known, regions } = await discountFormOptions(db);
  if (input.kind === "free_item" && productIds.some((p) => !known.some((k) => k.id === p)))
    return { products: "Choose products from the list." };
  if (regionIds.some((r) => !regions.some((k) => k.id === r)))
    return { excludedRegions: "Choose regions from the list." };
  return null;
}

/** The discounts row's columns from the form (the value in percent or cents by its kind). */
function discountColumns(input: DiscountFormInput, productIds: number[], ts: string) {
  const value =
    input.kind === "percent"
      ? Number(input.percent)
      : input.kind === "amount"
        ? amountCents(input.amount)!
        : 0;
  const window = datesToWindow(input.startsOn, input.endsOn);
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    value,
    usable: input.active ? 1 : 0,
    chooseItems: input.kind === "free_item" && productIds.length > 1 ? 1 : 0,
    startsAt: window.startsAt,
    endsAt: window.endsAt,
    recurring: input.appliesTo === "recurring" ? 1 : 0,
    deliveries: input.appliesTo === "recurring" ? input.deliveries : null,
    maxUses: input.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer,
    updatedAt: ts,
  };
}

/** Inserts (id null) or updates the code's row; answers its id. */
async function writeDiscountRow(
  trx: Transaction<DB>,
  id: number | null,
  before: Snapshot | null,
  fields: ReturnType<typeof discountColumns>,
  ts: string,
): Promise<number> {
  if (id === null) {
    const row = await trx
      .insertInto("discounts")
      .values({ ...fields, createdAt: ts })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  await trx.updateTable("discounts").set(fields).where("id", "=", id).execute();
  // subscriptions and drafts hold the code by name: a renamed code stays theirs
  if (before!.code !== fields.code)
    await trx
      .updateTable("subscriptions")
      .set({ discountCode: fields.code })
      .where("discountCode", "=", before!.code)
      .execute();
  return id;
}

async function replaceFreeItems(trx: Transaction<DB>, discountId: number, wanted: number[]) {
  await trx.deleteFrom("discountItems").where("discountId", "=", discountId).execute();
  const choice = wanted.length > 1;
  if (wanted.length)
    await trx
      .insertInto("discountItems")
      .values(
        wanted.map((productId) => ({
          discountId,
          productId,
          choice: choice ? 1 : 0,
          itemOrder: choice ? 1 : null,
          minimum: null,
        })),
      )
      .execute();
}

async function replaceExcludedRegions(
  trx: Transaction<DB>,
  discountId: number,
  regionIds: number[],
) {
  await trx.deleteFrom("discountExcludedRegions").where("discountId", "=", discountId).execute();
  if (regionIds.length)
    await trx
      .insertInto("discountExcludedRegions")
      .values(regionIds.map((regionId) => ({ discountId, regionId })))
      .execute();
}

export type DiscountUse = {
  reference: string | null;
  at: string;
  customer: string;
  email: string;
  deliveryNumber: number;
  discountedCents: number;
  status: string | null;
};

/** The orders that used a code, newest first, 50 a page, with the totals of every use. */
export async function discountUsage(
  id: number,
  page: number,
  db: Kysely<DB> = appDb,
  all = false,
): Promise<{ uses: DiscountUse[]; orders: number; discountedCents: number }> {
  let query = db
    .selectFrom("discountUses as u")
    .innerJoin("users as c", "c.id", "u.userId")
    .leftJoin("orders as o", "o.id", "u.orderId")
    .select([
      "o.reference",
      "o.status",
      "u.createdAt",
      "c.firstName",
      "c.lastName",
      "c.email",
      "u.deliveryNumber",
      "u.discountedCents",
    ])
    .where("u.discountId", "=", id)
    .where("u.orderId", "is not", null)
    .orderBy("u.createdAt", "desc")
    .orderBy("u.id", "desc");
  if (!all) query = query.limit(PAGE_SIZE).offset(offsetOf(page));
  const [rows, totals] = await Promise.all([
    query.execute(),
    db
      .selectFrom("discountUses")
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        eb.fn.coalesce(eb.fn.sum<number>("discountedCents"), eb.lit(0)).as("cents"),
      ])
      .where("discountId", "=", id)
      .where("orderId", "is not", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    uses: rows.map((r) => ({
      reference: r.reference,
      at: r.createdAt,
      customer: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email,
      email: r.email,
      deliveryNumber: r.deliveryNumber,
      discountedCents: r.discountedCents,
      status: r.status,
    })),
    orders: Number(totals.n),
    discountedCents: Number(totals.cents),
  };
}
