// Sign-in reads the gift-card activation code that the gift-card pages keep
// in the `giftCardActivationCode` cookie (1 day), without depending on how
// those pages write it.
//
// Agreed format: the plain code, URL-encoded, e.g.
//   Set-Cookie: giftCardActivationCode=PT-GIFT-7K2M; Path=/; Max-Age=86400; SameSite=Lax; HttpOnly
// For robustness a value written by Remix's createCookie() (base64 of a JSON
// string, unsigned) is read too. Anything that is not a plausible code is ignored,
// so the value can never steer the redirect anywhere but /gift-cards/activate/{code}.
export const GIFT_CARD_ACTIVATION_COOKIE = "giftCardActivationCode";

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/;

/** The value of one cookie by name from a Cookie header, URL-decoded; null when absent. */
export function readRawCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

function fromRemixCookie(value: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    return typeof decoded === "string" ? decoded : null;
  } catch {
    return null;
  }
}

/** The activation code waiting in the cookie, or null. */
export function giftCardActivationCode(request: Request): string | null {
  const raw = readRawCookie(request.headers.get("Cookie"), GIFT_CARD_ACTIVATION_COOKIE);
  if (!raw) return null;
  const candidate = (fromRemixCookie(raw) ?? raw).trim();
  return CODE_PATTERN.test(candidate) ? candidate : null;
}

export function giftCardActivationPath(code: string): string {
  return `/gift-cards/activate/${encodeURIComponent(code)}`;
}
