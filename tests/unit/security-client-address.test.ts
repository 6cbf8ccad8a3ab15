// The client address behind the per-address rate limits and the loopback-only
// mailbox: X-Forwarded-For counts only when the socket peer is a trusted proxy.
import {
  addressedToLoopback,
  clientAddress,
  isLoopbackClient,
  normaliseIp,
  parseTrustProxy,
} from "~/security/origin.server";

const req = (headers: Record<string, string> = {}) => new Request("http://shop.test/", { headers });

describe("parseTrustProxy", () => {
  it("trusts nothing when unset or blank", () => {
    for (const value of [undefined, "", " , "]) {
      const trust = parseTrustProxy(value);
      expect(trust.empty).toBe(true);
      expect(trust.matches("127.0.0.1")).toBe(false);
    }
  });

  it("reads addresses, CIDR ranges and Express's names, IPv4 and IPv6", () => {
    const trust = parseTrustProxy(" loopback, 10.1.0.0/16 ,192.0.2.7, 2001:db8::/32");
    expect(trust.matches("127.0.0.1")).toBe(true);
    expect(trust.matches("127.8.9.10")).toBe(true);
    expect(trust.matches("::1")).toBe(true);
    expect(trust.matches("::ffff:127.0.0.1")).toBe(true);
    expect(trust.matches("10.1.200.3")).toBe(true);
    expect(trust.matches("10.2.0.1")).toBe(false);
    expect(trust.matches("192.0.2.7")).toBe(true);
    expect(trust.matches("192.0.2.8")).toBe(false);
    expect(trust.matches("2001:db8:ffff::1")).toBe(true);
    expect(trust.matches("2001:db9::1")).toBe(false);
    expect(trust.matches("not-an-ip")).toBe(false);
  });

  it("knows linklocal and uniquelocal", () => {
    const trust = parseTrustProxy("linklocal,uniquelocal");
    for (const ip of [
      "169.254.1.1",
      "fe80::1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "fd00::1",
    ])
      expect(trust.matches(ip)).toBe(true);
    for (const ip of ["172.32.0.1", "127.0.0.1", "203.0.113.7"])
      expect(trust.matches(ip)).toBe(false);
  });

  it("refuses what it does not understand, so a typo stops the server", () => {
    for (const bad of [
      "true",
      "1",
      "10.0.0.0/33",
      "10.0.0.0/255.0.0.0",
      "lopback",
      "10.0.0/8",
      "::1/129",
      "1.2.3.4/8/1",
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/Invalid TRUST_PROXY entry/);
    }
  });
});

