// Who may read /metrics (decision 067): a scraper holding METRICS_TOKEN as a bearer token, or a
// client on this machine (the socket's loopback address, no forwarding header, a loopback Host).
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * METRICS_TOKEN from the environment: null when unset or empty (loopback only), else the token, at
 * least 16 visible ASCII characters (it travels in a header). Anything else stops the server.
 */
export function metricsToken(value = process.env.METRICS_TOKEN) {
  if (value === undefined || value === "") return null;
  let visible = value.length >= 16;
  for (let i = 0; visible && i < value.length; i++) {
    const c = value.charCodeAt(i);
    visible = c > 0x20 && c < 0x7f;
  }
  if (!visible)
    throw new Error(
      "METRICS_TOKEN must be at least 16 visible ASCII characters (no spaces), e.g. `openssl rand -hex 32`, or unset to serve /metrics to this machine only",
    );
  return value;
}

const digest = (text) => createHash("sha256").update(text).digest();

/** The bearer token of an Authorization header, or null. */
function bearer(authorization) {
  if (typeof authorization !== "string" || authorization.length < 8) return null;
  if (authorization.slice(0, 7).toLowerCase() !== "bearer ") return null;
  return authorization.slice(7).trim();
}

/** 127.0.0.0/8, ::1, or either as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address) {
  if (typeof address !== "string") return false;
  const ip = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : address;
  if (ip === "::1") return true;
  const parts = ip.split(".");
  return (
    parts.length === 4 &&
    parts[0] === "127" &&
    parts.every((p) => p !== "" && p.length <= 3 && Number(p) <= 255 && String(Number(p)) === p)
  );
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
// a local reverse proxy connects from loopback for remote visitors and says so in one of these
const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
];

function hostName(host) {
  if (typeof host !== "string") return "";
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const colon = h.indexOf(":");
  return colon === -1 ? h : h.slice(0, colon);
}

/**
 * Whether a request may read /metrics: its bearer token equals `token` (compared in constant time,
 * as SHA-256 digests of equal length), or it comes from this machine: a loopback socket address
 * (X-Forwarded-For is never believed here, TRUST_PROXY or not), no forwarding header at all (a proxy
 * on this machine passing a visitor on) and a Host naming this machine (a DNS-rebound page of another
 * site reaches a loopback socket under its own name).
 * @param {{ headers: Record<string, string | string[] | undefined>, remoteAddress: string | undefined }} request
 * @param {string | null} token
 */
export function metricsAllowed({ headers, remoteAddress }, token) {
  const offered = bearer(headers.authorization);
  if (token && offered !== null && timingSafeEqual(digest(offered), digest(token))) return true;
  return (
    isLoopbackAddress(remoteAddress) &&
    FORWARDING_HEADERS.every((name) => headers[name] === undefined) &&
    LOOPBACK_HOSTS.has(hostName(headers.host))
  );
}
