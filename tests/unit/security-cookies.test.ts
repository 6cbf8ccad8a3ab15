// Every cookie the app writes is HttpOnly and SameSite=Lax, and Secure when
// APP_ENV=production. The modules are loaded as production would load them;
// the database is never reached (cookies are serialised without it).
// vitest hoists the vi.mock calls above these imports.
import { sessionCookie } from "~/accounts/session.server";
import { csrf } from "~/security/csrf.server";
import { activationCodeCookie, clearCookie, orderCookie } from "~/gift-cards/cookie.server";
import { clearPending } from "~/subscriptions/next-box-cookie.server";

vi.mock("~/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/env.server")>();
  return { ...actual, isProduction: true, secureCookies: true };
});
vi.mock("~/db/client.server", () => ({ db: {} }));
vi.mock("~/security/secrets.server", async () => {
  const { keyRingOf } = await import("~/security/keys.server");
  return { keyRing: keyRingOf("unit-test-secret-0123456789abcdef") };
});

function attributes(setCookie: string) {
  return setCookie
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
}

describe("cookies in production", () => {
  it("are HttpOnly, SameSite=Lax and Secure", async () => {
    const [, csrfCookie] = await csrf.commitToken(new Request("https://shop.test/"));
    const written = {
      session: await sessionCookie.serialize("session-id"),
      csrf: csrfCookie!,
      activation: activationCodeCookie("PT-GIFT-7K2M"),
      cleared: clearCookie("giftCardAmount"),
      giftOrder: orderCookie("GC-123"),
      nextBox: await clearPending(),
    };
    for (const [name, value] of Object.entries(written)) {
      const attrs = attributes(value);
      expect(attrs, name).toContain("httponly");
      expect(attrs, name).toContain("samesite=lax");
      expect(attrs, name).toContain("secure");
    }
  });
});
