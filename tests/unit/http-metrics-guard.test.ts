// Who may read /metrics (app/bin/metrics.mjs, decision 067): a bearer METRICS_TOKEN, or this machine
// (a loopback socket, no forwarding header, a loopback Host); X-Forwarded-For never grants it.
import { describe, expect, it } from "vitest";
import { isLoopbackAddress, metricsAllowed, metricsToken } from "../../app/bin/metrics.mjs";

const TOKEN = "s3cret-metrics-token-0123456789";
const ask = (
  remoteAddress: string | undefined,
  headers: Record<string, string | undefined> = { host: "localhost:3000" },
  token: string | null = TOKEN,
) => metricsAllowed({ headers, remoteAddress }, token);

describe("METRICS_TOKEN", () => {
  it("is optional: unset or empty serves /metrics to this machine only", () => {
    expect(metricsToken(undefined)).toBeNull();
    expect(metricsToken("")).toBeNull();
    expect(metricsToken(TOKEN)).toBe(TOKEN);
  });

  it("stops the server when it is short or holds anything but visible ASCII", () => {
    for (const bad of [
      "short",
      "fifteen-chars-x",
      "has a space in it here",
      "tab\tinside-the-token",
      "ünicode-token-ünicode",
    ])
      expect(() => metricsToken(bad), bad).toThrow(
        /METRICS_TOKEN must be at least 16 visible ASCII/,
      );
  });
});

describe("isLoopbackAddress", () => {
  it("knows 127.0.0.0/8 and ::1, also IPv4-mapped", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [
      "192.0.2.2",
      "10.0.0.1",
      "::ffff:10.0.0.1",
      "fd00::2",
      "1127.0.0.1",
      "127.0.0",
      "127.0.0.256",
      "",
      undefined,
    ])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});

describe("metricsAllowed", () => {
  it("lets this machine in without a token", () => {
    expect(ask("127.0.0.1")).toBe(true);
    expect(ask("::1", { host: "[::1]:3000" })).toBe(true);
    expect(ask("::ffff:127.0.0.1", { host: "127.0.0.1:3000" }, null)).toBe(true);
  });

  it("keeps everyone else out without the token", () => {
    expect(ask("192.0.2.2", { host: "shop.example.com.au" })).toBe(false);
    expect(ask("192.0.2.2", { host: "localhost:3000" }, null)).toBe(false);
    expect(ask(undefined, { host: "localhost" })).toBe(false);
  });

  it("never believes X-Forwarded-For, and a forwarded loopback request is a visitor passed on by a proxy", () => {
    // a remote client claiming to be loopback
    expect(ask("192.0.2.2", { host: "localhost", "x-forwarded-for": "127.0.0.1" })).toBe(false);
    // a reverse proxy on this machine passing a visitor on: its socket is loopback
    for (const header of ["x-forwarded-for", "x-real-ip", "forwarded", "cf-connecting-ip"])
      expect(ask("127.0.0.1", { host: "localhost", [header]: "127.0.0.1" }), header).toBe(false);
  });

  it("refuses a loopback socket that names another site (a DNS-rebound page)", () => {
    expect(ask("127.0.0.1", { host: "evil.example:3000" })).toBe(false);
    expect(ask("127.0.0.1", {})).toBe(false);
  });

  it("lets a scraper anywhere in with the token as a bearer token, and only with it", () => {
    const from = (authorization: string, token: string | null = TOKEN) =>
      ask("192.0.2.2", { host: "shop.example.com.au", authorization }, token);
    expect(from(`Bearer ${TOKEN}`)).toBe(true);
    expect(from(`bearer ${TOKEN}`)).toBe(true);
    expect(from(`Bearer ${TOKEN}x`)).toBe(false);
    expect(from(`Bearer ${TOKEN.slice(0, -1)}`)).toBe(false);
    expect(from(`Basic ${TOKEN}`)).toBe(false);
    expect(from(TOKEN)).toBe(false);
    expect(from("Bearer ")).toBe(false);
    // no token configured: no bearer value opens it, not even an empty one
    expect(from("Bearer ", null)).toBe(false);
    expect(from(`Bearer ${TOKEN}`, null)).toBe(false);
  });
});
