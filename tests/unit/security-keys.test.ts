// One key per purpose from the root secret (issue 44 item 5, decision 060): HKDF-SHA-256, the same
// key for the same secret and purpose on every server, a different one for every other purpose and
// secret, none of them the secret itself; key ids name a secret without giving it away.
import { createHmac, hkdfSync } from "node:crypto";
import { openTotpSecret, sealTotpSecret, totpKeyIdOf } from "~/staff/totp-seal.server";
import {
  cookieSecrets,
  deriveKey,
  keyIdOf,
  keyRingOf,
  liveKeys,
  matchesUnderLiveKey,
  type Purpose,
} from "~/security/keys.server";

const A = "root-secret-a-0123456789abcdef";
const B = "root-secret-b-0123456789abcdef";
const PURPOSES: Purpose[] = [
  "cookie",
  "csrf",
  "gift-code-hmac",
  "gift-code-seal",
  "totp-seal",
  "gift-quote",
  "gift-order",
  "email-proof",
  "checkout-session",
  "page-nonce",
];

describe("deriveKey", () => {
  it("is HKDF-SHA-256 of the secret with the purpose in its info, 32 bytes, the same every time", () => {
    const key = deriveKey(A, "cookie");
    expect(key).toHaveLength(32);
    expect(deriveKey(A, "cookie").equals(key)).toBe(true);
    const expected = Buffer.from(
      hkdfSync("sha256", A, "paddock-tide/keys", "paddock-tide:cookie:v1", 32),
    );
    expect(key.equals(expected)).toBe(true);
  });

  it("gives every purpose its own key, and every secret its own keys, none the secret itself", () => {
    const keys = [A, B].flatMap((s) => PURPOSES.map((p) => deriveKey(s, p).toString("hex")));
    expect(new Set(keys).size).toBe(PURPOSES.length * 2);
    for (const k of keys) {
      expect(k).not.toContain(Buffer.from(A).toString("hex"));
      expect(k).not.toContain(Buffer.from(B).toString("hex"));
    }
    // not the key the app used before either (an HMAC of "key:<purpose>" under the raw secret)
    const before = createHmac("sha256", A).update("key:gift-code-seal").digest();
    expect(deriveKey(A, "gift-code-seal").equals(before)).toBe(false);
  });
});

describe("key ring", () => {
  it("names each secret by a stable id that is not the secret", () => {
    expect(keyIdOf(A)).toMatch(/^k[0-9a-f]{12}$/);
    expect(keyIdOf(A)).toBe(keyIdOf(A));
    expect(keyIdOf(B)).not.toBe(keyIdOf(A));
    const ring = keyRingOf(B, A);
    expect(ring.current).toEqual({ id: keyIdOf(B), secret: B });
    expect(ring.previous).toEqual({ id: keyIdOf(A), secret: A });
    expect(keyRingOf(A, A).previous).toBeNull();
    expect(keyRingOf(A).previous).toBeNull();
  });

  it("signs with the current secret's key and verifies under the previous one's too", () => {
    const mac = (key: Buffer) => createHmac("sha256", key).update("data").digest("base64url");
    const underA = mac(deriveKey(A, "gift-quote"));
    expect(liveKeys(keyRingOf(B, A), "gift-quote").map((k) => k.id)).toEqual([
      keyIdOf(B),
      keyIdOf(A),
    ]);
    expect(matchesUnderLiveKey(keyRingOf(B, A), "gift-quote", underA, mac)).toBe(true);
    expect(matchesUnderLiveKey(keyRingOf(B), "gift-quote", underA, mac)).toBe(false);
    // another purpose's key does not verify it
    expect(matchesUnderLiveKey(keyRingOf(A), "gift-order", underA, mac)).toBe(false);
  });

  it("gives cookies the derived keys first (the first signs), then the raw secrets that signed cookies before", () => {
    expect(cookieSecrets(keyRingOf(B, A))).toEqual([
      deriveKey(B, "cookie").toString("hex"),
      deriveKey(A, "cookie").toString("hex"),
      B,
      A,
    ]);
  });
});

describe("sealed TOTP secrets", () => {
  const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

  it("carry their key id, open under a ring that has their secret, and nowhere else", () => {
    const sealed = sealTotpSecret(keyRingOf(A).current, SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(totpKeyIdOf(sealed)).toBe(keyIdOf(A));
    expect(openTotpSecret(keyRingOf(A), sealed)).toBe(SECRET);
    expect(openTotpSecret(keyRingOf(B, A), sealed)).toBe(SECRET);
    expect(() => openTotpSecret(keyRingOf(B), sealed)).toThrow(/neither SESSION_SECRET/);
    const [t, id, iv, body, tag] = sealed.split(".");
    const flipped = `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(() => openTotpSecret(keyRingOf(A), [t, id, iv, flipped, tag].join("."))).toThrow();
  });

  it("reads a plain secret stored before migration 034 as it is", () => {
    expect(totpKeyIdOf(SECRET)).toBe("legacy");
    expect(openTotpSecret(keyRingOf(B), SECRET)).toBe(SECRET);
  });
});
