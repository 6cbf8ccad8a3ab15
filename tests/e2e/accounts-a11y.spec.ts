import { expectNoSeriousViolations } from "./a11y";
import { test, expect, ready, createUser, signIn } from "./fixtures";

test.describe("account pages are accessible", () => {
  // axe is slow on a busy two-core machine
  test.describe.configure({ timeout: 90_000 });

  test("sign-in, with and without errors", async ({ page }) => {
    await page.goto("/sign-in");
    await ready(page);
    await expectNoSeriousViolations(page, "main");
    await page.getByLabel("Email address").fill("wrong@example.com");
    await page.getByLabel("Password", { exact: true }).fill("not-this-one");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoSeriousViolations(page, "main");
  });

  test("forgot and reset password", async ({ page }) => {
    await page.goto("/forgot-password");
    await ready(page);
    await page.getByLabel("Email address").press("Enter");
    await expect(page.getByText("Email address must be a valid email")).toBeVisible();
    await expectNoSeriousViolations(page, "main");
    await page.goto("/reset-password?token=abc&email=sam%40example.com");
    await ready(page);
    await expectNoSeriousViolations(page, "main");
  });

  test("my deliveries (empty) and the mailbox", async ({ page }) => {
    const user = await createUser();
    await signIn(page, user.email, user.password!);
    await expect(page.getByRole("heading", { name: "You have no deliveries yet" })).toBeVisible();
    await expectNoSeriousViolations(page, "main");
    await page.goto("/dev/mailbox");
    await ready(page);
    await expectNoSeriousViolations(page, "main");
  });
});
