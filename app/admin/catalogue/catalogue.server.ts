// The catalogue in the back office (issue 37, permission "catalogue"): products (name, description,
// price, category, GST, active, image) and boxes (each size's price and selection maximum, each
// curated box's contents per month). Every change is one transaction with its audit entry (before
// and after), its price-history rows and a new content version, so the shop's pages and caches
// follow within seconds (decision 054). Stock is the stock page's (helper D): shown here read-only.
import { PostgresAdapter, type Kysely, type Transaction } from "kysely";
import { writeAudit } from "~/staff/audit.server";
import type { Staff } from "~/staff/staff-session.server";
import { forgetCached } from "~/box/cache.server";
import { isSalmon, NOT_IN_TASMANIA } from "~/box/tasmania";
import { bumpContentVersion } from "~/content/content-version.server";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { prepareImage } from "~/catalogue/image-files.server";
import { storeImage } from "~/catalogue/images.server";
import { priceHistory, recordPriceChange } from "~/catalogue/prices.server";
import {
  CATALOGUE_MESSAGES,
  firstMessage,
  PRODUCT_FIELDS,
  ProductSchema,
  type ProductInput,
} from "./catalogue-schema";

export type StaffRef = Pick<Staff, "id" | "role" | "ip">;
export type Db = Kysely<DB> | Transaction<DB>;

/** Row locks where the database has them (SQLite runs one writer at a time anyway). */
export const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** One edit's transaction; once it commits, this worker's catalogue reads are fresh at once. */
export async function edit<T>(
  db: Kysely<DB>,
  change: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const out = await db.transaction().execute(change);
  forgetCached();
  return out;
}

// ---------------------------------------------------------------- the landing page

export type CatalogueProductRow = {
  id: number;
  name: string;
  kind: "cut" | "addon";
  priceCents: number;
  taxable: boolean;
  active: boolean;
  inventory: number | null;
};

export type BoxSizeRow = {
  id: number;
  name: string;
  size: "small" | "large" | null;
  priceCents: number;
  selectionMaximum: number | null;
  active: boolean;
};

export type BoxRow = {
  id: number;
  name: string;
  fullName: string;
  kind: "custom" | "curated";
  parentName: string | null;
  active: boolean;
  sizes: BoxSizeRow[];
};

/** Products by category (the shop's order), and the boxes that are sold in sizes. */
export async function catalogueOverview(db: Kysely<DB> = appDb) {
  const [categories, products, packages] = await Promise.all([
    db
      .selectFrom("productCategories")
      .select(["id", "name", "kind"])
      .orderBy("sortOrder")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("products")
      .select(["id", "name", "kind", "categoryId", "priceCents", "taxable", "active", "inventory"])
      .orderBy("name")
      .execute(),
    db
      .selectFrom("packages")
      .select([
        "id",
        "parentId",
        "name",
        "fullName",
        "kind",
        "size",
        "priceCents",
        "selectionMaximum",
        "active",
        "sortOrder",
      ])
      .orderBy("sortOrder")
      .orderBy("id")
      .execute(),
  ]);
  return {
    categories: categories.map((c) => ({
      ...c,
      products: products
        .filter((p) => p.categoryId === c.id)
        .map((p): CatalogueProductRow => ({
          id: p.id,
          name: p.name,
          kind: p.kind,
          priceCents: p.priceCents,
          taxable: p.taxable === 1,
          active: p.active === 1,
          inventory: p.inventory,
        })),
    })),
    boxes: boxesOf(packages),
  };
}

type PackageRow = {
  id: number;
  parentId: number | null;
  name: string;
  fullName: string;
  kind: "custom" | "curated";
  size: "small" | "large" | null;
  priceCents: number;
  selectionMaximum: number | null;
  active: number;
};

