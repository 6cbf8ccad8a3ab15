// The box being edited on /dashboard/my-deliveries/change (cuts and add-ons
// not saved yet): a signed cookie of that page, bound to the subscription and
// its owner, so another user's or subscription's value is ignored.
import { createCookie } from "@remix-run/node";
import { secureCookies } from "~/env.server";
import { cookieSecrets } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";
import type { SubscriptionRef, PendingBox, Quantities } from "./next-box.server";

const pendingCookie = createCookie("next-box", {
  // the page and its single-fetch data requests (/dashboard/my-deliveries/change.data)
  path: "/dashboard/my-deliveries",
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  secrets: cookieSecrets(keyRing),
  maxAge: 60 * 60 * 24,
});

/** { s: subscription, u: user, i: cuts, a: add-ons } */
type CookieValue = { s: number; u: number; i: Quantities; a: Quantities };

const clean = (q: unknown): Quantities =>
  Object.fromEntries(
    Object.entries(q && typeof q === "object" ? q : {})
      .map(([k, n]) => [Number(k), Math.trunc(Number(n))] as const)
      .filter(([k, n]) => k > 0 && n > 0 && n < 1000),
  );

export async function readPending(
  request: Request,
  ref: SubscriptionRef,
): Promise<PendingBox | null> {
  const v = (await pendingCookie.parse(request.headers.get("Cookie"))) as CookieValue | null;
  if (!v || typeof v !== "object" || v.s !== ref.id || v.u !== ref.userId) return null;
  return { items: clean(v.i), addons: clean(v.a) };
}

export const writePending = (ref: SubscriptionRef, p: PendingBox) =>
  pendingCookie.serialize({
    s: ref.id,
    u: ref.userId,
    i: p.items,
    a: p.addons,
  } satisfies CookieValue);
export const clearPending = () => pendingCookie.serialize("", { maxAge: 0 });
