// A delivery is fixed at its cut-off (issue 46, decision 069):
//   deliveries.box_at_cutoff  JSON: the subscription's box (package, postcode, address, cuts and
//                             add-ons) as it stood at the delivery's cut-off; written by the first
//                             change made after the cut-off, or by the renewal, whichever comes
//                             first; null while the subscription's own rows still say it
//   deliveries.reminded       JSON: what the delivery's reminder stated (each line's unit price,
//                             the discount's terms, the amount), so the charge is what it said
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema.alterTable("deliveries").addColumn("box_at_cutoff", "text").execute();
  await db.schema.alterTable("deliveries").addColumn("reminded", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("deliveries").dropColumn("reminded").execute();
  await db.schema.alterTable("deliveries").dropColumn("box_at_cutoff").execute();
}
