// Prices a box: box, cuts, add-ons, discount (with its choice and the Tasmanian salmon rule) and
// credit. Checkout's page shows this quote and the order is placed from a fresh one, so both always
// agree; a renewal is priced by it too (app/subscriptions/renewal-quote.server.ts), so a box costs
// the same either way.
import { db } from "~/db/client.server";
import type { Subscription } from "~/db/schema";
import { getCart, type Cart } from "~/box/cart.server";
import { TASMANIA_DISCOUNT } from "~/box/tasmania";
import { applyCredit, gstOf } from "~/orders/credit";
import {
  applyDiscount,
  blockedInTasmania,
  choiceItems,
  requiresChoice,
  DISCOUNT_UNUSABLE,
  type FoundDiscount,
} from "~/discounts/discount-rules";
import { refusalFor } from "~/discounts/discount-use.server";
import { findDiscount } from "~/discounts/find-discount.server";

export type QuoteLine = {
  sellableType: "package" | "product" | "addon";
  sellableId: number;
  name: string;
  quantity: number;
  /** unit price in cents (cuts are part of the box price: 0) */
  priceCents: number;
  free?: boolean;
};

export type QuoteDiscount = {
  code: string;
  description: string;
  needsChoice: boolean;
  choices: { id: number; name: string }[];
  chosenId: number | null;
};

export type Quote = {
  lines: QuoteLine[];
  subtotalCents: number;
  discountedCents: number;
  creditCents: number;
  totalCents: number;
  /** the total of every later delivery (no one-off discount, no credit) */
  recurringCents: number;
  discount: QuoteDiscount | null;
  /** why a code was not applied (unusable, Tasmania) */
  discountMessage: string | null;
  hasKnife: boolean;
  /** GST in the total: only taxable products carry it (fresh food is GST-free) */
  gstCents: number;
  /** products (cuts, add-ons, free items) and how many this order takes from stock */
  stock: { productId: number; name: string; quantity: number }[];
};

type QuoteInput = {
  draft: Pick<Subscription, "id" | "packageId">;
  cart?: Cart;
  postcode: string | null;
  discountCode: string | null;
  choiceId: number | null;
  creditBalanceCents: number;
  /** the account checking out, when known: first-order codes and per-customer limits (decision 056) */
  customerId?: number | null;
  /** a renewal's code, already kept by renewalKeeps: only its Tasmanian rule is checked again */
  renewal?: boolean;
  /** a renewal's code with the terms its reminder stated (decision 069): not looked up again */
  found?: FoundDiscount | null;
};

type StockLine = Quote["stock"][number];

export async function quoteDraft(input: QuoteInput): Promise<Quote> {
  const cart = input.cart ?? (await getCart(input.draft));
  const lines = cartLines(cart);
  const recurringCents = sumOf(lines);
  const { found, discountMessage } = await usableCode(input);
  const applied = found ? appliedDiscount(found, input.choiceId, recurringCents) : null;
  if (applied) lines.push(...applied.freeLines);

  const subtotalCents = sumOf(lines);
  const discountedCents = Math.min(applied?.discountedCents ?? 0, subtotalCents);
  const credit = applyCredit(input.creditBalanceCents, subtotalCents - discountedCents);
  const stock = stockOf(lines);
  const facts = await productFacts(stock);
  return {
    lines,
    subtotalCents,
    discountedCents,
    creditCents: credit.creditCents,
    totalCents: credit.totalCents,
    recurringCents,
    discount: applied?.discount ?? null,
    discountMessage,
    hasKnife: facts.some((p) => p.isKnife === 1),
    stock,
    gstCents: gstOfLines(lines, facts, subtotalCents, discountedCents),
  };
}

const sumOf = (lines: QuoteLine[]) => lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);

