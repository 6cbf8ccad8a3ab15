// The one e-mail rule of every form and service (issue 34, decision 040). The length is checked
// first, so no value longer than 254 characters (RFC 5321's limit on an address) ever reaches the
// pattern, and the pattern itself runs in linear time. Zod-free: the server's plain checks
// (the no-JS postcode look-up) use it too; EmailSchema (./schemas) wraps it for the forms.

export const EMAIL_MAX_LENGTH = 254;
/** SPEC §8 "Invalid ... email". */
export const EMAIL_MESSAGE = "Email address must be a valid email";
export const EMAIL_TOO_LONG_MESSAGE = `Email address must be at most ${EMAIL_MAX_LENGTH} characters`;

/**
 * The addresses zod 3's `.email()` accepts (so no form accepts or refuses other addresses than
 * before), kept here so its cost is ours to test (tests/unit/regex-linear.test.ts). Linear: it is
 * anchored, each lookahead is tried once at the start, every repeated part ends on a character
 * ('@' or '.') that its own class cannot take, so a failed match never tries another split.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

/** What is wrong with a trimmed e-mail, or null when it is an address we take. */
export function emailProblem(trimmed: string): string | null {
  if (trimmed === "") return EMAIL_MESSAGE;
  if (trimmed.length > EMAIL_MAX_LENGTH) return EMAIL_TOO_LONG_MESSAGE;
  return EMAIL_PATTERN.test(trimmed) ? null : EMAIL_MESSAGE;
}

/** The trimmed, lower-cased address, or null when `value` is not one. */
export function normaliseEmail(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim();
  return emailProblem(trimmed) ? null : trimmed.toLowerCase();
}
