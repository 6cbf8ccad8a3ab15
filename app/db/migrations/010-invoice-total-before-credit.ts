// Every invoice keeps its total before credit (subtotal - discounted), and
// credit spent on it apart: renewals, pay-an-order and gift cards always did,
// and the tax invoice shows total - credit as what was paid. Box checkout used
// to store the total after credit, so a partly credit-paid first order showed
// its credit taken off twice. This puts those rows right; the rule that finds
// them (total = subtotal - discounted - credit, credit > 0) matches no row the
// other writers made.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>) {
  await sql`update invoices set total_cents = subtotal_cents - discounted_cents
    where credit_cents > 0 and total_cents = subtotal_cents - discounted_cents - credit_cents`.execute(
    db,
  );
}

// Down leaves the totals as they are: the after-credit totals were the defect.
export async function down(_db: Kysely<any>) {}
