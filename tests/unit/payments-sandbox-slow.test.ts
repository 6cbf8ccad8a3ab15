// The sandbox's slow test card (issue 33 item 4): with APP_ENV=test its charge
// succeeds after a delay and gives up, charging nothing, when the caller stops
// waiting; anywhere else it is an ordinary card. Refunds are once per key, as
// with a real gateway (payment recovery and a late settle may both refund one charge).
import { afterEach, vi } from "vitest";

async function sandbox(appEnv: string) {
  vi.resetModules();
  vi.stubEnv("APP_ENV", appEnv);
  if (appEnv === "production") {
    vi.stubEnv("APP_ORIGIN", "https://shop.example");
    vi.stubEnv("SESSION_SECRET", "a-session-secret-for-this-test");
    // production names its gateway (decision 063)
    vi.stubEnv("PAYMENT_GATEWAY", "sandbox");
  }
  const m = await import("~/payments/sandbox-gateway.server");
  return {
    gw: new m.SandboxGateway(m.memoryChargeStore(), { slowCardMs: 200 }),
    SLOW: m.SLOW_TEST_CARD,
  };
}
const request = (token: string, idempotencyKey: string, signal?: AbortSignal) => ({
  token,
  amountCents: 5000,
  currency: "AUD" as const,
  idempotencyKey,
  description: "gift",
  signal,
});

afterEach(() => vi.unstubAllEnvs());

describe("the slow test card", () => {
  it("answers after the delay when APP_ENV=test, and charges nothing when the caller gives up", async () => {
    const { gw, SLOW } = await sandbox("test");
    const { token } = await gw.tokenise({ number: SLOW, expMonth: 10, expYear: 2099, cvc: "123" });
    const started = Date.now();
    expect(await gw.charge(request(token, "slow-1"))).toMatchObject({
      status: "succeeded",
      amountCents: 5000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);

    const controller = new AbortController();
    const charging = gw.charge(request(token, "slow-2", controller.signal));
    setTimeout(() => controller.abort(new Error("stopped waiting")), 20);
    await expect(charging).rejects.toThrow("stopped waiting");
    expect(await gw.findCharge("slow-2")).toBeNull();
  });

  it("is an ordinary card in production and development", async () => {
    for (const env of ["production", "development"]) {
      const { gw, SLOW } = await sandbox(env);
      const { token } = await gw.tokenise({
        number: SLOW,
        expMonth: 10,
        expYear: 2099,
        cvc: "123",
      });
      expect(token).toMatch(/_ok$/);
      const started = Date.now();
      expect(await gw.charge(request(token, `ordinary-${env}`))).toMatchObject({
        status: "succeeded",
      });
      // a token made in a test run is not slow here either
      expect(
        await gw.charge(request(token.replace(/_ok$/, "_slow"), `forged-${env}`)),
      ).toMatchObject({ status: "succeeded" });
      expect(Date.now() - started).toBeLessThan(150);
    }
  });
});

describe("refunds", () => {
  it("refund a charge once per refund key", async () => {
    const { gw } = await sandbox("test");
    const { token } = await gw.tokenise({
      number: "4242424242424242",
      expMonth: 10,
      expYear: 2099,
      cvc: "123",
    });
    const charge = await gw.charge(request(token, "refund-me"));
    if (charge.status !== "succeeded") throw new Error("declined");
    const [a, b] = await Promise.all([
      gw.refund(charge.chargeId, 5000, "refund:refund-me"),
      gw.refund(charge.chargeId, 5000, "refund:refund-me"),
    ]);
    expect(a.refundId).toBe(b.refundId);
    expect((await gw.refund(charge.chargeId, 5000, "refund:other")).refundId).not.toBe(a.refundId);
  });
});
