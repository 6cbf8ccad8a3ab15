// POST only: the header's Sign out form. Ends the session row and clears the cookie.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endSession } from "~/accounts/session.server";
import { readForm } from "~/security/csrf.server";

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

// A GET (typed URL, prefetch) must never sign anyone out.
export async function loader() {
  return redirect("/");
}

// A UI route (not a resource route), so a refused post (419) renders the
// session-expired state instead of a bare text response.
export default function SignOut() {
  return null;
}
