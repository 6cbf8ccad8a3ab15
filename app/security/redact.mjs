// Bearer secrets travel in some of the shop's addresses: one-tap skip links
// (/deliveries/one-tap/{token}), gift-card activation (/gift-cards/activate/{code}), staff set-up
// links (/admin/set-up/{token}, issue 44)
// and password resets (/reset-password?token=…&email=…). Anything that writes an
// address or an error to a log, or keeps a sent e-mail, passes it through here
// first. Logs also keep no e-mail address and nothing a member of staff searched
// for (issue 45, decision 066): redactUrl and redactLogText.
// Plain ESM: the Express server (app/bin/server.mjs) runs without a build.

export const REDACTED = "[redacted]";

// A path segment after one of these is a secret. Matched case-insensitively and
// after percent-decoding, as the router matches them.
const SECRET_PATH = /(\/(?:deliveries\/+one-tap|gift-cards\/+activate|admin\/+set-up)\/+)[^/?#]+/gi;
// in running text a secret ends before the sentence's closing punctuation
const SECRET_PATH_IN_TEXT =
  /(\/(?:deliveries\/+one-tap|gift-cards\/+activate|admin\/+set-up)\/+)[^\s/?#"'<>]*[^\s/?#"'<>.,;:!)\]]/gi;
// A query parameter whose name says it carries a secret (or who it is for).
const SECRET_PARAM = /token|code|secret|key|pass|otp|sig|auth|email/i;
// A parameter's name in running text. Its value is found by a plain scan (paramValueEnd): one
// pattern for name, keyword and value walked the rest of the text again from every "?" and "&"
// (seconds for 100 KB, issue 34). A name stops at "?" so that each start covers its own stretch.
const PARAM_NAME_IN_TEXT = /[?&]([^=&#?\s"'<>]*)=/g;
const VALUE_STOP = new Set(["&", "#", " ", "\t", "\n", "\r", "\f", "\v", '"', "'", "<", ">"]);
const SENTENCE_END = ".,;:!)]";
// The staff pages' searches (/admin/orders?q=jane@example.com, a customer's name or phone) are
// personal data: under /admin a query value is logged only for these names, which carry none.
const STAFF_PATH = /^\/+admin(?:[/.]|$)/i;
const STAFF_PARAMS_KEPT = new Set([
  "page",
  "date",
  "from",
  "to",
  "status",
  "type",
  "done",
  "saved",
  "action",
  "entity",
  "staff",
  "region",
  "category",
  "index",
  "_data",
  "_routes",
]);
// Control characters and spaces stay encoded, so a crafted address cannot forge log lines.
// eslint-disable-next-line no-control-regex -- control characters are what it encodes
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
  const secretPath = SECRET_PATH.test(decoded);
  const path =
    secretPath || decoded.includes("@")
      ? redactEmails(secretPath ? decoded.replace(SECRET_PATH, `$1${REDACTED}`) : decoded).replace(
          UNSAFE,
          (c) => encodeURIComponent(c),
        )
      : rawPath;
  if (rawQuery === undefined) return origin + path;
  const staff = STAFF_PATH.test(decoded);
  const query = [...new URLSearchParams(rawQuery)]
    .map(([k, v]) => {
      const hidden =
        SECRET_PARAM.test(k) ||
        (staff && !STAFF_PARAMS_KEPT.has(k)) ||
        (v.includes("@") && redactEmails(v) !== v);
      return `${encodeURIComponent(k)}=${hidden ? REDACTED : encodeURIComponent(v)}`;
    })
    .join("&");
  return `${origin}${path}?${query}`;
}

/** @param {number} c a character code */
const isLetterOrDigit = (c) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
// the characters of an address's local part as people type them: . _ % + -
/** @param {number} c */
const isLocalChar = (c) =>
  isLetterOrDigit(c) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;
// a domain: letters, digits, dots and hyphens
/** @param {number} c */
const isDomainChar = (c) => isLetterOrDigit(c) || c === 46 || c === 45;

/**
 * `text` with every e-mail address replaced by "[redacted]". A scan out from each "@" (local part
 * to the left, a dotted domain to the right, less a sentence's closing dots), never a pattern:
 * neither scan crosses an "@", so each character is read at most twice whatever the text.
 * @param {string} text
 * @returns {string}
 */
export function redactEmails(text) {
  const s = String(text);
  let at = s.indexOf("@");
  if (at === -1) return s;
  let out = "";
  let copied = 0;
  while (at !== -1) {
    let start = at;
    while (start > copied && isLocalChar(s.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < s.length && isDomainChar(s.charCodeAt(end))) end++;
    while (end > at + 1 && s.charCodeAt(end - 1) === 46) end--;
    // a dot inside the domain, not its first character (looked for within the domain only)
    let dotted = false;
    for (let i = at + 2; i < end - 1 && !dotted; i++) dotted = s.charCodeAt(i) === 46;
    if (start < at && dotted) {
      out += s.slice(copied, start) + REDACTED;
      copied = end;
    }
    at = s.indexOf("@", at + 1);
  }
  return out + s.slice(copied);
}

/**
 * What a log keeps of any text (an error's message or stack): redactText's secrets, and no e-mail
 * address. The outbox's copy of a mail (redactMailText) keeps its addresses.
 * @param {string} text
 * @returns {string}
 */
export function redactLogText(text) {
  return redactEmails(redactText(text));
}

/**
 * Where the value starting at `from` ends: at a delimiter or whitespace, less the sentence's
 * closing punctuation.
 * @param {string} text
 * @param {number} from
 */
function paramValueEnd(text, from) {
  let end = from;
  while (end < text.length && !VALUE_STOP.has(text[end]) && !/\s/.test(text[end])) end++;
  while (end > from && SENTENCE_END.includes(text[end - 1])) end--;
  return end;
}

/**
 * `text` with the value of every query parameter whose name says it is secret replaced.
 * @param {string} text
 */
function redactParams(text) {
  let out = "";
  let copied = 0;
  PARAM_NAME_IN_TEXT.lastIndex = 0;
  for (let m = PARAM_NAME_IN_TEXT.exec(text); m; m = PARAM_NAME_IN_TEXT.exec(text)) {
    if (!SECRET_PARAM.test(m[1])) continue;
    const valueStart = m.index + m[0].length;
    const valueEnd = paramValueEnd(text, valueStart);
    out += text.slice(copied, valueStart) + REDACTED;
    copied = valueEnd;
    PARAM_NAME_IN_TEXT.lastIndex = valueEnd;
  }
  return out + text.slice(copied);
}

/**
 * Any text (an error message, a stack, an e-mail body) with the secrets of the
 * addresses in it replaced by "[redacted]".
 * @param {string} text
 * @returns {string}
 */
export function redactText(text) {
  return redactParams(String(text).replace(SECRET_PATH_IN_TEXT, `$1${REDACTED}`));
}
