// The sandbox gateway's zero-amount check (verify) before a card is saved:
// the "declined" test card fails it with charge()'s code and message; the
// insufficient-funds card passes it (a zero-amount check needs no funds) and
// is declined only when charged. Each check is kept under its reference, as
// a real gateway logs its setup intents (the e2e suite reads them there).
import {
  memoryChargeStore,
  SandboxGateway,
  VERIFY_PREFIX,
} from "~/payments/sandbox-gateway.server";

describe("SandboxGateway.verify", () => {
  const gw = new SandboxGateway(memoryChargeStore());
  const tokenFor = async (number: string) =>
    (await gw.tokenise({ number, expMonth: 10, expYear: 2099, cvc: "123" })).token;

  it.each(["4242424242424242", "5555555555554444"])(
    "verifies the approved card %s",
    async (number) => {
      expect(await gw.verify(await tokenFor(number), `approved-${number}`)).toEqual({
        status: "verified",
      });
    },
  );

  it("declines the declined test card with the same code and message a charge gives", async () => {
    const token = await tokenFor("4000000000000002");
    const verified = await gw.verify(token, "declined-check");
    expect(verified).toEqual({
      status: "declined",
      code: "card_declined",
      message: "Your card was declined.",
    });
    const charged = await gw.charge({
      token,
      amountCents: 100,
      currency: "AUD",
      idempotencyKey: "verify-declined",
      description: "box",
    });
    expect(charged).toEqual(verified);
  });

  it("verifies the insufficient-funds card, which a charge still declines", async () => {
    const token = await tokenFor("4000000000009995");
    expect(await gw.verify(token, "insufficient-check")).toEqual({ status: "verified" });
    expect(
      await gw.charge({
        token,
        amountCents: 100,
        currency: "AUD",
        idempotencyKey: "verify-insufficient",
        description: "box",
      }),
    ).toEqual({
      status: "declined",
      code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
  });

  it("charges nothing and records no charge", async () => {
    const token = await tokenFor("4242424242424242");
    await gw.verify(token, "twice-1");
    await gw.verify(token, "twice-2");
    expect(await gw.findCharge(token)).toBeNull();
    expect(await gw.findCharge("twice-1")).toBeNull();
  });

  it("keeps each check under its reference: a zero amount, or the decline", async () => {
    await gw.verify(await tokenFor("4242424242424242"), "kept-ok");
    await gw.verify(await tokenFor("4000000000000002"), "kept-declined");
    expect(await gw.findCharge(`${VERIFY_PREFIX}kept-ok`)).toMatchObject({
      status: "succeeded",
      amountCents: 0,
      chargeId: expect.stringMatching(/^sandbox_seti_[a-z]+$/),
    });
    expect(await gw.findCharge(`${VERIFY_PREFIX}kept-declined`)).toEqual({
      status: "declined",
      code: "card_declined",
      message: "Your card was declined.",
    });
  });
});
