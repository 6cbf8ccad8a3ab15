// The terms of a discount code (issue 37, decision 056), as pure rules: Sydney dates (inclusive,
// daylight saving), total and per-customer limits, first order only, excluded regions, Tasmania,
// N deliveries of a recurring code, the list's status, and the back office form's schema.
import { TASMANIA_DISCOUNT } from "~/box/tasmania";
import {
  checkoutRefusal,
  datesToWindow,
  discountRegionMessage,
  discountStatus,
  inDates,
  renewalKeeps,
  sydneyDayOf,
  sydneyDayStart,
  DISCOUNT_CUSTOMER_LIMIT,
  DISCOUNT_FIRST_ORDER,
  DISCOUNT_UNUSABLE,
  DISCOUNT_USED_UP,
  type CheckoutFacts,
  type DiscountTerms,
  type FoundDiscount,
} from "~/discounts/discount-rules";
import {
  amountCents,
  DiscountFormSchema,
  DISCOUNT_MESSAGES,
} from "~/admin/discounts/discount-schema";

const terms = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  id: 1,
  active: true,
  startsAt: null,
  endsAt: null,
  recurring: false,
  deliveries: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  usesCount: 0,
  excludedRegions: [],
  ...over,
});
const code = (
  t: Partial<DiscountTerms> = {},
  over: Partial<FoundDiscount> = {},
): FoundDiscount => ({
  code: "SPRING",
  description: "",
  kind: "percent",
  value: 10,
  usable: true,
  chooseItems: false,
  items: [],
  terms: terms(t),
  ...over,
});
const NOW = new Date("2026-12-15T03:00:00.000Z");
const facts = (over: Partial<CheckoutFacts> = {}): CheckoutFacts => ({
  at: NOW,
  postcode: "2000",
  region: { id: 1, name: "Sydney" },
  orderedBefore: false,
  customerUses: 0,
  ...over,
});

describe("Sydney dates", () => {
  it("a day starts at Sydney midnight, with daylight saving (AEDT +11) and without (AEST +10)", () => {
    expect(sydneyDayStart("2026-12-01").toISOString()).toBe("2026-11-30T13:00:00.000Z");
    expect(sydneyDayStart("2026-07-01").toISOString()).toBe("2026-06-30T14:00:00.000Z");
    // the day daylight saving ends (5 April 2026) and begins (4 October 2026)
    expect(sydneyDayStart("2026-04-05").toISOString()).toBe("2026-04-04T13:00:00.000Z");
    expect(sydneyDayStart("2026-10-04").toISOString()).toBe("2026-10-03T14:00:00.000Z");
    expect(sydneyDayOf("2026-11-30T13:00:00.000Z")).toBe("2026-12-01");
    expect(sydneyDayOf("2026-11-30T12:59:59.999Z")).toBe("2026-11-30");
  });

  it("a window's last day is included to its last millisecond; either end may be open", () => {
    const w = datesToWindow("2026-12-01", "2026-12-31");
    expect(w).toEqual({ startsAt: "2026-11-30T13:00:00.000Z", endsAt: "2026-12-31T12:59:59.999Z" });
    expect(sydneyDayOf(w.endsAt!)).toBe("2026-12-31");
    expect(inDates(w, new Date("2026-11-30T12:59:59.999Z"))).toBe(false);
    expect(inDates(w, new Date("2026-11-30T13:00:00.000Z"))).toBe(true);
    expect(inDates(w, new Date("2026-12-31T12:59:59.999Z"))).toBe(true);
    expect(inDates(w, new Date("2026-12-31T13:00:00.000Z"))).toBe(false);
    expect(datesToWindow(null, null)).toEqual({ startsAt: null, endsAt: null });
    expect(inDates(datesToWindow(null, "2026-12-14"), NOW)).toBe(false);
    expect(inDates(datesToWindow("2026-12-15", null), NOW)).toBe(true);
  });
});

