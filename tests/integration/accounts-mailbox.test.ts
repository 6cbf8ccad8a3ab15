// The development mailbox lists the outbox outside production, to loopback clients addressing a loopback host only, and does not exist in production.
import { sendEmail } from "~/email/mailer.server";
import { passwordResetEmail } from "~/email/templates/password-reset";

const env = vi.hoisted(() => ({ production: false }));
vi.mock("~/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/env.server")>();
  return {
    ...actual,
    get isProduction() {
      return env.production;
    },
  };
});

const { loader } = await import("~/routes/dev.mailbox");
const call = (url: string, context: { clientAddress?: string } = { clientAddress: "127.0.0.1" }) =>
  loader({
    request: new Request(url, { headers: { host: new URL(url).host } }),
    params: {},
    context,
  });

describe("/dev/mailbox", () => {
  afterEach(() => {
    env.production = false;
  });

  it("lists outbox e-mails newest first with their links, filtered by recipient", async () => {
    const to = `mailbox.${Date.now()}@example.com`;
    await sendEmail(passwordResetEmail, to, {
      firstName: "Ada",
      resetUrl: "http://shop.test/reset-password?token=one&email=x",
      expiresInMinutes: 60,
    });
    await sendEmail(passwordResetEmail, to, {
      firstName: "Ada",
      resetUrl: "http://shop.test/reset-password?token=two&email=x",
      expiresInMinutes: 60,
    });
    await sendEmail(passwordResetEmail, "someone.else@example.com", {
      firstName: null,
      resetUrl: "http://shop.test/r",
      expiresInMinutes: 60,
    });
    const result = await call(`http://localhost:3000/dev/mailbox?to=${encodeURIComponent(to)}`);
    expect(result.to).toBe(to);
    expect(result.messages.map((m) => m.links)).toEqual([
      ["http://shop.test/reset-password?token=two&email=x"],
      ["http://shop.test/reset-password?token=one&email=x"],
    ]);
    const all = await call("http://localhost:3000/dev/mailbox");
    expect(all.messages.length).toBeGreaterThanOrEqual(3);
    expect(all.messages[0].to).toBe("someone.else@example.com");
  });

  it("is a 404 for a loopback client addressing another host (DNS rebinding)", async () => {
    const thrown = await call("http://shop.test/dev/mailbox").then(
      () => null,
      (e: unknown) => e,
    );
    expect((thrown as Response).status).toBe(404);
  });

  it("is a 404 for a remote or forwarded client, and without a socket address", async () => {
    const cases = [
      [{}, { clientAddress: "203.0.113.9" }],
      [{ "x-forwarded-for": "203.0.113.9" }, { clientAddress: "127.0.0.1" }],
      [{}, {}],
    ] as const;
    for (const [headers, context] of cases) {
      const thrown = await loader({
        request: new Request("http://shop.test/dev/mailbox", { headers }),
        params: {},
        context,
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect((thrown as Response).status).toBe(404);
    }
  });

  it("is a 404 when APP_ENV=production", async () => {
    env.production = true;
    const thrown = await call("http://localhost:3000/dev/mailbox").then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
