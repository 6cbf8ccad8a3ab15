// The gift-card flow's cookies (SPEC §3, §9; 1 day each, written by actions):
//   giftCardAmount             the chosen amount in cents
//   personalizeGiftCardValues  the personalise form's values (base64 JSON)
//   giftCardActivationCode     a code entered while signed out; sign-in reads it
//                              to send the user back to /gift-cards/activate/{code}
//
// Agreed format: the plain code, URL-encoded, e.g.
//   Set-Cookie: giftCardActivationCode=PT-GIFT-7K2M; Path=/; Max-Age=86400; SameSite=Lax; HttpOnly
// For robustness a value written by Remix's createCookie() (base64 of a JSON
// string, unsigned) is read too. Anything that is not a plausible code is ignored,
// so the value can never steer the redirect anywhere but /gift-cards/activate/{code}.
import { createHmac } from "node:crypto";
import { GIFT_CARD } from "~/config";
import { secureCookies } from "~/env.server";
import { currentKey, matchesUnderLiveKey } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";
import { PERSONALISE_FIELDS, type PersonaliseValues } from "./schemas";
import { isValidAmount } from "./rules";

export const GIFT_CARD_ACTIVATION_COOKIE = "giftCardActivationCode";
export const GIFT_CARD_AMOUNT_COOKIE = "giftCardAmount";
export const GIFT_CARD_PERSONALISE_COOKIE = "personalizeGiftCardValues";
/** The reference of the order just placed, so the success page shows it to this browser only. */
export const GIFT_CARD_ORDER_COOKIE = "giftCardOrder";

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/;

/** The value of one cookie by name from a Cookie header, URL-decoded; null when absent. */
export function readRawCookie(
  cookieHeader: string | null | undefined,
  name: string,
): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1);
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

function serialise(name: string, value: string, maxAge = GIFT_CARD.cookieMaxAgeSeconds): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    "SameSite=Lax",
    "HttpOnly",
  ];
  if (secureCookies) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(name: string): string {
  return serialise(name, "", 0);
}

export function activationCodeCookie(code: string): string {
  return serialise(GIFT_CARD_ACTIVATION_COOKIE, code);
}

/** The amount chosen on the give page (cents), or null. */
export function giftCardAmount(request: Request): number | null {
  const raw = readRawCookie(request.headers.get("Cookie"), GIFT_CARD_AMOUNT_COOKIE);
  if (!raw || !/^\d{1,7}$/.test(raw)) return null;
  const cents = Number(raw);
  return isValidAmount(cents) ? cents : null;
}

export function amountCookie(cents: number): string {
  return serialise(GIFT_CARD_AMOUNT_COOKIE, String(Math.round(cents)));
}

/** The personalise form's values as last posted (strings only, known fields only), or null. */
export function personaliseValues(request: Request): PersonaliseValues | null {
  const raw = readRawCookie(request.headers.get("Cookie"), GIFT_CARD_PERSONALISE_COOKIE);
  if (!raw) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!decoded || typeof decoded !== "object") return null;
    const out: PersonaliseValues = {};
    for (const key of PERSONALISE_FIELDS) {
      const v = (decoded as Record<string, unknown>)[key];
      if (typeof v === "string") out[key] = v.slice(0, 400);
    }
    return out;
  } catch {
    return null;
  }
}

export function personaliseCookie(values: PersonaliseValues): string {
  const kept: PersonaliseValues = {};
  for (const key of PERSONALISE_FIELDS)
    if (typeof values[key] === "string") kept[key] = values[key];
  return serialise(
    GIFT_CARD_PERSONALISE_COOKIE,
    Buffer.from(JSON.stringify(kept), "utf8").toString("base64url"),
  );
}

// The order cookie proves "this browser placed the order", so it is signed: a
// plain reference could be typed into a cookie by anyone who knows one.
const orderMacUnder = (key: Buffer, reference: string) =>
  createHmac("sha256", key).update(reference).digest("base64url").slice(0, 32);
const orderMac = (reference: string) => orderMacUnder(currentKey(keyRing, "gift-order"), reference);

export function giftCardOrderReference(request: Request): string | null {
  const raw = readRawCookie(request.headers.get("Cookie"), GIFT_CARD_ORDER_COOKIE);
  const m = raw ? /^([A-Z0-9-]{4,40})\.([A-Za-z0-9_-]{32})$/.exec(raw) : null;
  if (!m) return null;
  return matchesUnderLiveKey(keyRing, "gift-order", m[2], (key) => orderMacUnder(key, m[1]))
    ? m[1]
    : null;
}

export function orderCookie(reference: string): string {
  return serialise(GIFT_CARD_ORDER_COOKIE, `${reference}.${orderMac(reference)}`, 60 * 60);
}
