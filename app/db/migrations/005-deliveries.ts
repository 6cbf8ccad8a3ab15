// Recurring deliveries (issue 11): one row per subscription and delivery date,
// claimed by conditional updates so each reminder, order and charge happens
// exactly once (docs/decisions/009-renewals.md).
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("deliveries")
    .ifNotExists()
    .addColumn("id", pg ? "serial" : "integer", (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("subscription_id", "integer", (c) =>
      c.notNull().references("subscriptions.id").onDelete("cascade"),
    )
    .addColumn("delivery_date", "text", (c) => c.notNull())
    .addColumn("delivery_window", "text")
    // scheduled | skipped | paused | cancelled | missed | ordered | paid | payment_failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("skip_reason", "text")
    // the change cut-off (2pm Sydney, lead days before) and when its reminder is due, ISO instants
    .addColumn("cutoff_at", "text", (c) => c.notNull())
    .addColumn("remind_at", "text", (c) => c.notNull())
    .addColumn("reminder_sent_at", "text")
    // set once, by the one run that decides the delivery at its cut-off
    .addColumn("processed_at", "text")
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("charge_attempts", "integer", (c) => c.notNull().defaultTo(0))
    // while a run charges: when it claimed the charge (a lease; an older claim is resumed)
    .addColumn("claimed_at", "text")
    .addColumn("next_attempt_at", "text")
    // JSON: stock reserved for the order (given back when it is finally skipped), notes on left-out items
    .addColumn("stock", "text")
    .addColumn("notes", "text")
    // one-tap links of the reminder: sha256 of a random token; works once, until the cut-off
    .addColumn("one_tap_hash", "text", (c) => c.unique())
    .addColumn("one_tap_used_at", "text")
    .addColumn("one_tap_action", "text")
    .addColumn("one_tap_reference", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("deliveries_subscription_date_unique", [
      "subscription_id",
      "delivery_date",
    ])
    .execute();
  await db.schema
    .createIndex("deliveries_cutoff_idx")
    .ifNotExists()
    .on("deliveries")
    .columns(["processed_at", "cutoff_at"])
    .execute();
  await db.schema
    .createIndex("deliveries_remind_idx")
    .ifNotExists()
    .on("deliveries")
    .columns(["reminder_sent_at", "remind_at"])
    .execute();
  await db.schema
    .createIndex("deliveries_status_idx")
    .ifNotExists()
    .on("deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("deliveries_order_idx")
    .ifNotExists()
    .on("deliveries")
    .column("order_id")
    .execute();

  // One box order per subscription and delivery date (gift-card orders have no subscription: nulls are distinct).
  await db.schema
    .createIndex("orders_subscription_delivery_unique")
    .ifNotExists()
    .unique()
    .on("orders")
    .columns(["subscription_id", "delivery_date"])
    .execute();
  await db.schema
    .createIndex("subscription_events_subscription_idx")
    .ifNotExists()
    .on("subscription_events")
    .columns(["subscription_id", "type"])
    .execute();

  // A discount applies to renewals only when it says so: the seeded codes are for a first box.
  await db.schema
    .alterTable("discounts")
    .addColumn("recurring", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("discounts").dropColumn("recurring").execute();
  await db.schema.dropIndex("subscription_events_subscription_idx").ifExists().execute();
  await db.schema.dropIndex("orders_subscription_delivery_unique").ifExists().execute();
  await db.schema.dropTable("deliveries").ifExists().execute();
}