/** The packages that have sizes (the custom box, each curated box), each with its sizes. */
function boxesOf(packages: PackageRow[]): BoxRow[] {
  const byId = new Map(packages.map((p) => [p.id, p]));
  return packages
    .filter((p) => p.size === null && packages.some((c) => c.parentId === p.id && c.size !== null))
    .map((p) => ({
      id: p.id,
      name: p.name,
      fullName: p.fullName,
      kind: p.kind,
      parentName: p.parentId ? (byId.get(p.parentId)?.fullName ?? null) : null,
      active: p.active === 1,
      sizes: packages
        .filter((c) => c.parentId === p.id && c.size !== null)
        .map((c) => ({
          id: c.id,
          name: c.name,
          size: c.size,
          priceCents: c.priceCents,
          selectionMaximum: c.selectionMaximum,
          active: c.active === 1,
        })),
    }));
}

// ---------------------------------------------------------------- products

/** The availability rules written in code that apply to a product of this name, in words. */
export function availabilityRules(name: string): string[] {
  const rules = [
    "Hidden from the shop while its stock is 0 or less (stock is kept on the stock page).",
  ];
  if (isSalmon(name))
    rules.push(
      `Tasmanian postcodes (7xxx): ${NOT_IN_TASMANIA} Shoppers there cannot choose it, and a renewal leaves it out.`,
    );
  return rules;
}

export async function productCategories(db: Kysely<DB> = appDb) {
  return db
    .selectFrom("productCategories")
    .select(["id", "name", "kind"])
    .orderBy("sortOrder")
    .orderBy("id")
    .execute();
}

export async function productDetail(id: number, db: Kysely<DB> = appDb) {
  const p = await db
    .selectFrom("products")
    .select([
      "id",
      "slug",
      "name",
      "description",
      "categoryId",
      "kind",
      "weight",
      "priceCents",
      "inventory",
      "image",
      "taxable",
      "active",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!p) return null;
  return {
    product: { ...p, taxable: p.taxable === 1, active: p.active === 1 },
    rules: availabilityRules(p.name),
    history: await priceHistory(db, { type: "product", id }),
  };
}

export type Refusal = {
  message: string;
  /** what was typed, to show again */
  values: Record<string, string>;
  field: string | null;
};

export type SaveOutcome = { ok: true; id: number } | ({ ok: false; status: number } & Refusal);

export const typedValues = (form: FormData, fields: readonly string[]) =>
  Object.fromEntries(
    fields.flatMap((f) => {
      const v = form.get(f);
      return typeof v === "string" ? [[f, v.slice(0, 2000)]] : [];
    }),
  );

/** The uploaded file of a form, as bytes; null when none was chosen. */
async function uploadOf(form: FormData, name = "image"): Promise<Uint8Array | null> {
  const file = form.get(name);
  if (!file || typeof file === "string") return null;
  if (file.size === 0 && !file.name) return null;
  return new Uint8Array(await file.arrayBuffer());
}

function slugOf(name: string): string {
  const base = name
    .normalize("NFKD")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-")
    .slice(0, 60);
  return base || "product";
}

async function freeSlug(trx: Db, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (
      await trx.selectFrom("products").select("slug").where("slug", "like", `${base}%`).execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

type PreparedImage = Awaited<ReturnType<typeof prepareImage>>;
type ProductFields = {
  name: string;
  description: string;
  categoryId: number;
  kind: "cut" | "addon";
  weight: string | null;
  priceCents: number;
  taxable: number;
  active: number;
  image?: string;
};
type CheckedProduct = {
  input: ProductInput;
  image: PreparedImage | null;
  category: { id: number; kind: "cut" | "addon" };
};

const noSuchProduct = (values: Record<string, string>) => ({
  ok: false as const,
  status: 404,
  message: "There is no such product.",
  values,
  field: null,
});

/** The form's fields, its image and its category, checked before the transaction; or the refusal. */
async function checkProductForm(
  db: Kysely<DB>,
  id: number | null,
  form: FormData,
  values: Record<string, string>,
): Promise<CheckedProduct | (SaveOutcome & { ok: false })> {
  const parsed = ProductSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      status: 400,
      message: firstMessage(parsed.error),
      values,
      field: issue ? String(issue.path[0] ?? "") : null,
    };
  }
  const input = parsed.data;
  const upload = await uploadOf(form);
  const image = upload ? await prepareImage(upload) : null;
  if (image && !image.ok)
    return { ok: false, status: 400, message: image.message, values, field: "image" };

  const category = await db
    .selectFrom("productCategories")
    .select(["id", "kind"])
    .where("id", "=", input.categoryId)
    .executeTakeFirst();
  if (!category)
    return {
      ok: false,
      status: 400,
      message: CATALOGUE_MESSAGES.category,
      values,
      field: "categoryId",
    };

  if (id !== null) {
    // products are never deleted: this is a made-up id, and nothing (not even the image) is kept
    const exists = await db
      .selectFrom("products")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!exists) return noSuchProduct(values);
  }
  return { input, image, category };
}

