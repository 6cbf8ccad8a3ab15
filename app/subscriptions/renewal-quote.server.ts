// What a renewal contains and costs, priced by the same quoteDraft as checkout (app/pricing):
// the box, its cuts, the recurring add-ons that are still in stock and listable
// for the postcode (Tasmania: no salmon), the subscription's discount when it is
// a recurring one and still usable. Items left out get a note for the e-mail.
// Prices (issue 37, decision 055): a delivery whose reminder went out is priced as the reminder
// said (the box's and add-ons' prices at that instant, from the price history); any other at today's.
import { db } from "~/db/client.server";
import { getCart } from "~/box/cart.server";
import { isListable } from "~/box/rules";
import { cantGoToTasmania, salmonBarred } from "~/box/tasmania";
import { quoteDraft, type Quote } from "~/pricing/quote.server";
import { findDiscount } from "~/discounts/find-discount.server";
import { applyDiscount, renewalKeeps, type FoundDiscount } from "~/discounts/discount-rules";
import { regionOfPostcode, subscriptionUses } from "~/discounts/discount-use.server";
import type { SubscriptionFacts } from "./deliveries.server";
import { pricesAt } from "~/catalogue/prices.server";
import type { Cart } from "~/box/cart.server";
import { getPackage } from "~/box/catalogue.server";
import type { FrozenBox } from "./delivery-terms";

export type RenewalQuote = {
  quote: Quote;
  /** the recurring discount applied (kept to re-price when a reservation fails, and to record its use) */
  discount: FoundDiscount | null;
  /** sentences for the e-mail: what was left out or replaced, and why */
  notes: string[];
};

/**
 * The subscription's code when it still applies to this renewal (decision 056): recurring, active,
 * in its dates, not for an excluded region nor salmon to Tasmania, and with deliveries left: with
 * N deliveries, the first order and the next N-1 renewals are discounted; delivery N+1 is full price.
 */
async function recurringDiscount(
  sub: Pick<SubscriptionFacts, "id" | "discountCode" | "postcode" | "regionId">,
  at: Date,
): Promise<FoundDiscount | null> {
  if (!sub.discountCode) return null;
  const found = await findDiscount(sub.discountCode, db, at);
  if (!found || !found.terms.recurring) return null;
  const usesSoFar = await subscriptionUses(found.terms.id, sub.id);
  const regionId = sub.regionId ?? (await regionOfPostcode(sub.postcode))?.id ?? null;
  return renewalKeeps(found, { at, postcode: sub.postcode, regionId, usesSoFar }) ? found : null;
}

/**
 * The cart with the prices of `asOf` (ISO), or those `stated` (by the reminder, keyed
 * "package:12" / "product:7") where it names the line: what a reminder sent then stated.
 */
async function pricedAsOf(
  cart: Cart,
  asOf: string,
  stated: Record<string, number> | null = null,
): Promise<Cart> {
  const history = await pricesAt(
    db,
    [
      ...(cart.pkg
        ? [{ type: "package" as const, id: cart.pkg.id, currentCents: cart.pkg.priceCents }]
        : []),
      ...cart.addons.map((a) => ({
        type: "product" as const,
        id: a.productId,
        currentCents: a.priceCents,
      })),
    ],
    asOf,
  );
  const at = (key: string) => stated?.[key] ?? history.get(key)!;
  const pkg = cart.pkg ? { ...cart.pkg, priceCents: at(`package:${cart.pkg.id}`) } : null;
  const addons = cart.addons.map((a) => ({ ...a, priceCents: at(`product:${a.productId}`) }));
  const addonsCents = addons.reduce((sum, a) => sum + a.priceCents * a.quantity, 0);
  return { ...cart, pkg, addons, addonsCents, totalCents: (pkg?.priceCents ?? 0) + addonsCents };
}

