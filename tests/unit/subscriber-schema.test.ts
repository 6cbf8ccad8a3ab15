// The subscriber area's schemas (account forms, my-deliveries forms) and the
// pure schedule rules (cut-off instants, upcoming dates, delivery states).
import {
  ACCOUNT_MESSAGES,
  AddCardSchema,
  EditAddressSchema,
  ProfileSchema,
  changePasswordSchema,
} from "~/accounts/account-schema";
import {
  CancelSchema,
  PauseSchema,
  SkipSchema,
  SUBSCRIBER_MESSAGES,
} from "~/subscriptions/subscriber-schema";
import { formatWhen } from "~/subscriptions/subscriber-schedule";

const issues = (r: {
  success: boolean;
  error?: { issues: { path: (string | number)[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("ProfileSchema", () => {
  it("normalises the phone and reads the consent checkboxes", () => {
    const r = ProfileSchema.parse({
      firstName: " Mia ",
      lastName: "Kelly",
      phone: "0412 345 678",
      sms: "true",
    });
    expect(r).toEqual({
      firstName: "Mia",
      lastName: "Kelly",
      phone: "+61412345678",
      sms: true,
      newsletter: false,
    });
  });
  it("says 'Phone is invalid' and asks for names", () => {
    const r = ProfileSchema.safeParse({ firstName: "", lastName: " ", phone: "12345" });
    expect(issues(r)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      phone: "Phone is invalid",
    });
  });
});

describe("changePasswordSchema", () => {
  const change = changePasswordSchema({ hasPassword: true });
  it("requires the current password when the account has one", () => {
    expect(
      issues(
        change.safeParse({ password: "Long-enough-1", passwordConfirmation: "Long-enough-1" }),
      ),
    ).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPassword });
    expect(
      change.safeParse({ password: "Long-enough-1", passwordConfirmation: "Long-enough-1" })
        .success,
    ).toBe(false);
    expect(
      changePasswordSchema({ hasPassword: false }).safeParse({
        password: "Long-enough-1",
        passwordConfirmation: "Long-enough-1",
      }).success,
    ).toBe(true);
  });
  it("checks length, the confirmation and that the password changes", () => {
    expect(
      issues(
        change.safeParse({
          currentPassword: "old-one-1",
          password: "short",
          passwordConfirmation: "short",
        }),
      ),
    ).toMatchObject({ password: "Password must be at least 8 characters" });
    expect(
      issues(
        change.safeParse({
          currentPassword: "old-one-1",
          password: "Long-enough-1",
          passwordConfirmation: "Long-enough-2",
        }),
      ),
    ).toEqual({ passwordConfirmation: "Password do not match" });
    expect(
      issues(
        change.safeParse({
          currentPassword: "Same-pass-1",
          password: "Same-pass-1",
          passwordConfirmation: "Same-pass-1",
        }),
      ),
    ).toEqual({ password: ACCOUNT_MESSAGES.samePassword });
  });
});

describe("AddCardSchema", () => {
  it("parses a new card (expiry with or without the slash)", () => {
    expect(
      AddCardSchema.parse({
        card: { number: "4242 4242 4242 4242", expiration: "1230", cvc: "123" },
        makePrimary: "true",
      }),
    ).toEqual({
      card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" },
      makePrimary: true,
    });
  });
  it("keys errors by card field", () => {
    expect(
      issues(AddCardSchema.safeParse({ card: { number: "", expiration: "13/99", cvc: "1" } })),
    ).toEqual({
      "card.number": "Card number is required",
      "card.expiration": "Expiry date must be a valid MM/YY date that has not passed",
      "card.cvc": "CVC must be 3 or 4 digits",
    });
  });
});

describe("EditAddressSchema", () => {
  it("needs a suite for an apartment and a known address id", () => {
    const r = EditAddressSchema.safeParse({
      addressId: "x",
      address: {
        addressType: "apartment",
        line1: "1 Bay Rd",
        city: "Hobart",
        state: "TAS",
        postcode: "7000",
      },
    });
    expect(issues(r)).toMatchObject({
      addressId: "Unknown address",
      "address.line2": "Suite or unit is required for an apartment",
    });
    expect(
      EditAddressSchema.parse({
        addressId: "4",
        address: {
          addressType: "house",
          line1: "1 Bay Rd",
          city: "Hobart",
          state: "TAS",
          postcode: "7000",
        },
      }).addressId,
    ).toBe(4);
  });
});

describe("my-deliveries schemas", () => {
  it("parse skip, pause and cancel", () => {
    expect(SkipSchema.parse({ subscriptionId: "3", deliveryDate: "2026-12-03" })).toEqual({
      subscriptionId: 3,
      deliveryDate: "2026-12-03",
    });
    expect(
      issues(SkipSchema.safeParse({ subscriptionId: "3", deliveryDate: "3/12/2026" })),
    ).toEqual({ deliveryDate: SUBSCRIBER_MESSAGES.deliveryDate });
    expect(issues(PauseSchema.safeParse({ subscriptionId: "abc", resumeOn: "" }))).toEqual({
      subscriptionId: SUBSCRIBER_MESSAGES.subscription,
      resumeOn: SUBSCRIBER_MESSAGES.resumeOn,
    });
    expect(CancelSchema.parse({ subscriptionId: "3", reason: "", comment: "  " })).toEqual({
      subscriptionId: 3,
    });
    expect(
      CancelSchema.parse({ subscriptionId: "3", reason: "moving", comment: "Off to Perth" }),
    ).toMatchObject({ reason: "moving", comment: "Off to Perth" });
    expect(CancelSchema.safeParse({ subscriptionId: "3", reason: "spite" }).success).toBe(false);
    expect(
      issues(CancelSchema.safeParse({ subscriptionId: "3", comment: "x".repeat(501) })),
    ).toEqual({ comment: SUBSCRIBER_MESSAGES.reason });
  });
});

describe("subscriber display helpers", () => {
  it("prints an activity time in Sydney", () => {
    expect(formatWhen("2026-12-01T03:05:00.000Z")).toBe("1 Dec 2026, 2:05 pm");
    expect(formatWhen("2026-07-01T23:30:00.000Z")).toMatch(/^2 July? 2026, 9:30 am$/);
  });
});
