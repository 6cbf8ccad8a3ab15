// The pick list's sum (issue 36): every product of the day's paid orders, boxes and add-ons
// together, by region; curated contents counted a box's worth at a time.
import { pickItemsOf, type Slip } from "~/admin/packing/packing-day.server";
import { contentsKey, productKey, sumPickList } from "~/admin/packing/pick-list";

const line = (
  kind: "box" | "cut" | "contents" | "addon",
  name: string,
  quantity: string,
  productId?: number,
) => ({
  kind,
  name,
  quantity,
  product: productId ? { id: productId, name } : null,
});

describe("sumPickList", () => {
  it("sums one product across orders and regions, boxes and add-ons together", () => {
    const list = sumPickList([
      {
        region: "Sydney",
        items: [
          { key: productKey(1), name: "Beef mince", unit: null, quantity: 2 },
          { key: productKey(2), name: "Smoked bacon", unit: null, quantity: 1 },
        ],
      },
      {
        region: "Brisbane",
        items: [{ key: productKey(1), name: "Beef mince", unit: null, quantity: 4 }],
      },
      {
        region: "Sydney",
        items: [{ key: productKey(1), name: "Beef mince", unit: null, quantity: 3 }],
      },
    ]);
    expect(list.regions).toEqual(["Brisbane", "Sydney"]);
    expect(list.rows).toEqual([
      { key: productKey(1), name: "Beef mince", unit: null, total: 9, byRegion: [4, 5] },
      { key: productKey(2), name: "Smoked bacon", unit: null, total: 1, byRegion: [0, 1] },
    ]);
  });

  it("keeps curated contents of different units apart and skips nothing-to-pick lines", () => {
    const list = sumPickList([
      {
        region: "Perth",
        items: [
          {
            key: contentsKey("Beef mince", "2 x 500g"),
            name: "Beef mince",
            unit: "2 x 500g",
            quantity: 1,
          },
          { key: contentsKey("Beef mince", "500g"), name: "Beef mince", unit: "500g", quantity: 1 },
          { key: productKey(3), name: "Lamb chops", unit: null, quantity: 0 },
        ],
      },
      {
        region: "Perth",
        items: [
          {
            key: contentsKey("Beef mince", "2 x 500g"),
            name: "Beef mince",
            unit: "2 x 500g",
            quantity: 1,
          },
        ],
      },
    ]);
    expect(list.rows.map((r) => [r.name, r.unit, r.total])).toEqual([
      ["Beef mince", "2 x 500g", 2],
      ["Beef mince", "500g", 1],
    ]);
  });

  it("is empty without paid orders", () => {
    expect(sumPickList([])).toEqual({ regions: [], rows: [] });
  });
});

describe("pickItemsOf", () => {
  it("takes cuts, add-ons and curated contents of an order, not the box itself", () => {
    const slip = {
      lines: [
        line("box", "Beef box (small)", "1"),
        line("contents", "Scotch fillet steaks", "2 x 250g"),
        line("cut", "Rump steak", "2", 7),
        line("addon", "Smoked bacon (free with HELLO)", "1", 9),
        line("addon", "Smoked bacon", "2", 9),
      ],
    } as Pick<Slip, "lines">;
    slip.lines[3].product = { id: 9, name: "Smoked bacon" };
    const list = sumPickList([{ region: "Sydney", items: pickItemsOf(slip) }]);
    expect(list.rows.map((r) => [r.name, r.unit, r.total])).toEqual([
      ["Rump steak", null, 2],
      ["Scotch fillet steaks", "2 x 250g", 1],
      // a free item is the same product on the shelf
      ["Smoked bacon", null, 3],
    ]);
  });
});
