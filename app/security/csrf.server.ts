// Double-submit CSRF token (remix-utils): a signed cookie set by the root
// loader and a hidden field in every mutating form. A missing or stale token
// answers 419, which the error boundary shows as the session-expired state.
import { createHmac, randomBytes } from "node:crypto";
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

/**
 * remix-utils' token with Node's crypto in place of crypto-js: the same format (random base64url, then
 * its HMAC-SHA256 in base64url) that remix-utils verifies, but a first visit's token costs one
 * randomBytes call instead of eight getRandomValues calls and a JavaScript HMAC.
 */
export class NodeCryptoCSRF extends CSRF {
  readonly #secret: string;

  constructor(options: ConstructorParameters<typeof CSRF>[0] & { secret: string }) {
    super(options);
    this.#secret = options.secret;
  }

  override generate(bytes = 32): string {
    const token = randomBytes(bytes).toString("base64url");
    return `${token}.${createHmac("sha256", this.#secret).update(token).digest("base64url")}`;
  }
}

export const csrf = new NodeCryptoCSRF({ cookie, formDataKey: "csrf", secret: sessionSecret });

/** Validates the token and returns the form data; throws a 419 response otherwise. */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // JSON, plain text or a broken multipart body: not one of our forms
    throw new Response("We couldn't read that form. Please reload the page and try again.", {
      status: 400,
    });
  }
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response("Your session has expired. Please reload the page and try again.", {
        status: 419,
      });
    }
    throw error;
  }
  return formData;
}
