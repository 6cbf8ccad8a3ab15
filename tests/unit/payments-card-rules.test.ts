import { cardBrand, luhnValid, maskExpiry, parseExpiry } from "~/payments/card-rules";
import { memoryChargeStore, SandboxGateway } from "~/payments/sandbox-gateway.server";
import { CardError } from "~/payments/gateway";

describe("maskExpiry", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["0", "0"],
    ["4", "04/"],
    ["9", "09/"],
    ["12", "12/"],
    ["122", "12/2"],
    ["1225", "12/25"],
    ["12/25", "12/25"],
    ["412345", "04/12"],
  ])("%s -> %s", (input, expected) => expect(maskExpiry(input)).toBe(expected));
});

describe("parseExpiry", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  it("accepts a future month", () =>
    expect(parseExpiry("08/29", now)).toEqual({ month: 8, year: 2029 }));
  it("accepts the current month", () =>
    expect(parseExpiry("11/26", now)).toEqual({ month: 11, year: 2026 }));
  it.each(["10/26", "13/27", "00/27", "1/27", "abc"])("rejects %s", (v) =>
    expect(parseExpiry(v, now)).toBeNull(),
  );
});

describe("card numbers", () => {
  it("checks Luhn", () => {
    expect(luhnValid("4242 4242 4242 4242")).toBe(true);
    expect(luhnValid("4242 4242 4242 4241")).toBe(false);
  });
  it("names brands", () => {
    expect(cardBrand("4242424242424242")).toBe("Visa");
    expect(cardBrand("5555555555554444")).toBe("Mastercard");
  });
});

describe("SandboxGateway", () => {
  const gw = new SandboxGateway(memoryChargeStore());
  const card = { number: "4242424242424242", expMonth: 8, expYear: 2099, cvc: "123" };

  it("tokenises without keeping the number", async () => {
    const t = await gw.tokenise(card);
    expect(t).toMatchObject({ brand: "Visa", lastFour: "4242", expMonth: 8, expYear: 2099 });
    expect(t.token).not.toContain("4242424242424242");
  });

  it("refuses a bad number with a field-keyed error", async () => {
    await expect(gw.tokenise({ ...card, number: "4242424242424241" })).rejects.toBeInstanceOf(
      CardError,
    );
    await expect(gw.tokenise({ ...card, expYear: 2001 })).rejects.toMatchObject({
      field: "expiration",
    });
    await expect(gw.tokenise({ ...card, cvc: "1" })).rejects.toMatchObject({ field: "cvc" });
  });

  it("charges once per idempotency key", async () => {
    const { token } = await gw.tokenise(card);
    const a = await gw.charge({
      token,
      amountCents: 16900,
      currency: "AUD",
      idempotencyKey: "k1",
      description: "box",
    });
    const b = await gw.charge({
      token,
      amountCents: 16900,
      currency: "AUD",
      idempotencyKey: "k1",
      description: "box",
    });
    expect(a.status).toBe("succeeded");
    expect(b).toEqual(a);
  });

  it("declines the decline test cards", async () => {
    const declined = await gw.tokenise({ ...card, number: "4000000000000002" });
    expect(
      await gw.charge({
        token: declined.token,
        amountCents: 100,
        currency: "AUD",
        idempotencyKey: "k2",
        description: "x",
      }),
    ).toMatchObject({ status: "declined", code: "card_declined" });
    const poor = await gw.tokenise({ ...card, number: "4000000000009995" });
    expect(
      await gw.charge({
        token: poor.token,
        amountCents: 100,
        currency: "AUD",
        idempotencyKey: "k3",
        description: "x",
      }),
    ).toMatchObject({ status: "declined", code: "insufficient_funds" });
  });
});
