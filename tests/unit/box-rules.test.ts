import {
  groupListing,
  isInStock,
  isListable,
  parseStep,
  selectionCountLabel,
  selectionStatus,
  type ListedProduct,
} from "~/box/rules";
import { isSalmon } from "~/box/tasmania";
import { flowRedirect, nextAfterBoxSize, type GuardInput } from "~/box/guards";
import { cleanFlowVersion, indicatorSteps } from "~/box/steps";

const p = (
  id: number,
  name: string,
  inventory: number | null,
  categoryId = 1,
  categoryName = "Meat",
  categorySort = 0,
): ListedProduct => ({
  id,
  name,
  inventory,
  categoryId,
  categoryName,
  categorySort,
});

describe("add-on listing rules", () => {
  const products = [
    p(1, "Smoked bacon", null),
    p(2, "Beef mince", 5),
    p(3, "Wagyu burgers", 0),
    p(4, "Old stock", -2),
    p(5, "Wild salmon portions", null, 2, "Seafood", 1),
    p(6, "Hot-smoked SALMON", 3, 2, "Seafood", 1),
    p(7, "Raw king prawns", null, 2, "Seafood", 1),
    p(8, "Cultured butter", null, 3, "Pantry", 2),
  ];

  it("lists only inventory null or above 0", () => {
    expect(isInStock(null)).toBe(true);
    expect(isInStock(1)).toBe(true);
    expect(isInStock(0)).toBe(false);
    expect(isInStock(-1)).toBe(false);
    const ids = groupListing(products, "2000").flatMap((g) => g.products.map((x) => x.id));
    expect(ids).not.toContain(3);
    expect(ids).not.toContain(4);
  });

  it("hides every product whose name contains salmon, in any case, for postcodes starting with 7", () => {
    expect(isSalmon("Hot-smoked SALMON")).toBe(true);
    const tas = groupListing(products, "7000").flatMap((g) => g.products.map((x) => x.name));
    expect(tas).not.toContain("Wild salmon portions");
    expect(tas).not.toContain("Hot-smoked SALMON");
    expect(tas).toContain("Raw king prawns");
    const nsw = groupListing(products, "2000").flatMap((g) => g.products.map((x) => x.name));
    expect(nsw).toContain("Wild salmon portions");
    expect(isListable({ name: "Salmon box", inventory: null }, "0800")).toBe(true);
  });

  it("groups by category in category order and sorts products by name", () => {
    const groups = groupListing(products, "2000");
    expect(groups.map((g) => g.name)).toEqual(["Meat", "Seafood", "Pantry"]);
    expect(groups[0].products.map((x) => x.name)).toEqual(["Beef mince", "Smoked bacon"]);
    expect(groups[1].products.map((x) => x.name)).toEqual([
      "Hot-smoked SALMON",
      "Raw king prawns",
      "Wild salmon portions",
    ]);
  });

  it("drops a category whose products are all hidden", () => {
    const groups = groupListing([p(1, "Salmon", null, 9, "Fish", 0), p(2, "Bacon", null)], "7000");
    expect(groups.map((g) => g.name)).toEqual(["Meat"]);
  });
});

describe("custom box selection", () => {
  it("is valid only at exactly the maximum", () => {
    expect(selectionStatus(7, 8)).toMatchObject({ complete: false, remaining: 1, over: false });
    expect(selectionStatus(8, 8)).toMatchObject({ complete: true, remaining: 0, over: false });
    expect(selectionStatus(9, 8)).toMatchObject({ complete: false, over: true });
    expect(selectionCountLabel(3, 16)).toBe("3 of 16");
  });
});

describe("stepper buttons", () => {
  it("read add:id and remove:id and nothing else", () => {
    expect(parseStep("add:12")).toEqual({ intent: "add", productId: 12 });
    expect(parseStep("remove:7")).toEqual({ intent: "remove", productId: 7 });
    for (const bad of ["add:", "drop:3", "add:-1", "add:1e3", "add:12;remove:3", null, undefined])
      expect(parseStep(bad)).toBeNull();
  });
});

