import {
  arrivalNote,
  bonusCents,
  bonusDollars,
  centsToInput,
  checkDeliveryDate,
  CODE_ALPHABET,
  CODE_LENGTH,
  DATE_MESSAGES,
  expiryDay,
  filterAmountInput,
  formatCode,
  isWellFormedCode,
  normaliseCode,
  normaliseCustomCents,
  parseDisplayDate,
  parseDollars,
  presetFor,
  resolveAmount,
  sydneyToday,
  toDisplayDate,
  AMOUNT_MESSAGES,
} from "~/gift-cards/rules";
import { newGiftCardCode } from "~/gift-cards/stored-code.server";

describe("gift amount entry (SPEC §4, §5, §9)", () => {
  it("filters keys to digits and one decimal point with at most two decimals", () => {
    expect(filterAmountInput("75")).toBe("75");
    expect(filterAmountInput("12.345")).toBe("12.34");
    expect(filterAmountInput("1a2.3.4")).toBe("12.34");
    expect(filterAmountInput("$1,000.5")).toBe("1000.5");
    expect(filterAmountInput("..5")).toBe(".5");
    expect(filterAmountInput("-3e2")).toBe("32");
  });

  it("parses dollars to rounded cents", () => {
    expect(parseDollars("75")).toBe(7500);
    expect(parseDollars("75.5")).toBe(7550);
    expect(parseDollars("$1,000.05")).toBe(100005);
    expect(parseDollars("12.345")).toBeNull();
    expect(parseDollars("abc")).toBeNull();
    expect(parseDollars("")).toBeNull();
  });

  it("resets 10 or less to $10", () => {
    expect(normaliseCustomCents(500)).toBe(1000);
    expect(normaliseCustomCents(1000)).toBe(1000);
    expect(normaliseCustomCents(0)).toBe(1000);
    expect(normaliseCustomCents(1001)).toBe(1001);
    expect(resolveAmount("custom", "5")).toEqual({ cents: 1000 });
    expect(resolveAmount("custom", "9.99")).toEqual({ cents: 1000 });
  });

  it("selects a preset equal to a custom amount", () => {
    expect(presetFor(5000)).toBe(5000);
    expect(presetFor(1000)).toBe(1000);
    expect(presetFor(7500)).toBeNull();
    expect(presetFor(normaliseCustomCents(300))).toBe(1000);
  });

  it("resolves presets, custom amounts and their errors", () => {
    expect(resolveAmount("5000", "")).toEqual({ cents: 5000 });
    expect(resolveAmount("20000", "999")).toEqual({ cents: 20000 });
    expect(resolveAmount("4242", "")).toEqual({ error: AMOUNT_MESSAGES.required });
    expect(resolveAmount("custom", "")).toEqual({ error: AMOUNT_MESSAGES.required });
    expect(resolveAmount("custom", "7x")).toEqual({ error: AMOUNT_MESSAGES.invalid });
    expect(resolveAmount("custom", "5000")).toEqual({ error: AMOUNT_MESSAGES.maximum });
    expect(resolveAmount("custom", "75.50")).toEqual({ cents: 7550 });
    expect(centsToInput(7550)).toBe("75.50");
    expect(centsToInput(7500)).toBe("75");
  });
});

describe("bonus (SPEC §9)", () => {
  const settings = { bonusPercent: 10, minimumCents: 10000 };
  it("is shown in dollars as cents / 100 × bonus% / 100", () => {
    expect(bonusDollars(10000, 10)).toBe(10);
    expect(bonusDollars(12550, 10)).toBeCloseTo(12.55);
    expect(bonusDollars(20000, 15)).toBe(30);
  });
  it("applies from the promotion's minimum, rounded to the cent", () => {
    expect(bonusCents(5000, settings)).toBe(0);
    expect(bonusCents(9999, settings)).toBe(0);
    expect(bonusCents(10000, settings)).toBe(1000);
    expect(bonusCents(12345, settings)).toBe(1235);
    expect(bonusCents(20000, null)).toBe(0);
    expect(bonusCents(20000, { bonusPercent: 0, minimumCents: 0 })).toBe(0);
  });
});

