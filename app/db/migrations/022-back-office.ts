// The back office, part 1 (issue 36, decision 052).
//   users.staff_role            owner | support | packer; null: a customer
//   users.totp_secret           the staff member's authenticator secret, sealed under the session secret; null: enrols at next sign-in
//   users.totp_last_step        the last accepted TOTP step: a code is accepted once
//   users.totp_failures         wrong codes since the last right one or lock
//   users.totp_locked_until     5 wrong codes lock the staff sign-in until then
//   staff_sessions              a staff sign-in, apart from the shop's session: 30 minutes idle, 12 hours at most;
//                               second_factor_at null while only the password step is done
//   audit_entries               who (user and role), what, which record, before and after, when, from where; only ever inserted
//   orders.packed_at / dispatched_at   packing day
//   orders.refunded_cents       every refund so far, moved in the same statement that checks the room left
//   refunds                     one per press (idempotency key), to the card or as credit; each is an adjustment note
//   subscription_events.actor   who did it when not the subscriber: "Paddock & Tide (Sam)"
//   gift_cards.cancelled_at     an unclaimed card cancelled (and refunded) by staff
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const serial = pg ? "serial" : "integer";

  await db.schema.alterTable("users").addColumn("staff_role", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
  await db.schema
    .alterTable("users")
    .addColumn("totp_failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("users").addColumn("totp_locked_until", "text").execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("second_factor_at", "text")
    .addColumn("enrol_secret", "text")
    .addColumn("ip", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_sessions_user_idx")
    .on("staff_sessions")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("audit_entries")
    .addColumn("id", serial, id)
    .addColumn("staff_user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("staff_role", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_entries_created_idx")
    .on("audit_entries")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("audit_entries_entity_idx")
    .on("audit_entries")
    .columns(["entity_type", "entity_id"])
    .execute();
  await db.schema
    .createIndex("audit_entries_staff_idx")
    .on("audit_entries")
    .columns(["staff_user_id", "created_at"])
    .execute();

  await db.schema.alterTable("orders").addColumn("packed_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("dispatched_at", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("orders_delivery_date_idx")
    .on("orders")
    .columns(["delivery_date", "status"])
    .execute();
  await db.schema
    .createIndex("orders_user_created_idx")
    .on("orders")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("orders_created_idx").on("orders").column("created_at").execute();

  await db.schema
    .createTable("refunds")
    .addColumn("id", serial, id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("payment_id", "integer", (c) => c.references("payments.id"))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("gst_cents", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("lines", "text")
    .addColumn("staff_user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("gateway_refund_id", "text")
    .addColumn("note_number", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .execute();
  await db.schema.createIndex("refunds_order_idx").on("refunds").column("order_id").execute();

  await db.schema.alterTable("subscription_events").addColumn("actor", "text").execute();
  await db.schema.alterTable("gift_cards").addColumn("cancelled_at", "text").execute();

  // customer search by name and phone; the e-mail already has its unique index
  await db.schema
    .createIndex("users_name_idx")
    .on("users")
    .columns(["last_name", "first_name"])
    .execute();
  await db.schema.createIndex("users_phone_idx").on("users").column("phone").execute();
  await db.schema.createIndex("users_staff_role_idx").on("users").column("staff_role").execute();
  await db.schema
    .createIndex("email_outbox_to_idx")
    .on("email_outbox")
    .column("to_address")
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const index of [
    "email_outbox_to_idx",
    "users_staff_role_idx",
    "users_phone_idx",
    "users_name_idx",
    "orders_created_idx",
    "orders_user_created_idx",
    "orders_delivery_date_idx",
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable("gift_cards").dropColumn("cancelled_at").execute();
  await db.schema.alterTable("subscription_events").dropColumn("actor").execute();
  await db.schema.dropTable("refunds").execute();
  for (const column of ["refunded_cents", "dispatched_at", "packed_at"])
    await db.schema.alterTable("orders").dropColumn(column).execute();
  await db.schema.dropTable("audit_entries").execute();
  await db.schema.dropTable("staff_sessions").execute();
  for (const column of [
    "totp_locked_until",
    "totp_failures",
    "totp_last_step",
    "totp_secret",
    "staff_role",
  ])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