describe("flow guards", () => {
  const base: GuardInput = {
    step: "addons",
    hasDraft: true,
    userOrdered: false,
    checkedOut: false,
    detailsComplete: true,
    pkg: { selectionCustomizable: false, selectionMaximum: null },
    selectionCount: 0,
  };

  it("sends a visitor without a subscription to get-started (add-ons adds v=20250707)", () => {
    expect(flowRedirect({ ...base, hasDraft: false })).toBe("/get-started?v=20250707");
    expect(flowRedirect({ ...base, hasDraft: false, step: "box-size" })).toBe("/get-started");
    expect(flowRedirect({ ...base, hasDraft: false, step: "get-started" })).toBeNull();
  });

  it("sends a customer who already ordered and has no subscription to my deliveries", () => {
    expect(flowRedirect({ ...base, hasDraft: false, userOrdered: true })).toBe(
      "/dashboard/my-deliveries",
    );
    expect(flowRedirect({ ...base, hasDraft: false, userOrdered: true, step: "get-started" })).toBe(
      "/dashboard/my-deliveries",
    );
  });

  it("sends a checked-out subscription to my deliveries from every step", () => {
    for (const step of ["get-started", "your-box", "box-size", "addons", "checkout"] as const) {
      expect(flowRedirect({ ...base, step, checkedOut: true })).toBe("/dashboard/my-deliveries");
    }
  });

  it("needs the get-started details before any later step", () => {
    expect(flowRedirect({ ...base, step: "your-box", detailsComplete: false })).toBe(
      "/get-started",
    );
    expect(flowRedirect({ ...base, step: "get-started", detailsComplete: false })).toBeNull();
  });

  it("sends a subscription without a package to your-box", () => {
    expect(flowRedirect({ ...base, pkg: null })).toBe("/get-started/your-box");
    expect(flowRedirect({ ...base, step: "checkout", pkg: null })).toBe("/get-started/your-box");
    expect(flowRedirect({ ...base, step: "box-size", pkg: null })).toBeNull();
    expect(flowRedirect({ ...base, step: "curated-box", pkg: null })).toBeNull();
  });

  it("keeps your-items for customizable packages and asks for a full selection before add-ons and checkout", () => {
    const custom = { selectionCustomizable: true, selectionMaximum: 8 };
    expect(flowRedirect({ ...base, step: "your-items" })).toBe("/get-started/addons");
    expect(
      flowRedirect({ ...base, step: "your-items", pkg: custom, selectionCount: 3 }),
    ).toBeNull();
    expect(flowRedirect({ ...base, pkg: custom, selectionCount: 7 })).toBe(
      "/get-started/your-items",
    );
    expect(flowRedirect({ ...base, step: "checkout", pkg: custom, selectionCount: 9 })).toBe(
      "/get-started/your-items",
    );
    expect(flowRedirect({ ...base, pkg: custom, selectionCount: 8 })).toBeNull();
  });

  it("goes from box size to your-items or add-ons", () => {
    expect(nextAfterBoxSize({ selectionCustomizable: true })).toBe("/get-started/your-items");
    expect(nextAfterBoxSize({ selectionCustomizable: false })).toBe("/get-started/addons");
  });
});

describe("progress indicator", () => {
  it("shows four steps with add-ons at index 3 and checkout at 4", () => {
    const steps = indicatorSteps("addons", true);
    expect(steps.map((s) => [s.index, s.label])).toEqual([
      [1, "Your box"],
      [2, "Box size"],
      [3, "Addons"],
      [4, "Checkout"],
    ]);
    expect(indicatorSteps("your-items", true)[2].label).toBe("Items");
    expect(indicatorSteps("box-size", false)[2].label).toBe("Addons");
  });

  it("keeps only plain flow versions", () => {
    expect(cleanFlowVersion("20250707")).toBe("20250707");
    expect(cleanFlowVersion("2")).toBe("2");
    expect(cleanFlowVersion("<script>")).toBeNull();
    expect(cleanFlowVersion("")).toBeNull();
  });
});
