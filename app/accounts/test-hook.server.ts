// Only for the e2e suite (route test-hooks.session, live only with E2E_TEST_ROUTES=1): signs the
// caller in as the account of the posted e-mail, on a fresh session exactly as the sign-in form
// does after its password check, so the dashboard, pay-an-order and signed-in checkout specs skip
// a sign-in page they do not test. The sign-in form keeps its own specs. Anywhere else: 404.
import { notFound } from "~/jobs/test-hook.server";
import { env } from "~/env.server";
import { findUserByEmail } from "./auth.server";
import { startUserSession } from "./session.server";

export async function signInHook(request: Request) {
  if (!env.E2E_TEST_ROUTES) notFound();
  const form = await request.formData();
  const user = await findUserByEmail(String(form.get("email") ?? ""));
  if (!user) return Response.json({ error: "no account with this e-mail" }, { status: 400 });
  const cookie = await startUserSession(request, user.id);
  return Response.json({ userId: user.id }, { headers: { "Set-Cookie": cookie } });
}
