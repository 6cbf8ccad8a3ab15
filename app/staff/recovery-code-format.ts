// The recovery code's format, without crypto, so the sign-in form's schema can tell it from a TOTP code.
/** 8 digits and letters without 0, 1, i and l (easily misread): 32 letters, 5 bits each. */
export const RECOVERY_ALPHABET = "23456789abcdefghjkmnopqrstuvwxyz";

/** "K7M2 QX4P", "k7m2-qx4p" → "k7m2qx4p"; null when it cannot be a recovery code. */
export function normaliseRecoveryCode(value: string): string | null {
  const code = value.replace(/[\s-]/g, "").toLowerCase();
  if (code.length !== 8) return null;
  for (const c of code) if (!RECOVERY_ALPHABET.includes(c)) return null;
  return code;
}

/** How many codes each enrolment makes. */
export const RECOVERY_CODE_COUNT = 10;
