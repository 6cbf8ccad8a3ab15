// Read-only catalogue queries for the box flow: box types, curated ranges and
// this month's contents, sizes, frequencies, cuts and add-ons.
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { sydneyMonth } from "~/utils/sydney-time.server";
import { cached } from "./cache.server";
import { groupListing, type ListedProduct } from "./rules";
import { barsSalmon, salmonBarred } from "./tasmania";
import type { ListingGroup } from "./listing";

export type BoxType = {
  id: number;
  slug: string;
  name: string;
  fullName: string;
  kind: "custom" | "curated";
  description: string;
  fromPriceCents: number;
  image: string;
};

export async function boxTypes(): Promise<BoxType[]> {
  return cached("boxTypes", loadBoxTypes);
}

async function loadBoxTypes(): Promise<BoxType[]> {
  const rows = await db
    .selectFrom("packages")
    .select(["id", "slug", "name", "fullName", "kind", "description", "priceCents", "image"])
    .where("parentId", "is", null)
    .where("active", "=", 1)
    .orderBy("sortOrder")
    .execute();
  return rows.map(({ priceCents, ...r }) => ({ ...r, fromPriceCents: priceCents }));
}

export async function rootOfKind(kind: "custom" | "curated") {
  return cached(`root:${kind}`, () => loadRootOfKind(kind));
}

async function loadRootOfKind(kind: "custom" | "curated") {
  return db
    .selectFrom("packages")
    .select(["id", "name"])
    .where("parentId", "is", null)
    .where("kind", "=", kind)
    .where("active", "=", 1)
    .orderBy("sortOrder")
    .executeTakeFirst();
}

export type CuratedRange = {
  id: number;
  name: string;
  fullName: string;
  description: string;
  fromPriceCents: number;
  image: string;
  month: string | null;
  contents: { item: string; quantity: string }[];
  available: boolean;
};

/** The curated boxes with this month's contents (or the latest month on record). Salmon is unavailable in Tasmania. */
export async function curatedRanges(
  curatedRootId: number,
  postcode: string | null,
  now = new Date(),
): Promise<CuratedRange[]> {
  const ranges = await cached(`ranges:${curatedRootId}:${sydneyMonth(now)}`, () =>
    loadCuratedRanges(curatedRootId, now),
  );
  return ranges.map((r) => ({ ...r, available: !salmonBarred(postcode, r.name) }));
}

async function loadCuratedRanges(curatedRootId: number, now: Date): Promise<CuratedRange[]> {
  const ranges = await db
    .selectFrom("packages")
    .select(["id", "name", "fullName", "description", "priceCents", "image"])
    .where("parentId", "=", curatedRootId)
    .where("active", "=", 1)
    .where("size", "is", null)
    .orderBy("sortOrder")
    .execute();
  if (ranges.length === 0) return [];
  const contents = await db
    .selectFrom("packageContents")
    .select(["packageId", "month", "item", "quantity"])
    .where(
      "packageId",
      "in",
      ranges.map((r) => r.id),
    )
    .where("month", "<=", sydneyMonth(now))
    .orderBy("month", "desc")
    .orderBy("sortOrder")
    .execute();
  return ranges.map(({ priceCents, ...r }) => {
    const mine = contents.filter((c) => c.packageId === r.id);
    const month = mine[0]?.month ?? null;
    return {
      ...r,
      fromPriceCents: priceCents,
      month,
      contents: mine
        .filter((c) => c.month === month)
        .map((c) => ({ item: c.item, quantity: c.quantity })),
      available: true,
    };
  });
}

export type SizeOption = {
  id: number;
  name: string;
  fullName: string;
  size: "small" | "large" | null;
  priceCents: number;
  people: string | null;
  weight: string | null;
  selectionCustomizable: boolean;
  selectionMaximum: number | null;
};

/** A box type (the custom root or a curated range) and its sellable sizes. */
export async function boxWithSizes(typeId: number) {
  return cached(`sizes:${typeId}`, () => loadBoxWithSizes(typeId));
}

async function loadBoxWithSizes(typeId: number) {
  const type = await db
    .selectFrom("packages")
    .select(["id", "parentId", "name", "fullName", "kind", "description", "image", "size"])
    .where("id", "=", typeId)
    .where("active", "=", 1)
    .executeTakeFirst();
  if (!type || type.size !== null) return null;
  const sizes = await db
    .selectFrom("packages")
    .select([
      "id",
      "name",
      "fullName",
      "size",
      "priceCents",
      "people",
      "weight",
      "selectionCustomizable",
      "selectionMaximum",
    ])
    .where("parentId", "=", typeId)
    .where("active", "=", 1)
    .where("size", "is not", null)
    .orderBy("sortOrder")
    .execute();
  if (sizes.length === 0) return null;
  return {
    type,
    sizes: sizes.map((s): SizeOption => ({
      ...s,
      selectionCustomizable: s.selectionCustomizable === 1,
    })),
  };
}