describe("codes", () => {
  it("uses an alphabet without look-alikes carrying at least 80 bits", () => {
    for (const ch of "01OI") expect(CODE_ALPHABET).not.toContain(ch);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
    expect(CODE_LENGTH * Math.log2(CODE_ALPHABET.length)).toBeGreaterThanOrEqual(80);
  });
  it("generates well-formed, distinct codes", () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newGiftCardCode()));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(isWellFormedCode(c)).toBe(true);
  });
  it("shows codes in groups of four and accepts any case, spaces or dashes", () => {
    expect(formatCode("ABCDEFGHJKLMNPQR")).toBe("ABCD-EFGH-JKLM-NPQR");
    for (const typed of [
      "abcd-efgh-jklm-npqr",
      " ABCD EFGH JKLM NPQR ",
      "abcdEFGHjklmNPQR",
      "ABCD_EFGH.JKLM-NPQR",
    ]) {
      expect(normaliseCode(typed)).toBe("ABCDEFGHJKLMNPQR");
      expect(isWellFormedCode(normaliseCode(typed))).toBe(true);
    }
    expect(isWellFormedCode(normaliseCode("ABCD-EFGH-JKLM-NPQ0"))).toBe(false);
    expect(isWellFormedCode("ABCD")).toBe(false);
  });
});

describe("delivery date (dd/MM/yyyy, not before today in Sydney)", () => {
  it("knows today in Sydney", () => {
    // 13:30 UTC on 30 Nov is already 1 Dec in Sydney (AEDT, UTC+11)
    expect(sydneyToday(new Date("2026-11-30T13:30:00Z"))).toBe("2026-12-01");
    expect(sydneyToday(new Date("2026-11-30T12:59:00Z"))).toBe("2026-11-30");
  });
  it("parses and formats dd/MM/yyyy", () => {
    expect(parseDisplayDate("01/12/2026")).toBe("2026-12-01");
    expect(parseDisplayDate("1/2/2027")).toBe("2027-02-01");
    expect(parseDisplayDate("31/02/2027")).toBeNull();
    expect(parseDisplayDate("2026-12-01")).toBeNull();
    expect(toDisplayDate("2026-12-01")).toBe("01/12/2026");
  });
  it("gives the spec's messages", () => {
    const today = "2026-12-01";
    expect(checkDeliveryDate("", today)).toEqual({ ok: false, message: DATE_MESSAGES.required });
    expect(checkDeliveryDate("next week", today)).toEqual({
      ok: false,
      message: DATE_MESSAGES.format,
    });
    expect(checkDeliveryDate("30/11/2026", today)).toEqual({
      ok: false,
      message: DATE_MESSAGES.past,
    });
    expect(checkDeliveryDate("01/12/2026", today)).toEqual({ ok: true, day: "2026-12-01" });
    expect(checkDeliveryDate("24/12/2026", today)).toEqual({ ok: true, day: "2026-12-24" });
    expect(checkDeliveryDate("02/12/2027", today)).toEqual({
      ok: false,
      message: DATE_MESSAGES.tooFar,
    });
  });
  it("says when the card arrives", () => {
    expect(arrivalNote("2026-12-01", "2026-12-01")).toMatch(/within 5 minutes/);
    expect(arrivalNote("2026-12-24", "2026-12-01")).toMatch(
      /on 24 December 2026, within 15 minutes of the start of the day/,
    );
  });
});

describe("expiry", () => {
  it("is at least 3 years after purchase", () => {
    expect(expiryDay("2026-12-01")).toBe("2029-12-01");
    expect(expiryDay("2028-02-29")).toBe("2031-03-01");
  });
});

describe("Sydney start of day", () => {
  it("is midnight in Sydney in summer and winter", async () => {
    const { sydneyDayStart } = await import("~/utils/sydney-time.server");
    expect(sydneyDayStart("2026-12-01").toISOString()).toBe("2026-11-30T13:00:00.000Z");
    expect(sydneyDayStart("2026-07-01").toISOString()).toBe("2026-06-30T14:00:00.000Z");
  });
});
