// The pick list of a packing day (issue 36): every product to take off the shelves, summed across
// the day's paid orders (the box's cuts or a curated box's contents, and the add-ons together), by
// region. Pure, so the sum is unit-tested apart from the database.

/** One thing to pick for one order: a product (cut or add-on) or a line of a curated box's contents. */
export type PickItem = {
  /** what makes two items the same thing on the shelf: "product:12", "contents:Beef mince|2 x 500g" */
  key: string;
  name: string;
  /** how a curated box's contents come ("2 x 500g"); null for a product, counted in packs */
  unit: string | null;
  quantity: number;
};

export type PickOrder = { region: string; items: PickItem[] };

export type PickRow = {
  key: string;
  name: string;
  unit: string | null;
  total: number;
  /** the quantity in each region of PickList.regions, in the same order (0 where none) */
  byRegion: number[];
};

export type PickList = { regions: string[]; rows: PickRow[] };

/** Sums the items of the day's paid orders by product and region; rows by name, regions by name. */
export function sumPickList(orders: PickOrder[]): PickList {
  const regions = [...new Set(orders.map((o) => o.region))].sort((a, b) => a.localeCompare(b));
  const column = new Map(regions.map((r, i) => [r, i]));
  const rows = new Map<string, PickRow>();
  for (const order of orders) {
    const at = column.get(order.region)!;
    for (const item of order.items) {
      if (!(item.quantity > 0)) continue;
      let row = rows.get(item.key);
      if (!row) {
        row = {
          key: item.key,
          name: item.name,
          unit: item.unit,
          total: 0,
          byRegion: regions.map(() => 0),
        };
        rows.set(item.key, row);
      }
      row.total += item.quantity;
      row.byRegion[at] += item.quantity;
    }
  }
  return {
    regions,
    rows: [...rows.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || (a.unit ?? "").localeCompare(b.unit ?? ""),
    ),
  };
}

export const productKey = (productId: number) => `product:${productId}`;
export const contentsKey = (item: string, unit: string) => `contents:${item}|${unit}`;
