// The pay-an-order schema (SPEC §5 "Pay an order") and the API payload mapping (SPEC §3).
import { withZod } from "@remix-validated-form/with-zod";
import { payOrderSchema } from "~/orders/pay-order-schema";
import {
  errorsToPayload,
  expirationFromPayload,
  payloadToFormValues,
} from "~/orders/pay-order-payload";
import { PAY_MESSAGES } from "~/orders/pay-order-messages";
import { scrubCardData } from "~/payments/card-schema";

const KEY = "0f8c1c1e-5a8e-4d8b-9a59-1e2f3a4b5c6d";
const valid = {
  idempotencyKey: KEY,
  firstName: "Ava",
  lastName: "Nguyen",
  phone: "0412 345 678",
  billing: {
    addressType: "house",
    line1: "7 Bay Road",
    city: "Haymarket",
    state: "NSW",
    postcode: "2000",
    country: "NZ",
  },
  paymentMethod: "12",
};

async function errors(values: Record<string, unknown>, cardRequired = true) {
  const result = await withZod(payOrderSchema({ cardRequired })).validate(values);
  return result.error?.fieldErrors ?? {};
}

describe("pay-an-order schema", () => {
  it("accepts a complete form with a saved card and fixes the country to Australia", () => {
    const r = payOrderSchema({ cardRequired: true }).parse(valid);
    expect(r.card).toEqual({ kind: "saved", paymentMethodId: 12 });
    expect(r.billing).toMatchObject({ country: "AU", postcode: "2000", company: undefined });
    expect(r.contact).toEqual({
      firstName: "Ava",
      lastName: "Nguyen",
      phone: "+61412345678",
      sms: false,
      newsletter: false,
    });
    expect(r.idempotencyKey).toBe(KEY);
  });

  it("reports every required field of an empty form, in page order", async () => {
    const e = await errors({});
    expect(Object.keys(e)).toEqual([
      "idempotencyKey",
      "firstName",
      "lastName",
      "phone",
      "billing.addressType",
      "billing.line1",
      "billing.city",
      "billing.state",
      "billing.postcode",
      "paymentMethod",
    ]);
    expect(e).toMatchObject({
      idempotencyKey: PAY_MESSAGES.keyRequired,
      firstName: "First name is required",
      lastName: "Last name is required",
      phone: "Phone is invalid",
      "billing.addressType": "Choose an address type",
      "billing.line1": "Street address is required",
      "billing.city": "Suburb is required",
      "billing.state": "Choose a state",
      "billing.postcode": "Post code invalid",
      paymentMethod: "Choose a saved card or use a new card",
    });
  });

  it("checks the phone and the postcode", async () => {
    expect(await errors({ ...valid, phone: "12345" })).toEqual({ phone: "Phone is invalid" });
    expect(await errors({ ...valid, phone: "+64 21 123 4567" })).toEqual({
      phone: "Phone is invalid",
    });
    expect(await errors({ ...valid, billing: { ...valid.billing, postcode: "20a0" } })).toEqual({
      "billing.postcode": "Post code invalid",
    });
    expect(await errors({ ...valid, billing: { ...valid.billing, postcode: "800" } })).toEqual({});
  });

  it("needs a suite for an apartment and a company only for a business", async () => {
    expect(
      await errors({ ...valid, billing: { ...valid.billing, addressType: "apartment" } }),
    ).toEqual({ "billing.line2": "Suite or unit is required for an apartment" });
    expect(
      await errors({ ...valid, billing: { ...valid.billing, addressType: "business" } }),
    ).toEqual({ "billing.company": "Company name is required for a business" });
    const house = payOrderSchema({ cardRequired: true }).parse({
      ...valid,
      billing: { ...valid.billing, company: "Acme" },
    });
    expect(house.billing.company).toBeUndefined();
  });

  it("reports the company name together with another field's error, in the form's order", async () => {
    const errs = await errors({
      ...valid,
      billing: { ...valid.billing, addressType: "business", company: "  ", postcode: "abcd" },
    });
    expect(errs).toEqual({
      "billing.company": "Company name is required for a business",
      "billing.postcode": "Post code invalid",
    });
    expect(Object.keys(errs)[0]).toBe("billing.company"); // the dialog without JS shows the first one
    expect(
      await errors({
        ...valid,
        billing: { ...valid.billing, addressType: "apartment", line2: "", city: "" },
      }),
    ).toEqual({
      "billing.line2": "Suite or unit is required for an apartment",
      "billing.city": expect.any(String),
    });
  });

  it("checks a new card's number, expiry and cvc", async () => {
    expect(await errors({ ...valid, paymentMethod: "new" })).toEqual({
      "card.number": "Card number is required",
      "card.expiration": "Expiry date is required",
      "card.cvc": "CVC is required",
    });
    expect(
      await errors({
        ...valid,
        paymentMethod: "new",
        card: { number: "42424242424242424", expiration: "13/30", cvc: "12345" },
      }),
    ).toEqual({
      "card.number": "Card number must be at most 16 digits",
      "card.expiration": "Expiry date must be a valid MM/YY date that has not passed",
      "card.cvc": "CVC must be 3 or 4 digits",
    });
    // a typed letter is refused, not stripped into a shorter number
    for (const number of ["424242424242424a", "4242-4242-4242-424O", "4242.4242.4242.4242"]) {
      expect(
        await errors({
          ...valid,
          paymentMethod: "new",
          card: { number, expiration: "09/32", cvc: "123" },
        }),
      ).toEqual({ "card.number": "Your card number is invalid." });
    }
    expect(
      payOrderSchema({ cardRequired: true }).parse({
        ...valid,
        paymentMethod: "new",
        card: { number: "4242-4242-4242-4242", expiration: "09/32", cvc: "123" },
      }).card,
    ).toMatchObject({ kind: "new", card: { number: "4242424242424242" } });
    const ok = payOrderSchema({ cardRequired: true }).parse({
      ...valid,
      paymentMethod: "new",
      card: { number: "4242 4242 4242 4242", expiration: "09/32", cvc: "123" },
    });
    expect(ok.card).toEqual({
      kind: "new",
      card: { number: "4242424242424242", expMonth: 9, expYear: 2032, cvc: "123" },
    });
  });

  it("needs no card when credit covers the total, but checks one that is sent", async () => {
    expect(await errors({ ...valid, paymentMethod: undefined }, false)).toEqual({});
    expect(
      payOrderSchema({ cardRequired: false }).parse({ ...valid, paymentMethod: undefined }).card,
    ).toEqual({ kind: "none" });
    expect(await errors({ ...valid, paymentMethod: "new" }, false)).toHaveProperty(
      ["card.number"],
      "Card number is required",
    );
  });

  it("reads checkboxes and takes the last address confirmation when it is posted twice", () => {
    const r = payOrderSchema({ cardRequired: true }).parse({
      ...valid,
      sms: "true",
      newsletter: "1",
      addressConfirmed: ["", "abc", "def"],
    });
    expect(r.contact).toMatchObject({ sms: true, newsletter: true });
    expect(r.addressConfirmed).toBe("def");
  });

  it("never sends the card number or CVC back", () => {
    const scrubbed = scrubCardData({
      ...valid,
      csrf: "t",
      card: { number: "4242424242424242", expiration: "09/32", cvc: "123" },
    });
    expect(JSON.stringify(scrubbed)).not.toContain("4242424242424242");
    expect(JSON.stringify(scrubbed)).not.toContain('"123"');
    expect(scrubbed.card).toEqual({ expiration: "09/32" });
  });
});

