import { sql } from "kysely";
import { db } from "~/db/client.server";
import { migrateToLatest, prepareDatabase } from "~/db/client.server";

const count = async (
  table:
    | "packages"
    | "products"
    | "suburbs"
    | "posts"
    | "faqItems"
    | "locationPosts"
    | "deliveryRegions"
    | "discounts"
    | "paymentMethods"
    | "orders"
    | "pages",
) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("database", () => {
  it("answers a query", async () => {
    const r = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(Number(r.rows[0].one)).toBe(1);
  });

  it("holds the full seed", async () => {
    expect(await count("suburbs")).toBeGreaterThan(15000);
    expect(await count("posts")).toBeGreaterThanOrEqual(20);
    expect(await count("locationPosts")).toBeGreaterThanOrEqual(3);
    expect(await count("deliveryRegions")).toBe(8);
    expect(await count("discounts")).toBe(3);
    expect(await count("pages")).toBe(5);
    const cuts = await db.selectFrom("products").select("id").where("kind", "=", "cut").execute();
    expect(cuts.length).toBeGreaterThan(40);
    const faqCategories = await db.selectFrom("faqItems").select("category").distinct().execute();
    expect(faqCategories.map((r) => r.category).sort()).toEqual([
      "delivery",
      "order",
      "product",
      "subscription",
    ]);
  });

  it("seeds the spec's boxes, prices and selection limits", async () => {
    const leaves = await db
      .selectFrom("packages")
      .select(["slug", "priceCents", "selectionMaximum", "selectionCustomizable"])
      .where("slug", "in", [
        "custom-small",
        "custom-large",
        "value-small",
        "beef-small",
        "beef-large",
      ])
      .orderBy("slug")
      .execute();
    expect(leaves).toEqual([
      { slug: "beef-large", priceCents: 22900, selectionMaximum: null, selectionCustomizable: 0 },
      { slug: "beef-small", priceCents: 16900, selectionMaximum: null, selectionCustomizable: 0 },
      { slug: "custom-large", priceCents: 27900, selectionMaximum: 16, selectionCustomizable: 1 },
      { slug: "custom-small", priceCents: 16900, selectionMaximum: 8, selectionCustomizable: 1 },
      { slug: "value-small", priceCents: 14900, selectionMaximum: null, selectionCustomizable: 0 },
    ]);
  });

  it("seeds a demo subscriber with two cards, credit and an unpaid order, never a card number", async () => {
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "demo@paddockandtide.com.au")
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    const cards = await db
      .selectFrom("paymentMethods")
      .selectAll()
      .where("userId", "=", user.id)
      .execute();
    expect(cards.map((c) => c.lastFour).sort()).toEqual(["4242", "4444"]);
    expect(cards.filter((c) => c.isPrimary === 1)).toHaveLength(1);
    for (const c of cards) expect(JSON.stringify(c)).not.toMatch(/\d{12,}/);
    const unpaid = await db
      .selectFrom("orders")
      .select("reference")
      .where("userId", "=", user.id)
      .where("status", "=", "unpaid")
      .execute();
    expect(unpaid).toHaveLength(1);
    const credit = await db
      .selectFrom("creditLedger")
      .select((eb) => eb.fn.sum<number>("amountCents").as("total"))
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(Number(credit.total)).toBe(2500);
  });

  it("migrates and seeds idempotently", async () => {
    const before = await count("products");
    await migrateToLatest(db);
    await prepareDatabase(db);
    expect(await count("products")).toBe(before);
  });
});