/** The box, its cuts (priced in the box) and its add-ons. */
function cartLines(cart: Cart): QuoteLine[] {
  const lines: QuoteLine[] = [];
  const pkg = cart.pkg;
  if (pkg)
    lines.push({
      sellableType: "package",
      sellableId: pkg.id,
      name: pkg.fullName,
      quantity: 1,
      priceCents: pkg.priceCents,
    });
  for (const i of cart.items)
    lines.push({
      sellableType: "product",
      sellableId: i.productId,
      name: i.name,
      quantity: i.quantity,
      priceCents: 0,
    });
  for (const a of cart.addons)
    lines.push({
      sellableType: "addon",
      sellableId: a.productId,
      name: a.name,
      quantity: a.quantity,
      priceCents: a.priceCents,
    });
  return lines;
}

/** The code as found, and why it does not apply (null: it applies, or there is none). */
async function usableCode(
  input: QuoteInput,
): Promise<{ found: FoundDiscount | null; discountMessage: string | null }> {
  const found =
    input.renewal && input.found !== undefined
      ? input.found
      : input.discountCode
        ? await findDiscount(input.discountCode)
        : null;
  if (input.discountCode && !found) return { found: null, discountMessage: DISCOUNT_UNUSABLE };
  if (!found) return { found: null, discountMessage: null };
  const discountMessage = input.renewal
    ? blockedInTasmania(found, input.postcode)
      ? TASMANIA_DISCOUNT
      : null
    : await refusalFor(found, {
        postcode: input.postcode,
        customerId: input.customerId ?? null,
      });
  return { found: discountMessage ? null : found, discountMessage };
}

/** What a usable code takes off the box's price, with its choice and the free items it adds. */
function appliedDiscount(found: FoundDiscount, choiceId: number | null, recurringCents: number) {
  const choices = choiceItems(found).map((i) => ({ id: i.productId, name: i.name }));
  const chosenId = choiceId && choices.some((c) => c.id === choiceId) ? choiceId : null;
  const discount: QuoteDiscount = {
    code: found.code,
    description: found.description,
    needsChoice: requiresChoice(found),
    choices,
    chosenId,
  };
  const outcome = applyDiscount(found, recurringCents, chosenId);
  const freeLines = outcome.freeItems.map((f): QuoteLine => ({
    sellableType: "addon",
    sellableId: f.productId,
    name: f.name,
    quantity: 1,
    priceCents: f.priceCents,
    free: true,
  }));
  return { discount, freeLines, discountedCents: outcome.discountedCents };
}

/** The products the order takes from stock (cuts, add-ons, free items), each once with its count. */
function stockOf(lines: QuoteLine[]): StockLine[] {
  const stockMap = new Map<number, StockLine>();
  for (const l of lines) {
    if (l.sellableType === "package") continue;
    const s = stockMap.get(l.sellableId) ?? { productId: l.sellableId, name: l.name, quantity: 0 };
    s.quantity += l.quantity;
    stockMap.set(l.sellableId, s);
  }
  return [...stockMap.values()];
}

/** Whether each product is a knife and carries GST. */
async function productFacts(stock: StockLine[]) {
  return stock.length
    ? await db
        .selectFrom("products")
        .select(["id", "isKnife", "taxable"])
        .where(
          "id",
          "in",
          stock.map((s) => s.productId),
        )
        .execute()
    : [];
}

/** GST in the total: on the paid taxable products only (the box is fresh food). */
function gstOfLines(
  lines: QuoteLine[],
  facts: { id: number; taxable: number }[],
  subtotalCents: number,
  discountedCents: number,
): number {
  const taxable = new Set(facts.filter((p) => p.taxable === 1).map((p) => p.id));
  return gstOf({
    taxableCents: lines.reduce(
      (n, l) =>
        n +
        (!l.free && taxable.has(l.sellableId) && l.sellableType !== "package"
          ? l.priceCents * l.quantity
          : 0),
      0,
    ),
    subtotalCents,
    discountedCents,
    freeCents: lines.reduce((n, l) => n + (l.free ? l.priceCents * l.quantity : 0), 0),
  });
}
