// Paying an order (SPEC §2 "Pay an order"): the claim that makes a payment
// exactly-once, and the billing address the order was paid with (printed on
// its tax invoice).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  // Set, with a conditional update, by the one submit that pays the order (its
  // idempotency key); cleared again when the charge is declined, kept once paid.
  await db.schema.alterTable("orders").addColumn("payment_key", "text").execute();
  await db.schema.alterTable("orders").addColumn("billing_address_id", "integer").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("orders").dropColumn("billing_address_id").execute();
  await db.schema.alterTable("orders").dropColumn("payment_key").execute();
}
