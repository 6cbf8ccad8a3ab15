// FAQ items, the legal pages, and the home page's hero slides and ticker in the back office
// (issue 37, permission "content"). Every save is one transaction with its audit entry (before and
// after) and the content version, and sets the row's updated_at (the sitemap's lastmod).
import type { Transaction } from "kysely";
import { writeAudit } from "~/staff/audit.server";
import type { Staff } from "~/staff/staff-session.server";
import { bumpContentVersion } from "~/content/content-version.server";
import { FAQ_CATEGORIES, tickerOf } from "~/content/pages.server";
import type { FaqCategory, HomepageData, LegalData, LegalKey } from "~/content/types";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import type { FaqInput, HeroInput, LegalInput, TickerInput } from "./content-schema";

type StaffRef = Pick<Staff, "id" | "role" | "ip">;

export const FAQ_CATEGORY_LABELS: Record<FaqCategory, string> = {
  product: "Products",
  delivery: "Delivery",
  order: "Orders",
  subscription: "Subscriptions",
};

export { FAQ_CATEGORIES };

/** The legal pages staff edit: their key in `pages`, their label and public path. */
export const LEGAL_PAGES: { key: LegalKey; label: string; path: string }[] = [
  { key: "privacy-policy", label: "Privacy policy", path: "/privacy-policy" },
  { key: "terms", label: "Terms and conditions", path: "/terms" },
  { key: "refund-policy", label: "Refund and returns policy", path: "/refund-and-returns-policy" },
];

export const isLegalKey = (key: string): key is LegalKey => LEGAL_PAGES.some((p) => p.key === key);

export type StaffFaqItem = {
  id: number;
  category: FaqCategory;
  question: string;
  answer: string;
  sortOrder: number;
  updatedAt: string;
};

/** Every FAQ item, by section (the public order), then order number. */
export async function listFaqForStaff(): Promise<StaffFaqItem[]> {
  const rows = await db
    .selectFrom("faqItems")
    .select(["id", "category", "question", "answer", "sortOrder", "updatedAt"])
    .orderBy("sortOrder")
    .orderBy("id")
    .execute();
  const rank = (c: FaqCategory) => FAQ_CATEGORIES.indexOf(c);
  return rows.sort((a, b) => rank(a.category) - rank(b.category));
}

