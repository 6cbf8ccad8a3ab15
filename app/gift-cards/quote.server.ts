// The gift-card checkout's signed quote (decision 036). The page signs what it shows, the amount,
// the bonus card and who the cards are for, and posts it with the payment. At submit:
// - the flow's cookies (another window may have changed the amount or the people since) must still
//   say the same, or nothing is charged and the page shows the gift as it is now, saying why;
// - the purchase uses the quote: the bonus is the one shown, even when the promotion has ended since.
// The signature keeps a crafted post from promising itself a bonus it was never shown.
import { createHmac } from "node:crypto";
import { currentKey, matchesUnderLiveKey } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";
import { formatAud } from "~/utils/money";
import { requireAmount, requirePersonalisation, type AmountState } from "./pages.server";
import type { PersonaliseInput } from "./schemas";

export type GiftQuote = { amountCents: number; bonusCents: number; personalise: PersonaliseInput };

/** A page left open longer than the flow's cookies (1 day) is shown again before it is charged. */
const QUOTE_LIFE_MS = 24 * 60 * 60 * 1000;

const macUnder = (key: Buffer, body: string) =>
  createHmac("sha256", key).update(body).digest("base64url");
const mac = (body: string) => macUnder(currentKey(keyRing, "gift-quote"), body);

export function signGiftQuote(q: GiftQuote, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...q, at: now }), "utf8").toString("base64url");
  return `${body}.${mac(body)}`;
}

type Read = { quote: GiftQuote; at: number } | null;

function readGiftQuote(token: unknown): Read {
  if (typeof token !== "string" || token.length > 6000) return null;
  const [body, given] = token.split(".");
  if (!body || !given) return null;
  // a page opened before a key rotation is still read (the previous key)
  if (!matchesUnderLiveKey(keyRing, "gift-quote", given, (key) => macUnder(key, body))) return null;
  try {
    const v = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as GiftQuote & {
      at: number;
    };
    return {
      quote: { amountCents: v.amountCents, bonusCents: v.bonusCents, personalise: v.personalise },
      at: v.at,
    };
  } catch {
    return null;
  }
}

export type GiftQuoteCheck = { ok: true; quote: GiftQuote } | { ok: false; message: string };

const again = "Nothing was charged. Check the summary, then press Pay again.";

/** What the gift looks like now, in a few words: "a $200 gift card for Sam (sam@example.com)". */
const describe = (amountCents: number, p: PersonaliseInput) =>
  `a ${formatAud(amountCents)} gift card for ${p.receiver.firstName} (${p.receiver.email})`;

/**
 * The quote the page posted, checked against the flow's cookies now (a missing amount or
 * personalisation redirects, as the page does). Only an `ok` quote may be charged.
 */
export async function checkGiftQuote(
  request: Request,
  token: unknown,
  now = Date.now(),
): Promise<GiftQuoteCheck> {
  const read = readGiftQuote(token);
  const state: AmountState = await requireAmount(request);
  const shown = read?.quote;
  // The personalisation is read as the page read it: with the bonus it showed (a bonus receiver stays valid).
  const promised =
    shown && shown.amountCents === state.amountCents
      ? { ...state, bonusCents: shown.bonusCents }
      : state;
  const { input } = await requirePersonalisation(request, promised);
  const current = describe(state.amountCents, input);
  if (!read || !shown)
    return {
      ok: false,
      message: `This page is out of date: your gift is now ${current}. ${again}`,
    };
  if (now - read.at > QUOTE_LIFE_MS)
    return {
      ok: false,
      message: `This page was open for more than a day: your gift is now ${current}. ${again}`,
    };
  if (shown.amountCents !== state.amountCents) {
    return {
      ok: false,
      message: `Your gift changed since this page was shown: it now comes to ${formatAud(state.amountCents)} (the amount was changed in another window). ${again}`,
    };
  }
  if (JSON.stringify(shown.personalise) !== JSON.stringify(input)) {
    return {
      ok: false,
      message: `Your gift changed since this page was shown: it is now ${current} (the details were changed in another window). ${again}`,
    };
  }
  return { ok: true, quote: shown };
}
