// The back office, packing and gift cards (issue 36): support finds a gift card by an e-mail
// address (its buyer's or its receiver's) or by its code's last four characters; packing day reads
// the lines of a day's invoices (invoice_lines had no index on its invoice).
import type { Kysely } from "kysely";

const INDEXES = [
  ["gift_cards_last4_idx", "code_last4"],
  ["gift_cards_sender_email_idx", "sender_email"],
  ["gift_cards_receiver_email_idx", "receiver_email"],
] as const;

export async function up(db: Kysely<any>) {
  for (const [name, column] of INDEXES)
    await db.schema.createIndex(name).on("gift_cards").column(column).execute();
  await db.schema
    .createIndex("invoice_lines_invoice_idx")
    .ifNotExists()
    .on("invoice_lines")
    .column("invoice_id")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("invoice_lines_invoice_idx").ifExists().execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
