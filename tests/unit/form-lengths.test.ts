// Every free-text field of every form has a maximum (issue 34 item 1, decision 040): a 100 KB value
// is refused on its own field with a message the page can show, never zod's generic "String must
// contain at most ...", and never stored. The request body limit (64 KB, app/bin/request-body.mjs)
// is another layer; these limits hold whatever it lets through.
import type { z } from "zod";
import { changePasswordSchema, AddCardSchema, ProfileSchema } from "~/accounts/account-schema";
import { EmailCodeSchema } from "~/accounts/email-proof-schema";
import { ForgotPasswordSchema, NewPasswordSchema, SignInSchema } from "~/accounts/auth-schema";
import { GetStartedSchema, PostcodeLookupSchema } from "~/box/schemas";
import { AddressSchema } from "~/addresses/address-schema";
import { ActivateSchema, personaliseSchema, PERSONALISE_FIELDS } from "~/gift-cards/schemas";
import { CancelSchema } from "~/subscriptions/subscriber-schema";

const HUGE = "a".repeat(100_000);
const address = {
  addressType: "business",
  line1: "1 Flinders Street",
  line2: "",
  company: "Acme",
  city: "Melbourne",
  state: "VIC",
  postcode: "3000",
};

/** The messages `schema` gives for `value`, keyed by the path of each issue. */
function issues(schema: z.ZodTypeAny, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

const CASES: [string, z.ZodTypeAny, Record<string, unknown>, string][] = [
  ["sign-in e-mail", SignInSchema, { email: HUGE, password: "x" }, "email"],
  ["sign-in password", SignInSchema, { email: "a@example.com", password: HUGE }, "password"],
  ["forgot-password e-mail", ForgotPasswordSchema, { email: HUGE }, "email"],
  ["new password", NewPasswordSchema, { password: HUGE, passwordConfirmation: HUGE }, "password"],
  [
    "current password",
    changePasswordSchema({ hasPassword: true }),
    {
      currentPassword: HUGE,
      password: "Correct-Horse-42",
      passwordConfirmation: "Correct-Horse-42",
    },
    "currentPassword",
  ],
  ["first name", ProfileSchema, { firstName: HUGE, lastName: "Tester", phone: "" }, "firstName"],
  ["last name", ProfileSchema, { firstName: "Sam", lastName: HUGE, phone: "" }, "lastName"],
  ["phone", ProfileSchema, { firstName: "Sam", lastName: "Tester", phone: HUGE }, "phone"],
  ["address line 1", AddressSchema, { ...address, line1: HUGE }, "line1"],
  ["address line 2", AddressSchema, { ...address, line2: HUGE }, "line2"],
  ["company", AddressSchema, { ...address, company: HUGE }, "company"],
  ["suburb", AddressSchema, { ...address, city: HUGE }, "city"],
  [
    "card number",
    AddCardSchema,
    { paymentMethod: "new", card: { number: HUGE, expiration: "12/40", cvc: "123" } },
    "card.number",
  ],
  [
    "card expiry",
    AddCardSchema,
    { paymentMethod: "new", card: { number: "4242424242424242", expiration: HUGE, cvc: "123" } },
    "card.expiration",
  ],
  [
    "card CVC",
    AddCardSchema,
    { paymentMethod: "new", card: { number: "4242424242424242", expiration: "12/40", cvc: HUGE } },
    "card.cvc",
  ],
  ["e-mail code", EmailCodeSchema, { emailCode: HUGE }, "emailCode"],
  [
    "get-started e-mail",
    GetStartedSchema,
    { email: HUGE, postcode: "3000", deliveryDate: "2026-12-01", deliveryWindow: "am" },
    "email",
  ],
  ["postcode look-up e-mail", PostcodeLookupSchema, { email: HUGE, postcode: "3000" }, "email"],
  ["cancel comment", CancelSchema, { subscriptionId: "1", comment: HUGE }, "comment"],
  ["gift-card code", ActivateSchema, { code: HUGE }, "code"],
];

describe("form fields refuse a 100 KB value with a message of their own", () => {
  it.each(CASES)("%s", (_name, schema, value, path) => {
    const message = issues(schema, value)[path];
    expect(message, JSON.stringify(issues(schema, value)).slice(0, 300)).toBeTruthy();
    expect(message).not.toMatch(/^String must contain/);
  });

  it("every gift personalise field", () => {
    const schema = personaliseSchema({ today: "2026-11-26", bonusAvailable: true });
    for (const field of PERSONALISE_FIELDS) {
      const message = issues(schema, { [field]: HUGE })[field];
      expect(message, field).toBeTruthy();
      expect(message, field).not.toMatch(/^String must contain/);
    }
  });
});
