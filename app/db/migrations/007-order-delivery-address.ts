// Each box order keeps the address it delivers to. Before, an order reached its
// address only through its subscription, so moving the subscription also moved
// an order already past its cut-off (being packed for the old address).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("orders")
    .addColumn("shipping_address_id", "integer", (c) => c.references("addresses.id"))
    .execute();
  // orders written before this go where their subscription delivers now: the only address known for them
  await sql`update orders set shipping_address_id = (select s.shipping_address_id from subscriptions s where s.id = orders.subscription_id)
    where kind = 'box' and subscription_id is not null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("orders").dropColumn("shipping_address_id").execute();
}
