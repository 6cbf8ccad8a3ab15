// The boxes in the back office's catalogue (issue 37): each size's price and selection maximum, and
// each curated box's contents per month. Each change is one transaction with its audit entry, its
// price-history rows and a new content version, as ./catalogue.server.ts does for products.
import { type Kysely } from "kysely";
import { writeAudit } from "~/staff/audit.server";
import { bumpContentVersion } from "~/content/content-version.server";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { sydneyMonth } from "~/utils/sydney-time.server";
import { monthAfter } from "~/catalogue/months";
import { priceHistory, recordPriceChange } from "~/catalogue/prices.server";
import {
  CATALOGUE_MESSAGES,
  ContentLineSchema,
  firstMessage,
  MAX_CONTENT_LINES,
  selectionMaximumField,
  priceField,
} from "./catalogue-schema";

import {
  edit,
  isPg,
  typedValues,
  type Db,
  type SaveOutcome,
  type StaffRef,
} from "./catalogue.server";

// ---------------------------------------------------------------- boxes

export async function boxDetail(packageId: number, now = new Date(), db: Kysely<DB> = appDb) {
  const box = await db
    .selectFrom("packages as p")
    .leftJoin("packages as parent", "parent.id", "p.parentId")
    .select([
      "p.id",
      "p.name",
      "p.fullName",
      "p.kind",
      "p.size",
      "p.active",
      "p.parentId",
      "parent.fullName as parentName",
    ])
    .where("p.id", "=", packageId)
    .executeTakeFirst();
  if (!box || box.size !== null) return null;
  const sizes = await db
    .selectFrom("packages")
    .select([
      "id",
      "name",
      "fullName",
      "size",
      "priceCents",
      "selectionMaximum",
      "selectionCustomizable",
      "active",
    ])
    .where("parentId", "=", packageId)
    .where("size", "is not", null)
    .orderBy("sortOrder")
    .orderBy("id")
    .execute();
  if (sizes.length === 0) return null;
  const thisMonth = sydneyMonth(now);
  const nextMonth = monthAfter(thisMonth);
  const contents =
    box.kind === "curated" && box.parentId !== null
      ? await db
          .selectFrom("packageContents")
          .select(["month", "item", "quantity"])
          .where("packageId", "=", packageId)
          .where("month", "<=", nextMonth)
          .orderBy("month", "desc")
          .orderBy("sortOrder")
          .orderBy("id")
          .execute()
      : null;
  const histories = await Promise.all(
    sizes.map((s) => priceHistory(db, { type: "package", id: s.id }, 5)),
  );
  // the month the shop shows now: this month's, or the latest before it (as app/box/catalogue.server.ts)
  const shownMonth = contents?.find((c) => c.month <= thisMonth)?.month ?? null;
  const linesOf = (month: string | null) =>
    (contents ?? [])
      .filter((c) => c.month === month)
      .map((c) => ({ item: c.item, quantity: c.quantity }));
  return {
    box: { ...box, active: box.active === 1 },
    sizes: sizes.map((s, i) => ({
      ...s,
      active: s.active === 1,
      // the custom box's sizes carry how many cuts may be chosen
      hasMaximum: s.selectionMaximum !== null || box.kind === "custom",
      history: histories[i],
    })),
    contents:
      contents === null
        ? null
        : {
            thisMonth,
            nextMonth,
            shownMonth,
            current: linesOf(shownMonth),
            next: linesOf(nextMonth),
            nextPrepared: contents.some((c) => c.month === nextMonth),
          },
  };
}

type SizeRow = {
  id: number;
  name: string;
  priceCents: number;
  selectionMaximum: number | null;
  kind: string;
};
type WantedSize = { id: number; priceCents: number; selectionMaximum: number | null };

