// The one-tap link's page on the app's database (./one-tap.server.ts takes any database, for the
// tests that race it), so the route module touches no database itself (decision 050).
import { db } from "~/db/client.server";
import {
  readOneTap,
  redeemOneTap,
  type OneTapAction,
  type OneTapResult,
  type OneTapView,
} from "./one-tap.server";

/** What the link's page shows at `now`. */
export function oneTapPageView(token: string, now = new Date()): Promise<OneTapView> {
  return readOneTap(db, token, now);
}

/** Skips or keeps the delivery of the link, once (see redeemOneTap). */
export function redeemOneTapLink(
  token: string,
  action: OneTapAction,
  origin: string,
  now = new Date(),
): Promise<OneTapResult> {
  return redeemOneTap(db, token, action, now, origin);
}
