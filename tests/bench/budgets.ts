// Issue 48's budgets, checked on the rows of one `npm run bench` run: throughput as a ratio to
// /healthz measured in the same run (so the machine's speed that day cancels out), p99 for the
// signed-in and checkout pages, no errors, and the JavaScript a first visit to a form page loads.

export type BudgetRow = {
  path: string;
  jsKb: number | null;
  rps: number | null;
  p99Ms: number | null;
  errors: number | null;
};

/** Anonymous form pages: at least this share of /healthz's requests/s. */
export const FORM_PAGE_RATIO = 0.6;
/** Signed-in and checkout pages: at least this share, and at most this p99. */
export const CHECKOUT_RATIO = 0.35;
export const CHECKOUT_P99_MS = 150;
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
