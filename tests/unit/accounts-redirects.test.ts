import { afterSignInPath, DEFAULT_AFTER_SIGN_IN } from "~/accounts/sign-in.server";
import { giftCardActivationCode, readRawCookie } from "~/gift-cards/cookie.server";
import { appOrigin } from "~/accounts/origin.server";
import { safeRedirect } from "~/utils/safe-redirect";

const req = (cookie?: string) =>
  new Request("http://shop.test/sign-in", { headers: cookie ? { Cookie: cookie } : {} });

describe("afterSignInPath", () => {
  it("goes to the gift-card activation page when a code waits in the cookie", () => {
    expect(afterSignInPath(req("a=1; giftCardActivationCode=GIFT-ABC123; b=2"), "/faq")).toBe(
      "/gift-cards/activate/GIFT-ABC123",
    );
  });

  it("else to a same-site destination", () => {
    expect(afterSignInPath(req(), "/checkout/PT-100458?x=1")).toBe("/checkout/PT-100458?x=1");
  });

  it("else to my deliveries", () => {
    expect(afterSignInPath(req(), null)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(afterSignInPath(req(), "")).toBe("/dashboard/my-deliveries");
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "\\\\evil.example",
    "/%5Cevil.example",
    "http:/evil.example",
    " //evil.example",
    "/\t/evil.example",
    "%2F%2Fevil.example",
    "data:text/html,hi",
  ])("never leaves the site for %j", (destination) => {
    const target = afterSignInPath(req(), destination);
    expect(target.startsWith("/")).toBe(true);
    expect(target.startsWith("//")).toBe(false);
    expect(new URL(target, "http://shop.test").origin).toBe("http://shop.test");
  });

  it("does not send a signed-in user back to the sign-in or sign-out page", () => {
    expect(afterSignInPath(req(), "/sign-in?destination=/faq")).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(afterSignInPath(req(), "/sign-out")).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(afterSignInPath(req(), "/sign-in-help")).toBe("/sign-in-help");
  });
});

describe("gift-card activation cookie", () => {
  it("reads a plain URL-encoded value", () => {
    expect(giftCardActivationCode(req("giftCardActivationCode=GIFT%2DA1B2"))).toBe("GIFT-A1B2");
  });

  it("reads a value written by Remix createCookie (base64 JSON)", () => {
    const encoded = Buffer.from(JSON.stringify("GIFT-R3M1X")).toString("base64");
    expect(
      giftCardActivationCode(req(`giftCardActivationCode=${encodeURIComponent(encoded)}`)),
    ).toBe("GIFT-R3M1X");
  });

  it.each(["../../evil", "//evil.example", "a b c", "x", "", "%E0%A4%A"])(
    "ignores an implausible code %j",
    (value) => {
      expect(giftCardActivationCode(req(`giftCardActivationCode=${value}`))).toBeNull();
    },
  );

  it("ignores other cookies with similar names", () => {
    expect(
      readRawCookie(
        "xgiftCardActivationCode=NOPE1; giftCardActivationCodeX=NOPE2",
        "giftCardActivationCode",
      ),
    ).toBeNull();
    expect(giftCardActivationCode(req())).toBeNull();
  });
});

describe("safeRedirect (extra payloads)", () => {
  it.each(["/\\/evil.example", "/%09/evil.example", "https:evil.example", "///evil.example"])(
    "keeps %j on site",
    (value) => {
      const target = safeRedirect(value, "/home");
      expect(new URL(target, "http://same.test").origin).toBe("http://same.test");
    },
  );
});

describe("appOrigin", () => {
  it("uses the request's origin by default and APP_ORIGIN when set", () => {
    const r = new Request("http://127.0.0.1:3410/forgot-password");
    expect(appOrigin(r, undefined)).toBe("http://127.0.0.1:3410");
    expect(appOrigin(r, "https://www.paddockandtide.com.au/some/path")).toBe(
      "https://www.paddockandtide.com.au",
    );
  });
});