describe("what the checkout refuses, in the shopper's words", () => {
  it("paused, not started or ended: not valid or expired", () => {
    expect(checkoutRefusal(code({ active: false }), facts())).toBe(DISCOUNT_UNUSABLE);
    expect(checkoutRefusal(code({ startsAt: "2026-12-16T00:00:00.000Z" }), facts())).toBe(
      DISCOUNT_UNUSABLE,
    );
    expect(checkoutRefusal(code({ endsAt: "2026-12-15T02:59:59.999Z" }), facts())).toBe(
      DISCOUNT_UNUSABLE,
    );
    expect(checkoutRefusal(code(), facts())).toBeNull();
  });

  it("the total limit: the last use is usable, the one after is not", () => {
    expect(checkoutRefusal(code({ maxUses: 5, usesCount: 4 }), facts())).toBeNull();
    expect(checkoutRefusal(code({ maxUses: 5, usesCount: 5 }), facts())).toBe(DISCOUNT_USED_UP);
    expect(checkoutRefusal(code({ maxUses: null, usesCount: 10_000 }), facts())).toBeNull();
  });

  it("the limit per customer counts that customer's uses only", () => {
    const c = code({ maxUsesPerCustomer: 2, recurring: true });
    expect(checkoutRefusal(c, facts({ customerUses: 1 }))).toBeNull();
    expect(checkoutRefusal(c, facts({ customerUses: 2 }))).toBe(DISCOUNT_CUSTOMER_LIMIT);
  });

  it("first order only: refused to an account that ordered before, not to a new or unknown one", () => {
    expect(checkoutRefusal(code(), facts({ orderedBefore: true }))).toBe(DISCOUNT_FIRST_ORDER);
    expect(checkoutRefusal(code(), facts({ orderedBefore: null }))).toBeNull();
    expect(checkoutRefusal(code({ recurring: true }), facts({ orderedBefore: true }))).toBeNull();
  });

  it("an excluded region names itself; other regions and unknown postcodes pass", () => {
    const c = code({ excludedRegions: [{ id: 4, name: "Perth" }] });
    expect(checkoutRefusal(c, facts({ region: { id: 4, name: "Perth" }, postcode: "6000" }))).toBe(
      discountRegionMessage("Perth"),
    );
    expect(discountRegionMessage("Perth")).toBe(
      "This discount code can't be used for deliveries to Perth.",
    );
    expect(checkoutRefusal(c, facts())).toBeNull();
    expect(checkoutRefusal(c, facts({ region: null, postcode: null }))).toBeNull();
  });

  it("keeps SPEC §5's Tasmanian salmon rule", () => {
    const salmon = code(
      {},
      {
        kind: "free_item",
        items: [
          {
            productId: 9,
            name: "Wild salmon portions",
            priceCents: 1800,
            choice: false,
            itemOrder: null,
            minimum: null,
          },
        ],
      },
    );
    expect(checkoutRefusal(salmon, facts({ postcode: "7000", region: null }))).toBe(
      TASMANIA_DISCOUNT,
    );
    expect(checkoutRefusal(salmon, facts())).toBeNull();
  });
});

describe("a recurring code for N deliveries", () => {
  const at = NOW;
  const keeps = (t: Partial<DiscountTerms>, usesSoFar: number, regionId: number | null = 1) =>
    renewalKeeps(code({ recurring: true, ...t }), { at, postcode: "2000", regionId, usesSoFar });

  it("N = 3: the first order and 2 renewals; the renewal that would be delivery 4 is full price", () => {
    expect(keeps({ deliveries: 3 }, 1)).toBe(true); // delivery 2
    expect(keeps({ deliveries: 3 }, 2)).toBe(true); // delivery 3
    expect(keeps({ deliveries: 3 }, 3)).toBe(false); // delivery 4
  });

  it("no N: every delivery; a first-order code never renews; paused, ended or excluded stops it", () => {
    expect(keeps({ deliveries: null }, 50)).toBe(true);
    expect(renewalKeeps(code(), { at, postcode: "2000", regionId: 1, usesSoFar: 0 })).toBe(false);
    expect(keeps({ active: false }, 1)).toBe(false);
    expect(keeps({ endsAt: "2026-12-01T00:00:00.000Z" }, 1)).toBe(false);
    expect(keeps({ excludedRegions: [{ id: 1, name: "Sydney" }] }, 1)).toBe(false);
    expect(keeps({ excludedRegions: [{ id: 1, name: "Sydney" }] }, 1, 2)).toBe(true);
  });
});

