// Security headers of every HTML and data response, in and outside production.
import { applySecurityHeaders, createNonce } from "~/security/headers.server";

function directives(headers: Headers): Map<string, string> {
  const csp = headers.get("Content-Security-Policy") ?? "";
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(" ")]),
  );
}

describe("applySecurityHeaders", () => {
  it("sends a nonce CSP that forbids plugins, <base> and framing", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, "abc123", false);
    const csp = directives(headers);
    expect(csp.get("script-src")).toBe("'self' 'nonce-abc123'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("form-action")).toBe("'self'");
    expect(csp.get("default-src")).toBe("'self'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("keeps a route's stricter Referrer-Policy, never a looser one", () => {
    for (const strict of ["no-referrer", "same-origin", "strict-origin"]) {
      const headers = new Headers({ "Referrer-Policy": strict });
      applySecurityHeaders(headers, "n", false);
      expect(headers.get("Referrer-Policy")).toBe(strict);
    }
    for (const loose of ["unsafe-url", "origin", "no-referrer-when-downgrade"]) {
      const headers = new Headers({ "Referrer-Policy": loose });
      applySecurityHeaders(headers, "n", false);
      expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("sends HSTS and no dev-server websocket source only in production", () => {
    const dev = new Headers();
    applySecurityHeaders(dev, "n", false);
    expect(dev.get("Strict-Transport-Security")).toBeNull();
    expect(directives(dev).get("connect-src")).toContain("ws://localhost:*");

    const prod = new Headers();
    applySecurityHeaders(prod, "n", true);
    expect(prod.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(directives(prod).get("connect-src")).toBe("'self'");
  });

  it("allows no inline script without a nonce (data responses)", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, undefined, false);
    expect(directives(headers).get("script-src")).toBe("'self'");
  });
});

describe("createNonce", () => {
  it("gives 16 bytes in base64, a different one each time, across several draws of its pool", () => {
    // the pool holds 256 nonces: 1,000 spans three refills
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // a refill is new bytes, not the old pool again
    const firstOfEachPool = [0, 256, 512, 768].map((i) => nonces[i]);
    expect(new Set(firstOfEachPool).size).toBe(4);
  });
});
