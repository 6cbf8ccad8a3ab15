// Double-submit CSRF token (remix-utils): a signed cookie set by the root
// loader and a hidden field in every mutating form. A missing or stale token
// answers 419, which the error boundary shows as the session-expired state.
import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { secureCookies } from "~/env.server";
import { sessionSecret } from "./secrets.server";

const cookie = createCookie("__csrf", {
  path: "/",
  httpOnly: true,
  secure: secureCookies,
  sameSite: "lax",
  secrets: [sessionSecret],
});

export const csrf = new CSRF({ cookie, formDataKey: "csrf", secret: sessionSecret });

/** Validates the token and returns the form data; throws a 419 response otherwise. */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // JSON, plain text or a broken multipart body: not one of our forms
    throw new Response("We couldn't read that form. Please reload the page and try again.", { status: 400 });
  }
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response("Your session has expired. Please reload the page and try again.", { status: 419 });
    }
    throw error;
  }
  return formData;
}
