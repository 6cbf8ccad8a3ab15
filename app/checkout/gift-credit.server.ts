// The gift card waiting in the `giftCardActivationCode` cookie (SPEC §4: "a
// gift-card activation code held in a cookie is auto-submitted on checkout").
// A signed-in customer's card is claimed as the checkout page loads, so its
// credit shows in the total; a new customer's is claimed with their order.
// A card that cannot be used (already activated, expired, unknown) is said so
// on the page, by its last four characters, before anything is charged; the
// cookie is cleared with that answer (issue 33 item 9).
import type { AppLoadContext } from "@remix-run/node";
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB, User } from "~/db/schema";
import { activateGiftCard, type ClaimResult } from "~/gift-cards/claim.server";
import { giftCodeHashes } from "~/gift-cards/codes.server";
import { giftCardActivationCode } from "~/gift-cards/cookie.server";
import { formatDay, isWellFormedCode, normaliseCode, sydneyToday } from "~/gift-cards/rules";
import { getClientIp, RateLimitedError } from "~/security/rate-limit.server";
import { formatAud } from "~/utils/money";

export const GIFT_ACTIVATED = "Your card has been successfully activated.";
export const GIFT_WAITING =
  "Your gift card will be added to your account as credit when you place this order.";

export type GiftNotice = { ok: boolean; message: string } | null;

type Failure = Extract<ClaimResult, { ok: false }>;

/** "The gift card waiting for you (…NPQR) couldn't be used: it has already been activated." */
export function giftFailureMessage(
  code: string,
  failure: Pick<Failure, "reason" | "expiresOn">,
): string {
  const n = normaliseCode(code);
  const why =
    failure.reason === "claimed"
      ? "it has already been activated."
      : failure.reason === "expired"
        ? failure.expiresOn
          ? `it expired on ${formatDay(failure.expiresOn)}.`
          : "it has expired."
        : "we couldn't find a gift card with that code.";
  return `The gift card waiting for you (…${n.slice(-4)}) couldn't be used: ${why} Nothing from it is taken off this order.`;
}

/** Why the waiting code cannot become credit now, or null when it can (read only: nothing is claimed). */
export async function waitingGiftCardProblem(
  code: string,
  now = new Date(),
  executor: Kysely<DB> = db,
): Promise<string | null> {
  const n = normaliseCode(code);
  const card = isWellFormedCode(n)
    ? await executor
        .selectFrom("giftCards")
        .select(["claimedAt", "expiresOn"])
        .where("codeHash", "in", giftCodeHashes(n))
        .executeTakeFirst()
    : undefined;
  if (!card) return giftFailureMessage(code, { reason: "not-found" });
  if (card.claimedAt) return giftFailureMessage(code, { reason: "claimed" });
  if (card.expiresOn && card.expiresOn < sydneyToday(now))
    return giftFailureMessage(code, { reason: "expired", expiresOn: card.expiresOn });
  return null;
}

export async function claimWaitingGiftCard(
  request: Request,
  context: AppLoadContext,
  user: User | null,
): Promise<{ notice: GiftNotice; clearCookie: boolean }> {
  const code = giftCardActivationCode(request);
  if (!code) return { notice: null, clearCookie: false };
  if (!user?.passwordHash) {
    const problem = await waitingGiftCardProblem(code);
    return problem
      ? { notice: { ok: false, message: problem }, clearCookie: true }
      : { notice: { ok: true, message: GIFT_WAITING }, clearCookie: false };
  }
  try {
    const result = await activateGiftCard({
      userId: user.id,
      code,
      ip: getClientIp(request, context),
    });
    return {
      notice: result.ok
        ? {
            ok: true,
            message: `${GIFT_ACTIVATED} ${formatAud(result.card.valueCents)} credit was added and is used below.`,
          }
        : { ok: false, message: giftFailureMessage(code, result) },
      clearCookie: true,
    };
  } catch (error) {
    if (error instanceof RateLimitedError)
      return { notice: { ok: false, message: error.message }, clearCookie: false };
    throw error;
  }
}