export type PackageSummary = {
  id: number;
  parentId: number | null;
  name: string;
  fullName: string;
  kind: "custom" | "curated";
  size: "small" | "large" | null;
  priceCents: number;
  people: string | null;
  weight: string | null;
  selectionCustomizable: boolean;
  selectionMaximum: number | null;
  image: string;
  parentName: string | null;
};

export async function getPackage(
  id: number,
  executor?: Kysely<DB>,
): Promise<PackageSummary | null> {
  // inside a transaction read fresh through it; otherwise the short cache
  if (executor) return loadPackage(id, executor);
  return cached(`package:${id}`, () => loadPackage(id, db));
}

async function loadPackage(id: number, executor: Kysely<DB>): Promise<PackageSummary | null> {
  const row = await executor
    .selectFrom("packages as p")
    .leftJoin("packages as parent", "parent.id", "p.parentId")
    .select([
      "p.id",
      "p.parentId",
      "p.name",
      "p.fullName",
      "p.kind",
      "p.size",
      "p.priceCents",
      "p.people",
      "p.weight",
      "p.selectionCustomizable",
      "p.selectionMaximum",
      "p.image",
      "p.active",
      "parent.name as parentName",
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!row || row.size === null) return null;
  const { active: _active, ...rest } = row;
  return { ...rest, selectionCustomizable: row.selectionCustomizable === 1 };
}

export async function activeFrequencies(): Promise<number[]> {
  return cached("frequencies", loadFrequencies);
}

async function loadFrequencies(): Promise<number[]> {
  const rows = await db
    .selectFrom("frequencies")
    .select("days")
    .where("active", "=", 1)
    .orderBy("sortOrder")
    .execute();
  return rows.map((r) => r.days);
}

export type CatalogueProduct = ListedProduct & {
  slug: string;
  description: string;
  weight: string | null;
  priceCents: number;
  image: string;
  isKnife: boolean;
};

type Listing = ReturnType<typeof groupListing<CatalogueProduct>>;
/**
 * The listings of one cached read of the products, by whether the postcode bars salmon (the only
 * way a postcode changes a listing: app/box/rules.ts isListable). Grouping and sorting ~60 products
 * with a collator was 4-5% of the change page's CPU; a listing lives as long as its read (the
 * cache's TTL) and is shared by the requests of that time, so it is frozen: a caller that changed it
 * would throw.
 */
const listingsOf = new WeakMap<CatalogueProduct[], Map<boolean, Listing>>();
const cardListingsOf = new WeakMap<Listing, Map<boolean, ListingGroup[]>>();

function memo<K extends object, V>(
  store: WeakMap<K, Map<boolean, V>>,
  key: K,
  flag: boolean,
  make: () => V,
) {
  let byFlag = store.get(key);
  if (!byFlag) store.set(key, (byFlag = new Map()));
  let value = byFlag.get(flag);
  if (value === undefined) byFlag.set(flag, (value = deepFreeze(make())));
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Cuts or add-ons, grouped and filtered by the listing rules for this postcode. */
export async function productListing(kind: "cut" | "addon", postcode: string | null) {
  const rows = await cached(`products:${kind}`, () => loadProducts(kind));
  return memo(listingsOf, rows, barsSalmon(postcode), () => groupListing(rows, postcode));
}

/**
 * A listing as its product cards need it, and no more: every field of a loader's answer is
 * serialised into the page (and parsed again while it hydrates) on each request.
 */
export async function cardListing(
  kind: "cut" | "addon",
  postcode: string | null,
  { descriptions }: { descriptions: boolean },
): Promise<ListingGroup[]> {
  const listing = await productListing(kind, postcode);
  return memo(cardListingsOf, listing, descriptions, () => cardsOf(listing, descriptions));
}

function cardsOf(listing: Listing, descriptions: boolean): ListingGroup[] {
  return listing.map((g) => ({
    id: g.id,
    name: g.name,
    products: g.products.map((p) => ({
      id: p.id,
      name: p.name,
      weight: p.weight,
      priceCents: p.priceCents,
      image: p.image,
      ...(descriptions ? { description: p.description } : {}),
    })),
  }));
}

async function loadProducts(kind: "cut" | "addon"): Promise<CatalogueProduct[]> {
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("productCategories as c", "c.id", "p.categoryId")
    .select([
      "p.id",
      "p.slug",
      "p.name",
      "p.description",
      "p.weight",
      "p.priceCents",
      "p.inventory",
      "p.image",
      "p.isKnife",
      "p.categoryId",
      "c.name as categoryName",
      "c.sortOrder as categorySort",
    ])
    .where("p.kind", "=", kind)
    .where("p.active", "=", 1)
    .execute();
  return rows.map((r): CatalogueProduct => ({ ...r, isKnife: r.isKnife === 1 }));
}
