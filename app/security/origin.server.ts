// Where a request comes from: the client's address and whether it is this
// machine. The Express server (app/bin/server.mjs) hands every loader and
// action the socket's peer address as `context.clientAddress`; a forwarded
// address (X-Forwarded-For) is believed only when that peer is a proxy named
// in TRUST_PROXY, because anyone else can write any value there.
//
// TRUST_PROXY uses Express's "trust proxy" syntax, so both layers agree: a
// comma list of addresses, CIDR ranges and the names `loopback`, `linklocal`
// and `uniquelocal`. Unset (the default) trusts no proxy.
import { BlockList, isIP } from "node:net";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** the TCP peer of the request (a proxy's address when one sits in front) */
    clientAddress?: string;
    /** set by the server when a mutating request's Origin names another host */
    crossOrigin?: boolean;
  }
}

type Context = { clientAddress?: string } | undefined;

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

export type TrustedProxies = { matches(address: string): boolean; empty: boolean };

/** Parses a TRUST_PROXY value; throws on anything it does not understand, so a typo stops the server. */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (value ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    for (const range of NAMED_RANGES[entry] ?? [entry]) addRange(list, range, entry);
  }
  return {
    empty: entries.length === 0,
    matches(address) {
      const ip = normaliseIp(address);
      if (!ip || entries.length === 0) return false;
      return list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
    },
  };
}

function addRange(list: BlockList, range: string, entry: string) {
  const [address, prefixText, extra] = range.split("/");
  const ip = normaliseIp(address);
  const family = ip ? (isIP(ip) === 6 ? "ipv6" : "ipv4") : null;
  const maxPrefix = family === "ipv6" ? 128 : 32;
  const prefix =
    prefixText === undefined ? maxPrefix : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!ip || !family || extra !== undefined || !(prefix >= 0 && prefix <= maxPrefix)) {
    throw new Error(
      `Invalid TRUST_PROXY entry "${entry}": use addresses, CIDR ranges, loopback, linklocal or uniquelocal`,
    );
  }
  list.addSubnet(ip, prefix, family);
}

/** "203.0.113.7", "203.0.113.7:51234", "[2001:db8::1]:443" or "::ffff:198.51.100.4" to a bare address; null when not an address. */
export function normaliseIp(raw: string | null | undefined): string | null {
  let value = (raw ?? "").trim().replace(/^"|"$/g, "");
  if (!value) return null;
  const bracketed = value.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.replace(/:\d+$/, "");
  if (value.toLowerCase().startsWith("::ffff:") && isIP(value.slice(7)) === 4)
    value = value.slice(7);
  return isIP(value) ? value.toLowerCase() : null;
}

export const TRUSTED_PROXIES = parseTrustProxy(process.env.TRUST_PROXY);

/**
 * The client's address, or null when the request did not come through our
 * server (no socket address). From a trusted proxy, X-Forwarded-For is read
 * from the right, skipping further trusted proxies, as Express does: the
 * first address no trusted proxy vouches for is the client. An entry that is
 * not an address stops the walk at the proxy that wrote it.
 */
export function clientAddress(
  request: Request,
  context: Context,
  trust: TrustedProxies = TRUSTED_PROXIES,
): string | null {
  const peer = normaliseIp(context?.clientAddress);
  if (!peer) return null;
  if (!trust.matches(peer)) return peer;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .filter((e) => e.trim());
  if (forwarded.length === 0) return normaliseIp(request.headers.get("x-real-ip")) ?? peer;
  let client = peer;
  for (const raw of forwarded.reverse()) {
    const hop = normaliseIp(raw);
    if (!hop) break;
    client = hop;
    if (!trust.matches(hop)) break;
  }
  return client;
}

const LOOPBACK = parseTrustProxy("loopback");

/**
 * True only when the request certainly comes from this machine: the socket
 * peer is loopback and no forwarding header names another address. A local
 * reverse proxy (nginx on the same host) connects from loopback for remote
 * visitors, so any forwarded address that is not loopback makes the client
 * remote, whether or not TRUST_PROXY names that proxy: such a header can
 * only take access away, never grant it.
 */
export function isLoopbackClient(request: Request, context: Context): boolean {
  const peer = normaliseIp(context?.clientAddress);
  if (!peer || !LOOPBACK.matches(peer)) return false;
  return forwardedAddresses(request.headers).every((raw) => LOOPBACK.matches(raw));
}

/** `localhost`, `127.0.0.1` or `[::1]`, with or without a port: the only names this machine answers to. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * True only when the request names this machine in `Host` (and in `X-Forwarded-Host`, if a local
 * proxy passed one). DNS rebinding points a site's own name at 127.0.0.1, so a page of that site
 * reaches a loopback-only page from a loopback socket; its requests still carry the site's name.
 */
export function addressedToLoopback(request: Request): boolean {
  const names = [request.headers.get("host"), request.headers.get("x-forwarded-host")];
  if (names[0] === null) return false;
  return names.every((name) => name === null || LOOPBACK_HOST.test(name.trim()));
}

/** Every address a forwarding header claims (unparsable ones included, so they count as remote). */
function forwardedAddresses(headers: Headers): string[] {
  const out: string[] = [];
  for (const name of [
    "x-forwarded-for",
    "x-real-ip",
    "x-client-ip",
    "true-client-ip",
    "cf-connecting-ip",
  ]) {
    const value = headers.get(name);
    if (value)
      out.push(
        ...value
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean),
      );
  }
  // RFC 7239: Forwarded: for=192.0.2.60;proto=http, for="[2001:db8::1]"
  for (const match of (headers.get("forwarded") ?? "").matchAll(/for=("[^"]*"|[^;,\s]+)/gi))
    out.push(match[1]);
  return out;
}
