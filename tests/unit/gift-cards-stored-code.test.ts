// What the database keeps of a gift-card code (decision 045): a keyed hash, the last four and,
// until the e-mail, a sealed copy that only the server secret opens.
import { keyIdOf, keyRingOf } from "~/security/keys.server";
import {
  giftCodeHash,
  giftCodeKeysOf,
  lastFour,
  legacyGiftCodeHash,
  legacySealGiftCode,
  newGiftCardCode,
  openGiftCode,
  openStoredCode,
  sealGiftCode,
  storedGiftCode,
} from "~/gift-cards/stored-code.server";

const SECRET = "a-server-secret-for-this-test";
const CODE = "ABCDEFGHJKLMNPQR";

describe("gift-card code hash", () => {
  it("is the same for any way the code is typed, and differs by code and by secret", () => {
    const h = giftCodeHash(SECRET, CODE);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    for (const typed of ["abcd-efgh-jklm-npqr", " ABCD EFGH JKLM NPQR ", "abcdefghjklmnpqr"])
      expect(giftCodeHash(SECRET, typed)).toBe(h);
    expect(giftCodeHash(SECRET, "ABCDEFGHJKLMNPQS")).not.toBe(h);
    expect(giftCodeHash("another-server-secret", CODE)).not.toBe(h);
  });
});

describe("stored gift-card code", () => {
  it("keeps the hash, the last four and a sealed copy, none of which holds the code", () => {
    const stored = storedGiftCode(SECRET, "abcd-efgh-jklm-npqr");
    expect(stored.codeHash).toBe(giftCodeHash(SECRET, CODE));
    expect(stored.codeLast4).toBe("NPQR");
    expect(stored.codeKeyId).toBe(keyIdOf(SECRET));
    expect(lastFour("abcd-efgh-jklm-npqr")).toBe("NPQR");
    const all = JSON.stringify(stored);
    expect(all).not.toContain(CODE);
    expect(all).not.toContain("ABCD-EFGH-JKLM-NPQR");
    expect(openGiftCode(SECRET, stored.codeSealed!, stored.codeHash)).toBe(CODE);
  });

  it("keeps no sealed copy of a card already mailed", () => {
    expect(storedGiftCode(SECRET, CODE, { sealed: false }).codeSealed).toBeNull();
  });

  it("seals each time afresh, and opens only with the same secret, for the same hash, unaltered", () => {
    const hash = giftCodeHash(SECRET, CODE);
    const a = sealGiftCode(SECRET, CODE, hash);
    expect(sealGiftCode(SECRET, CODE, hash)).not.toBe(a);
    expect(() => openGiftCode("another-server-secret", a, hash)).toThrow();
    expect(() => openGiftCode(SECRET, a, giftCodeHash(SECRET, "ABCDEFGHJKLMNPQS"))).toThrow();
    const [v, iv, body, tag] = a.split(".");
    const flipped = `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(() => openGiftCode(SECRET, [v, iv, flipped, tag].join("."), hash)).toThrow();
    expect(() => openGiftCode(SECRET, "ABCDEFGHJKLMNPQR", hash)).toThrow(
      "not a sealed gift-card code",
    );
  });

  it("draws new codes of the shop's alphabet", () => {
    expect(newGiftCardCode()).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
  });
});

describe("gift-card codes across a key rotation (decision 060)", () => {
  const NEW = "the-next-server-secret-0123456789";

  it("are found and opened under the previous secret while it is set, and not once it is dropped", () => {
    const stored = storedGiftCode(SECRET, CODE);
    const rotating = giftCodeKeysOf(keyRingOf(NEW, SECRET));
    expect(rotating.map((k) => k.hash(CODE))).toContain(stored.codeHash);
    expect(openStoredCode(rotating, { ...stored, codeSealed: stored.codeSealed! })).toBe(CODE);
    const after = giftCodeKeysOf(keyRingOf(NEW));
    expect(after.map((k) => k.hash(CODE))).not.toContain(stored.codeHash);
    expect(() => openStoredCode(after, { ...stored, codeSealed: stored.codeSealed! })).toThrow(
      /neither SESSION_SECRET/,
    );
  });

  it("stored before migration 034 (legacy) are found and opened under either secret of the ring", () => {
    const codeHash = legacyGiftCodeHash(SECRET, CODE);
    const card = {
      codeHash,
      codeSealed: legacySealGiftCode(SECRET, CODE, codeHash),
      codeKeyId: "legacy",
    };
    for (const ring of [keyRingOf(SECRET), keyRingOf(NEW, SECRET)]) {
      expect(giftCodeKeysOf(ring).map((k) => k.hash(CODE))).toContain(codeHash);
      expect(openStoredCode(giftCodeKeysOf(ring), card)).toBe(CODE);
    }
    expect(giftCodeKeysOf(keyRingOf(NEW)).map((k) => k.hash(CODE))).not.toContain(codeHash);
  });
});
