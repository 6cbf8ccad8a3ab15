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

export async function quoteDraft(input: {
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
}): Promise<Quote> {
  const cart = input.cart ?? (await getCart(input.draft));
  const pkg = cart.pkg;
  const lines: QuoteLine[] = [];
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
  const recurringCents = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);

  let discount: QuoteDiscount | null = null;
  let discountMessage: string | null = null;
  let discountedCents = 0;
  const found =
    input.renewal && input.found !== undefined
      ? input.found
      : input.discountCode
        ? await findDiscount(input.discountCode)
        : null;
  if (input.discountCode && !found) discountMessage = DISCOUNT_UNUSABLE;
  else if (found && input.renewal)
    discountMessage = blockedInTasmania(found, input.postcode) ? TASMANIA_DISCOUNT : null;
  else if (found)
    discountMessage = await refusalFor(found, {
      postcode: input.postcode,
      customerId: input.customerId ?? null,
    });
  if (found && !discountMessage) {
    const choices = choiceItems(found).map((i) => ({ id: i.productId, name: i.name }));
    const chosenId =
      input.choiceId && choices.some((c) => c.id === input.choiceId) ? input.choiceId : null;
    discount = {
      code: found.code,
      description: found.description,
      needsChoice: requiresChoice(found),
      choices,
      chosenId,
    };
    const outcome = applyDiscount(found, recurringCents, chosenId);
    for (const f of outcome.freeItems)
      lines.push({
        sellableType: "addon",
        sellableId: f.productId,
        name: f.name,
        quantity: 1,
        priceCents: f.priceCents,
        free: true,
      });
    discountedCents = outcome.discountedCents;
  }

  const subtotalCents = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
  discountedCents = Math.min(discountedCents, subtotalCents);
  const credit = applyCredit(input.creditBalanceCents, subtotalCents - discountedCents);
  const stockMap = new Map<number, { productId: number; name: string; quantity: number }>();
  for (const l of lines) {
    if (l.sellableType === "package") continue;
    const s = stockMap.get(l.sellableId) ?? { productId: l.sellableId, name: l.name, quantity: 0 };
    s.quantity += l.quantity;
    stockMap.set(l.sellableId, s);
  }
  const stock = [...stockMap.values()];
  const taxFacts = stock.length
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
  const taxable = new Set(taxFacts.filter((p) => p.taxable === 1).map((p) => p.id));
  return {
    lines,
    subtotalCents,
    discountedCents,
    creditCents: credit.creditCents,
    totalCents: credit.totalCents,
    recurringCents,
    discount,
    discountMessage,
    hasKnife: taxFacts.some((p) => p.isKnife === 1),
    stock,
    gstCents: gstOf({
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
    }),
  };
}
