// "The charge is the amount the page showed" (decision 036). A payment form posts the total it
// showed (`expectedTotalCents`); before anything is claimed or charged the server compares it with
// the total it would charge now. When they differ nothing is charged: the answer says the new total
// and, where the server can tell, why (another window changed the box, a code no longer applies,
// credit was spent elsewhere, a price changed). Box checkout also posts a description of the quote
// it showed (`shownQuote`): it only names the cause, so it needs no signature; the amount compared
// is the total.
import { formatAud } from "~/utils/money";
import type { Quote } from "./quote.server";

export type TotalChanged = { kind: "total-changed"; totalCents: number; message: string };

/** The posted total in cents, or null when none was posted (or it is not a whole number of cents). */
export function parseExpectedTotal(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw >= 0 ? raw : null;
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** The plain-words answer: what it comes to now, why (when known), that nothing was charged, what to do. */
export function totalChangedMessage(
  what: string,
  totalCents: number,
  cause: string | null,
  again: string,
): string {
  return `${what} changed since this page was shown: it now comes to ${formatAud(totalCents)}${cause ? ` (${cause})` : ""}. Nothing was charged. ${again}`;
}

const BOX_AGAIN = "Check the summary, then place your order again.";

/** Compares the posted total with the server's; null when they agree or nothing was posted. */
export function shownTotalCheck(
  shown: { expectedTotalCents?: number | null; shownQuote?: string | null },
  now: Quote,
): TotalChanged | null {
  const expected = shown.expectedTotalCents ?? null;
  if (expected === null || expected === now.totalCents) return null;
  return {
    kind: "total-changed",
    totalCents: now.totalCents,
    message: totalChangedMessage(
      "Your order",
      now.totalCents,
      quoteChangeCause(shown.shownQuote ?? null, now),
      BOX_AGAIN,
    ),
  };
}

/** The same answer when only the credit moved, found under the claim's lock (credit spent at that moment elsewhere). */
export function creditChangedUnderClaim(totalCents: number, shownTotalCents: number): TotalChanged {
  const cause =
    totalCents > shownTotalCents
      ? "some of your credit was used on another order"
      : "your credit balance changed";
  return {
    kind: "total-changed",
    totalCents,
    message: totalChangedMessage("Your order", totalCents, cause, BOX_AGAIN),
  };
}

// ------------------------------------------------------------ the shown quote

type ShownLine = [type: string, id: number, quantity: number, priceCents: number, name: string];
/** lines, code, discounted, credit, and what was owed before credit */
type ShownQuote = { l: ShownLine[]; c: string | null; d: number; cr: number; due: number };

const owed = (q: Quote) => q.subtotalCents - q.discountedCents;

const paidLines = (q: Quote): ShownLine[] =>
  q.lines
    .filter((l) => !l.free)
    .map((l) => [l.sellableType, l.sellableId, l.quantity, l.priceCents, l.name]);

/** What the page showed, for the form's hidden `shownQuote` field. */
export function describeQuote(q: Quote): string {
  const shown: ShownQuote = {
    l: paidLines(q),
    c: q.discount?.code ?? null,
    d: q.discountedCents,
    cr: q.creditCents,
    due: owed(q),
  };
  return Buffer.from(JSON.stringify(shown), "utf8").toString("base64url");
}

function readShown(raw: string | null): ShownQuote | null {
  if (!raw || raw.length > 8000) return null;
  try {
    const v = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as ShownQuote;
    if (
      !v ||
      !Array.isArray(v.l) ||
      typeof v.d !== "number" ||
      typeof v.cr !== "number" ||
      typeof v.due !== "number"
    )
      return null;
    return v;
  } catch {
    return null;
  }
}

const list = (names: string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** Why the total moved, in words, comparing what the page showed with the quote now; null when it can't tell. */
export function quoteChangeCause(shownRaw: string | null, now: Quote): string | null {
  const before = readShown(shownRaw);
  if (!before) return null;
  const key = (l: ShownLine) => `${l[0]}:${l[1]}`;
  const was = new Map(before.l.map((l) => [key(l), l]));
  const is = new Map(paidLines(now).map((l) => [key(l), l]));
  const causes: string[] = [];
  const boxWas = before.l.find((l) => l[0] === "package");
  const boxIs = paidLines(now).find((l) => l[0] === "package");
  if (boxWas && boxIs && boxWas[1] !== boxIs[1])
    causes.push(`your box was changed to the ${boxIs[4]} in another window`);
  const added = [...is.values()]
    .filter((l) => l[0] === "addon" && l[2] > (was.get(key(l))?.[2] ?? 0))
    .map((l) => l[4]);
  const removed = [...was.values()]
    .filter((l) => l[0] === "addon" && l[2] > (is.get(key(l))?.[2] ?? 0))
    .map((l) => l[4]);
  if (added.length)
    causes.push(`${list(added)} ${added.length > 1 ? "were" : "was"} added in another window`);
  if (removed.length)
    causes.push(
      `${list(removed)} ${removed.length > 1 ? "were" : "was"} removed in another window`,
    );
  const repriced = [...is.values()]
    .filter((l) => {
      const w = was.get(key(l));
      return w && w[3] !== l[3];
    })
    .map((l) => l[4]);
  if (repriced.length) causes.push(`the price of ${list(repriced)} changed`);
  const code = now.discount?.code ?? null;
  if (before.c && before.c !== code) causes.push(`the discount code ${before.c} no longer applies`);
  else if (code && before.c !== code) causes.push(`the discount code ${code} now applies`);
  // Credit applied is min(balance, owed): a balance is known only where it did not cover everything.
  const dueNow = owed(now);
  if (now.creditCents < dueNow && now.creditCents < before.cr)
    causes.push("some of your credit was used on another order");
  else if (before.cr < before.due && now.creditCents > before.cr)
    causes.push("your credit balance went up");
  return causes.length ? causes.join("; ") : null;
}
