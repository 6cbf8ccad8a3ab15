// Which compressed copy a client takes (app/bin/accept-encoding.mjs): the micro-cache's kept pages
// and the built assets' brotli copies both follow it.
import { describe, expect, it } from "vitest";
import { preferredEncoding } from "../../app/bin/accept-encoding.mjs";

describe("preferredEncoding", () => {
  it("picks what the client accepts, the higher rated, brotli on a tie", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0, br;q=0")).toBeUndefined();
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding("")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
