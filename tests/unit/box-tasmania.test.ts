import {
  barsSalmon,
  cantGoToTasmania,
  isSalmon,
  notInTasmania,
  salmonBarred,
} from "~/box/tasmania";
import { isListable } from "~/box/rules";
import { blockedInTasmania } from "~/discounts/discount-rules";

describe("the Tasmania salmon rule", () => {
  it("knows salmon by name, in any of several names and any case", () => {
    expect(isSalmon("Hot-smoked SALMON")).toBe(true);
    expect(isSalmon("Beef box", null, "Salmon range")).toBe(true);
    expect(isSalmon("Beef box", undefined, "Lamb")).toBe(false);
    expect(isSalmon()).toBe(false);
  });

  it("bars salmon from Tasmanian postcodes only, as printed or typed", () => {
    expect(barsSalmon("7000")).toBe(true);
    expect(barsSalmon(" 7250 ")).toBe(true);
    expect(barsSalmon("700")).toBe(false); // printed as 0700: the Northern Territory
    expect(barsSalmon("2000")).toBe(false);
    expect(barsSalmon(null)).toBe(false);
  });

  it("bars a thing only when it is salmon and the postcode Tasmanian", () => {
    expect(salmonBarred("7000", "Wild salmon fillets")).toBe(true);
    expect(salmonBarred("7000", "The Beef box", "Salmon")).toBe(true);
    expect(salmonBarred("7000", "Smoked bacon")).toBe(false);
    expect(salmonBarred("2000", "Wild salmon fillets")).toBe(false);
    expect(salmonBarred(undefined, "Wild salmon fillets")).toBe(false);
  });

  it("is the rule the listing and the discounts follow", () => {
    expect(isListable({ name: "Wild salmon", inventory: null }, "7000")).toBe(false);
    expect(isListable({ name: "Wild salmon", inventory: null }, "2000")).toBe(true);
    const item = {
      productId: 1,
      name: "Wild salmon",
      priceCents: 1500,
      itemOrder: null,
      minimum: null,
    };
    expect(blockedInTasmania({ items: [{ ...item, choice: false }] }, "7000")).toBe(true);
    // a salmon the shopper may choose among others does not block the code: they choose another
    expect(blockedInTasmania({ items: [{ ...item, choice: true }] }, "7000")).toBe(false);
  });

  it("says so in the shop's words", () => {
    expect(notInTasmania("The Salmon box")).toBe(
      "The Salmon box is not available in Tasmania due to quarantine restrictions on our wild salmon.",
    );
    expect(`${cantGoToTasmania("Salmon fillets")}.`).toBe(
      "Salmon fillets can't be delivered to Tasmania.",
    );
  });
});
