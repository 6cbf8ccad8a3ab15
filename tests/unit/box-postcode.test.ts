import { isTasmanianPostcode, normalisePostcode, POSTCODE_PATTERN } from "~/delivery/postcode";
import { meansContinue } from "~/box/form-input.server";

describe("postcode normalisation", () => {
  it("drops a leading 0 for the look-up, so 800 and 0800 are the same Darwin postcode", () => {
    expect(normalisePostcode("0800")).toEqual({ display: "0800", key: "800", number: 800 });
    expect(normalisePostcode("800")).toEqual({ display: "0800", key: "800", number: 800 });
  });

  it("keeps four-digit postcodes and trims spaces", () => {
    expect(normalisePostcode(" 2000 ")).toEqual({ display: "2000", key: "2000", number: 2000 });
    expect(normalisePostcode("7 000")?.display).toBe("7000");
  });

  it("accepts only 3 or 4 digits", () => {
    for (const bad of ["", "12", "12345", "abcd", "20a0", "-200", null, undefined]) {
      expect(normalisePostcode(bad as string)).toBeNull();
    }
    expect(POSTCODE_PATTERN.test("200")).toBe(true);
    expect(POSTCODE_PATTERN.test("02000")).toBe(false);
  });

  it("treats postcodes starting with 7 as Tasmanian, never the 0-prefixed NT ones", () => {
    expect(isTasmanianPostcode("7000")).toBe(true);
    expect(isTasmanianPostcode("7250")).toBe(true);
    expect(isTasmanianPostcode("0700")).toBe(false);
    expect(isTasmanianPostcode("700")).toBe(false); // printed as 0700
    expect(isTasmanianPostcode("2000")).toBe(false);
    expect(isTasmanianPostcode(null)).toBe(false);
  });
});

describe("meansContinue (Enter without JS submits 'Check postcode')", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };
  const complete = {
    intent: "lookup",
    postcode: "2000",
    deliveryDate: "2026-12-03",
    deliveryWindow: "day",
  };

  it("continues when the checked postcode is unchanged and a date and time are chosen", () => {
    expect(meansContinue(form(complete), "2000")).toBe(true);
    expect(meansContinue(form({ ...complete, postcode: " 2000 " }), "2000")).toBe(true);
    expect(meansContinue(form({ ...complete, postcode: "800" }), "0800")).toBe(true);
  });

  it("looks up a new postcode, and waits for a date and a time", () => {
    expect(meansContinue(form({ ...complete, postcode: "3000" }), "2000")).toBe(false);
    expect(meansContinue(form(complete), null)).toBe(false);
    expect(meansContinue(form({ ...complete, deliveryDate: "" }), "2000")).toBe(false);
    expect(
      meansContinue(
        form({ intent: "lookup", postcode: "2000", deliveryDate: "2026-12-03" }),
        "2000",
      ),
    ).toBe(false);
    expect(meansContinue(form({ ...complete, postcode: "abc" }), "2000")).toBe(false);
  });
});
