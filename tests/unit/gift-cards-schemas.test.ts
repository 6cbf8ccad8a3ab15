import {
  personaliseValidator,
  giftCheckoutValidator,
  activateValidator,
  PERSONALISE_MESSAGES,
} from "~/gift-cards/schemas";
import { ACTIVATION_MESSAGES, DATE_MESSAGES } from "~/gift-cards/rules";
import { MESSAGES } from "~/addresses/address-schema";
import { CARD_MESSAGES } from "~/payments/card-schema";

const today = "2026-12-01";
const valid = {
  senderFirstName: "Alex",
  senderEmail: "Alex@Example.com",
  receiverFirstName: "Jordan",
  receiverEmail: "jordan@example.com",
  receiverMessage: "",
  deliveryAt: "01/12/2026",
};

async function errors(values: Record<string, string>, bonusAvailable = true) {
  const r = await personaliseValidator({ today, bonusAvailable }).validate(values);
  return r.error?.fieldErrors ?? {};
}

describe("personalise schema (SPEC §5)", () => {
  it("requires first names, valid e-mails and a delivery date", async () => {
    expect(await errors({})).toEqual({
      senderFirstName: PERSONALISE_MESSAGES.firstName,
      senderEmail: "Email address must be a valid email",
      receiverFirstName: PERSONALISE_MESSAGES.firstName,
      receiverEmail: "Email address must be a valid email",
      deliveryAt: DATE_MESSAGES.required,
    });
    expect(PERSONALISE_MESSAGES.firstName).toBe("First name is required");
    expect(await errors({ ...valid, senderEmail: "alex@", receiverEmail: "nope" })).toEqual({
      senderEmail: "Email address must be a valid email",
      receiverEmail: "Email address must be a valid email",
    });
  });

  it("refuses a date before today and a malformed date", async () => {
    expect(await errors({ ...valid, deliveryAt: "30/11/2026" })).toEqual({
      deliveryAt: DATE_MESSAGES.past,
    });
    expect(await errors({ ...valid, deliveryAt: "2026-12-05" })).toEqual({
      deliveryAt: DATE_MESSAGES.format,
    });
  });

  it("keeps the message optional and normalises the output", async () => {
    const r = await personaliseValidator({ today, bonusAvailable: false }).validate({
      ...valid,
      deliveryAt: "24/12/2026",
    });
    expect(r.error).toBeUndefined();
    expect(r.data).toEqual({
      sender: { firstName: "Alex", email: "alex@example.com" },
      receiver: { firstName: "Jordan", email: "jordan@example.com", message: null },
      deliverOn: "2026-12-24",
      bonusReceiver: null,
    });
  });

  it("requires every bonus receiver field when the bonus goes to another person", async () => {
    expect(await errors({ ...valid, isAnotherReceiver: "true" })).toEqual({
      bonusReceiverFirstName: PERSONALISE_MESSAGES.firstName,
      bonusReceiverEmail: "Email address must be a valid email",
      bonusReceiverMessage: PERSONALISE_MESSAGES.bonusMessage,
      bonusDeliveryAt: DATE_MESSAGES.required,
    });
    const r = await personaliseValidator({ today, bonusAvailable: true }).validate({
      ...valid,
      isAnotherReceiver: "true",
      bonusReceiverFirstName: "Sam",
      bonusReceiverEmail: "sam@example.com",
      bonusReceiverMessage: "Enjoy",
      bonusDeliveryAt: "02/12/2026",
    });
    expect(r.data?.bonusReceiver).toEqual({
      firstName: "Sam",
      email: "sam@example.com",
      message: "Enjoy",
      deliverOn: "2026-12-02",
    });
  });

  it("drops the bonus receiver when the toggle is off or no bonus applies", async () => {
    expect(await errors({ ...valid, bonusReceiverEmail: "not-an-email" })).toEqual({});
    expect(await errors({ ...valid, isAnotherReceiver: "true" }, false)).toEqual({});
  });
});

describe("gift card billing schema", () => {
  it("checks the buyer's e-mail for a visitor, the billing address and the card", async () => {
    const r = await giftCheckoutValidator({ needsEmail: true }).validate({
      idempotencyKey: "k".repeat(20),
      paymentMethod: "new",
    });
    expect(r.error?.fieldErrors).toMatchObject({
      email: "Email address must be a valid email",
      "billing.addressType": MESSAGES.addressType,
      "billing.line1": MESSAGES.line1,
      "billing.city": MESSAGES.city,
      "billing.state": MESSAGES.state,
      "billing.postcode": MESSAGES.postcode,
      "card.number": CARD_MESSAGES.numberRequired,
      "card.expiration": CARD_MESSAGES.expirationRequired,
      "card.cvc": CARD_MESSAGES.cvcRequired,
    });
  });
  it("needs no e-mail from a signed-in buyer", async () => {
    const r = await giftCheckoutValidator({ needsEmail: false }).validate({
      idempotencyKey: "k".repeat(20),
      "billing.addressType": "house",
      "billing.line1": "1 Main St",
      "billing.city": "Sydney",
      "billing.state": "NSW",
      "billing.postcode": "2000",
      paymentMethod: "7",
    });
    expect(r.error).toBeUndefined();
    expect(r.data?.card).toEqual({ kind: "saved", paymentMethodId: 7 });
  });
});

describe("activation code", () => {
  it("is required", async () => {
    expect((await activateValidator.validate({ code: "  " })).error?.fieldErrors).toEqual({
      code: ACTIVATION_MESSAGES.required,
    });
  });
});
