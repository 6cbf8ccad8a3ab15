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