describe("normaliseIp", () => {
  it("strips ports, brackets, quotes and the IPv4-mapped prefix", () => {
    expect(normaliseIp("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(normaliseIp("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normaliseIp("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(normaliseIp('"192.0.2.60"')).toBe("192.0.2.60");
    expect(normaliseIp("unknown")).toBeNull();
    expect(normaliseIp(undefined)).toBeNull();
  });
});

describe("clientAddress", () => {
  const none = parseTrustProxy(undefined);
  const lb = parseTrustProxy("10.0.0.0/8");

  it("is the socket peer when no proxy is trusted, whatever the headers say", () => {
    // two different forged values from one untrusted peer are one client
    expect(
      clientAddress(
        req({ "x-forwarded-for": "203.0.113.7" }),
        { clientAddress: "::ffff:198.51.100.20" },
        none,
      ),
    ).toBe("198.51.100.20");
    expect(
      clientAddress(
        req({ "x-forwarded-for": "198.51.100.99", "x-real-ip": "192.0.2.1" }),
        { clientAddress: "198.51.100.20" },
        none,
      ),
    ).toBe("198.51.100.20");
  });

  it("is the socket peer when the peer is not one of the trusted proxies", () => {
    expect(
      clientAddress(
        req({ "x-forwarded-for": "203.0.113.7" }),
        { clientAddress: "198.51.100.20" },
        lb,
      ),
    ).toBe("198.51.100.20");
  });

  it("reads X-Forwarded-For from the right behind trusted proxies", () => {
    const from = (xff: string, peer = "10.0.0.2") =>
      clientAddress(req({ "x-forwarded-for": xff }), { clientAddress: peer }, lb);
    // a client-sent value on the left cannot hide the address the proxy appended
    expect(from("6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(from("203.0.113.7, 10.0.0.1")).toBe("203.0.113.7");
    expect(from("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(from("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(from("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(from("not-an-ip, 198.51.100.9")).toBe("198.51.100.9");
    // garbage appended by the trusted proxy: the proxy is the best we know
    expect(from("198.51.100.9, not-an-ip")).toBe("10.0.0.2");
    // only trusted hops: the leftmost one
    expect(from("10.9.9.9, 10.0.0.1")).toBe("10.9.9.9");
  });

  it("takes X-Real-IP from a trusted proxy that sends no X-Forwarded-For, else the proxy itself", () => {
    expect(
      clientAddress(req({ "x-real-ip": "198.51.100.8" }), { clientAddress: "10.0.0.2" }, lb),
    ).toBe("198.51.100.8");
    expect(clientAddress(req(), { clientAddress: "10.0.0.2" }, lb)).toBe("10.0.0.2");
  });

  it("is unknown (null) without a socket address: the request did not come through our server", () => {
    expect(clientAddress(req({ "x-forwarded-for": "203.0.113.7" }), {}, lb)).toBeNull();
    expect(clientAddress(req(), undefined, lb)).toBeNull();
  });
});

describe("isLoopbackClient", () => {
  it("is true for a loopback socket with no forwarded address", () => {
    expect(isLoopbackClient(req(), { clientAddress: "127.0.0.1" })).toBe(true);
    expect(isLoopbackClient(req(), { clientAddress: "::ffff:127.0.0.1" })).toBe(true);
    expect(isLoopbackClient(req(), { clientAddress: "::1" })).toBe(true);
    expect(
      isLoopbackClient(req({ "x-forwarded-for": "127.0.0.1" }), { clientAddress: "::1" }),
    ).toBe(true);
  });

  it("is false for a remote socket, even when a header claims loopback", () => {
    expect(
      isLoopbackClient(req({ "x-forwarded-for": "127.0.0.1" }), { clientAddress: "203.0.113.7" }),
    ).toBe(false);
    expect(isLoopbackClient(req(), { clientAddress: "10.0.0.2" })).toBe(false);
    expect(isLoopbackClient(req(), {})).toBe(false);
  });

  it("is false when a local proxy forwards a remote visitor, in any forwarding header", () => {
    const local = { clientAddress: "127.0.0.1" };
    expect(isLoopbackClient(req({ "x-forwarded-for": "203.0.113.7" }), local)).toBe(false);
    expect(isLoopbackClient(req({ "x-forwarded-for": "127.0.0.1, 203.0.113.7" }), local)).toBe(
      false,
    );
    expect(isLoopbackClient(req({ "x-real-ip": "203.0.113.7" }), local)).toBe(false);
    expect(isLoopbackClient(req({ forwarded: 'for="[2001:db8::1]:443";proto=https' }), local)).toBe(
      false,
    );
    expect(isLoopbackClient(req({ forwarded: "for=unknown" }), local)).toBe(false);
    expect(isLoopbackClient(req({ "x-forwarded-for": "garbage" }), local)).toBe(false);
  });
});

describe("addressedToLoopback", () => {
  it("accepts localhost, 127.0.0.1 and [::1], with any port", () => {
    for (const host of [
      "localhost",
      "LocalHost:3000",
      "127.0.0.1",
      "127.0.0.1:3226",
      "[::1]",
      "[::1]:8080",
    ]) {
      expect(addressedToLoopback(req({ host })), host).toBe(true);
    }
    expect(
      addressedToLoopback(req({ host: "localhost:3000", "x-forwarded-host": "127.0.0.1:3000" })),
    ).toBe(true);
  });

  it("refuses any other name, as a DNS-rebound page of another site sends", () => {
    for (const host of [
      "attacker.example",
      "attacker.example:3000",
      "localhost.attacker.example",
      "127.0.0.1.nip.io",
      "localhost.",
      "127.0.0.2",
      "0.0.0.0:3000",
      "[::ffff:127.0.0.1]",
      "::1",
      "localhost:abc",
      "",
    ]) {
      expect(addressedToLoopback(req({ host })), host).toBe(false);
    }
    expect(
      addressedToLoopback(req({ host: "localhost", "x-forwarded-host": "shop.example" })),
    ).toBe(false);
    expect(addressedToLoopback(req())).toBe(false);
  });
});
