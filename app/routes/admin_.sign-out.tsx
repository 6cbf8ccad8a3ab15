// POST only: the back office's Sign out. Ends the staff session; the shop's session, if any, stays.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endStaffSession } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";

export const handle = { backOffice: "sign-in" };

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  return redirect("/admin/sign-in", { headers: { "Set-Cookie": await endStaffSession(request) } });
}

// A GET (a typed URL, a prefetch) never signs anyone out.
export async function loader() {
  return redirect("/admin");
}

export default function StaffSignOut() {
  return null;
}
