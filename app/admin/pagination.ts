// Every back-office list shows 50 a page (issue 36): ?page=N, counted from 1.
export const PAGE_SIZE = 50;

/** The page asked for in the URL, 1 when missing or not a whole number of at least 1. */
export function pageOf(url: URL): number {
  const raw = url.searchParams.get("page") ?? "";
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

export const offsetOf = (page: number) => (page - 1) * PAGE_SIZE;

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** The same URL at another page, keeping its filters. */
export function pageHref(url: URL | string, page: number): string {
  const u = new URL(url.toString(), "http://admin.invalid");
  if (page <= 1) u.searchParams.delete("page");
  else u.searchParams.set("page", String(page));
  const search = u.searchParams.toString();
  return u.pathname + (search ? `?${search}` : "");
}
