// Gift cards (issue 10): the purchase order a card belongs to, its expiry
// (Australian law: at least 3 years), and an index for the due-mail job, which
// claims each card with `update … set sent_at = ? where id = ? and sent_at is null`.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("gift_cards")
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .execute();
  // a calendar day (yyyy-MM-dd, Sydney): the card is valid through that day
  await db.schema.alterTable("gift_cards").addColumn("expires_on", "text").execute();
  await db.schema
    .createIndex("gift_cards_due_idx")
    .ifNotExists()
    .on("gift_cards")
    .columns(["sent_at", "deliver_on"])
    .execute();
  await db.schema
    .createIndex("gift_cards_order_idx")
    .ifNotExists()
    .on("gift_cards")
    .column("order_id")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("gift_cards_order_idx").ifExists().execute();
  await db.schema.dropIndex("gift_cards_due_idx").ifExists().execute();
  await db.schema.alterTable("gift_cards").dropColumn("expires_on").execute();
  await db.schema.alterTable("gift_cards").dropColumn("order_id").execute();
}
