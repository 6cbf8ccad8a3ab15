import {
  applyDiscount,
  blockedInTasmania,
  requiresChoice,
  type Discount,
} from "~/discounts/discount-rules";
import { checkoutSchema } from "~/checkout/checkout-schema";
import { KNIFE_ADULT } from "~/box/knife-check";
import { AddressSchema, normalisePhone } from "~/addresses/address-schema";
import { scrubCardData } from "~/payments/card-schema";
import { applyCredit, gstIncluded } from "~/orders/credit";

const item = (over: Partial<Discount["items"][number]> = {}) => ({
  productId: 1,
  name: "Bacon",
  priceCents: 1200,
  choice: true,
  itemOrder: 1,
  minimum: null,
  ...over,
});
const discount = (over: Partial<Discount> = {}): Discount => ({
  code: "X",
  description: "",
  kind: "free_item",
  value: 0,
  usable: true,
  chooseItems: true,
  items: [item()],
  ...over,
});

describe("discount rules (SPEC §5)", () => {
  it("requires a choice only when the first item is a choice with order 1 or null and minimum null or 1", () => {
    expect(requiresChoice(discount())).toBe(true);
    expect(requiresChoice(discount({ items: [item({ itemOrder: null, minimum: 1 })] }))).toBe(true);
    expect(requiresChoice(discount({ items: [item({ itemOrder: 2 })] }))).toBe(false);
    expect(requiresChoice(discount({ items: [item({ minimum: 2 })] }))).toBe(false);
    expect(requiresChoice(discount({ items: [item({ choice: false })] }))).toBe(false);
    expect(requiresChoice(discount({ chooseItems: false }))).toBe(false);
  });

  it("removes a salmon promotion without a choice for Tasmanian postcodes only", () => {
    const salmon = discount({
      chooseItems: false,
      items: [item({ name: "Wild salmon portions", choice: false })],
    });
    expect(blockedInTasmania(salmon, "7000")).toBe(true);
    expect(blockedInTasmania(salmon, "2000")).toBe(false);
    expect(
      blockedInTasmania(discount({ items: [item({ name: "Salmon", choice: true })] }), "7000"),
    ).toBe(false);
  });

  it("takes off a percentage, an amount capped at the subtotal, or the chosen free item", () => {
    expect(
      applyDiscount(discount({ kind: "percent", value: 20 }), 16900, null).discountedCents,
    ).toBe(3380);
    expect(
      applyDiscount(discount({ kind: "amount", value: 50000 }), 16900, null).discountedCents,
    ).toBe(16900);
    const free = applyDiscount(
      discount({ items: [item(), item({ productId: 2, name: "Butter", priceCents: 900 })] }),
      16900,
      2,
    );
    expect(free.freeItems.map((i) => i.name)).toEqual(["Butter"]);
    expect(free.discountedCents).toBe(900);
    expect(applyDiscount(discount(), 16900, null).discountedCents).toBe(0);
  });
});

describe("credit and GST", () => {
  it("shows credit equal to the total when the balance exceeds it (SPEC §4)", () => {
    expect(applyCredit(20000, 16900)).toEqual({ creditCents: 16900, totalCents: 0 });
    expect(applyCredit(2500, 16900)).toEqual({ creditCents: 2500, totalCents: 14400 });
    expect(applyCredit(0, 16900)).toEqual({ creditCents: 0, totalCents: 16900 });
  });
  it("GST included is one eleventh", () => {
    expect(gstIncluded(16900)).toBe(1536);
    expect(gstIncluded(0)).toBe(0);
  });
});

describe("address and phone", () => {
  const base = {
    addressType: "house",
    line1: "1 George St",
    city: "Sydney",
    state: "NSW",
    postcode: "2000",
    country: "NZ",
  };
  it("accepts Australian mobiles and landlines, refuses the rest", () => {
    expect(normalisePhone("0412 345 678")).toBe("+61412345678");
    expect(normalisePhone("(02) 9876 5432")).toBe("+61298765432");
    expect(normalisePhone("+64 21 123 4567")).toBeNull();
    expect(normalisePhone("12345")).toBeNull();
  });
  it("needs a suite for an apartment and a company for a business, and fixes the country to AU", () => {
    const msgs = (v: object) =>
      (AddressSchema.safeParse(v).error?.issues ?? []).map(
        (i) => `${i.path.join(".")}: ${i.message}`,
      );
    expect(msgs({ ...base, addressType: "apartment" })).toEqual([
      "line2: Suite or unit is required for an apartment",
    ]);
    expect(msgs({ ...base, addressType: "business" })).toEqual([
      "company: Company name is required for a business",
    ]);
    expect(msgs({ ...base, postcode: "20a0" })).toEqual(["postcode: Post code invalid"]);
    const ok = AddressSchema.safeParse({ ...base, postcode: "800", state: "NT" });
    expect(ok.success && ok.data).toMatchObject({ country: "AU", postcode: "0800" });
  });
});

