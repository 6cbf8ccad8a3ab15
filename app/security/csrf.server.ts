// Double-submit CSRF token (remix-utils): a signed cookie set by the root
// loader and a hidden field in every mutating form. A missing or stale token
// answers 419, which the error boundary shows as the session-expired state.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { secureCookies } from "~/env.server";
import { cookieSecrets, liveKeys, rootsOf } from "./keys.server";
import { keyRing } from "./secrets.server";

const cookie = createCookie("__csrf", {
  path: "/",
  httpOnly: true,
  secure: secureCookies,
  sameSite: "lax",
  secrets: cookieSecrets(keyRing),
});

const sign = (secret: string | Buffer, token: string) =>
  createHmac("sha256", secret).update(token).digest("base64url");

/**
 * remix-utils' token with Node's crypto in place of crypto-js: the same format (random base64url, then
 * its HMAC-SHA256 in base64url) that remix-utils verifies, but a first visit's token costs one
 * randomBytes call instead of eight getRandomValues calls and a JavaScript HMAC. The first of
 * `secrets` signs; a token signed with any of them is accepted (the previous secret's key during a
 * rotation, and the raw secrets that signed tokens before decision 060).
 */
export class NodeCryptoCSRF extends CSRF {
  readonly #secrets: (string | Buffer)[];
  readonly #cookie: Cookie;
  readonly #formDataKey: string;

  constructor(
    options: Omit<ConstructorParameters<typeof CSRF>[0], "secret"> & {
      secrets: (string | Buffer)[];
    },
  ) {
    super({ ...options, secret: undefined });
    this.#secrets = options.secrets;
    this.#cookie = options.cookie;
    this.#formDataKey = options.formDataKey ?? "csrf";
  }

  override generate(bytes = 32): string {
    const token = randomBytes(bytes).toString("base64url");
    return `${token}.${sign(this.#secrets[0], token)}`;
  }

  /** Whether `token` is "value.signature" signed with one of the secrets. */
  isSigned(token: string): boolean {
    const [value, signature] = token.split(".");
    if (!value || !signature) return false;
    const given = Buffer.from(signature);
    return this.#secrets.some((secret) => {
      const expected = Buffer.from(sign(secret, value));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  /** remix-utils' checks, in its order and with its errors, with the signature checked as above. */
  override async validate(data: Request | FormData, headers?: Headers): Promise<void> {
    if (data instanceof Request && data.bodyUsed)
      throw new Error("The body of the request was read before calling CSRF#validate.");
    const formData = data instanceof Request ? await data.clone().formData() : data;
    const cookieHeader = (data instanceof Request ? data.headers : headers)?.get("cookie") ?? null;
    const token: unknown = cookieHeader ? await this.#cookie.parse(cookieHeader) : null;
    if (token === null || token === undefined)
      throw new CSRFError("missing_token_in_cookie", "Can't find CSRF token in cookie.");
    if (typeof token !== "string")
      throw new CSRFError("invalid_token_in_cookie", "Invalid CSRF token in cookie.");
    if (!this.isSigned(token))
      throw new CSRFError("tampered_token_in_cookie", "Tampered CSRF token in cookie.");
    if (!formData.get(this.#formDataKey))
      throw new CSRFError("missing_token_in_body", "Can't find CSRF token in body.");
    if (formData.get(this.#formDataKey) !== token)
      throw new CSRFError("mismatched_token", "Can't verify CSRF token authenticity.");
  }
}

export const csrf = new NodeCryptoCSRF({
  cookie,
  formDataKey: "csrf",
  secrets: [
    ...liveKeys(keyRing, "csrf").map((k) => k.key),
    ...rootsOf(keyRing).map((r) => r.secret),
  ],
});

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
