// One accessibility check for every e2e spec: axe finds no serious or critical
// violations. axe is a script, which the no-JS project forbids, so there the
// page's server-rendered HTML (scripts removed) is audited in a scripting copy.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import axe from "axe-core";
import { expect, jsEnabled } from "./fixtures";

/**
 * The rules that cannot report a serious or critical violation: axe gives every result of a rule
 * with an impact of its own that impact (`_finalizeRuleResult`), and these rules' own is minor or
 * moderate. Only serious and critical violations are read, so they are not run: a quarter to a third
 * of an audit's CPU (decision 076). Read from the axe-core the audits inject (the same version).
 */
const CANNOT_BE_SERIOUS = (
  (axe as unknown as { _audit?: { rules: { id: string; impact?: string }[] } })._audit?.rules ?? []
)
  .filter((r) => r.impact === "minor" || r.impact === "moderate")
  .map((r) => r.id);

async function audit(page: Page, label: string, scope?: string) {
  const builder = new AxeBuilder({ page })
    // only violations are read: axe then skips building selectors and HTML for every passed node
    .options({ resultTypes: ["violations"] })
    // axe.run in the page itself: the default mode opens a blank page per audit to merge the
    // frames' results, which doubled an audit's time here; our pages have no cross-origin frames
    .setLegacyMode(true)
    .disableRules(CANNOT_BE_SERIOUS);
  if (scope) builder.include(scope);
  // colours are audited at rest: a button the pointer still hovers after its click was otherwise
  // caught mid-transition (0.15 s) between its two colour pairs, and failed contrast now and then
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

// one scripting page per worker's browser for the no-JS copies, in a scripting context of its own:
// each audit navigates it to the copy (same site, same renderer) instead of opening and closing a page
// (a new renderer process each time, decision 076)
type CopyPage = { page: Page; body: { url: string; html: string } };
const copyPages = new WeakMap<Browser, Promise<CopyPage>>();
function copyPage(browser: Browser) {
  let copy = copyPages.get(browser);
  if (!copy) {
    copy = (async () => {
      const context: BrowserContext = await browser.newContext({ javaScriptEnabled: true });
      const page = await context.newPage();
      const body = { url: "", html: "" };
      // the copy's document: only the URL being audited is answered from memory; its styles and
      // images still come from the server
      await page.route(
        (u) => u.href === body.url,
        (route) =>
          route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: body.html }),
      );
      return { page, body };
    })();
    copyPages.set(browser, copy);
  }
  return copy;
}

/** `scope` limits the audit to a selector (e.g. "main"); the whole page by default. */
export async function expectNoSeriousViolations(page: Page, scope?: string) {
  if (jsEnabled()) return audit(page, page.url(), scope);
  // after a form post the URL changes before the new document has arrived: audit the whole page
  await page.waitForLoadState("load");
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const { page: copy, body } = await copyPage(page.context().browser()!);
  const url = page.url().split("#")[0];
  body.url = url;
  body.html = html;
  // a new document even when the URL is the one audited last (a goto is never same-document here)
  await copy.goto(url);
  expect(await copy.locator("script").count()).toBe(0);
  await audit(copy, url, scope);
}
