import { BadPageError } from "~/content/errors";
import {
  MAX_PAGE,
  PAGE_SIZE,
  lastPage,
  nextPage,
  pageMeta,
  pageRange,
  parsePage,
  parsePageOrFirst,
} from "~/content/pagination";

describe("content pagination", () => {
  it("uses one page size of 9 cards", () => {
    expect(PAGE_SIZE).toBe(9);
  });

  it("parses page numbers strictly for the API", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage("")).toBe(1);
    expect(parsePage("1")).toBe(1);
    expect(parsePage("4")).toBe(4);
    expect(parsePage("007")).toBe(7);
    expect(parsePage(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const bad of [
      "0",
      "-1",
      "1.5",
      "abc",
      "2a",
      " 2",
      "1e3",
      String(MAX_PAGE + 1),
      "9999999",
    ]) {
      expect(() => parsePage(bad), bad).toThrow(BadPageError);
    }
  });

  it("falls back to page 1 for HTML pages", () => {
    expect(parsePageOrFirst("abc")).toBe(1);
    expect(parsePageOrFirst("0")).toBe(1);
    expect(parsePageOrFirst("3")).toBe(3);
  });

  it("computes the last page, never below 1", () => {
    expect(lastPage(0)).toBe(1);
    expect(lastPage(1)).toBe(1);
    expect(lastPage(9)).toBe(1);
    expect(lastPage(10)).toBe(2);
    expect(lastPage(36)).toBe(4);
    expect(lastPage(37)).toBe(5);
    expect(lastPage(5, 2)).toBe(3);
  });

  it("reads one page or pages 1..n", () => {
    expect(pageRange(1, 1)).toEqual({ offset: 0, limit: 9 });
    expect(pageRange(3, 3)).toEqual({ offset: 18, limit: 9 });
    expect(pageRange(1, 3)).toEqual({ offset: 0, limit: 27 });
    expect(pageRange(2, 4, 5)).toEqual({ offset: 5, limit: 15 });
    expect(() => pageRange(0, 1)).toThrow(RangeError);
    expect(() => pageRange(3, 2)).toThrow(RangeError);
  });

  it("builds meta with snake_case fields and knows when load-more stops", () => {
    const meta = pageMeta(2, 24);
    expect(meta).toEqual({ current_page: 2, last_page: 3, per_page: 9, total: 24 });
    expect(nextPage(meta)).toBe(3);
    expect(nextPage(pageMeta(3, 24))).toBeNull();
    expect(nextPage(pageMeta(1, 0))).toBeNull();
  });
});
