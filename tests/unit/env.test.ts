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
});
