// Settling owns its payment, and saving a card is safe under concurrency
// (issue 33 items 6 and 9; docs/decisions/037-settling-owns-its-payment.md):
// - payments.recovery_claimed_at: when payment recovery took a row (pending →
//   recovering) before refunding it; a recovery that died half-way is taken
//   again after another lease;
// - payment_methods: one row per card (user, brand, last four, expiry: the
//   duplicate saveCard looks for) and at most one primary card per user.
//   Rows two concurrent saves left behind on PostgreSQL are merged first.
import { sql, type Kysely } from "kysely";

const sameCard = sql`p2.user_id = payment_methods.user_id and p2.brand = payment_methods.brand and p2.last_four = payment_methods.last_four
  and p2.exp_month = payment_methods.exp_month and p2.exp_year = payment_methods.exp_year`;

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("payments").addColumn("recovery_claimed_at", "text").execute();

  // the first row of each card keeps the card, primary if any copy was
  await sql`update payment_methods set is_primary = (select max(p2.is_primary) from payment_methods p2 where ${sameCard})
    where id = (select min(p2.id) from payment_methods p2 where ${sameCard})`.execute(db);
  await sql`delete from payment_methods where id > (select min(p2.id) from payment_methods p2 where ${sameCard})`.execute(
    db,
  );
  // of several primary cards, the oldest stays primary
  await sql`update payment_methods set is_primary = 0 where is_primary = 1
    and id > (select min(p2.id) from payment_methods p2 where p2.user_id = payment_methods.user_id and p2.is_primary = 1)`.execute(
    db,
  );

  await db.schema
    .createIndex("payment_methods_card_unique")
    .unique()
    .on("payment_methods")
    .columns(["user_id", "brand", "last_four", "exp_month", "exp_year"])
    .execute();
  await db.schema
    .createIndex("payment_methods_one_primary")
    .unique()
    .on("payment_methods")
    .column("user_id")
    .where(sql.ref("is_primary"), "=", 1)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("payment_methods_one_primary").ifExists().execute();
  await db.schema.dropIndex("payment_methods_card_unique").ifExists().execute();
  await db.schema.alterTable("payments").dropColumn("recovery_claimed_at").execute();
}
