// The sandbox's refund-timeout test card (issue 46 item 5, decision 072): with APP_ENV=test its
// refunds are made and kept, then answer with a timeout, so findRefund finds what refund() never
// confirmed; anywhere else it is an ordinary card. findRefund answers null for a key never refunded.
import { afterEach, describe, expect, it, vi } from "vitest";
import { GatewayTimeoutError } from "~/payments/gateway";

async function sandbox(appEnv: string) {
  vi.resetModules();
  vi.stubEnv("APP_ENV", appEnv);
  if (appEnv === "production") {
    vi.stubEnv("APP_ORIGIN", "https://shop.example");
    vi.stubEnv("SESSION_SECRET", "a-session-secret-for-this-test");
    vi.stubEnv("PAYMENT_GATEWAY", "sandbox");
  }
  const m = await import("~/payments/sandbox-gateway.server");
  const gw = new m.SandboxGateway(m.memoryChargeStore());
  const { token } = await gw.tokenise({
    number: m.REFUND_TIMEOUT_TEST_CARD,
    expMonth: 10,
    expYear: 2099,
    cvc: "123",
  });
  const charge = await gw.charge({
    token,
    amountCents: 5000,
    currency: "AUD",
    idempotencyKey: `pay-${appEnv}`,
    description: "box",
  });
  if (charge.status !== "succeeded") throw new Error("declined");
  return { gw, token, chargeId: charge.chargeId };
}

afterEach(() => vi.unstubAllEnvs());

describe("the refund-timeout test card", () => {
  it("refunds, then times out, when APP_ENV=test: the refund is found by its key, made once", async () => {
    const { gw, chargeId } = await sandbox("test");
    expect(await gw.findRefund("refund-1")).toBeNull();
    // the error is the gateway's timeout, as a caller that stopped waiting would see it
    const error = await gw.refund(chargeId, 2000, "refund-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe(new GatewayTimeoutError().name);
    const found = await gw.findRefund("refund-1");
    expect(found).toMatchObject({ status: "refunded", amountCents: 2000 });
    expect(found!.refundId).toMatch(/^sandbox_re_/);
    // asked again with the same key: still the one refund
    await expect(gw.refund(chargeId, 2000, "refund-1")).rejects.toThrow();
    expect((await gw.findRefund("refund-1"))!.refundId).toBe(found!.refundId);
    expect(await gw.findRefund("refund-2")).toBeNull();
  });

  it("is an ordinary card in production and development", async () => {
    for (const env of ["production", "development"]) {
      const { gw, token, chargeId } = await sandbox(env);
      expect(token).toMatch(/_ok$/);
      expect(chargeId).not.toMatch(/refundtimeout/);
      const refund = await gw.refund(chargeId, 2000, `refund-${env}`);
      expect(refund).toMatchObject({ status: "refunded", amountCents: 2000 });
      expect(await gw.findRefund(`refund-${env}`)).toEqual(refund);
      // a charge id made in a test run does not time out here either
      expect(await gw.refund(`${chargeId}_refundtimeout`, 2000, `forged-${env}`)).toMatchObject({
        status: "refunded",
      });
    }
  });
});
