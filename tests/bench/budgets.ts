// Issue 48's budgets, checked on the rows of one `npm run bench` run: throughput as a ratio to
// /healthz measured in the same run (so the machine's speed that day cancels out), p99 for the
// signed-in and checkout pages, no errors, and the JavaScript a first visit to a form page loads.
// The ratios are floors under the weakest page of each group as 10236c8 (the build with the
// framework patches) rendered it; the old speed itself, page by page, is checked side by side
// with that build (sideBySideFloor, side-by-side.ts). Decisions 098 and 103 say why.

export type BudgetRow = {
  path: string;
  jsKb: number | null;
  rps: number | null;
  p99Ms: number | null;
  errors: number | null;
};

/**
 * Anonymous form pages: at least this share of /healthz's requests/s. The issue asked 0.6; 10236c8
 * itself reached 0.28 (your items) to 0.56 (`/get-started`) on a quiet machine.
 */
export const FORM_PAGE_RATIO = 0.25;
/**
 * Signed-in and checkout pages: at least this share, and at most this p99. The issue asked 0.35;
 * 10236c8 reached 0.18 (the change page) to 0.37 (gift checkout).
 */
export const CHECKOUT_RATIO = 0.15;
export const CHECKOUT_P99_MS = 150;
/** Side by side with 10236c8: every page at least this share of its requests/s (the medians of the rounds). */
export const SIDE_BY_SIDE_FLOOR = 0.95;
/**
 * The account pages' share instead (decision 103). Their render and queries cost what 10236c8's did,
 * so the work every request now pays shows whole on them. That work is the framework's own route
 * matches and Request copies, which its patches skipped, plus issue 34's limits and the request log
 * and metrics.
 */
export const ACCOUNT_PAGES_SIDE_BY_SIDE_FLOOR = 0.85;
const ACCOUNT_PAGES = new Set([
  "/dashboard/my-deliveries",
  "/dashboard/account",
  "/dashboard/my-deliveries/change",
]);
/** JavaScript on a form page, as transferred on a first visit. */
export const FORM_PAGE_JS_KB = 120;

const CONTENT_PAGES = new Set([
  "/",
  "/how-it-works",
  "/why-us",
  "/delivery",
  "/blog",
  "/blog-post/how-we-pack-your-box",
  "/recipe-post/scotch-fillet-with-garlic-thyme-butter",
  "/faq",
  "/terms",
  "/healthz",
]);

const bare = (path: string) => path.split("?")[0];

/** A page's side-by-side floor: its least share of the reference build's requests/s. */
export const sideBySideFloor = (page: string) =>
  ACCOUNT_PAGES.has(bare(page)) ? ACCOUNT_PAGES_SIDE_BY_SIDE_FLOOR : SIDE_BY_SIDE_FLOOR;

/** Box checkout, gift checkout, pay-an-order, my-deliveries, the change page and the account page. */
export function isCheckoutOrSignedIn(path: string) {
  const p = bare(path);
  return (
    p === "/get-started/checkout" ||
    p === "/gift-cards/checkout" ||
    p.startsWith("/checkout/") ||
    p === "/dashboard/my-deliveries" ||
    p === "/dashboard/my-deliveries/change" ||
    p === "/dashboard/account"
  );
}

/** Sign-in and the get-started steps before checkout. */
export function isAnonymousFormStep(path: string) {
  const p = bare(path);
  return p === "/sign-in" || (p.startsWith("/get-started") && !isCheckoutOrSignedIn(p));
}

const isFormPage = (path: string) => !CONTENT_PAGES.has(bare(path));

/** Every budget a row misses, in words; empty when all are met. */
export function missedBudgets(rows: BudgetRow[]): string[] {
  const missed: string[] = [];
  const health = rows.find((r) => r.path === "/healthz");
  const healthRps = health?.rps ?? null;
  if (rows.some((r) => r.rps !== null) && !healthRps)
    missed.push("/healthz was not measured: no ratio can be checked");
  for (const r of rows) {
    if (r.errors) missed.push(`${r.path}: ${r.errors} errors under load`);
    if (r.jsKb !== null && isFormPage(r.path) && r.jsKb > FORM_PAGE_JS_KB)
      missed.push(`${r.path}: ${r.jsKb} KB of JavaScript (budget ${FORM_PAGE_JS_KB} KB)`);
    if (r.rps === null || !healthRps) continue;
    const ratio = r.rps / healthRps;
    const floor = isCheckoutOrSignedIn(r.path)
      ? CHECKOUT_RATIO
      : isAnonymousFormStep(r.path)
        ? FORM_PAGE_RATIO
        : null;
    if (floor !== null && ratio < floor)
      missed.push(
        `${r.path}: ${r.rps} req/s is ${ratio.toFixed(2)}× /healthz's ${healthRps} (budget ${floor}×)`,
      );
    if (isCheckoutOrSignedIn(r.path) && r.p99Ms !== null && r.p99Ms > CHECKOUT_P99_MS)
      missed.push(`${r.path}: p99 ${r.p99Ms} ms (budget ${CHECKOUT_P99_MS} ms)`);
  }
  return missed;
}

/** The ratio to /healthz for the table, or null. */
export function healthRatio(rows: BudgetRow[], row: BudgetRow): number | null {
  const health = rows.find((r) => r.path === "/healthz")?.rps;
  return health && row.rps !== null ? Math.round((row.rps / health) * 100) / 100 : null;
}

export type SideBySideRow = { page: string; reference: number; build: number };

/** The pages under their floor × the reference build's requests/s (sideBySideFloor), in words. */
export function missedSideBySide(rows: SideBySideRow[]): string[] {
  return rows
    .filter((r) => r.build < sideBySideFloor(r.page) * r.reference)
    .map(
      (r) =>
        `${r.page}: ${r.build} req/s is ${(r.build / r.reference).toFixed(2)}× the reference's ${r.reference} (budget ${sideBySideFloor(r.page)}×)`,
    );
}
