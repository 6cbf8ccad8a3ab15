// Discount codes edited in the back office (issue 37, decision 056).
//   discounts.deliveries              a recurring code covers this many deliveries (the first order counts as 1);
//                                     null with recurring = 1: every delivery; ignored when recurring = 0
//   discounts.max_uses                orders that may use the code at checkout, all customers together; null: no limit
//   discounts.max_uses_per_customer   the same for one customer; null: no limit
//   discounts.uses_count              checkout uses so far, moved by the conditional update that claims one
//   discounts.created_at / updated_at
//   discount_excluded_regions         delivery regions where the code cannot be used
//   discount_uses                     one row per order that used the code (checkout: delivery 1; renewals: 2, 3…);
//                                     a checkout's row is written at the claim (payment key) and gets its order at settle
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const serial = pg ? "serial" : "integer";

  await db.schema.alterTable("discounts").addColumn("deliveries", "integer").execute();
  await db.schema.alterTable("discounts").addColumn("max_uses", "integer").execute();
  await db.schema.alterTable("discounts").addColumn("max_uses_per_customer", "integer").execute();
  await db.schema
    .alterTable("discounts")
    .addColumn("uses_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("discounts").addColumn("created_at", "text").execute();
  await db.schema.alterTable("discounts").addColumn("updated_at", "text").execute();

  await db.schema
    .createTable("discount_excluded_regions")
    .addColumn("id", serial, id)
    .addColumn("discount_id", "integer", (c) =>
      c.notNull().references("discounts.id").onDelete("cascade"),
    )
    .addColumn("region_id", "integer", (c) => c.notNull().references("delivery_regions.id"))
    .addUniqueConstraint("discount_excluded_regions_unique", ["discount_id", "region_id"])
    .execute();

  await db.schema
    .createTable("discount_uses")
    .addColumn("id", serial, id)
    .addColumn("discount_id", "integer", (c) => c.notNull().references("discounts.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("subscription_id", "integer", (c) => c.references("subscriptions.id"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("payment_key", "text")
    .addColumn("delivery_number", "integer", (c) => c.notNull())
    .addColumn("discounted_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("discount_uses_order_unique", ["order_id"])
    .addUniqueConstraint("discount_uses_key_unique", ["payment_key"])
    .execute();
  await db.schema
    .createIndex("discount_uses_discount_idx")
    .on("discount_uses")
    .columns(["discount_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("discount_uses_customer_idx")
    .on("discount_uses")
    .columns(["discount_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("discount_uses_subscription_idx")
    .on("discount_uses")
    .columns(["subscription_id", "discount_id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("discount_uses").execute();
  await db.schema.dropTable("discount_excluded_regions").execute();
  for (const column of [
    "updated_at",
    "created_at",
    "uses_count",
    "max_uses_per_customer",
    "max_uses",
    "deliveries",
  ])
    await db.schema.alterTable("discounts").dropColumn(column).execute();
}
