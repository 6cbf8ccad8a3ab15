// Where a freshly signed-in user goes (SPEC §4 "Sign-in redirect").
import { safeRedirect } from "~/utils/safe-redirect";
import { giftCardActivationCode, giftCardActivationPath } from "~/gift-cards/cookie.server";

export const DEFAULT_AFTER_SIGN_IN = "/dashboard/my-deliveries";

/** Gift-card activation for a waiting code, else a same-site destination, else my-deliveries. */
export function afterSignInPath(request: Request, destination: string | null | undefined): string {
  const code = giftCardActivationCode(request);
  if (code) return giftCardActivationPath(code);
  const target = safeRedirect(destination, DEFAULT_AFTER_SIGN_IN);
  // Coming back to the sign-in page itself would look like a failure.
  if (/^\/sign-(in|out)(\/|\?|#|$)/.test(target)) return DEFAULT_AFTER_SIGN_IN;
  return target;
}