export async function getFaqItem(id: number): Promise<StaffFaqItem | null> {
  const row = await db
    .selectFrom("faqItems")
    .select(["id", "category", "question", "answer", "sortOrder", "updatedAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** The next free order number at the end of a section. */
export async function nextFaqOrder(category: FaqCategory): Promise<number> {
  const row = await db
    .selectFrom("faqItems")
    .select((eb) => eb.fn.max("sortOrder").as("top"))
    .where("category", "=", category)
    .executeTakeFirst();
  const top = row?.top === null || row?.top === undefined ? -10 : Number(row.top);
  return Math.min(100_000, top + 10);
}

const faqView = (r: { category: string; question: string; answer: string; sortOrder: number }) => ({
  category: r.category,
  question: r.question,
  answer: r.answer,
  sortOrder: r.sortOrder,
});

async function inContentTransaction<T>(
  staff: StaffRef,
  work: (trx: Transaction<DB>) => Promise<{ result: T; audit: Parameters<typeof writeAudit>[2] }>,
  now: Date,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const { result, audit } = await work(trx);
    await writeAudit(trx, staff, audit, now);
    await bumpContentVersion(trx);
    return result;
  });
}

export async function createFaqItem(staff: StaffRef, input: FaqInput, now = new Date()) {
  return inContentTransaction(
    staff,
    async (trx) => {
      const { id } = await trx
        .insertInto("faqItems")
        .values({ ...input, updatedAt: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return {
        result: id,
        audit: {
          action: "faq.create",
          entityType: "faq_item",
          entityId: id,
          after: faqView(input),
        },
      };
    },
    now,
  );
}

/** Saves an item's fields; false when there is no such item. */
export async function updateFaqItem(
  staff: StaffRef,
  id: number,
  input: FaqInput,
  now = new Date(),
): Promise<boolean> {
  return inContentTransaction(
    staff,
    async (trx) => {
      const before = await trx
        .selectFrom("faqItems")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) throw new NotFound();
      await trx
        .updateTable("faqItems")
        .set({ ...input, updatedAt: now.toISOString() })
        .where("id", "=", id)
        .execute();
      return {
        result: true,
        audit: {
          action: "faq.update",
          entityType: "faq_item",
          entityId: id,
          before: faqView(before),
          after: faqView(input),
        },
      };
    },
    now,
  ).catch(notFoundIsFalse);
}

export async function deleteFaqItem(
  staff: StaffRef,
  id: number,
  now = new Date(),
): Promise<boolean> {
  return inContentTransaction(
    staff,
    async (trx) => {
      const before = await trx
        .selectFrom("faqItems")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) throw new NotFound();
      await trx.deleteFrom("faqItems").where("id", "=", id).execute();
      return {
        result: true,
        audit: {
          action: "faq.delete",
          entityType: "faq_item",
          entityId: id,
          before: faqView(before),
        },
      };
    },
    now,
  ).catch(notFoundIsFalse);
}

/**
 * New order numbers for several items at once (the list's reorder form): only the items whose
 * number changed are written, in one transaction with one audit entry. Unknown ids are left out.
 */
export async function reorderFaq(
  staff: StaffRef,
  orders: Map<number, number>,
  now = new Date(),
): Promise<number> {
  return inContentTransaction(
    staff,
    async (trx) => {
      const ids = [...orders.keys()];
      const rows = ids.length
        ? await trx
            .selectFrom("faqItems")
            .select(["id", "sortOrder"])
            .where("id", "in", ids)
            .execute()
        : [];
      const changed = rows.filter((r) => orders.get(r.id) !== r.sortOrder);
      for (const r of changed)
        await trx
          .updateTable("faqItems")
          .set({ sortOrder: orders.get(r.id)!, updatedAt: now.toISOString() })
          .where("id", "=", r.id)
          .execute();
      return {
        result: changed.length,
        audit: {
          action: "faq.reorder",
          entityType: "faq_item",
          entityId: changed.map((r) => r.id).join(",") || "none",
          before: Object.fromEntries(changed.map((r) => [r.id, r.sortOrder])),
          after: Object.fromEntries(changed.map((r) => [r.id, orders.get(r.id)])),
        },
      };
    },
    now,
  );
}

class NotFound extends Error {}
const notFoundIsFalse = (error: unknown): false => {
  if (error instanceof NotFound) return false;
  throw error;
};

async function readPage(trx: Transaction<DB> | typeof db, key: string) {
  const row = await trx
    .selectFrom("pages")
    .select(["data", "updatedAt"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row
    ? { data: JSON.parse(row.data) as Record<string, unknown>, updatedAt: row.updatedAt }
    : null;
}

/** A legal page's stored heading and Markdown text (not rendered), for its edit form. */
export async function getLegalForEdit(
  key: LegalKey,
): Promise<(LegalData & { updatedAt: string }) | null> {
  const page = await readPage(db, key);
  if (!page) return null;
  return {
    header: String(page.data.header ?? ""),
    content: String(page.data.content ?? ""),
    updatedAt: page.updatedAt,
  };
}

async function writePage(
  staff: StaffRef,
  key: string,
  action: string,
  change: (data: Record<string, unknown>) => {
    data: Record<string, unknown>;
    before: unknown;
    after: unknown;
  },
  now: Date,
): Promise<boolean> {
  return inContentTransaction(
    staff,
    async (trx) => {
      const page = await readPage(trx, key);
      if (!page) throw new NotFound();
      const next = change(page.data);
      await trx
        .updateTable("pages")
        .set({ data: JSON.stringify(next.data), updatedAt: now.toISOString() })
        .where("key", "=", key)
        .execute();
      return {
        result: true,
        audit: {
          action,
          entityType: "page",
          entityId: key,
          before: next.before,
          after: next.after,
        },
      };
    },
    now,
  ).catch(notFoundIsFalse);
}

export function saveLegalPage(staff: StaffRef, key: LegalKey, input: LegalInput, now = new Date()) {
  return writePage(
    staff,
    key,
    "page.update",
    (data) => ({
      data: { ...data, header: input.header, content: input.content },
      before: { header: data.header, content: data.content },
      after: input,
    }),
    now,
  );
}

export type HomeForEdit = { hero: HomepageData["hero"]; ticker: string[]; updatedAt: string };

export async function getHomeForEdit(): Promise<HomeForEdit | null> {
  const page = await readPage(db, "homepage");
  if (!page) return null;
  const data = page.data as Partial<HomepageData>;
  const hero = data.hero ?? { title: "", description: "", cta: "", list: [], images: [] };
  return { hero, ticker: tickerOf(data), updatedAt: page.updatedAt };
}

export function saveHero(staff: StaffRef, input: HeroInput, now = new Date()) {
  const hero: HomepageData["hero"] = {
    title: input.title,
    description: input.description,
    cta: input.cta,
    list: input.bullets.map((bulletText) => ({ bulletText })),
    images: input.slides.map((s) => ({ mobile: s.mobile, desktop: s.desktop, alt: s.alt })),
  };
  return writePage(
    staff,
    "homepage",
    "home.hero.update",
    (data) => ({ data: { ...data, hero }, before: data.hero ?? null, after: hero }),
    now,
  );
}

export function saveTicker(staff: StaffRef, input: TickerInput, now = new Date()) {
  return writePage(
    staff,
    "homepage",
    "home.ticker.update",
    (data) => ({
      data: { ...data, ticker: input.lines },
      before: tickerOf(data as Partial<HomepageData>),
      after: input.lines,
    }),
    now,
  );
}
