// "This browser has signed in to this account before" (OWASP's device cookie,
// docs/decisions/043): a signed cookie with a random id for the browser and the
// accounts that signed in on it with their password. Its holder owes only its
// own failures' delays when it signs in to one of those accounts, not the
// delays other places' failures put on the e-mail, nor the per-address limit it
// may share with strangers. It opens nothing by itself: the password is still
// checked, and without the server's secret the cookie cannot be made or widened.
import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { secureCookies } from "~/env.server";
import { cookieSecrets } from "~/security/keys.server";
import { keyRing } from "~/security/secrets.server";

/** The newest accounts a browser keeps (a shared family computer has a few). */
const MAX_ACCOUNTS = 5;

const knownDeviceCookie = createCookie("__device", {
  path: "/",
  httpOnly: true,
  secure: secureCookies,
  sameSite: "lax",
  secrets: cookieSecrets(keyRing),
  maxAge: 60 * 60 * 24 * 365,
});

export type KnownDevice = { id: string; userIds: number[] };

/** The browser's signed device cookie, or null (none, a bad signature, or a shape we never wrote). */
export async function readKnownDevice(request: Request): Promise<KnownDevice | null> {
  const value: unknown = await knownDeviceCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { id, userIds } = value as Partial<KnownDevice>;
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  if (!Array.isArray(userIds) || !userIds.every((u) => Number.isInteger(u))) return null;
  return { id, userIds: userIds.slice(0, MAX_ACCOUNTS) };
}

/** The Set-Cookie that adds `userId` to this browser's known accounts (after a right password). */
export async function rememberDevice(known: KnownDevice | null, userId: number): Promise<string> {
  const id = known?.id ?? randomBytes(16).toString("base64url");
  const userIds = [userId, ...(known?.userIds ?? []).filter((u) => u !== userId)].slice(
    0,
    MAX_ACCOUNTS,
  );
  return knownDeviceCookie.serialize({ id, userIds });
}
