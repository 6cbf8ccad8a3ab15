// Whether a request may send a body larger than a form (issue 44 item 4, decision 061). The server's
// body reader (app/bin/request-body.mjs) runs in Express before Remix and asks this, through the
// build's entry.server, before it reads more than 64 KB on a back-office path: only a member of
// staff who is signed in gets the larger limit. What "signed in" means (the signed `__staff` cookie,
// a live session with both steps done, a user who is still staff) is decided by getStaff alone, so
// this stays one call whatever changes there.
import { getStaff } from "./staff-session.server";

/**
 * True when `cookieHeader` (the request's Cookie header, as sent) carries a live staff session with
 * both steps done whose user is still staff. No cookie, a bad signature or an ended session: false,
 * without a database query for the first two.
 */
export async function hasStaffSession(
  cookieHeader: string | undefined,
  clientAddress: string | undefined,
  path = "/admin",
): Promise<boolean> {
  if (!cookieHeader) return false;
  const request = new Request(new URL(path, "http://localhost"), {
    headers: { Cookie: cookieHeader },
  });
  return (await getStaff(request, { clientAddress })) !== null;
}
