// One accessibility check for every e2e spec: axe finds no serious or critical
// violations. axe is a script, which the no-JS project forbids, so there the
// page's server-rendered HTML (scripts removed) is audited in a scripting copy.
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

type AxeWindow = { axe?: typeof axe };
type RouterIdleState = { navigation: { state: string }; revalidation: string };

/**
 * axe's violations on `page`, from axe-core evaluated in the page once per document. AxeBuilder
 * (@axe-core/playwright) evaluated its 550 KB source twice per audit, and configured it once more:
 * 100-250 ms of an audit's 300-650 ms here (decision 094). Our pages have no frames to inject into.
 */
async function violations(page: Page, scope?: string) {
  const loaded = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === "function");
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    ({ scope, disabled }) =>
      (window as AxeWindow).axe!.run(scope ? { include: [scope] } : document, {
        // only violations are read: axe then skips building selectors and HTML for passed nodes
        resultTypes: ["violations"],
        rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
      }),
    { scope, disabled: CANNOT_BE_SERIOUS },
  );
}

async function audit(page: Page, label: string, scope?: string) {
  // a submission still in flight is audited after it lands: a pending button's label is dimmed
  // (data-pending), which is not the contrast the page rests at
  await page.waitForFunction(() => {
    const router = (window as { __remixRouter?: { state: RouterIdleState } }).__remixRouter;
    const idle =
      !router || (router.state.navigation.state === "idle" && router.state.revalidation === "idle");
    return idle && !document.querySelector('[data-pending="true"]');
  });
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
  const results = await violations(page, scope);
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
