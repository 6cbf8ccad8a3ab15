// The gift card waiting in the `giftCardActivationCode` cookie (SPEC §4: "a
// gift-card activation code held in a cookie is auto-submitted on checkout").
// A signed-in customer's card is claimed as the checkout page loads, so its
// credit shows in the total; a new customer's is claimed with their order.
import type { AppLoadContext } from "@remix-run/node";
import type { User } from "~/db/schema";
import { activateGiftCard } from "~/gift-cards/claim.server";
import { giftCardActivationCode } from "~/gift-cards/cookie.server";
import { getClientIp, RateLimitedError } from "~/security/rate-limit.server";
import { formatAud } from "~/utils/money";

export const GIFT_ACTIVATED = "Your card has been successfully activated.";
export const GIFT_FAILED = "Sorry, this gift card does not exist or has already been claimed.";

export type GiftNotice = { ok: boolean; message: string } | null;

export async function claimWaitingGiftCard(request: Request, context: AppLoadContext, user: User | null): Promise<{ notice: GiftNotice; clearCookie: boolean }> {
  const code = giftCardActivationCode(request);
  if (!code) return { notice: null, clearCookie: false };
  if (!user?.passwordHash) {
    return { notice: { ok: true, message: "Your gift card will be added to your account as credit when you place this order." }, clearCookie: false };
  }
  try {
    const result = await activateGiftCard({ userId: user.id, code, ip: getClientIp(request, context) });
    return {
      notice: result.ok
        ? { ok: true, message: `${GIFT_ACTIVATED} ${formatAud(result.card.valueCents)} credit was added and is used below.` }
        : { ok: false, message: GIFT_FAILED },
      clearCookie: true,
    };
  } catch (error) {
    if (error instanceof RateLimitedError) return { notice: { ok: false, message: error.message }, clearCookie: false };
    throw error;
  }
}
