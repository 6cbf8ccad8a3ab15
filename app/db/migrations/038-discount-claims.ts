// Discount codes count right (issue 46 item 3, decision 070).
//   users.first_order_key   the payment key of the checkout that claimed the account's first order,
//                           set by a conditional update in the checkout's claim transaction while
//                           ordered_at is null, cleared when that payment is released; null: unclaimed
//   discounts               a recurring code that makes the shopper choose a free product (the
//                           combination the back office now refuses) becomes first order only: its
//                           renewals never gave the product (no choice was kept for them), so this
//                           states the terms it actually had
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("first_order_key", "text").execute();
  await db
    .updateTable("discounts")
    .set({ recurring: 0, deliveries: null, updated_at: new Date().toISOString() })
    .where("recurring", "=", 1)
    .where("choose_items", "=", 1)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("users").dropColumn("first_order_key").execute();
}