describe("pay-an-order payload (SPEC §3)", () => {
  const form = (entries: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(entries)) fd.append(k, v);
    return fd;
  };

  it("maps snake-case names and card[...] fields onto the form's values", () => {
    const values = payloadToFormValues(
      form({
        billing_first_name: " Ava ",
        billing_last_name: "Nguyen",
        billing_phone: "0412345678",
        billing_address_line_1: "7 Bay Road",
        billing_address_line_2: "Unit 2",
        billing_city: "Haymarket",
        billing_address_type: "apartment",
        billing_company: "",
        billing_postcode: "2000",
        billing_country: "AU",
        billing_state: "NSW",
        "card[number]": "4242424242424242",
        "card[month]": "9",
        "card[year]": "2032",
        "card[cvc]": "123",
        sms: "1",
      }),
    );
    expect(values).toEqual({
      firstName: "Ava",
      lastName: "Nguyen",
      phone: "0412345678",
      billing: {
        line1: "7 Bay Road",
        line2: "Unit 2",
        city: "Haymarket",
        addressType: "apartment",
        postcode: "2000",
        country: "AU",
        state: "NSW",
      },
      card: { number: "4242424242424242", cvc: "123", expiration: "09/32" },
      paymentMethod: "new",
      sms: "1",
    });
  });

  it("keeps a saved card's payment_method", () => {
    expect(payloadToFormValues(form({ payment_method: "12" })).paymentMethod).toBe("12");
  });

  it.each([
    ["09", "2032", "09/32"],
    ["9", "32", "09/32"],
    ["12", "2030", "12/30"],
    ["", "", ""],
    ["1", "", "01/"],
  ])("card[month] %s and card[year] %s give %s", (m, y, expected) =>
    expect(expirationFromPayload(m, y)).toBe(expected),
  );

  it("maps field errors back to the payload's names", () => {
    expect(
      errorsToPayload({
        firstName: "a",
        "billing.line1": "b",
        "billing.postcode": "c",
        "card.number": "d",
        "card.expiration": "e",
        "card.cvc": "f",
        paymentMethod: "g",
      }),
    ).toEqual({
      billing_first_name: "a",
      billing_address_line_1: "b",
      billing_postcode: "c",
      "card[number]": "d",
      "card[month]": "e",
      "card[cvc]": "f",
      payment_method: "g",
    });
  });
});