/**
 * Creates (id null) or updates a product from its form, with its image when one was chosen.
 * A price change writes the price history; every save writes the audit and moves the content version.
 */
export async function saveProduct(
  staff: StaffRef,
  id: number | null,
  form: FormData,
  { db = appDb, now = new Date() }: { db?: Kysely<DB>; now?: Date } = {},
): Promise<SaveOutcome> {
  const values = typedValues(form, PRODUCT_FIELDS);
  const checked = await checkProductForm(db, id, form, values);
  if ("ok" in checked) return checked;
  const { input, image, category } = checked;

  return edit(db, async (trx) => {
    const imageUrl = image?.ok ? await storeImage(trx, image, staff.id, now) : null;
    const fields: ProductFields = {
      name: input.name,
      description: input.description,
      categoryId: category.id,
      kind: category.kind,
      weight: input.weight,
      priceCents: input.price,
      taxable: input.taxable ? 1 : 0,
      active: input.active ? 1 : 0,
      ...(imageUrl ? { image: imageUrl } : {}),
    };
    if (id === null) {
      const productId = await createProduct(trx, staff, fields, imageUrl, now);
      await bumpContentVersion(trx);
      return { ok: true as const, id: productId };
    }
    const outcome = await updateProduct(trx, staff, id, fields, now);
    if (outcome === "missing") return noSuchProduct(values);
    // a save that changed nothing leaves no entry and moves nothing
    if (outcome === "changed") await bumpContentVersion(trx);
    return { ok: true as const, id };
  });
}

/** Inserts a new product with a free slug and writes its audit entry; answers its id. */
async function createProduct(
  trx: Transaction<DB>,
  staff: StaffRef,
  fields: ProductFields,
  imageUrl: string | null,
  now: Date,
): Promise<number> {
  const created = await trx
    .insertInto("products")
    .values({
      ...fields,
      slug: await freeSlug(trx, fields.name),
      // until an image is uploaded, the shop shows its mark
      image: imageUrl ?? "/images/logo-mark.svg",
      // a new product shows in the shop once the stock page gives it stock
      inventory: 0,
      isKnife: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeAudit(
    trx,
    staff,
    { action: "product.create", entityType: "product", entityId: created.id, after: fields },
    now,
  );
  return created.id;
}

/** Only the fields whose value moved, before and after. */
function changedFields(before: Record<string, unknown>, fields: Record<string, unknown>) {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    const old = before[k];
    if (old !== v) {
      changedBefore[k] = old;
      changedAfter[k] = v;
    }
  }
  return { changedBefore, changedAfter };
}

/** Updates a locked product and, when anything moved, writes its price history and audit entry. */
async function updateProduct(
  trx: Transaction<DB>,
  staff: StaffRef,
  id: number,
  fields: ProductFields,
  now: Date,
): Promise<"missing" | "unchanged" | "changed"> {
  const before = await trx
    .selectFrom("products")
    .select([
      "name",
      "description",
      "categoryId",
      "kind",
      "weight",
      "priceCents",
      "taxable",
      "active",
      "image",
    ])
    .where("id", "=", id)
    .$if(isPg(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!before) return "missing";
  await trx.updateTable("products").set(fields).where("id", "=", id).execute();
  const { changedBefore, changedAfter } = changedFields(before, fields);
  if (Object.keys(changedAfter).length === 0) return "unchanged";
  await recordPriceChange(
    trx,
    staff.id,
    { type: "product", id, oldCents: before.priceCents, newCents: fields.priceCents },
    now,
  );
  await writeAudit(
    trx,
    staff,
    {
      action: "product.update",
      entityType: "product",
      entityId: id,
      before: changedBefore,
      after: changedAfter,
    },
    now,
  );
  return "changed";
}
