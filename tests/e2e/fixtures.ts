// Shared e2e helpers: direct database access to the e2e server's database
// (users and subscribers from tests/factories.ts, the outbox), the `account` and
// `subscriber` fixtures that start a test signed in, and a hydration wait for the JS project.
import {
  test as playwrightTest,
  expect,
  type APIRequestContext,
  type Fixtures as PlaywrightFixtures,
  type Locator,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { createDb } from "../../app/db/connection.server";
import * as factories from "../factories";
import { E2E_BASE_URL, E2E_DATABASE_URL } from "./env";
import { E2E_SESSION_SECRET } from "./session-secret.mjs";
import {
  sharedTabFixtures,
  type SharedTabFixtures,
  type SharedTabWorkerFixtures,
} from "./shared-tab";

/** Playwright's test with `context` and `page` from the worker's shared tab (tests/e2e/shared-tab.ts). */
const base = playwrightTest.extend<SharedTabFixtures, SharedTabWorkerFixtures>(
  // its `_tab` reads Playwright's internal `_combinedContextOptions`, which the public types omit
  sharedTabFixtures as unknown as PlaywrightFixtures<
    SharedTabFixtures,
    SharedTabWorkerFixtures,
    PlaywrightTestArgs,
    PlaywrightWorkerArgs
  >,
);

let dbInstance: ReturnType<typeof createDb> | null = null;
export function e2eDb() {
  dbInstance ??= createDb(E2E_DATABASE_URL);
  return dbInstance;
}

export const uniqueEmail = factories.uniqueEmail;

export type E2eUser = { id: number; email: string; password: string | null };

/** An account (Sam Tester) that signs in with "Correct-Horse-42" unless told. */
export async function createUser(
  opts: { email?: string; password?: string | null; firstName?: string } = {},
): Promise<E2eUser> {
  const user = await factories.createUser(e2eDb(), {
    email: opts.email,
    password: opts.password === undefined ? "Correct-Horse-42" : opts.password,
    firstName: opts.firstName ?? "Sam",
  });
  return { id: user.id, email: user.email, password: user.password };
}

export type E2eSubscriberOptions = {
  daysAhead?: number;
  leadDays?: number;
  cards?: number;
  firstName?: string;
  overnight?: boolean;
};

export type E2eSubscriber = {
  id: number;
  email: string;
  password: string;
  subscriptionId: number;
  regionId: number;
  addressId: number;
  nextDate: string;
  cardIds: number[];
  orderReference: string;
};

/**
 * A subscriber (Mia Kelly, password "Correct-Horse-42") with a delivery region of their own, so a
 * test can move its change cut-off (2pm Sydney, `leadDays` before) without touching anyone else's
 * deliveries; the next delivery `daysAhead` days away, `cards` saved cards and a paid order from two
 * weeks ago.
 */
export async function createSubscriber({
  daysAhead = 10,
  leadDays = 2,
  cards = 1,
  firstName = "Mia",
  overnight = false,
}: E2eSubscriberOptions = {}): Promise<E2eSubscriber> {
  const s = await factories.createSubscriber(e2eDb(), {
    user: { firstName, password: "Correct-Horse-42" },
    region: { name: "E2E", leadDays, overnight },
    daysAhead,
    cards,
    orders: [
      {
        status: "paid",
        deliveryDate: factories.addDays(factories.sydneyToday(), -14),
        invoiceCents: 16900,
      },
    ],
  });
  return {
    id: s.userId,
    email: s.email,
    password: s.user.password!,
    subscriptionId: s.subscriptionId,
    regionId: s.regionId,
    addressId: s.addressId!,
    nextDate: s.deliveryDate,
    cardIds: s.cardIds,
    orderReference: s.orders[0].reference,
  };
}

const sessionCookie = createCookie("__session", { secrets: [E2E_SESSION_SECRET] });

/** The `__session` cookie value of a session row, signed as the e2e server signs it. */
export async function sessionCookieValue(sessionId: string): Promise<string> {
  return (await sessionCookie.serialize(sessionId)).split(";")[0].split("=").slice(1).join("=");
}

/** Signs `page`'s browser in as `user`: a session row written for it and its signed cookie, no page or request needed. */
export async function signInAs(page: Page, user: { id: number }) {
  const id = await factories.createSession(e2eDb(), {
    userId: user.id,
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await page.context().addCookies([
    {
      name: "__session",
      value: await sessionCookieValue(id),
      url: E2E_BASE_URL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/** In the JS project, wait until React has hydrated before using enhancements. */
export function jsEnabled() {
  return base.info().project.use.javaScriptEnabled !== false;
}

export async function ready(page: Page) {
  if (jsEnabled()) await page.locator("html[data-hydrated='true']").waitFor();
  else await page.waitForLoadState("load");
}

type RouterState = {
  navigation: { state: string };
  revalidation: string;
  fetchers: Map<string, { state: string }>;
};

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

type Fixtures = {
  /** what the `subscriber` fixture makes: `test.use({ subscriberOptions: { daysAhead: 2, leadDays: 3 } })` */
  subscriberOptions: E2eSubscriberOptions;
  /** a fresh subscriber (createSubscriber), signed in on `page` */
  subscriber: E2eSubscriber;
  /** a fresh account with a password (createUser), signed in on `page` */
  account: E2eUser;
};

export const test = base.extend<Fixtures>({
  subscriberOptions: [{}, { option: true }],
  subscriber: async ({ page, subscriberOptions }, use) => {
    const subscriber = await createSubscriber(subscriberOptions);
    await signInAs(page, subscriber);
    await use(subscriber);
  },
  account: async ({ page }, use) => {
    const account = await createUser();
    await signInAs(page, account);
    await use(account);
  },
});
export { expect };

/** Fills and submits the sign-in form on the current page, waiting for the server's answer. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  // wait for the answer, so a repeated try never overtakes the one before
  await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/sign-in"),
    ),
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
