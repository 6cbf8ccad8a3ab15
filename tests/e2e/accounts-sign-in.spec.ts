import { createSession, createSubscription } from "../factories";
import {
  test,
  expect,
  ready,
  createUser,
  e2eDb,
  uniqueEmail,
  jsEnabled,
  sessionCookieValue,
  signIn,
  submitSignIn,
} from "./fixtures";
import { E2E_BASE_URL } from "./env";

const FAILED = "Password or username is incorrect";

/** `count` sign-in failures under `key`, as the server records them (one rate_limit_hits row each), just now. */
async function recordFailures(key: string, count: number): Promise<number[]> {
  const createdAt = new Date().toISOString();
  const rows = await e2eDb()
    .insertInto("rateLimitHits")
    .values(Array.from({ length: count }, () => ({ key, createdAt })))
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

test.describe("sign-in", () => {
  test("goes to my deliveries by default and shows the account in the header", async ({ page }) => {
    const user = await createUser({ firstName: "Priya" });
    await page.goto("/sign-in");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    await expect(page.getByRole("heading", { level: 1, name: "G'day, Priya" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await nav.getByText("My account", { exact: true }).click();
    await expect(nav.getByRole("link", { name: "My deliveries" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  test("goes to a same-site destination", async ({ page }) => {
    const user = await createUser();
    await page.goto(
      `/sign-in?destination=${encodeURIComponent("/dev/mailbox?to=someone@example.com")}`,
    );
    await ready(page);
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dev/mailbox?to=someone@example.com`);
  });

  test("goes to the gift-card activation page when a code waits in the cookie, before any destination", async ({
    page,
    context,
  }) => {
    const user = await createUser();
    await context.addCookies([
      { name: "giftCardActivationCode", value: "GIFT-E2E-7K2M", url: E2E_BASE_URL },
    ]);
    await page.goto(`/sign-in?destination=${encodeURIComponent("/dev/mailbox")}`);
    await ready(page);
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/gift-cards/activate/GIFT-E2E-7K2M`);
  });

  test("a wrong password, an unknown e-mail and an account without a password fail alike and keep the e-mail", async ({
    page,
  }) => {
    const user = await createUser();
    const noPassword = await createUser({ password: null });
    await page.goto("/sign-in");
    await ready(page);
    for (const [email, password] of [
      [user.email, "not-the-password"],
      [uniqueEmail("nobody"), "whatever-it-is"],
      [noPassword.email, "anything-goes"],
    ] as const) {
      await submitSignIn(page, email, password);
      await expect(page.getByRole("alert")).toHaveText(FAILED);
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(page.getByLabel("Email address")).toHaveValue(email);
    }
  });

  test("shows field errors for empty and malformed input", async ({ page }) => {
    await page.goto("/sign-in");
    await ready(page);
    await page.getByLabel("Email address").fill("not-an-email");
    // Enter submits without a blur first (on blur the e-mail error would appear and move the button)
    await page.getByLabel("Email address").press("Enter");
    await expect(page.getByText("Email address must be a valid email")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  });

  test("the submit button shows a pending state (with JS) and is a plain form post (without)", async ({
    page,
  }) => {
    const user = await createUser();
    await page.goto("/sign-in");
    await ready(page);
    const form = page.locator("form#sign-in");
    await expect(form).toHaveAttribute("method", "post");
    const button = form.getByRole("button", { name: /^Sign in/ });
    await expect(button).toHaveAttribute("type", "submit");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/sign-in/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByLabel("Email address").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password!);
    if (jsEnabled()) {
      await button.click();
      await expect(button).toHaveAttribute("data-pending", "true");
      await expect(button).toHaveAccessibleName("Sign in (working…)");
      release();
    } else {
      release();
      await button.click();
    }
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
  });

  test("links to forgot-password and get-started", async ({ page }) => {
    await page.goto("/sign-in");
    await ready(page);
    await expect(page.getByRole("main").getByRole("link", { name: "Get started" })).toHaveAttribute(
      "href",
      "/get-started",
    );
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  for (const payload of [
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
  ]) {
    test(`destination ${payload} never leaves the site`, async ({ page }) => {
      const user = await createUser();
      await page.goto(`/sign-in?destination=${encodeURIComponent(payload)}`);
      await ready(page);
      await submitSignIn(page, user.email, user.password!);
      await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/my-deliveries`);
    });
  }

  test("an already signed-in visitor is sent on from the sign-in page", async ({ page }) => {
    const user = await createUser();
    await page.goto("/sign-in");
    await ready(page);
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    await page.goto(`/sign-in?destination=${encodeURIComponent("//evil.example")}`);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/my-deliveries`);
  });

  test("after wrong passwords the next try waits a few seconds, said on the page, then the right password signs in", async ({
    page,
  }) => {
    const user = await createUser();
    await page.goto("/sign-in");
    await ready(page);
    // eight failures from this browser's address (127.0.0.1) just now: the next try owes 16 s (less what a loaded machine takes)
    const rows = await recordFailures(`sign-in:email-ip:${user.email}|127.0.0.1`, 8);
    await submitSignIn(page, user.email, user.password!);
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many attempts\. Please wait ([5-9]|1[0-6]) seconds and try again\.$/,
    );
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByLabel("Email address")).toHaveValue(user.email);
    // a minute later (the longest any try waits) the right password works
    await e2eDb()
      .updateTable("rateLimitHits")
      .set({ createdAt: new Date(Date.now() - 61_000).toISOString() })
      .where("id", "in", rows)
      .execute();
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
  });

  test("a browser that signed in to the account before is not slowed by failures elsewhere", async ({
    page,
    browser,
  }) => {
    const user = await createUser();
    await signIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    await page.context().clearCookies({ name: "__session" });
    // an attack on the account: failures from everywhere, this address included
    await recordFailures(`sign-in:email:${user.email}`, 40);
    await recordFailures(`sign-in:email-ip:${user.email}|127.0.0.1`, 20);
    await signIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    // another browser at the same address waits (a minute at most: "1 minute" when the test runs fast)
    const other = await browser.newContext({ javaScriptEnabled: jsEnabled() });
    const elsewhere = await other.newPage();
    await signIn(elsewhere, user.email, user.password!);
    await expect(elsewhere.getByRole("alert")).toHaveText(
      /^Too many attempts\. Please wait ([1-5]?[0-9] seconds?|1 minute) and try again\.$/,
    );
    await other.close();
  });

  test("rotates the session id and keeps the visitor's draft box", async ({ page, context }) => {
    const user = await createUser();
    const db = e2eDb();
    const subscriptionId = await createSubscription(db, {
      status: "draft",
      email: user.email,
      postcode: "2000",
    });
    const visitorId = await createSession(db, { subscriptionId });
    const value = await sessionCookieValue(visitorId);
    await context.addCookies([{ name: "__session", value, url: E2E_BASE_URL }]);

    await page.goto("/sign-in");
    await ready(page);
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);

    expect(
      await db.selectFrom("sessions").select("id").where("id", "=", visitorId).executeTakeFirst(),
    ).toBeUndefined();
    const sessions = await db
      .selectFrom("sessions")
      .select(["id", "subscriptionId"])
      .where("userId", "=", user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].id).not.toBe(visitorId);
    expect(sessions[0].subscriptionId).toBe(subscriptionId);
    const after = (await context.cookies(E2E_BASE_URL)).find((c) => c.name === "__session");
    expect(after?.value).not.toBe(value);
    expect(after?.httpOnly).toBe(true);
    expect(after?.sameSite).toBe("Lax");
  });
});

test.describe("sign-out", () => {
  test("the header's Sign out ends the session and goes home", async ({ page }) => {
    const user = await createUser();
    await page.goto("/sign-in");
    await ready(page);
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    await ready(page);
    expect(
      await e2eDb().selectFrom("sessions").select("id").where("userId", "=", user.id).execute(),
    ).toHaveLength(1);

    await page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByText("My account", { exact: true })
      .click();
    await page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("button", { name: "Sign out" })
      .click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    await expect(
      page
        .getByRole("navigation", { name: "Main", exact: true })
        .getByRole("link", { name: "Sign in" }),
    ).toBeVisible();
    expect(
      await e2eDb().selectFrom("sessions").select("id").where("userId", "=", user.id).execute(),
    ).toHaveLength(0);

    await page.goto("/dashboard/my-deliveries");
    await expect(page).toHaveURL(
      `${E2E_BASE_URL}/sign-in?destination=${encodeURIComponent("/dashboard/my-deliveries")}`,
    );
  });

  test("a GET to /sign-out signs nobody out", async ({ page }) => {
    const user = await createUser();
    await page.goto("/sign-in");
    await ready(page);
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    await page.goto("/sign-out");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    expect(
      await e2eDb().selectFrom("sessions").select("id").where("userId", "=", user.id).execute(),
    ).toHaveLength(1);
  });
});
