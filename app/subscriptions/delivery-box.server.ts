// A delivery is fixed at its cut-off (issue 46, decision 069). What a delivery contains and costs
// is the subscription's box as it stood at the delivery's cut-off instant, whenever the renewal job
// reaches it. The subscription's own rows (subscription_items, subscription_addons, its package,
// postcode and address) say it until the first change made after the cut-off: that change, inside
// its transaction and before it writes, copies the box as it stood onto every delivery past its
// cut-off and not yet decided (`deliveries.box_at_cutoff`). The renewal does the same before it
// quotes, so whichever comes first freezes the box, and the change goes to the next delivery, as
// the page and the e-mail say. Both hold the subscription's lock (PostgreSQL `for update`; SQLite
// one writer), so a change and the freeze never interleave.
//
// What the reminder stated is kept on the delivery too (`deliveries.reminded`): each line's unit
// price and the discount's terms. A delivery is charged at those prices and with that discount,
// whatever happens to the catalogue or the code between the reminder and the cut-off (decisions
// 055, 056). quoteDelivery is the one place that prices an upcoming delivery: the renewal charges
// it, and the subscriber's pages show it.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { SubscriptionFacts } from "./deliveries.server";
import { quoteRenewal, type RenewalQuote } from "./renewal-quote.server";
import {
  amountOf,
  frozenBoxOf,
  remindedTermsOf,
  type BoxLine,
  type DeliveryAmount,
  type FrozenBox,
} from "./delivery-terms";

/** The subscription's box as its own rows say it now. */
export async function liveBox(db: Kysely<DB>, subscriptionId: number): Promise<FrozenBox> {
  const [sub, items, addons] = await Promise.all([
    db
      .selectFrom("subscriptions")
      .select(["packageId", "postcode", "shippingAddressId"])
      .where("id", "=", subscriptionId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("subscriptionItems")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", subscriptionId)
      .orderBy("productId")
      .execute(),
    db
      .selectFrom("subscriptionAddons")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", subscriptionId)
      .orderBy("productId")
      .execute(),
  ]);
  const lines = (rows: BoxLine[]) =>
    rows
      .filter((r) => r.quantity > 0)
      .map((r) => ({ productId: r.productId, quantity: r.quantity }));
  return {
    packageId: sub.packageId,
    postcode: sub.postcode,
    shippingAddressId: sub.shippingAddressId,
    items: lines(items),
    addons: lines(addons),
  };
}

/**
 * Copies the subscription's box as it stands onto each of its deliveries whose cut-off is at or
 * before `now` and that are not decided nor frozen yet. Call it inside the transaction, holding the
 * subscription's lock, BEFORE changing the box (a change), or before quoting (the renewal).
 */
export async function freezePastCutoff(
  trx: Kysely<DB>,
  subscriptionId: number,
  now: Date,
): Promise<number> {
  const ts = now.toISOString();
  const due = await trx
    .selectFrom("deliveries")
    .select("id")
    .where("subscriptionId", "=", subscriptionId)
    .where("processedAt", "is", null)
    .where("boxAtCutoff", "is", null)
    .where("cutoffAt", "<=", ts)
    .execute();
  if (!due.length) return 0;
  const box = JSON.stringify(await liveBox(trx, subscriptionId));
  const res = await trx
    .updateTable("deliveries")
    .set({ boxAtCutoff: box })
    .where(
      "id",
      "in",
      due.map((d) => d.id),
    )
    .where("boxAtCutoff", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The delivery's own facts quoteDelivery needs. */
export type DeliveryTerms = {
  cutoffAt: string;
  reminderSentAt: string | null;
  boxAtCutoff: string | null;
  reminded: string | null;
};

export async function deliveryTerms(db: Kysely<DB>, deliveryId: number) {
  return db
    .selectFrom("deliveries")
    .select(["cutoffAt", "reminderSentAt", "boxAtCutoff", "reminded"])
    .where("id", "=", deliveryId)
    .executeTakeFirst();
}

/**
 * What an upcoming delivery will contain and be charged (before credit): the one answer the renewal
 * charges and the pages show.
 * - contents: the box frozen at the cut-off, else the subscription's box (before the cut-off, or
 *   after it while nothing changed since: then the two are the same);
 * - prices: those the reminder stated, else those at the cut-off once it has passed, else today's;
 * - discount: the terms the reminder stated, else the subscription's recurring code as it stood at
 *   the cut-off (today's before it).
 */
export async function quoteDelivery(
  sub: SubscriptionFacts,
  d: DeliveryTerms,
  now: Date,
): Promise<RenewalQuote> {
  const cutoff = new Date(d.cutoffAt);
  const past = now.getTime() >= cutoff.getTime();
  const box = frozenBoxOf(d.boxAtCutoff);
  const reminded = d.reminderSentAt ? remindedTermsOf(d.reminded) : null;
  return quoteRenewal(sub, past ? cutoff : now, {
    pricesAsOf: d.reminderSentAt ?? (past ? d.cutoffAt : null),
    statedPrices: reminded?.prices ?? null,
    box,
    ...(reminded ? { discount: reminded.discount } : {}),
  });
}

/** What the subscription's delivery on `date` will be charged (not planned yet: as things stand now). */
export async function deliveryAmount(
  db: Kysely<DB>,
  sub: SubscriptionFacts,
  date: string,
  now: Date,
): Promise<DeliveryAmount> {
  const d = await db
    .selectFrom("deliveries")
    .select(["cutoffAt", "reminderSentAt", "boxAtCutoff", "reminded"])
    .where("subscriptionId", "=", sub.id)
    .where("deliveryDate", "=", date)
    .executeTakeFirst();
  return amountOf(d ? await quoteDelivery(sub, d, now) : await quoteRenewal(sub, now));
}