/** A cart of the box frozen on a delivery at its cut-off (decision 069), at today's prices. */
async function cartOfBox(subscriptionId: number, box: FrozenBox): Promise<Cart> {
  const ids = [...box.items, ...box.addons].map((l) => l.productId);
  const rows = ids.length
    ? await db
        .selectFrom("products")
        .select(["id", "name", "weight", "priceCents"])
        .where("id", "in", ids)
        .execute()
    : [];
  const lines = (of: FrozenBox["items"]) =>
    of
      .flatMap((l) => {
        const p = rows.find((r) => r.id === l.productId);
        return p
          ? [
              {
                productId: p.id,
                name: p.name,
                weight: p.weight,
                quantity: l.quantity,
                priceCents: p.priceCents,
              },
            ]
          : [];
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const pkg = box.packageId ? await getPackage(box.packageId) : null;
  const addons = lines(box.addons);
  const addonsCents = addons.reduce((sum, a) => sum + a.priceCents * a.quantity, 0);
  return {
    subscriptionId,
    pkg,
    items: lines(box.items),
    addons,
    addonsCents,
    totalCents: (pkg?.priceCents ?? 0) + addonsCents,
  };
}

export type RenewalQuoteOptions = {
  /** price at this instant (ISO) from the price history; null: today's prices */
  pricesAsOf?: string | null;
  /** unit prices a reminder stated, keyed "package:12" / "product:7": they win over the history */
  statedPrices?: Record<string, number> | null;
  /** the box frozen at the delivery's cut-off; null: the subscription's box as it is */
  box?: FrozenBox | null;
  /** the discount a reminder stated (its terms then); undefined: the subscription's code, checked at `at` */
  discount?: FoundDiscount | null;
};

export async function quoteRenewal(
  facts: SubscriptionFacts,
  at: Date,
  {
    pricesAsOf = null,
    statedPrices = null,
    box = null,
    discount: stated,
  }: RenewalQuoteOptions = {},
): Promise<RenewalQuote> {
  // a frozen box carries its own package, postcode and address (Tasmania's rules follow it)
  const sub = box ? { ...facts, packageId: box.packageId, postcode: box.postcode } : facts;
  const current = box
    ? await cartOfBox(sub.id, box)
    : await getCart({ id: sub.id, packageId: sub.packageId });
  const cart =
    pricesAsOf || statedPrices
      ? await pricedAsOf(current, pricesAsOf ?? new Date().toISOString(), statedPrices)
      : current;
  const { items, addons, notes } = await whatCanGo(cart, sub.postcode);
  const discount = stated !== undefined ? stated : await recurringDiscount(sub, at);
  const quote = await quoteDraft({
    draft: { id: sub.id, packageId: sub.packageId },
    cart: { ...cart, items, addons },
    postcode: sub.postcode,
    discountCode: discount?.code ?? null,
    found: discount,
    choiceId: null,
    creditBalanceCents: 0,
    renewal: true,
  });
  return { quote, discount, notes };
}

type StockFacts = { id: number; name: string; inventory: number | null; active: number };

/**
 * The cuts and add-ons this delivery can carry now: in stock, active and allowed to the postcode
 * (Tasmania: no salmon). A cut left out is replaced by one of the same value; an add-on left out is
 * not charged, and one short of stock comes in the quantity left. Each change gets a note.
 */
async function whatCanGo(
  cart: Cart,
  postcode: string | null,
): Promise<Pick<Cart, "items" | "addons"> & { notes: string[] }> {
  const ids = [...cart.items, ...cart.addons].map((l) => l.productId);
  const stock: StockFacts[] = ids.length
    ? await db
        .selectFrom("products")
        .select(["id", "name", "inventory", "active"])
        .where("id", "in", ids)
        .execute()
    : [];
  const product = (id: number) => stock.find((p) => p.id === id);
  const notes: string[] = [];
  const items = cart.items.filter((i) => {
    const note = cutLeftOut(i, product(i.productId), postcode);
    if (note) notes.push(note);
    return !note;
  });
  const addons = cart.addons.flatMap((a) => {
    const { note, line } = addonNow(a, product(a.productId), postcode);
    if (note) notes.push(note);
    return line ? [line] : [];
  });
  return { items, addons, notes };
}

/** Why a cut is left out of this delivery (its note), or null when it goes. */
function cutLeftOut(
  i: Cart["items"][number],
  p: StockFacts | undefined,
  postcode: string | null,
): string | null {
  if (salmonBarred(postcode, i.name))
    return `${cantGoToTasmania(i.name)}, so our butchers pack a cut of the same value instead.`;
  if (!p || p.active !== 1 || (p.inventory !== null && p.inventory < i.quantity))
    return `${i.name} is out of stock this time, so our butchers pack a cut of the same value instead.`;
  return null;
}

/** An add-on as this delivery carries it (none, fewer, or as ordered), with the note of any change. */
function addonNow(
  a: Cart["addons"][number],
  p: StockFacts | undefined,
  postcode: string | null,
): { note: string | null; line: Cart["addons"][number] | null } {
  if (!p || p.active !== 1 || !isListable({ name: p.name, inventory: p.inventory }, postcode))
    return {
      note: salmonBarred(postcode, a.name)
        ? `${cantGoToTasmania(a.name)}, so it was left out and not charged.`
        : `${a.name} is out of stock, so it was left out of this delivery and not charged.`,
      line: null,
    };
  if (p.inventory !== null && p.inventory < a.quantity)
    return {
      note: `Only ${p.inventory} of ${a.name} were left, so this delivery has ${p.inventory} instead of ${a.quantity}.`,
      line: { ...a, quantity: p.inventory },
    };
  return { note: null, line: a };
}

/**
 * Re-prices after some lines could not be reserved (stock sold between the
 * quote and the transaction): those lines go, the discount follows the rest.
 */
export function withoutLines(
  q: RenewalQuote,
  productIds: Set<number>,
): Pick<Quote, "lines" | "subtotalCents" | "discountedCents"> {
  const lines = q.quote.lines.filter(
    (l) =>
      l.sellableType === "package" || !productIds.has(l.sellableId) || l.sellableType === "product",
  );
  const subtotalCents = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
  let discountedCents = 0;
  if (q.discount) {
    const paidLines = lines
      .filter((l) => !l.free)
      .reduce((s, l) => s + l.priceCents * l.quantity, 0);
    discountedCents =
      q.discount.kind === "free_item"
        ? lines.filter((l) => l.free).reduce((s, l) => s + l.priceCents * l.quantity, 0)
        : applyDiscount(q.discount, paidLines, null).discountedCents;
  }
  return { lines, subtotalCents, discountedCents: Math.min(discountedCents, subtotalCents) };
}
