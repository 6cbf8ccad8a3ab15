import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { absolute } from "~/seo/json-ld";

const ORIGINS = ["https://paddockandtide.com.au", "http://127.0.0.1:3900"];

/** An address, or how making it failed: "//" and the like name no host, and both ways throw. */
const outcome = (address: () => string) => {
  try {
    return address();
  } catch (error) {
    return `throws ${(error as Error).name}`;
  }
};

describe("JSON-LD's absolute addresses", () => {
  it("are the origin and the path for the catalogue's own addresses", () => {
    for (const origin of ORIGINS)
      for (const path of [
        "/",
        "/images/logo-mark.svg",
        "/images/uploads/wagyu-rump-320.avif",
        "/get-started/box-size?type=1",
        "/get-started/addons?group=seafood&page=2",
      ])
        expect(absolute(path, origin)).toBe(origin + path);
  });

  it("are what new URL makes of any path, plain or not", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "a",
      "Z9",
      "_",
      "-",
      "~",
      ".",
      "..",
      "/.",
      "/..",
      "?",
      "=",
      "&",
      "#",
      "%",
      "%2e",
      " ",
      "'",
      '"',
      "<",
      "\\",
      "é",
      ":",
      "@",
      "+",
      "!",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.constantFrom(...ORIGINS),
        (pieces, origin) => {
          const path = pieces.join("");
          expect(outcome(() => absolute(path, origin))).toBe(
            outcome(() => new URL(path, origin).href),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
