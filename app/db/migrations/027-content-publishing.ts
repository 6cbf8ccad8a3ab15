// Content that staff edit (issue 37): a post or recipe is a draft or published, from its publish
// date; its summary is its own field; a renamed post keeps its old slugs, which redirect (301) to
// the new one; every page the sitemap lists knows when it was last edited (`lastmod`).
import { PostgresAdapter, sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("posts")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .execute();
  await db.schema.alterTable("posts").addColumn("published_at", "text").execute();
  await db.schema.alterTable("posts").addColumn("summary", "text").execute();
  await sql`update posts set published_at = created_at, summary = meta_description`.execute(db);
  await db.schema
    .createIndex("posts_published_idx")
    .on("posts")
    .columns(["post_type", "status", "published_at"])
    .execute();

  await db.schema
    .createTable("post_slug_redirects")
    .addColumn("id", pg ? "serial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("post_type", "text", (c) => c.notNull())
    .addColumn("old_slug", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("post_slug_redirects_type_slug_unique", ["post_type", "old_slug"])
    .execute();

  const now = new Date().toISOString();
  for (const table of ["location_posts", "faq_items"]) {
    await db.schema
      .alterTable(table)
      .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
      .execute();
  }
}

export async function down(db: Kysely<any>) {
  for (const table of ["location_posts", "faq_items"])
    await db.schema.alterTable(table).dropColumn("updated_at").execute();
  await db.schema.dropTable("post_slug_redirects").execute();
  await db.schema.dropIndex("posts_published_idx").execute();
  for (const column of ["summary", "published_at", "status"])
    await db.schema.alterTable("posts").dropColumn(column).execute();
}
