// The key every per-address limit counts under. An IPv4 address is one key. An
// IPv6 address counts by its /64: providers give each customer a /64 (or more),
// so anyone with one network could otherwise pick a fresh address for every try.
// An IPv4-mapped IPv6 address (::ffff:a.b.c.d, or its hex form ::ffff:c000:201)
// is the IPv4 address it carries, so one client cannot count twice.
import { isIP } from "node:net";

/** `ip` when it is not an address at all (e.g. "unknown"), so callers need no special case. */
export function addressKey(ip: string): string {
  const value = ip.trim().toLowerCase().replace(/%.*$/, ""); // a zone (fe80::1%eth0) names our interface, not the client
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6) return ip;
  const groups = ipv6Groups(value);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const part = (s: string) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  if (tail === null) return left;
  const right = part(tail);
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}
