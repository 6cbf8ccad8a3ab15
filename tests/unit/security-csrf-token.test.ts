// The CSRF token made with Node's crypto must be exactly what remix-utils itself makes and checks:
// tokens issued before the change stay valid, and a new token passes remix-utils' validation.
import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { NodeCryptoCSRF } from "~/security/csrf.server";

const SECRET = "unit-test-secret-0123456789abcdef";
const cookie = createCookie("__csrf", { secrets: [SECRET] });
const ours = new NodeCryptoCSRF({ cookie, formDataKey: "csrf", secrets: [SECRET] });
const theirs = new CSRF({ cookie, formDataKey: "csrf", secret: SECRET });

async function validate(csrf: CSRF, cookieToken: string, formToken: string) {
  const form = new FormData();
  form.set("csrf", formToken);
  const headers = new Headers({ Cookie: await cookie.serialize(cookieToken) });
  return csrf.validate(form, headers);
}

describe("NodeCryptoCSRF", () => {
  it("makes a random base64url token of the asked size, signed as remix-utils signs it", () => {
    const a = ours.generate();
    const b = ours.generate();
    expect(a).not.toBe(b);
    const [value, signature] = a.split(".");
    expect(Buffer.from(value, "base64url")).toHaveLength(32);
    expect(ours.generate(16).split(".")[0]).toHaveLength(22);
    // remix-utils (crypto-js) computes the same signature for the same value
    expect(signature).toBe((theirs as unknown as { sign(t: string): string }).sign(value));
  });

  it("accepts its own tokens and remix-utils' tokens, and refuses a tampered or mismatched one", async () => {
    const mine = ours.generate();
    const legacy = theirs.generate();
    await expect(validate(ours, mine, mine)).resolves.toBeUndefined();
    await expect(validate(theirs, mine, mine)).resolves.toBeUndefined();
    await expect(validate(ours, legacy, legacy)).resolves.toBeUndefined();
    const tampered = `${mine.split(".")[0]}.${"A".repeat(43)}`;
    await expect(validate(ours, tampered, tampered)).rejects.toBeInstanceOf(CSRFError);
    await expect(validate(ours, mine, ours.generate())).rejects.toBeInstanceOf(CSRFError);
  });
});
