// The pure side of decision 069 (./delivery-box.server.ts does the reads and writes): the box a
// delivery is frozen with at its cut-off, what its reminder stated, and the amount a quote comes to.
import type { FoundDiscount } from "~/discounts/discount-rules";
import type { Quote } from "~/pricing/quote.server";

export type BoxLine = { productId: number; quantity: number };

/** The box of a subscription at an instant: what a delivery is packed from. */
export type FrozenBox = {
  packageId: number | null;
  postcode: string | null;
  shippingAddressId: number | null;
  items: BoxLine[];
  addons: BoxLine[];
};

/** What a delivery's reminder stated: prices keyed "package:12" / "product:7", the discount's terms. */
export type RemindedTerms = {
  prices: Record<string, number>;
  discount: FoundDiscount | null;
  /** the amount before credit the reminder stated (subtotal less discount) */
  owedCents: number;
};

function parse<T>(json: string | null | undefined): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}

export const frozenBoxOf = (json: string | null | undefined) => parse<FrozenBox>(json);
export const remindedTermsOf = (json: string | null | undefined) => parse<RemindedTerms>(json);

/** The terms a reminder states, to keep on its delivery. */
export function remindedTerms(rq: {
  discount: FoundDiscount | null;
  quote: Pick<Quote, "lines" | "subtotalCents" | "discountedCents">;
}): RemindedTerms {
  const prices: Record<string, number> = {};
  for (const l of rq.quote.lines) {
    if (l.free) continue;
    if (l.sellableType === "package") prices[`package:${l.sellableId}`] = l.priceCents;
    else if (l.sellableType === "addon") prices[`product:${l.sellableId}`] = l.priceCents;
  }
  return {
    prices,
    discount: rq.discount,
    owedCents: rq.quote.subtotalCents - rq.quote.discountedCents,
  };
}

/** An upcoming delivery's lines and amount, as the pages show them (the same quote the renewal charges). */
export type DeliveryAmount = {
  lines: { name: string; quantity: number; lineCents: number; type: string; free: boolean }[];
  subtotalCents: number;
  discountedCents: number;
  /** what will be charged at the cut-off, before credit */
  owedCents: number;
};

export function amountOf(rq: {
  quote: Pick<Quote, "lines" | "subtotalCents" | "discountedCents">;
}): DeliveryAmount {
  const q = rq.quote;
  return {
    lines: q.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      lineCents: l.priceCents * l.quantity,
      type: l.sellableType,
      free: Boolean(l.free),
    })),
    subtotalCents: q.subtotalCents,
    discountedCents: q.discountedCents,
    owedCents: q.subtotalCents - q.discountedCents,
  };
}
