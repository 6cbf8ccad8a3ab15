// Signing in with a password, for every form that does it (/sign-in, and the
// gift-card pages' sign-in): the credential check within the sign-in limits,
// a fresh session, and the known-device cookie that exempts this browser from
// other places' slowdowns next time (docs/decisions/043).
import type { AppLoadContext } from "@remix-run/node";
import type { User } from "~/db/schema";
import { getClientIp } from "~/security/rate-limit.server";
import { verifyCredentials } from "./auth.server";
import { readKnownDevice, rememberDevice } from "./known-device.server";
import { startUserSession } from "./session.server";

/** Throws what verifyCredentials throws; on success, the headers that set both cookies. */
export async function signInWithPassword(
  request: Request,
  context: AppLoadContext,
  { email, password }: { email: string; password: string },
): Promise<{ user: User; headers: Headers }> {
  const device = await readKnownDevice(request);
  const user = await verifyCredentials({
    email,
    password,
    ip: getClientIp(request, context),
    device,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", await startUserSession(request, user.id));
  headers.append("Set-Cookie", await rememberDevice(device, user.id));
  return { user, headers };
}
