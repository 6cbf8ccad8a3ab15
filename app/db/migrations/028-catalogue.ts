// The catalogue in the back office (issue 37, decision 055): every price change of a box or a product
// is kept (what it was, what it became, when, by whom), so a renewal can be priced as its reminder
// said; uploaded product images live in the database (one row per content hash), so every instance
// serves the same bytes without a shared folder.
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("price_changes")
    .addColumn("id", pg ? "serial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("sellable_type", "text", (c) => c.notNull())
    .addColumn("sellable_id", "integer", (c) => c.notNull())
    .addColumn("old_cents", "integer", (c) => c.notNull())
    .addColumn("new_cents", "integer", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .addColumn("staff_user_id", "integer", (c) => c.references("users.id"))
    .execute();
  await db.schema
    .createIndex("price_changes_sellable_idx")
    .on("price_changes")
    .columns(["sellable_type", "sellable_id", "changed_at"])
    .execute();

  await db.schema
    .createTable("uploaded_images")
    .addColumn("hash", "text", (c) => c.primaryKey())
    .addColumn("ext", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", pg ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("uploaded_images").execute();
  await db.schema.dropIndex("price_changes_sellable_idx").execute();
  await db.schema.dropTable("price_changes").execute();
}
