// One browser tab per worker, reused from test to test (decision 094). Playwright's own `context`
// and `page` give each test a new browser context: its first page load starts a renderer process
// and fetches, decodes and compiles the styles, fonts and scripts again. Measured here, that was
// 0.63 CPU-s a test with JS (0.33 without) against 0.23 (0.13) for the same test in a tab that
// stays open; the whole suite alone took 8% less CPU. Playwright's `reuseContext` does not save
// it: it clears the HTTP cache and navigates to about:blank (a new renderer process) between tests.
//
// What a test could leave behind is cleared after it, or the tab is not reused:
// - cookies are cleared, and the app's local and session storage (the JS project);
// - the tab first goes to a small plain-text page of the app (robots.txt), so nothing the old
//   document still has in flight (a fetch, a form post) can set a cookie after they are cleared;
// - pages the test opened are closed; routes are removed; the viewport goes back;
// - a test that fails, or that changed what cannot be undone (an init script, an exposed function,
//   emulated media, listeners it left on the page), leaves with its tab: the next test gets a new
//   page; one that changed the context (its clock, permissions, init scripts, routes or listeners)
//   takes the whole context with it;
// - the HTTP cache stays, as in a shopper's browser: the app's pages revalidate (max-age=0 with an
//   ETag, or no-store), so no test sees another's page. A test about a first visit's downloads uses
//   a context of its own (`test.use({ freshContext: true })`, or `browser.newContext()`).
// Playwright's screenshot on failure still works: it takes every open page of the worker.
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  TestInfo,
} from "@playwright/test";

/** A tab and its context, kept by a worker for the tests whose context options are the same. */
type Tab = {
  context: BrowserContext;
  page: Page | null;
  /** set when a test changed the context in a way that cannot be undone */
  contextDirty: boolean;
  /** set when a test changed the page in a way that cannot be undone */
  pageDirty: boolean;
  /** the page's listener counts when it opened, per event (Playwright's own listeners) */
  listeners: Map<string | symbol, number>;
};

/** Page methods whose effect outlives the test and cannot be taken back. */
const PAGE_DIRTYING = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "emulateMedia",
  "setExtraHTTPHeaders",
  "routeFromHAR",
  "routeWebSocket",
] as const;

/** Context methods whose effect outlives the test (cleared cookies and closed pages aside). */
const CONTEXT_DIRTYING = [
  "addInitScript",
  "exposeFunction",
  "exposeBinding",
  "grantPermissions",
  "clearPermissions",
  "setGeolocation",
  "setExtraHTTPHeaders",
  "setHTTPCredentials",
  "setOffline",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "on",
  "once",
  "addListener",
  "prependListener",
] as const;

const CLOCK_METHODS = [
  "install",
  "fastForward",
  "pauseAt",
  "resume",
  "runFor",
  "setFixedTime",
  "setSystemTime",
] as const;

