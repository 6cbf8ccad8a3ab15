// The secrets frozen for migrations 020 and 034 (app/db/frozen/secrets.ts) agree with the app's
// own, as of today: a hash, a sealed code or a sealed TOTP secret one writes, the other reads.
import { describe, expect, it } from "vitest";
import * as frozen from "~/db/frozen/secrets";
import { openTotpSecret, sealTotpSecret } from "~/staff/totp-seal.server";
import { legacyGiftCodeHash, lastFour } from "~/gift-cards/stored-code.server";
import { keyIdOf, keyRingOf, LEGACY_KEY_ID } from "~/security/keys.server";

const A = "frozen-secret-a-0123456789abcdef";
const B = "frozen-secret-b-0123456789abcdef";
const TOTP = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("secrets frozen for the migrations", () => {
  it("name keys and legacy data as the app does", () => {
    expect(frozen.keyIdOf(A)).toBe(keyIdOf(A));
    expect(frozen.LEGACY_KEY_ID).toBe(LEGACY_KEY_ID);
  });

  it("hash a gift code and take its last four as the app's legacy scheme does", () => {
    expect(frozen.legacyGiftCodeHash(A, "abcd-efgh-jkmn")).toBe(
      legacyGiftCodeHash(A, "abcd-efgh-jkmn"),
    );
    expect(frozen.lastFour("abcd-efgh-jkmn")).toBe(lastFour("abcd-efgh-jkmn"));
  });

  it("seal a TOTP secret the app opens, and open one the app sealed", () => {
    expect(openTotpSecret(keyRingOf(A), frozen.sealTotpSecret(A, TOTP))).toBe(TOTP);
    const ring = keyRingOf(B, A);
    expect(frozen.openTotpSecret([B, A], sealTotpSecret(ring.previous!, TOTP))).toBe(TOTP);
    expect(frozen.isPlainTotpSecret(TOTP)).toBe(true);
    expect(frozen.isPlainTotpSecret(frozen.sealTotpSecret(A, TOTP))).toBe(false);
    expect(() => frozen.openTotpSecret([B], frozen.sealTotpSecret(A, TOTP))).toThrow();
  });
});
