// The sandbox gateway's zero-amount check (verify) before a card is saved:
// the "declined" test card fails it with charge()'s code and message; the
// insufficient-funds card passes it (a zero-amount check needs no funds) and
// is declined only when charged.
import { memoryChargeStore, SandboxGateway } from "~/payments/sandbox-gateway.server";

describe("SandboxGateway.verify", () => {
  const gw = new SandboxGateway(memoryChargeStore());
  const tokenFor = async (number: string) => (await gw.tokenise({ number, expMonth: 10, expYear: 2099, cvc: "123" })).token;

  it.each(["4242424242424242", "5555555555554444"])("verifies the approved card %s", async (number) => {
    expect(await gw.verify(await tokenFor(number))).toEqual({ status: "verified" });
  });

  it("declines the declined test card with the same code and message a charge gives", async () => {
    const token = await tokenFor("4000000000000002");
    const verified = await gw.verify(token);
    expect(verified).toEqual({ status: "declined", code: "card_declined", message: "Your card was declined." });
    const charged = await gw.charge({ token, amountCents: 100, currency: "AUD", idempotencyKey: "verify-declined", description: "box" });
    expect(charged).toEqual(verified);
  });

  it("verifies the insufficient-funds card, which a charge still declines", async () => {
    const token = await tokenFor("4000000000009995");
    expect(await gw.verify(token)).toEqual({ status: "verified" });
    expect(await gw.charge({ token, amountCents: 100, currency: "AUD", idempotencyKey: "verify-insufficient", description: "box" }))
      .toEqual({ status: "declined", code: "insufficient_funds", message: "Your card has insufficient funds." });
  });

  it("charges nothing and records no charge", async () => {
    const token = await tokenFor("4242424242424242");
    await gw.verify(token);
    await gw.verify(token);
    expect(await gw.findCharge(token)).toBeNull();
  });
});