/** Replaces `names` on `target` with wrappers that call `mark` first. */
function markOnCall(target: object, names: readonly string[], mark: () => void) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = (...args: unknown[]) => {
      mark();
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

function listenerCounts(page: Page) {
  const emitter = page as unknown as {
    eventNames(): (string | symbol)[];
    listenerCount(event: string | symbol): number;
  };
  return new Map(emitter.eventNames().map((name) => [name, emitter.listenerCount(name)]));
}

/** Whether a test left listeners on the page (waitForEvent's own are gone once it settles). */
function hasNewListeners(tab: Tab, page: Page) {
  for (const [name, count] of listenerCounts(page)) {
    if (count > (tab.listeners.get(name) ?? 0)) return true;
  }
  return false;
}

async function openTab(browser: Browser, options: BrowserContextOptions): Promise<Tab> {
  const context = await browser.newContext(options);
  const tab: Tab = {
    context,
    page: null,
    contextDirty: false,
    pageDirty: false,
    listeners: new Map(),
  };
  markOnCall(context, CONTEXT_DIRTYING, () => (tab.contextDirty = true));
  markOnCall(context.clock, CLOCK_METHODS, () => (tab.contextDirty = true));
  return tab;
}

async function tabPage(tab: Tab): Promise<Page> {
  if (tab.page && !tab.page.isClosed()) return tab.page;
  const page = await tab.context.newPage();
  tab.page = page;
  tab.pageDirty = false;
  tab.listeners = listenerCounts(page);
  markOnCall(page, PAGE_DIRTYING, () => (tab.pageDirty = true));
  return page;
}

/** A small plain-text page of the app: leaving for it ends the old document, same renderer. */
const RESTING_PATH = "/robots.txt";

/**
 * Readies `tab` for the next test, or says it cannot be: false when it should be closed. Runs after
 * every test that used it.
 */
async function tidy(tab: Tab, options: BrowserContextOptions, testInfo: TestInfo) {
  if (tab.contextDirty || testInfo.status !== testInfo.expectedStatus) return false;
  const page = tab.page;
  for (const other of tab.context.pages()) if (other !== page) await other.close();
  if (page && !page.isClosed()) {
    if (tab.pageDirty || hasNewListeners(tab, page)) {
      await page.close();
    } else {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.goto(RESTING_PATH);
      if (options.javaScriptEnabled !== false) {
        await page.evaluate(() => {
          window.localStorage.clear();
          window.sessionStorage.clear();
        });
      }
      const viewport = options.viewport ?? null;
      const size = page.viewportSize();
      if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) {
        await page.setViewportSize(viewport);
      }
    }
  }
  await tab.context.clearCookies();
  return true;
}

type SharedTabWorkerFixtures = {
  /** the worker's tabs, one for each set of context options its tests asked for */
  _sharedTabs: Map<string, Tab>;
};

type SharedTabFixtures = {
  /** true: this test gets a new context and page, as Playwright gives by default (a cold cache) */
  freshContext: boolean;
  _tab: Tab;
};

/** `context` and `page` from the worker's shared tab, for the suite's base test to extend with. */
export const sharedTabFixtures = {
  _sharedTabs: [
    async ({}, use: (tabs: Map<string, Tab>) => Promise<void>) => {
      const tabs = new Map<string, Tab>();
      await use(tabs);
      for (const tab of tabs.values()) await tab.context.close();
    },
    { scope: "worker" as const },
  ],
  // E2E_FRESH_CONTEXTS=1: every test gets its own context, as with Playwright's own fixtures (to
  // tell whether a failure depends on the shared tab)
  freshContext: [process.env.E2E_FRESH_CONTEXTS === "1", { option: true }],
  _tab: async (
    {
      browser,
      _sharedTabs,
      freshContext,
      // Playwright's own context options for this test (the config's `use` and `test.use`), the
      // ones its `context` fixture would pass to browser.newContext
      _combinedContextOptions,
    }: {
      browser: Browser;
      _sharedTabs: Map<string, Tab>;
      freshContext: boolean;
      _combinedContextOptions: BrowserContextOptions;
    },
    use: (tab: Tab) => Promise<void>,
    testInfo: TestInfo,
  ) => {
    const options = _combinedContextOptions;
    if (freshContext) {
      const tab = await openTab(browser, options);
      await use(tab);
      await tab.context.close();
      return;
    }
    const key = JSON.stringify(options);
    let tab = _sharedTabs.get(key);
    if (!tab) {
      tab = await openTab(browser, options);
      _sharedTabs.set(key, tab);
    }
    await use(tab);
    if (!(await tidy(tab, options, testInfo).catch(() => false))) {
      _sharedTabs.delete(key);
      await tab.context.close().catch(() => undefined);
    }
  },
  context: async ({ _tab }: { _tab: Tab }, use: (context: BrowserContext) => Promise<void>) => {
    await use(_tab.context);
  },
  page: async ({ _tab }: { _tab: Tab }, use: (page: Page) => Promise<void>) => {
    await use(await tabPage(_tab));
  },
};

export type { SharedTabFixtures, SharedTabWorkerFixtures };
