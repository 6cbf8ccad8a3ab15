// Customer care (issue 36): staff find a customer by the postcode of one of their addresses.
//   addresses_postcode_idx      addresses (postcode, user_id): the search by postcode, without a scan
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("addresses_postcode_idx")
    .ifNotExists()
    .on("addresses")
    .columns(["postcode", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("addresses_postcode_idx").ifExists().execute();
}
