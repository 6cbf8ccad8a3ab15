// The reminder before each cut-off (REMINDER_DAYS_BEFORE_CUTOFF days ahead):
// what will be delivered and charged, when, and one-tap links. One per
// delivery: the claim (`reminder_sent_at` set where it is null) and the
// outbox row commit together.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { formatDeliveryDate } from "~/delivery/schedule";
import { getRegion, windowsForRegion } from "~/delivery/lookup.server";
import { queueEmail } from "~/email/mailer.server";
import { deliveryReminderEmail } from "~/email/templates/delivery-reminder";
import { creditBalance } from "~/orders/credit.server";
import { applyCredit } from "~/orders/credit";
import { MY_DELIVERIES_PATH } from "~/orders/paths";
import {
  changeEvents,
  deliveryById,
  scheduleOf,
  skippedByEvents,
  subscriptionFacts,
} from "./deliveries.server";
import { newOneTapToken, oneTapPath } from "./one-tap.server";
import { quoteRenewal } from "./renewal-quote.server";
import { remindedTerms } from "./delivery-terms";
import { deliveryAmount } from "./delivery-box.server";
import { cutoffInstant, cutoffLabel } from "./schedule";
import type { SubscriptionFacts } from "./deliveries.server";
import { formatAud } from "~/utils/money";
import type { Quote } from "~/pricing/quote.server";

type Reminded = NonNullable<Awaited<ReturnType<typeof deliveryById>>>;

