// Production refuses to start without the settings that keep it safe:
// APP_ORIGIN (links in e-mails never follow a forged Host header).
describe("environment", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  it("requires APP_ORIGIN when APP_ENV=production", async () => {
    process.env.APP_ENV = "production";
    delete process.env.APP_ORIGIN;
    vi.resetModules();
    await expect(import("~/env.server")).rejects.toThrow(/APP_ORIGIN: is required when APP_ENV=production/);
  });

  it("starts in production with APP_ORIGIN, and elsewhere without it", async () => {
    process.env.APP_ENV = "production";
    process.env.APP_ORIGIN = "https://www.paddockandtide.com.au";
    vi.resetModules();
    expect((await import("~/env.server")).isProduction).toBe(true);
    process.env.APP_ENV = "development";
    delete process.env.APP_ORIGIN;
    vi.resetModules();
    expect((await import("~/env.server")).isProduction).toBe(false);
  });

  // issue 34: a misread switch must not open the test hooks (sign in as anyone, renewals at any instant)
  it("opens the e2e test routes only for exactly E2E_TEST_ROUTES=1, and refuses any other value", async () => {
    process.env.APP_ENV = "test";
    for (const [value, open] of [["1", true], ["", false], [undefined, false]] as const) {
      if (value === undefined) delete process.env.E2E_TEST_ROUTES;
      else process.env.E2E_TEST_ROUTES = value;
      vi.resetModules();
      expect((await import("~/env.server")).env.E2E_TEST_ROUTES, String(value)).toBe(open);
    }
    for (const value of ["0", "false", "true", "yes", " 1"]) {
      process.env.E2E_TEST_ROUTES = value;
      vi.resetModules();
      await expect(import("~/env.server"), value).rejects.toThrow(/E2E_TEST_ROUTES: use exactly 1/);
    }
  });

  it("refuses to start with E2E_TEST_ROUTES=1 and APP_ENV=production", async () => {
    process.env.APP_ENV = "production";
    process.env.APP_ORIGIN = "https://www.paddockandtide.com.au";
    process.env.E2E_TEST_ROUTES = "1";
    vi.resetModules();
    await expect(import("~/env.server")).rejects.toThrow(/E2E_TEST_ROUTES: must not be set when APP_ENV=production/);
  });
});