describe("checkout schema", () => {
  const ctx = { needsPassword: true, hasKnife: true, needsChoice: true, cardRequired: true };
  const form = {
    idempotencyKey: "0123456789abcdef0123",
    firstName: "Ava",
    lastName: "T",
    phone: "0412345678",
    password: "Correct-Horse-42",
    passwordConfirmation: "Other-Horse-42",
    shipping: {
      addressType: "house",
      line1: "1 George St",
      city: "Sydney",
      state: "NSW",
      postcode: "2000",
    },
    billingSameAsShipping: "true",
    billing: { addressType: "", line1: "" },
    frequencyDays: "28",
    deliveryDate: "2026-12-01",
    deliveryWindow: "day",
    paymentMethod: "new",
    card: { number: "4242424242424242", expiration: "1230", cvc: "12" },
  };
  const errors = async (over: object, c = ctx) => {
    const r = await checkoutSchema(c).safeParseAsync({ ...form, ...over });
    return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
  };
  it("reports the SPEC messages", async () => {
    expect(await errors({})).toEqual({
      passwordConfirmation: "Password do not match",
      choice: "You must choose a product.",
      knifeAdult: KNIFE_ADULT,
      knifeDisclaimer: "You must agree to the knife safety disclaimer.",
      "card.cvc": "CVC must be 3 or 4 digits",
    });
    expect((await errors({ phone: "123" })).phone).toBe("Phone is invalid");
  });
  it("reports every message at once: a missing name does not hide the address, password and card checks", async () => {
    const e = await errors({
      firstName: "",
      phone: "",
      shipping: {
        addressType: "apartment",
        line1: "1 George St",
        city: "Sydney",
        state: "NSW",
        postcode: "12",
      },
    });
    expect(e).toMatchObject({
      firstName: "First name is required",
      phone: "Phone is invalid",
      passwordConfirmation: "Password do not match",
      "shipping.line2": "Suite or unit is required for an apartment",
      "shipping.postcode": "Post code invalid",
      choice: "You must choose a product.",
      knifeAdult: KNIFE_ADULT,
      "card.cvc": "CVC must be 3 or 4 digits",
    });
  });
  it("validates billing only when it differs from shipping", async () => {
    const e = await errors(
      { billingSameAsShipping: undefined },
      { ...ctx, needsChoice: false, hasKnife: false },
    );
    expect(e["billing.line1"]).toBe("Street address is required");
    expect(e["billing.addressType"]).toBe("Choose an address type");
  });
  it("needs no card when credit covers the total, and a saved card id otherwise", async () => {
    const noCard = {
      ...ctx,
      needsPassword: false,
      needsChoice: false,
      hasKnife: false,
      cardRequired: false,
    };
    expect(await errors({ paymentMethod: undefined, card: undefined }, noCard)).toEqual({});
    expect(
      (await errors({ paymentMethod: "" }, { ...noCard, cardRequired: true })).paymentMethod,
    ).toBe("Choose a saved card or use a new card");
    expect(
      await errors(
        { card: { number: "", expiration: "", cvc: "" } },
        { ...noCard, cardRequired: true },
      ),
    ).toEqual({
      "card.number": "Card number is required",
      "card.expiration": "Expiry date is required",
      "card.cvc": "CVC is required",
    });
    expect(
      await errors(
        { card: { number: "42424242424242424", expiration: "01/20", cvc: "123" } },
        { ...noCard, cardRequired: true },
      ),
    ).toEqual({
      "card.number": "Card number must be at most 16 digits",
      "card.expiration": "Expiry date must be a valid MM/YY date that has not passed",
    });
  });
});

describe("card data never goes back to the browser", () => {
  it("drops numbers, CVCs, passwords and the CSRF token, flat or nested", () => {
    const scrubbed = scrubCardData({
      "card.number": "4242",
      "card.cvc": "123",
      "card.expiration": "12/30",
      card: { number: "4242", cvc: "1", expiration: "12/30" },
      password: "x",
      firstName: "Ava",
      csrf: "t",
    });
    expect(scrubbed).toEqual({
      "card.expiration": "12/30",
      card: { expiration: "12/30" },
      firstName: "Ava",
    });
  });
});