/** What the reminder says beside the quote: the credit left for it at its cut-off, the card and the window. */
async function reminderExtras(
  db: Kysely<DB>,
  sub: SubscriptionFacts,
  d: Reminded,
  schedule: Awaited<ReturnType<typeof scheduleOf>>,
  owed: number,
  now: Date,
) {
  const credit = applyCredit(
    sub.hasPassword
      ? await creditLeftAt(db, sub, d, cutoffInstant(schedule, d.deliveryDate), now)
      : 0,
    owed,
  );
  const card = await db
    .selectFrom("paymentMethods")
    .select(["brand", "lastFour"])
    .where("userId", "=", sub.userId)
    .orderBy("isPrimary", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const region = sub.regionId ? await getRegion(sub.regionId) : null;
  const windows = region ? await windowsForRegion(region) : [];
  const window =
    windows.find((w) => w.code === (d.deliveryWindow ?? sub.deliveryWindow))?.label ?? null;
  return { credit, card: card ? `${card.brand} ending in ${card.lastFour}` : null, window };
}

/** Nothing to remind of (skipped in the subscriber area meanwhile): marked, so it is not listed again. */
async function markNothingToRemind(db: Kysely<DB>, d: Reminded, ts: string) {
  const res = await db
    .updateTable("deliveries")
    .set({ reminderSentAt: ts, updatedAt: ts })
    .where("id", "=", d.id)
    .where("reminderSentAt", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? "done" : "skipped";
}

export async function sendReminder(
  ctx: { db: Kysely<DB>; now: Date; origin: string },
  deliveryId: number,
): Promise<"done" | "skipped"> {
  const { db, now, origin } = ctx;
  const ts = now.toISOString();
  const d = await deliveryById(db, deliveryId);
  if (!d || d.processedAt) return "skipped";
  const sub = await subscriptionFacts(db, d.subscriptionId);
  const skipped =
    !sub ||
    // a disabled account is sent nothing (decision 062)
    sub.ownerDisabled ||
    d.status !== "scheduled" ||
    skippedByEvents(await changeEvents(db, sub.id)).has(d.deliveryDate);
  if (!sub || skipped) return markNothingToRemind(db, d, ts);
  const schedule = await scheduleOf(sub.regionId);
  const rq = await quoteRenewal(sub, now);
  const { quote, notes } = rq;
  const priceChanges = await priceRises(db, sub.id, quote);
  const owed = quote.subtotalCents - quote.discountedCents;
  const { credit, card, window } = await reminderExtras(db, sub, d, schedule, owed, now);
  const { token, hash } = newOneTapToken();

  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("deliveries")
      // what it states is kept with it: the delivery is charged at these prices and this discount,
      // whatever the catalogue or the code does before the cut-off (decision 069)
      .set({
        reminderSentAt: ts,
        reminded: JSON.stringify(remindedTerms(rq)),
        oneTapHash: hash,
        updatedAt: ts,
      })
      .where("id", "=", d.id)
      .where("reminderSentAt", "is", null)
      .where("processedAt", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return "skipped" as const;
    await queueEmail(trx, deliveryReminderEmail, sub.email, {
      firstName: sub.firstName,
      boxName: sub.boxName,
      deliveryDate: formatDeliveryDate(d.deliveryDate),
      window,
      cutoff: cutoffLabel(schedule, d.deliveryDate),
      lines: quote.lines.map((l) => ({
        name: l.free ? `${l.name} (free)` : l.name,
        quantity: l.quantity,
        lineCents: l.priceCents * l.quantity,
      })),
      discountedCents: quote.discountedCents,
      creditCents: credit.creditCents,
      chargeCents: credit.totalCents,
      card,
      notes,
      priceChanges,
      skipUrl: `${origin}${oneTapPath(token, "skip")}`,
      keepUrl: `${origin}${oneTapPath(token, "keep")}`,
      manageUrl: `${origin}${MY_DELIVERIES_PATH}`,
    });
    return "done" as const;
  });
}

/**
 * The credit that will be left for this delivery at its cut-off: the balance, less what the subscriber's
 * other deliveries ordered before it will spend (each takes what it owes, first come first served).
 * Without it, two subscriptions due in the same days would each promise the whole balance.
 */
async function creditLeftAt(
  db: Kysely<DB>,
  sub: SubscriptionFacts,
  d: { id: number; deliveryDate: string },
  cutoff: Date,
  now: Date,
): Promise<number> {
  let left = await creditBalance({ userId: sub.userId }, db);
  if (left <= 0) return 0;
  const others = await db
    .selectFrom("deliveries")
    .innerJoin("subscriptions", "subscriptions.id", "deliveries.subscriptionId")
    .select(["deliveries.subscriptionId", "deliveries.deliveryDate", "deliveries.id"])
    .where("subscriptions.userId", "=", sub.userId)
    .where("deliveries.subscriptionId", "!=", sub.id)
    .where("deliveries.status", "=", "scheduled")
    .where("deliveries.processedAt", "is", null)
    .where("deliveries.deliveryDate", "<=", d.deliveryDate)
    .execute();
  const ahead: { cutoff: Date; owed: number }[] = [];
  for (const o of others) {
    const facts = await subscriptionFacts(db, o.subscriptionId);
    if (!facts || facts.status !== "active") continue;
    const at = cutoffInstant(await scheduleOf(facts.regionId), o.deliveryDate);
    // ordered before this one (the same cut-off: the older delivery row first)
    if (at < now || at > cutoff || (at.getTime() === cutoff.getTime() && o.id > d.id)) continue;
    if (skippedByEvents(await changeEvents(db, facts.id)).has(o.deliveryDate)) continue;
    // what that delivery will be charged: its reminder's terms when it had one (decision 069)
    const { owedCents } = await deliveryAmount(db, facts, o.deliveryDate, now);
    ahead.push({ cutoff: at, owed: owedCents });
  }
  for (const o of ahead.sort((a, b) => a.cutoff.getTime() - b.cutoff.getTime()))
    left -= Math.min(left, o.owed);
  return left;
}

/**
 * The prices that rose since the subscriber's last box (issue 37, decision 055), in plain words:
 * the box (the same size as last time) and each recurring add-on it had too. A delivery is priced
 * as its reminder says, so these sentences are the new prices the subscriber will pay.
 */
export async function priceRises(
  db: Kysely<DB>,
  subscriptionId: number,
  quote: Pick<Quote, "lines">,
): Promise<string[]> {
  const last = await db
    .selectFrom("orders")
    .innerJoin("invoices", "invoices.orderId", "orders.id")
    .select(["invoices.id as invoiceId"])
    .where("orders.subscriptionId", "=", subscriptionId)
    .where("orders.kind", "=", "box")
    .where("orders.status", "=", "paid")
    .orderBy("orders.id", "desc")
    .orderBy("invoices.id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last) return [];
  const before = await db
    .selectFrom("invoiceLines")
    .select(["sellableType", "sellableId", "priceCents", "free"])
    .where("invoiceId", "=", last.invoiceId)
    .where("sellableType", "in", ["package", "addon"])
    .execute();
  const out: string[] = [];
  for (const l of quote.lines) {
    if (l.free || (l.sellableType !== "package" && l.sellableType !== "addon")) continue;
    const was = before.find(
      (b) => b.sellableType === l.sellableType && b.sellableId === l.sellableId && b.free !== 1,
    );
    if (!was || l.priceCents <= was.priceCents) continue;
    out.push(
      l.sellableType === "package"
        ? `Your box's price changes from ${formatAud(was.priceCents)} to ${formatAud(l.priceCents)}.`
        : `The price of ${l.name} changes from ${formatAud(was.priceCents)} to ${formatAud(l.priceCents)} each.`,
    );
  }
  return out;
}
