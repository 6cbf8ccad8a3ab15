// The whole schema of SPEC §3 in one first migration, written with Kysely's
// schema builder so SQLite and PostgreSQL both run it.
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from "kysely";

type T = CreateTableBuilder<string, never>;

export async function up(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .ifNotExists()
      .addColumn("id", pg ? "serial" : "integer", (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      ) as unknown as T;
  const ref = (t: string) => `${t}.id`;

  await table("users")
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("phone", "text")
    .addColumn("sms", "integer")
    .addColumn("newsletter", "integer")
    .addColumn("gateway_customer_id", "text")
    .addColumn("ordered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references(ref("users")).onDelete("cascade"))
    .addColumn("subscription_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await table("password_resets")
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references(ref("users")).onDelete("cascade"),
    )
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("rate_limit_hits")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("packages")
    .addColumn("parent_id", "integer", (c) => c.references(ref("packages")))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("size", "text")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("people", "text")
    .addColumn("weight", "text")
    .addColumn("selection_customizable", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("selection_maximum", "integer")
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await table("package_contents")
    .addColumn("package_id", "integer", (c) =>
      c.notNull().references(ref("packages")).onDelete("cascade"),
    )
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("item", "text", (c) => c.notNull())
    .addColumn("quantity", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await table("product_categories")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await table("products")
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.notNull().references(ref("product_categories")))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("weight", "text")
    .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("inventory", "integer")
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("is_knife", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await table("delivery_regions")
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("weekdays", "text", (c) => c.notNull())
    .addColumn("days_label", "text", (c) => c.notNull())
    .addColumn("time_label", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("lead_days", "integer", (c) => c.notNull())
    .addColumn("every_weeks", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("has_overnight", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await table("region_postcode_ranges")
    .addColumn("region_id", "integer", (c) =>
      c.notNull().references(ref("delivery_regions")).onDelete("cascade"),
    )
    .addColumn("from_postcode", "integer", (c) => c.notNull())
    .addColumn("to_postcode", "integer", (c) => c.notNull())
    .addColumn("area", "text", (c) => c.notNull())
    .execute();

  await table("delivery_windows")
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("is_overnight", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await table("suburbs")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("postcode", "text", (c) => c.notNull())
    .addColumn("postcode_key", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("suburbs_postcode_key_idx")
    .ifNotExists()
    .on("suburbs")
    .column("postcode_key")
    .execute();

  await table("frequencies")
    .addColumn("days", "integer", (c) => c.notNull().unique())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await table("addresses")
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references(ref("users")).onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("address_type", "text", (c) => c.notNull())
    .addColumn("line1", "text", (c) => c.notNull())
    .addColumn("line2", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("postcode", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull().defaultTo("AU"))
    .addColumn("company", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("subscriptions")
    .addColumn("user_id", "integer", (c) => c.references(ref("users")).onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("package_id", "integer", (c) => c.references(ref("packages")))
    .addColumn("box_type", "text")
    .addColumn("postcode", "text")
    .addColumn("suburb_id", "integer")
    .addColumn("region_id", "integer")
    .addColumn("delivery_date", "text")
    .addColumn("delivery_window", "text")
    .addColumn("frequency_days", "integer")
    .addColumn("discount_code", "text")
    .addColumn("shipping_address_id", "integer")
    .addColumn("billing_address_id", "integer")
    .addColumn("delivery_notes", "text")
    .addColumn("flow_version", "text")
    .addColumn("started_at", "text")
    .addColumn("ended_at", "text")
    .addColumn("paused_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  for (const name of ["subscription_items", "subscription_addons"]) {
    await table(name)
      .addColumn("subscription_id", "integer", (c) =>
        c.notNull().references(ref("subscriptions")).onDelete("cascade"),
      )
      .addColumn("product_id", "integer", (c) => c.notNull().references(ref("products")))
      .addColumn("quantity", "integer", (c) => c.notNull())
      .addUniqueConstraint(`${name}_unique`, ["subscription_id", "product_id"])
      .execute();
  }

  await table("subscription_events")
    .addColumn("subscription_id", "integer", (c) =>
      c.notNull().references(ref("subscriptions")).onDelete("cascade"),
    )
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("data", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("discounts")
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull())
    .addColumn("usable", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("choose_items", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", "text")
    .addColumn("ends_at", "text")
    .execute();

  await table("discount_items")
    .addColumn("discount_id", "integer", (c) =>
      c.notNull().references(ref("discounts")).onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) => c.notNull().references(ref("products")))
    .addColumn("choice", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("item_order", "integer")
    .addColumn("minimum", "integer")
    .execute();

  await table("orders")
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references(ref("users")))
    .addColumn("subscription_id", "integer", (c) => c.references(ref("subscriptions")))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("delivery_date", "text")
    .addColumn("delivery_window", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .execute();

  await table("invoices")
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references(ref("orders")).onDelete("cascade"),
    )
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("discounted_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("invoice_lines")
    .addColumn("invoice_id", "integer", (c) =>
      c.notNull().references(ref("invoices")).onDelete("cascade"),
    )
    .addColumn("sellable_type", "text", (c) => c.notNull())
    .addColumn("sellable_id", "integer")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .execute();

  await table("payment_methods")
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references(ref("users")).onDelete("cascade"),
    )
    .addColumn("gateway_token", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("last_four", "text", (c) => c.notNull())
    .addColumn("exp_month", "integer", (c) => c.notNull())
    .addColumn("exp_year", "integer", (c) => c.notNull())
    .addColumn("is_primary", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("gift_cards")
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("value_cents", "integer", (c) => c.notNull())
    .addColumn("bonus_of_id", "integer", (c) => c.references(ref("gift_cards")))
    .addColumn("purchaser_user_id", "integer", (c) => c.references(ref("users")))
    .addColumn("sender_name", "text", (c) => c.notNull())
    .addColumn("sender_email", "text", (c) => c.notNull())
    .addColumn("receiver_name", "text", (c) => c.notNull())
    .addColumn("receiver_email", "text", (c) => c.notNull())
    .addColumn("receiver_message", "text")
    .addColumn("deliver_on", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("claimed_by_user_id", "integer", (c) => c.references(ref("users")))
    .addColumn("claimed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("payments")
    .addColumn("user_id", "integer", (c) => c.references(ref("users")))
    .addColumn("order_id", "integer", (c) => c.references(ref("orders")))
    .addColumn("gift_card_id", "integer", (c) => c.references(ref("gift_cards")))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("gateway_charge_id", "text")
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("failure_message", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("gift_card_settings")
    .addColumn("bonus_percent", "integer", (c) => c.notNull())
    .addColumn("minimum_cents", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await table("credit_ledger")
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references(ref("users")).onDelete("cascade"),
    )
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await table("authors")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull())
    .execute();

  await table("categories")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .execute();

  await table("posts")
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("post_type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("meta_description", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("thumbnail_url", "text", (c) => c.notNull())
    .addColumn("thumbnail_alt", "text", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.references(ref("authors")))
    .addColumn("preparation_time", "integer")
    .addColumn("cooking_time", "integer")
    .addColumn("servings", "integer")
    .addColumn("ingredients", "text")
    .addColumn("directions", "text")
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("highlight", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("posts_type_slug_unique", ["post_type", "slug"])
    .execute();

  await table("post_categories")
    .addColumn("post_id", "integer", (c) =>
      c.notNull().references(ref("posts")).onDelete("cascade"),
    )
    .addColumn("category_id", "integer", (c) =>
      c.notNull().references(ref("categories")).onDelete("cascade"),
    )
    .execute();

  await table("faq_items")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("pages")
    .ifNotExists()
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await table("location_posts")
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("meta_description", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .execute();

  await table("testimonials")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await table("social_posts")
    .addColumn("handle", "text", (c) => c.notNull())
    .addColumn("caption", "text", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("image_alt", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await table("email_outbox")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text")
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();

  await db.schema
    .createTable("meta")
    .ifNotExists()
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  const indexes: [string, string, string[]][] = [
    ["sessions_user_idx", "sessions", ["user_id"]],
    ["rate_limit_hits_key_idx", "rate_limit_hits", ["key", "created_at"]],
    ["products_category_idx", "products", ["category_id"]],
    ["subscriptions_user_idx", "subscriptions", ["user_id"]],
    ["orders_user_idx", "orders", ["user_id"]],
    ["payment_methods_user_idx", "payment_methods", ["user_id"]],
    ["credit_ledger_user_idx", "credit_ledger", ["user_id"]],
    ["posts_created_idx", "posts", ["post_type", "created_at"]],
    ["post_categories_post_idx", "post_categories", ["post_id"]],
    ["post_categories_category_idx", "post_categories", ["category_id"]],
  ];
  for (const [name, tbl, cols] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on(tbl).columns(cols).execute();
  }
}

export async function down(db: Kysely<any>) {
  const tables = [
    "meta",
    "email_outbox",
    "social_posts",
    "testimonials",
    "location_posts",
    "pages",
    "faq_items",
    "post_categories",
    "posts",
    "categories",
    "authors",
    "credit_ledger",
    "gift_card_settings",
    "payments",
    "gift_cards",
    "payment_methods",
    "invoice_lines",
    "invoices",
    "orders",
    "discount_items",
    "discounts",
    "subscription_events",
    "subscription_addons",
    "subscription_items",
    "subscriptions",
    "addresses",
    "frequencies",
    "suburbs",
    "delivery_windows",
    "region_postcode_ranges",
    "delivery_regions",
    "products",
    "product_categories",
    "package_contents",
    "packages",
    "rate_limit_hits",
    "password_resets",
    "sessions",
    "users",
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
