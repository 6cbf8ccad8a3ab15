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
    await expect(import("~/env.server")).rejects.toThrow(
      /APP_ORIGIN: is required when APP_ENV=production/,
    );
  });

  it("starts in production with APP_ORIGIN, and elsewhere without it", async () => {
    process.env.APP_ENV = "production";
    process.env.APP_ORIGIN = "https://www.paddockandtide.com.au";
    process.env.PAYMENT_GATEWAY = "sandbox";
    vi.resetModules();
    expect((await import("~/env.server")).isProduction).toBe(true);
    process.env.APP_ENV = "development";
    delete process.env.APP_ORIGIN;
    vi.resetModules();
    expect((await import("~/env.server")).isProduction).toBe(false);
  });

  // issue 44 item 2, decision 063: the sandbox approves a public test card, so production names its gateway
  it("refuses APP_ENV=production without PAYMENT_GATEWAY, naming it, and any value but sandbox", async () => {
    const production = { APP_ENV: "production", APP_ORIGIN: "https://www.paddockandtide.com.au" };
    delete process.env.PAYMENT_GATEWAY;
    await refused(production, /PAYMENT_GATEWAY: is required when APP_ENV=production/);
    for (const value of ["", "stripe", "Sandbox", "sandbox ", "true"]) {
      await refused({ ...production, PAYMENT_GATEWAY: value }, /PAYMENT_GATEWAY: use sandbox/);
      await refused({ APP_ENV: "development", PAYMENT_GATEWAY: value }, /PAYMENT_GATEWAY/);
    }
  });

  it("takes the sandbox when named in production (a test shop), and by default elsewhere (not one)", async () => {
    Object.assign(process.env, {
      APP_ENV: "production",
      APP_ORIGIN: "https://www.paddockandtide.com.au",
      PAYMENT_GATEWAY: "sandbox",
    });
    vi.resetModules();
    let config = await import("~/payments/gateway-config.server");
    expect([config.gatewayName, config.isTestShop]).toEqual(["sandbox", true]);
    for (const appEnv of ["development", "test"]) {
      process.env = { ...saved, APP_ENV: appEnv };
      delete process.env.PAYMENT_GATEWAY;
      vi.resetModules();
      config = await import("~/payments/gateway-config.server");
      expect([config.gatewayName, config.isTestShop], appEnv).toEqual(["sandbox", false]);
    }
  });

  // issue 34: a misread switch must not open the test hooks (sign in as anyone, renewals at any instant)
  it("opens the e2e test routes only for exactly E2E_TEST_ROUTES=1, and refuses any other value", async () => {
    process.env.APP_ENV = "test";
    for (const [value, open] of [
      ["1", true],
      ["", false],
      [undefined, false],
    ] as const) {
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
    await expect(import("~/env.server")).rejects.toThrow(
      /E2E_TEST_ROUTES: must not be set when APP_ENV=production/,
    );
  });

  // issue 34, switches fail closed: each setting takes its documented values, and any other stops the server
  async function refused(vars: Record<string, string>, message: RegExp) {
    Object.assign(process.env, vars);
    vi.resetModules();
    await expect(import("~/env.server"), JSON.stringify(vars)).rejects.toThrow(message);
    process.env = { ...saved };
  }

  it("refuses NODE_ENV=development beside APP_ENV=production (Remix would show server errors to visitors)", async () => {
    await refused(
      {
        APP_ENV: "production",
        APP_ORIGIN: "https://www.paddockandtide.com.au",
        NODE_ENV: "development",
      },
      /NODE_ENV: must not be development when APP_ENV=production/,
    );
    for (const value of ["prod", "Production", "staging"])
      await refused({ APP_ENV: value }, /APP_ENV/);
    for (const value of ["dev", "Production"]) await refused({ NODE_ENV: value }, /NODE_ENV/);
  });

  it("refuses a DATABASE_URL, SMTP_URL, APP_ORIGIN or PORT it would misread", async () => {
    for (const value of ["postgress://x@127.0.0.1/db", "sqlite:./data/app.db", "./data/app.db"])
      await refused({ DATABASE_URL: value }, /DATABASE_URL: use file:<path>/);
    for (const value of ["smtp.example.com", "http://smtp.example.com", "yes"])
      await refused({ SMTP_URL: value }, /SMTP_URL: use smtp:\/\/host:port/);
    for (const value of ["www.paddockandtide.com.au", "javascript:alert(1)", "ftp://x"])
      await refused({ APP_ORIGIN: value }, /APP_ORIGIN: use an http\(s\) origin/);
    for (const value of ["abc", "0", "70000", "", "80.5"]) await refused({ PORT: value }, /PORT/);
  });

  it("takes the documented values of those settings", async () => {
    const ok = {
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/db",
      SMTP_URL: "smtps://u:p@smtp.example.com:465",
      APP_ORIGIN: "http://localhost:3000",
      PORT: "8080",
    };
    Object.assign(process.env, ok);
    vi.resetModules();
    const { env } = await import("~/env.server");
    expect({
      DATABASE_URL: env.DATABASE_URL,
      SMTP_URL: env.SMTP_URL,
      APP_ORIGIN: env.APP_ORIGIN,
      PORT: String(env.PORT),
    }).toEqual(ok);
    Object.assign(process.env, {
      DATABASE_URL: "file:/tmp/x.db",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    vi.resetModules();
    expect((await import("~/env.server")).env.SMTP_URL).toBe("smtp://127.0.0.1:2525");
  });
});