describe("the list's status", () => {
  const status = (t: Partial<DiscountTerms>) => discountStatus(terms(t), NOW);
  it("paused, ended, used up, scheduled or active", () => {
    expect(status({})).toBe("Active");
    expect(status({ active: false })).toBe("Paused");
    expect(status({ endsAt: "2026-12-01T00:00:00.000Z" })).toBe("Ended");
    expect(status({ maxUses: 3, usesCount: 3 })).toBe("Used up");
    expect(status({ startsAt: "2027-01-01T00:00:00.000Z" })).toBe("Scheduled");
  });
});

describe("the back office's form", () => {
  const base = {
    code: " spring-10 ",
    description: "Spring",
    kind: "percent",
    percent: "10",
    appliesTo: "first",
  };
  it("stores codes in capitals, empties as no limit, and a lone checkbox as a list", () => {
    const v = DiscountFormSchema.parse({ ...base, maxUses: "", excludedRegions: "3" });
    expect(v).toMatchObject({
      code: "SPRING-10",
      maxUses: null,
      maxUsesPerCustomer: null,
      deliveries: null,
      excludedRegions: [3],
      products: [],
      active: false,
    });
    expect(DiscountFormSchema.parse({ ...base, products: ["1", "2"], active: "on" })).toMatchObject(
      {
        products: [1, 2],
        active: true,
      },
    );
  });

  it("refuses what cannot work, each on its own field", () => {
    const errors = (over: Record<string, unknown>) => {
      const r = DiscountFormSchema.safeParse({ ...base, ...over });
      return r.success
        ? {}
        : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ percent: "0" })).toEqual({ percent: DISCOUNT_MESSAGES.percent });
    expect(errors({ percent: "101" })).toEqual({ percent: DISCOUNT_MESSAGES.percent });
    expect(errors({ kind: "amount", amount: "0" })).toEqual({ amount: DISCOUNT_MESSAGES.amount });
    expect(errors({ kind: "free_item" })).toEqual({ products: DISCOUNT_MESSAGES.products });
    expect(errors({ startsOn: "2026-12-02", endsOn: "2026-12-01" })).toEqual({
      endsOn: DISCOUNT_MESSAGES.endBeforeStart,
    });
    expect(errors({ maxUses: "5", maxUsesPerCustomer: "6" })).toEqual({
      maxUsesPerCustomer: DISCOUNT_MESSAGES.perCustomerOverTotal,
    });
    expect(errors({ appliesTo: "recurring", deliveries: "1" })).toEqual({
      deliveries: DISCOUNT_MESSAGES.deliveries,
    });
    expect(errors({ code: "a b" })).toEqual({ code: DISCOUNT_MESSAGES.code });
    expect(errors({ endsOn: "2026-02-30" })).toEqual({ endsOn: DISCOUNT_MESSAGES.date });
  });

  it("refuses a recurring choice of free product; one product recurring, or a choice first order only, is fine (decision 070)", () => {
    const free = { ...base, kind: "free_item", percent: "" };
    const errors = (over: Record<string, unknown>) => {
      const r = DiscountFormSchema.safeParse({ ...free, ...over });
      return r.success
        ? {}
        : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ products: ["1", "2"], appliesTo: "recurring", deliveries: "3" })).toEqual({
      appliesTo: DISCOUNT_MESSAGES.recurringChoice,
    });
    expect(errors({ products: ["1", "2"], appliesTo: "recurring" })).toEqual({
      appliesTo: DISCOUNT_MESSAGES.recurringChoice,
    });
    expect(errors({ products: ["1"], appliesTo: "recurring", deliveries: "3" })).toEqual({});
    expect(errors({ products: ["1", "1"], appliesTo: "recurring" })).toEqual({});
    expect(errors({ products: ["1", "2"], appliesTo: "first" })).toEqual({});
  });

  it("reads dollars as staff type them", () => {
    expect(amountCents("15")).toBe(1500);
    expect(amountCents("$12.50")).toBe(1250);
    expect(amountCents("1,000")).toBe(100_000);
    expect(amountCents("1000.01")).toBeNull();
    expect(amountCents("12.345")).toBeNull();
    expect(amountCents("")).toBeNull();
  });
});
