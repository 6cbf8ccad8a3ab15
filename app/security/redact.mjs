// Bearer secrets travel in some of the shop's addresses: one-tap skip links
// (/deliveries/one-tap/{token}), gift-card activation (/gift-cards/activate/{code})
// and password resets (/reset-password?token=…&email=…). Anything that writes an
// address or an error to a log, or keeps a sent e-mail, passes it through here
// first. Plain ESM: the Express server (app/bin/server.mjs) runs without a build.

export const REDACTED = "[redacted]";

// A path segment after one of these is a secret. Matched case-insensitively and
// after percent-decoding, as the router matches them.
const SECRET_PATH = /(\/(?:deliveries\/+one-tap|gift-cards\/+activate)\/+)[^/?#]+/gi;
// in running text a secret ends before the sentence's closing punctuation
const SECRET_PATH_IN_TEXT = /(\/(?:deliveries\/+one-tap|gift-cards\/+activate)\/+)[^\s/?#"'<>]*[^\s/?#"'<>.,;:!)\]]/gi;
// A query parameter whose name says it carries a secret (or who it is for).
const SECRET_PARAM = /token|code|secret|key|pass|otp|sig|auth|email/i;
const SECRET_PARAM_IN_TEXT = /([?&](?:[^=&#\s"'<>]*(?:token|code|secret|key|pass|otp|sig|auth|email)[^=&#\s"'<>]*)=)(?:[^&#\s"'<>]*[^&#\s"'<>.,;:!)\]])?/gi;
// Control characters and spaces stay encoded, so a crafted address cannot forge log lines.
const UNSAFE = /[\u0000-\u0020\u007f]/g;

/** @param {string} s */
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * A request URL (absolute, or a path with its query as Express's `originalUrl`) fit
 * for a log: secret path segments and secret query values replaced by "[redacted]",
 * the #fragment dropped.
 * @param {string} raw
 * @returns {string}
 */
export function redactUrl(raw) {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)(?:\?([^#]*))?/i.exec(String(raw));
  if (!m) return redactText(String(raw));
  const [, origin = "", rawPath = "", rawQuery] = m;
  const decoded = safeDecode(rawPath);
  SECRET_PATH.lastIndex = 0;
  const path = SECRET_PATH.test(decoded)
    ? decoded.replace(SECRET_PATH, `$1${REDACTED}`).replace(UNSAFE, (c) => encodeURIComponent(c))
    : rawPath;
  if (rawQuery === undefined) return origin + path;
  const query = [...new URLSearchParams(rawQuery)]
    .map(([k, v]) => `${encodeURIComponent(k)}=${SECRET_PARAM.test(k) ? REDACTED : encodeURIComponent(v)}`)
    .join("&");
  return `${origin}${path}?${query}`;
}

/**
 * Any text (an error message, a stack, an e-mail body) with the secrets of the
 * addresses in it replaced by "[redacted]".
 * @param {string} text
 * @returns {string}
 */
export function redactText(text) {
  return String(text).replace(SECRET_PATH_IN_TEXT, `$1${REDACTED}`).replace(SECRET_PARAM_IN_TEXT, `$1${REDACTED}`);
}