/** Each size's typed price and selection maximum, or the refusal of the first that is wrong. */
function readSizes(
  sizes: SizeRow[],
  values: Record<string, string>,
): WantedSize[] | Extract<SaveOutcome, { ok: false }> {
  const wanted: WantedSize[] = [];
  for (const s of sizes) {
    const price = priceField.safeParse(values[`price-${s.id}`]);
    if (!price.success)
      return {
        ok: false,
        status: 400,
        message: `${s.name}: ${firstMessage(price.error)}`,
        values,
        field: `price-${s.id}`,
      };
    let maximum = s.selectionMaximum;
    if (s.selectionMaximum !== null || s.kind === "custom") {
      const m = selectionMaximumField.safeParse(values[`max-${s.id}`] ?? "");
      if (!m.success)
        return {
          ok: false,
          status: 400,
          message: `${s.name}: ${firstMessage(m.error)}`,
          values,
          field: `max-${s.id}`,
        };
      maximum = m.data;
    }
    wanted.push({ id: s.id, priceCents: price.data, selectionMaximum: maximum });
  }
  return wanted;
}

/** Each size's price ("price-<id>") and selection maximum ("max-<id>"), all checked before any is saved. */
export async function saveBoxSizes(
  staff: StaffRef,
  packageId: number,
  form: FormData,
  { db = appDb, now = new Date() }: { db?: Kysely<DB>; now?: Date } = {},
): Promise<SaveOutcome> {
  const sizes = await db
    .selectFrom("packages")
    .select(["id", "name", "priceCents", "selectionMaximum", "kind"])
    .where("parentId", "=", packageId)
    .where("size", "is not", null)
    .execute();
  const fields = sizes.flatMap((s) => [`price-${s.id}`, `max-${s.id}`]);
  const values = typedValues(form, fields);
  if (sizes.length === 0)
    return { ok: false, status: 404, message: "There is no such box.", values, field: null };
  const wanted = readSizes(sizes, values);
  if (!Array.isArray(wanted)) return wanted;

  return edit(db, async (trx) => {
    const before = await trx
      .selectFrom("packages")
      .select(["id", "priceCents", "selectionMaximum"])
      .where(
        "id",
        "in",
        wanted.map((w) => w.id),
      )
      .$if(isPg(trx), (q) => q.forUpdate())
      .execute();
    const changedBefore: Record<string, unknown> = {};
    const changedAfter: Record<string, unknown> = {};
    for (const w of wanted) {
      const b = before.find((r) => r.id === w.id)!;
      if (b.priceCents === w.priceCents && b.selectionMaximum === w.selectionMaximum) continue;
      await trx
        .updateTable("packages")
        .set({ priceCents: w.priceCents, selectionMaximum: w.selectionMaximum })
        .where("id", "=", w.id)
        .execute();
      await recordPriceChange(
        trx,
        staff.id,
        { type: "package", id: w.id, oldCents: b.priceCents, newCents: w.priceCents },
        now,
      );
      changedBefore[w.id] = { priceCents: b.priceCents, selectionMaximum: b.selectionMaximum };
      changedAfter[w.id] = { priceCents: w.priceCents, selectionMaximum: w.selectionMaximum };
    }
    if (Object.keys(changedAfter).length === 0) return { ok: true as const, id: packageId };
    await refreshFromPrices(trx, packageId);
    await writeAudit(
      trx,
      staff,
      {
        action: "package.update",
        entityType: "package",
        entityId: packageId,
        before: changedBefore,
        after: changedAfter,
      },
      now,
    );
    await bumpContentVersion(trx);
    return { ok: true as const, id: packageId };
  });
}

