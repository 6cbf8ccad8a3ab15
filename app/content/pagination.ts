// Pagination maths shared by the services, the /api routes and the blog pages.
import { BadPageError } from "./errors";

/** Cards per page on the blog, recipe and category listings and in /api/posts and /api/recipes. */
export const PAGE_SIZE = 9;
/** Far beyond any real listing; keeps offsets small and rejects nonsense. */
export const MAX_PAGE = 10_000;

export type PageMeta = { current_page: number; last_page: number; per_page: number; total: number };

/** Strict: for the JSON API. Missing means page 1; anything but a whole number 1..MAX_PAGE throws BadPageError. */
export function parsePage(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || raw === "") return 1;
  if (!/^\d{1,6}$/.test(raw)) throw new BadPageError(raw);
  const page = Number(raw);
  if (page < 1 || page > MAX_PAGE) throw new BadPageError(raw);
  return page;
}

/** Lenient: for HTML pages, where a bad ?page= shows page 1 rather than an error. */
export function parsePageOrFirst(raw: string | null | undefined): number {
  try {
    return parsePage(raw);
  } catch {
    return 1;
  }
}

/** The last page of a listing; an empty listing still has one (empty) page. */
export function lastPage(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Rows to read for pages `from`..`through` (1-based, inclusive). */
export function pageRange(
  from: number,
  through: number,
  size = PAGE_SIZE,
): { offset: number; limit: number } {
  if (from < 1 || through < from) throw new RangeError(`bad page range ${from}..${through}`);
  return { offset: (from - 1) * size, limit: (through - from + 1) * size };
}

export function pageMeta(current: number, total: number, size = PAGE_SIZE): PageMeta {
  return { current_page: current, last_page: lastPage(total, size), per_page: size, total };
}

/** The page after `current`, or null on the last page (the load-more control disappears). */
export function nextPage(meta: Pick<PageMeta, "current_page" | "last_page">): number | null {
  return meta.current_page < meta.last_page ? meta.current_page + 1 : null;
}
