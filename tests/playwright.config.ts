import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT } from "./e2e/env";

// Debian's Chromium, never a downloaded browser: its headless shell build when installed (the
// flavour Playwright itself runs headless tests in; about twice as fast here, decision 017), else
// the full browser.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * Specs whose every test opens pages and submits nothing (their forms, if any, are other specs'):
 * the js project runs them, the nojs project need not (decision 076). A new spec runs in both
 * unless listed here or its tests are tagged.
 */
const READ_ONLY_SPECS = [
  "accounts-deliveries.spec.ts", // my deliveries as each kind of account sees it
  "content-across-workers.spec.ts", // a post's new title through every worker
  "content-pages.spec.ts", // the links between content pages
  "renewals-packing-cutoff.spec.ts", // what the terms and pages say of the packing cut-off
];

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  // 3 on a 2-core runner: many specs wait on the clock (the slow gateway's 25 s, sign-in slowdowns),
  // and a third browser fills that time; with the back office's specs the suite ran 12.9 min on 2
  // workers and 10.1 min on 3, 582 passed and none flaky either way
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // one retry: a few whole-flow tests are load-sensitive on a 2-core runner; Playwright still reports them as flaky
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  outputDir: `../test-results/${E2E_PORT}`,
  use: {
    baseURL: E2E_BASE_URL,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions,
    // prefers-reduced-motion: the app's CSS then scrolls instantly, ends transitions at once and
    // stops the spinner and the home page's ticker and carousel, so Chromium draws far fewer frames
    // (its GPU process about half the CPU, the suite 10-16% less, decision 076's last addendum).
    // Motion itself is tested where it is the subject: content-home and content-a11y use "no-preference".
    reducedMotion: "reduce",
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } },
    // JavaScript off runs what submits forms or shows something else without scripts (decision 076).
    // Tests tagged @http use only `request`, no page: the same requests either way, so they run once;
    // tests tagged @scripts are about what the page's scripts do, which without JS never run;
    // tests tagged @once start servers of their own (a production start), or would repeat without JS
    // what another spec's nojs run covers (said at the test): once is enough;
    // tests tagged @reads open pages and submit nothing: the server's HTML is the same either way
    // (an axe audit tagged so audits a page whose markup does not change with JS, decision 076).
    {
      name: "nojs",
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
      grepInvert: /@http|@scripts|@once|@reads/,
      testIgnore: READ_ONLY_SPECS,
    },
  ],
  webServer: {
    command: "node tests/e2e/server.mjs",
    cwd: "..",
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
