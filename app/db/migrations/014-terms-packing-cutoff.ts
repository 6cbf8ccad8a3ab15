// The terms state what happens to a declined renewal (issue 33, item 5): retries before the packing
// cut-off, then the delivery is not sent and its order is cancelled. New databases get the new
// paragraph from the seed; this replaces the old one in a database seeded before. A paragraph the shop
// has edited since is left as it is.
import { sql, type Kysely } from "kysely";

const OLD =
  "<p>We charge your nominated card when your order is processed, shortly before each delivery. If a payment fails, we may try again or pause your subscription until your payment details are updated. Gift cards and account credits are applied automatically at checkout.</p>";
const NEW = `<p>We charge your nominated card for each delivery at its change cut-off: 2pm Sydney time, two to five days before the delivery depending on your area. If the payment is declined, we e-mail you a link to pay with another card, and we try your card again up to three times, evenly spaced before the packing cut-off at noon Sydney time the day before delivery (with a two-day lead, at 7pm, midnight and 5am). If the order is still unpaid at the packing cut-off, that delivery is not packed or sent: its order is cancelled, nothing is charged for it, any credit used goes back to your account, and we tell you by e-mail and on My deliveries. Your next delivery goes ahead as planned. Gift cards and account credits are applied automatically at checkout.</p>`;

async function swap(db: Kysely<any>, from: string, to: string) {
  const row = (await sql<{ data: string }>`select data from pages where key = 'terms'`.execute(db))
    .rows[0];
  if (!row) return;
  const page = JSON.parse(row.data) as { header: string; content: string };
  if (!page.content.includes(from)) return;
  page.content = page.content.replace(from, to);
  await sql`update pages set data = ${JSON.stringify(page)}, updated_at = ${new Date().toISOString()} where key = 'terms'`.execute(
    db,
  );
}

export async function up(db: Kysely<any>) {
  await swap(db, OLD, NEW);
}

export async function down(db: Kysely<any>) {
  await swap(db, NEW, OLD);
}
