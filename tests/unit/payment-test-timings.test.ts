// The slow test card's delay and a second press's wait are settings only under APP_ENV=test
// (decision 076): strictly whole milliseconds in range, and any value elsewhere stops the server.
describe("TEST_SLOW_CARD_MS and TEST_PRESS_WAIT_MS", { timeout: 30_000 }, () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  async function load(vars: Record<string, string>) {
    process.env = { ...saved, ...vars };
    delete process.env.PAYMENT_GATEWAY;
    vi.resetModules();
    return import("~/env.server");
  }

  it("unset: the real 25 s and 20 s (PAYMENTS), in every APP_ENV", async () => {
    const { PAYMENTS } = await import("~/config");
    expect([PAYMENTS.sandboxSlowCardMs, PAYMENTS.pressWaitMs]).toEqual([25_000, 20_000]);
    for (const APP_ENV of ["development", "test"]) {
      delete saved.TEST_SLOW_CARD_MS;
      delete saved.TEST_PRESS_WAIT_MS;
      const { env } = await load({ APP_ENV });
      expect([env.TEST_SLOW_CARD_MS, env.TEST_PRESS_WAIT_MS]).toEqual([undefined, undefined]);
    }
  });

  it("with APP_ENV=test, takes whole milliseconds in range", async () => {
    const { env } = await load({
      APP_ENV: "test",
      TEST_SLOW_CARD_MS: "8000",
      TEST_PRESS_WAIT_MS: "3000",
    });
    expect([env.TEST_SLOW_CARD_MS, env.TEST_PRESS_WAIT_MS]).toEqual([8000, 3000]);
  });

  it("refuses a value it would misread", async () => {
    for (const value of ["", "8s", "8000.5", " 8000", "08000", "-1", "0", "999", "60001", "1e4"])
      await expect(
        load({ APP_ENV: "test", TEST_SLOW_CARD_MS: value }),
        JSON.stringify(value),
      ).rejects.toThrow(/TEST_SLOW_CARD_MS: use whole milliseconds from 1000 to 60000/);
    for (const value of ["", "2 s", "499", "20001"])
      await expect(
        load({ APP_ENV: "test", TEST_PRESS_WAIT_MS: value }),
        JSON.stringify(value),
      ).rejects.toThrow(/TEST_PRESS_WAIT_MS: use whole milliseconds from 500 to 20000/);
  });

  it("stops the server when set outside APP_ENV=test, production above all", async () => {
    const production = {
      APP_ENV: "production",
      APP_ORIGIN: "https://www.paddockandtide.com.au",
      PAYMENT_GATEWAY: "sandbox",
    };
    for (const base of [production, { APP_ENV: "development" }]) {
      await expect(load({ ...base, TEST_SLOW_CARD_MS: "5000" })).rejects.toThrow(
        /TEST_SLOW_CARD_MS: is a test setting: only with APP_ENV=test/,
      );
      await expect(load({ ...base, TEST_PRESS_WAIT_MS: "2000" })).rejects.toThrow(
        /TEST_PRESS_WAIT_MS: is a test setting: only with APP_ENV=test/,
      );
    }
  });
});
