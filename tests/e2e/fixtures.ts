// Shared e2e helpers: direct database access to the e2e server's database
// (create users, read the outbox) and a hydration wait for the JS project.
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { createDb } from "../../app/db/connection.server";
import { hashPassword } from "../../app/accounts/password.server";
import { E2E_DATABASE_URL } from "./env";

let dbInstance: ReturnType<typeof createDb> | null = null;
export function e2eDb() {
  dbInstance ??= createDb(E2E_DATABASE_URL);
  return dbInstance;
}

export function uniqueEmail(prefix = "shopper") {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

// scrypt costs about 50 ms of a worker's CPU: one salted hash per password per worker serves
// every account a spec creates (the server still verifies it in full at each sign-in)
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string) {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

export async function createUser(opts: { email?: string; password?: string | null; firstName?: string } = {}) {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password === undefined ? "Correct-Horse-42" : opts.password;
  const now = new Date().toISOString();
  const { id } = await e2eDb()
    .insertInto("users")
    .values({
      email, passwordHash: password ? await passwordHash(password) : null, firstName: opts.firstName ?? "Sam",
      lastName: "Tester", phone: null, sms: null, newsletter: null, gatewayCustomerId: null, orderedAt: null,
      createdAt: now, updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, email, password };
}

/** In the JS project, wait until React has hydrated before using enhancements. */
export function jsEnabled() {
  return base.info().project.use.javaScriptEnabled !== false;
}

export async function ready(page: Page) {
  if (jsEnabled()) await page.locator("html[data-hydrated='true']").waitFor();
  else await page.waitForLoadState("load");
}

type RouterState = { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };

/**
 * With JS, waits until Remix's router has no navigation, revalidation or fetcher in flight: a
 * submission is only done once its revalidation has landed. Surer than "networkidle", which only
 * waits for 500 ms without requests and can pass before a revalidation starts.
 * `fetchers: false` after a submission that left the page: a fetcher.load of the old page that the
 * submission interrupted stays "loading" forever in the router's state (react-router 6.30 with
 * v3_fetcherPersist skips revalidating a cancelled load whose component has unmounted).
 */
export async function settled(page: Page, opts: { fetchers?: boolean } = {}) {
  if (!jsEnabled()) return;
  await page.waitForFunction((withFetchers) => {
    const router = (window as unknown as { __remixRouter?: { state: RouterState } }).__remixRouter;
    if (!router) return false;
    const { navigation, revalidation, fetchers } = router.state;
    const fetchersIdle = !withFetchers || [...fetchers.values()].every((f) => f.state === "idle");
    return navigation.state === "idle" && revalidation === "idle" && fetchersIdle;
  }, opts.fetchers ?? true);
}

export const test = base;
export { expect };

/** Fills and submits the sign-in form on the current page, waiting for the server's answer. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  // wait for the answer, so a repeated try never overtakes the one before
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/sign-in")),
    page.getByRole("button", { name: "Sign in", exact: true }).click(),
  ]);
}

/**
 * Signs `page`'s browser in through the e2e-only session hook (the sign-in form's own session
 * start, without its page): for specs about what comes after signing in. The form has its own specs.
 */
export async function signInByHook(page: Page, email: string) {
  const res = await page.request.post("/test-hooks/session", { form: { email } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the sign-in page (or `path`, e.g. with a destination) and signs in. */
export async function signIn(page: Page, email: string, password: string, path = "/sign-in") {
  await page.goto(path);
  await ready(page);
  await submitSignIn(page, email, password);
}

/** Submits a form and waits for the server's answer (a fetch with JS, the next document without). */
export async function submitAndWait(page: Page, button: Locator) {
  if (jsEnabled()) {
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await button.click();
    await answered;
  } else {
    const loaded = page.waitForEvent("load");
    await button.click();
    await loaded;
  }
}

/** A CSRF token from the form on `path`; the request context keeps its cookie. */
export async function csrfToken(request: APIRequestContext, path = "/sign-in"): Promise<string> {
  const html = await (await request.get(path)).text();
  const token = html.match(/name="csrf" value="([^"]+)"/)?.[1];
  expect(token, `the form on ${path} carries a CSRF token`).toBeTruthy();
  return token!;
}