/** A box's "from" price (and its parent's) follows its cheapest active size. */
async function refreshFromPrices(trx: Db, packageId: number) {
  let id: number | null = packageId;
  while (id !== null) {
    const pkg: { id: number; parentId: number | null } | undefined = await trx
      .selectFrom("packages")
      .select(["id", "parentId"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!pkg) return;
    const leaves = await leafPrices(trx, pkg.id);
    if (leaves.length)
      await trx
        .updateTable("packages")
        .set({ priceCents: Math.min(...leaves) })
        .where("id", "=", pkg.id)
        .execute();
    id = pkg.parentId;
  }
}

/** The prices of the active sizes under a package, at any depth. */
async function leafPrices(trx: Db, id: number): Promise<number[]> {
  const children = await trx
    .selectFrom("packages")
    .select(["id", "size", "priceCents", "active"])
    .where("parentId", "=", id)
    .execute();
  const out: number[] = [];
  for (const c of children) {
    if (c.active !== 1) continue;
    if (c.size !== null) out.push(c.priceCents);
    else out.push(...(await leafPrices(trx, c.id)));
  }
  return out;
}

/** The contents lines of a form ("item-<n>", "quantity-<n>"); empty lines are left out. */
export function contentLinesOf(form: FormData) {
  const lines: { item: string; quantity: string }[] = [];
  for (let n = 0; n < MAX_CONTENT_LINES + 10; n++) {
    const item = String(form.get(`item-${n}`) ?? "").trim();
    const quantity = String(form.get(`quantity-${n}`) ?? "").trim();
    if (!item && !quantity) continue;
    lines.push({ item, quantity });
  }
  return lines;
}

/** The curated box's lines, each checked, at least one and at most MAX_CONTENT_LINES: the refusal, or null. */
function linesRefusal(
  lines: ReturnType<typeof contentLinesOf>,
  values: Record<string, string>,
): Extract<SaveOutcome, { ok: false }> | null {
  if (lines.length > MAX_CONTENT_LINES)
    return {
      ok: false,
      status: 400,
      message: `A box lists at most ${MAX_CONTENT_LINES} lines.`,
      values,
      field: null,
    };
  for (const l of lines) {
    const ok = ContentLineSchema.safeParse(l);
    if (!ok.success)
      return { ok: false, status: 400, message: firstMessage(ok.error), values, field: null };
  }
  if (lines.length === 0)
    return {
      ok: false,
      status: 400,
      message: "List at least one item in the box.",
      values,
      field: null,
    };
  return null;
}

/** A curated box's contents for this month or next month, replacing what that month had. */
export async function saveContents(
  staff: StaffRef,
  packageId: number,
  form: FormData,
  { db = appDb, now = new Date() }: { db?: Kysely<DB>; now?: Date } = {},
): Promise<SaveOutcome & { month?: string }> {
  const month = String(form.get("month") ?? "");
  const thisMonth = sydneyMonth(now);
  const values: Record<string, string> = { month };
  for (let n = 0; n < MAX_CONTENT_LINES + 10; n++)
    for (const f of [`item-${n}`, `quantity-${n}`]) {
      const v = form.get(f);
      if (typeof v === "string") values[f] = v.slice(0, 200);
    }
  if (month !== thisMonth && month !== monthAfter(thisMonth))
    return { ok: false, status: 400, message: CATALOGUE_MESSAGES.month, values, field: "month" };
  const box = await db
    .selectFrom("packages")
    .select(["id", "kind", "parentId", "size"])
    .where("id", "=", packageId)
    .executeTakeFirst();
  if (!box || box.kind !== "curated" || box.parentId === null || box.size !== null)
    return {
      ok: false,
      status: 404,
      message: "There is no such curated box.",
      values,
      field: null,
    };
  const lines = contentLinesOf(form);
  const refused = linesRefusal(lines, values);
  if (refused) return refused;

  return edit(db, async (trx) => {
    const before = await trx
      .selectFrom("packageContents")
      .select(["item", "quantity"])
      .where("packageId", "=", packageId)
      .where("month", "=", month)
      .orderBy("sortOrder")
      .orderBy("id")
      .execute();
    await trx
      .deleteFrom("packageContents")
      .where("packageId", "=", packageId)
      .where("month", "=", month)
      .execute();
    await trx
      .insertInto("packageContents")
      .values(
        lines.map((l, i) => ({
          packageId,
          month,
          item: l.item,
          quantity: l.quantity,
          sortOrder: i + 1,
        })),
      )
      .execute();
    await writeAudit(
      trx,
      staff,
      {
        action: "package.contents",
        entityType: "package",
        entityId: packageId,
        before: { month, lines: before },
        after: { month, lines },
      },
      now,
    );
    await bumpContentVersion(trx);
    return { ok: true as const, id: packageId, month };
  });
}
