// Stock adjustments (issue 37): every change of a product's stock made in the back office is a row,
// with its reason, the figures before and after, who made it and the form's key, unique, so a form
// pressed twice adjusts once (docs/decisions/059-stock-forecast.md).
//   stock_adjustments_key_unique   (request_key): exactly once per form shown
//   stock_adjustments_product_idx  (product_id, id): a product's latest adjustments
import type { Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("stock_adjustments")
    .addColumn("id", pg ? "serial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("delta", "integer", (c) => c.notNull())
    .addColumn("inventory_before", "integer", (c) => c.notNull())
    .addColumn("inventory_after", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("staff_user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("request_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("stock_adjustments_key_unique", ["request_key"])
    .execute();
  await db.schema
    .createIndex("stock_adjustments_product_idx")
    .on("stock_adjustments")
    .columns(["product_id", "id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("stock_adjustments").execute();
}
