import { test, expect, ready, createUser, e2eDb, signIn, submitSignIn } from "./fixtures";
import { E2E_BASE_URL } from "./env";

// the idle limit and an expired session row: tests/integration/server-answers.test.ts (decision 076)
test.describe("session expiry", () => {
  test("an ended session shows the session-expired state and sign-in brings the user back", async ({
    page,
  }) => {
    const user = await createUser();
    await signIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);

    await e2eDb().deleteFrom("sessions").where("userId", "=", user.id).execute();
    const response = await page.goto("/dashboard/my-deliveries");
    expect(response!.status()).toBe(401);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your session has expired" }),
    ).toBeVisible();
    const again = page.getByRole("link", { name: "Sign in again" });
    await expect(again).toHaveAttribute(
      "href",
      `/sign-in?destination=${encodeURIComponent("/dashboard/my-deliveries")}`,
    );

    await again.click();
    await expect(page).toHaveURL(/\/sign-in\?destination=/);
    await ready(page);
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/my-deliveries`);
    await expect(page.getByRole("heading", { level: 1, name: "G'day, Sam" })).toBeVisible();
  });

  test("a visitor without a session is sent to sign in and comes back", async ({ page }) => {
    const user = await createUser();
    await page.goto("/dashboard/my-deliveries?newuser=1");
    await expect(page).toHaveURL(
      `${E2E_BASE_URL}/sign-in?destination=${encodeURIComponent("/dashboard/my-deliveries?newuser=1")}`,
    );
    await ready(page);
    await submitSignIn(page, user.email, user.password!);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/my-deliveries?newuser=1`);
  });

  test("a form posted with a bad CSRF token shows the session-expired state (419)", async ({
    page,
  }) => {
    const user = await createUser();
    await page.goto("/sign-in");
    await ready(page);
    await page.route(/\/sign-in/, async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = new URLSearchParams(request.postData() ?? "");
      expect(body.get("csrf")).toBeTruthy();
      body.set("csrf", "tampered-token");
      await route.continue({ postData: body.toString() });
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      (async () => {
        await page.getByLabel("Email address").fill(user.email);
        await page.getByLabel("Password", { exact: true }).fill(user.password!);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
      })(),
    ]);
    expect(response.status()).toBe(419);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your session has expired" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in again" })).toHaveAttribute(
      "href",
      /^\/sign-in\?destination=/,
    );
    expect(
      await e2eDb().selectFrom("sessions").select("id").where("userId", "=", user.id).execute(),
    ).toHaveLength(0);
  });

  test("signing out with a missing CSRF cookie is refused with the session-expired state", async ({
    page,
    context,
  }) => {
    const user = await createUser();
    await signIn(page, user.email, user.password!);
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
    await ready(page);
    await context.clearCookies({ name: "__csrf" });
    await page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByText("My account", { exact: true })
      .click();
    await page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("button", { name: "Sign out" })
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your session has expired" }),
    ).toBeVisible();
    expect(
      await e2eDb().selectFrom("sessions").select("id").where("userId", "=", user.id).execute(),
    ).toHaveLength(1);
  });
});
