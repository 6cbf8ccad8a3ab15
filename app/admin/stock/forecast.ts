// The stock forecast (issue 37), pure: what the deliveries of the next weeks need of each product,
// week by week, against the stock on hand. Shortfalls are said in words (and marked), never by
// colour alone. The database side is stock.server.ts.
import { addDays } from "~/utils/calendar-day";

export const FORECAST_WEEKS = 4;

/** One product a delivery on `date` (yyyy-MM-dd) will take. */
export type Need = { productId: number; date: string; quantity: number };

export type StockProduct = {
  id: number;
  name: string;
  kind: string;
  /** what is free to sell: products.inventory (null: not tracked) */
  inventory: number | null;
  /** what paid orders not yet dispatched hold (already taken out of `inventory`) */
  reserved: number;
};

export type ForecastWeek = {
  /** first and last day of the week (yyyy-MM-dd) */
  from: string;
  to: string;
  need: number;
  /** stock left after this week's and every earlier week's needs; null when not tracked */
  left: number | null;
  /** how many the stock is short by at the end of this week (0: enough) */
  short: number;
};

export type ForecastRow = StockProduct & {
  weeks: ForecastWeek[];
  totalNeed: number;
  short: number;
};

export { addDays };

/** The forecast weeks from `today`: [today, today+7), [today+7, today+14), ... */
export function forecastWeeks(today: string, weeks = FORECAST_WEEKS) {
  return Array.from({ length: weeks }, (_, i) => ({
    from: addDays(today, 7 * i),
    to: addDays(today, 7 * i + 6),
  }));
}

export function forecast(
  today: string,
  products: StockProduct[],
  needs: Need[],
  weeks = FORECAST_WEEKS,
): ForecastRow[] {
  const spans = forecastWeeks(today, weeks);
  const byProduct = new Map<number, number[]>();
  for (const n of needs) {
    const week = spans.findIndex((w) => n.date >= w.from && n.date <= w.to);
    if (week < 0 || n.quantity <= 0) continue;
    const row = byProduct.get(n.productId) ?? spans.map(() => 0);
    row[week] += n.quantity;
    byProduct.set(n.productId, row);
  }
  return products.map((p) => {
    const perWeek = byProduct.get(p.id) ?? spans.map(() => 0);
    let cumulative = 0;
    const rows = spans.map((w, i): ForecastWeek => {
      cumulative += perWeek[i];
      const left = p.inventory === null ? null : p.inventory - cumulative;
      return { ...w, need: perWeek[i], left, short: left !== null && left < 0 ? -left : 0 };
    });
    return {
      ...p,
      weeks: rows,
      totalNeed: cumulative,
      short: rows.reduce((max, w) => Math.max(max, w.short), 0),
    };
  });
}

/** "2 x 500g" → 2, "10 x 180g" → 10, "1kg" or "6 pack" → 1: how many units a curated line names. */
export function unitsOf(quantity: string): number {
  const m = /^\s*(\d{1,4})\s*[x×]/i.exec(quantity);
  return m ? Number(m[1]) : 1;
}
