import { createHash, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  test,
  expect,
  ready,
  createUser,
  e2eDb,
  uniqueEmail,
  submitSignIn,
  signIn,
} from "./fixtures";
import { E2E_BASE_URL } from "./env";
import { fillPassword, openDashboard, submit } from "./dashboard-helpers";

const SENT = "If an account exists for that address, we've sent it a link to reset your password.";

async function requestReset(page: Page, email: string) {
  await page.goto("/forgot-password");
  await ready(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
}

/** Follows the newest reset link for `email` from the development mailbox. */
async function openResetLinkFromMailbox(page: Page, email: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await ready(page);
  const message = page.getByRole("article").first();
  await expect(
    message.getByRole("heading", { name: "Reset your Paddock & Tide password" }),
  ).toBeVisible();
  const link = message.getByRole("link", { name: /\/reset-password\?token=/ });
  const href = (await link.getAttribute("href"))!;
  await link.click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await ready(page);
  return href;
}

async function chooseNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill(confirmation);
  await page.getByRole("button", { name: "Change password" }).click();
}

test.describe("forgot and reset password", () => {
  test("forgot-password → mailbox → reset → sign in with the new password", async ({ page }) => {
    const user = await createUser();
    await requestReset(page, user.email);
    await expect(page.getByRole("status")).toContainText(SENT);
    await expect(page.getByRole("link", { name: "Go to sign in now" })).toHaveAttribute(
      "href",
      "/sign-in",
    );
    // after 3 seconds: a timer with JS, a meta refresh without
    await expect(page).toHaveURL(`${E2E_BASE_URL}/sign-in`, { timeout: 8000 });

    const href = await openResetLinkFromMailbox(page, user.email);
    const link = new URL(href);
    expect(link.origin).toBe(E2E_BASE_URL);
    expect(link.searchParams.get("email")).toBe(user.email);
    await expect(
      page.getByRole("heading", { level: 1, name: "Choose a new password" }),
    ).toBeVisible();
    await chooseNewPassword(page, "Fresh-Paddock-2027");
    await expect(page.getByRole("status")).toContainText("Password changed successfully");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/sign-in`, { timeout: 8000 });
    await ready(page);

    await submitSignIn(page, user.email, user.password!);
    await expect(page.getByRole("alert")).toHaveText("Password or username is incorrect");
    await submitSignIn(page, user.email, "Fresh-Paddock-2027");
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
  });

  test("always shows the same message, and e-mails only real accounts", async ({ page }) => {
    const nobody = uniqueEmail("nobody");
    await requestReset(page, nobody);
    await expect(page.getByRole("status")).toContainText(SENT);
    const mails = await e2eDb()
      .selectFrom("emailOutbox")
      .select("id")
      .where("toAddress", "=", nobody)
      .execute();
    expect(mails).toHaveLength(0);
  });

  test("a bad address gets the spec's message and Cancel goes to sign-in", async ({ page }) => {
    await requestReset(page, "olivia@");
    await expect(page.getByText("Email address must be a valid email")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("olivia@");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/sign-in`);
  });

  test("an account without a password can set one through forgot-password", async ({ page }) => {
    const user = await createUser({ password: null });
    await requestReset(page, user.email);
    await expect(page.getByRole("status")).toContainText(SENT);
    await openResetLinkFromMailbox(page, user.email);
    await chooseNewPassword(page, "First-Ever-Password");
    await expect(page.getByRole("status")).toContainText("Password changed successfully");
    await page.getByRole("link", { name: "Go to sign in now" }).click();
    await ready(page);
    await submitSignIn(page, user.email, "First-Ever-Password");
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);
  });

  test("the confirmation must match", async ({ page }) => {
    const user = await createUser();
    await requestReset(page, user.email);
    await expect(page.getByRole("status")).toContainText(SENT);
    await openResetLinkFromMailbox(page, user.email);
    await chooseNewPassword(page, "Matching-Not-1", "Matching-Not-2");
    await expect(page.getByText("Password do not match")).toBeVisible();
    await chooseNewPassword(page, "short", "short");
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  });

  test("a used link fails with 'Password is incorrect'", async ({ page }) => {
    const user = await createUser();
    await requestReset(page, user.email);
    await expect(page.getByRole("status")).toContainText(SENT);
    const href = await openResetLinkFromMailbox(page, user.email);
    await chooseNewPassword(page, "Used-Once-Only-1");
    await expect(page.getByRole("status")).toContainText("Password changed successfully");

    await page.goto(href);
    await ready(page);
    await chooseNewPassword(page, "Used-Twice-Never-2");
    await expect(page.getByRole("alert")).toContainText("Password is incorrect");
    await expect(
      page.getByRole("alert").getByRole("link", { name: "Ask for a new link" }),
    ).toHaveAttribute("href", "/forgot-password");
  });

  test("a link sent before the password was changed in the account area no longer works", async ({
    page,
  }) => {
    const user = await createUser();
    await requestReset(page, user.email);
    await expect(page.getByRole("status")).toContainText(SENT);
    const href = await openResetLinkFromMailbox(page, user.email);

    await openDashboard(
      page,
      { email: user.email, password: user.password! },
      "/dashboard/account",
    );
    const form = page.locator("#account-password");
    await fillPassword(form, user.password!, "Changed-In-Account-7");
    await submit(page, form.getByRole("button", { name: "Change password" }));
    await expect(page.getByRole("status")).toContainText("Your password is changed");

    await page.goto(href);
    await ready(page);
    await chooseNewPassword(page, "Changed-By-Old-Link-8");
    await expect(page.getByRole("alert")).toContainText("Password is incorrect");
    const row = await e2eDb()
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const { verifyPassword } = await import("../../app/accounts/password.server");
    expect(await verifyPassword("Changed-In-Account-7", row.passwordHash)).toBe(true);
  });

  test("an expired or made-up token fails with 'Password is incorrect'", async ({ page }) => {
    const user = await createUser();
    const token = randomBytes(32).toString("base64url");
    const created = new Date(Date.now() - 61 * 60_000);
    await e2eDb()
      .insertInto("passwordResets")
      .values({
        userId: user.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(created.getTime() + 60 * 60_000).toISOString(),
        usedAt: null,
        createdAt: created.toISOString(),
      })
      .execute();
    await page.goto(`/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`);
    await ready(page);
    await chooseNewPassword(page, "Too-Late-For-This");
    await expect(page.getByRole("alert")).toContainText("Password is incorrect");

    await page.goto(`/reset-password?token=made-up-token&email=${encodeURIComponent(user.email)}`);
    await ready(page);
    await chooseNewPassword(page, "Never-Going-To-Work");
    await expect(page.getByRole("alert")).toContainText("Password is incorrect");

    const row = await e2eDb()
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const { verifyPassword } = await import("../../app/accounts/password.server");
    expect(await verifyPassword(user.password!, row.passwordHash)).toBe(true);
  });

  test("a reset signs the account out everywhere else", async ({ page, browser }) => {
    const user = await createUser();
    const other = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    });
    const elsewhere = await other.newPage();
    await signIn(elsewhere, user.email, user.password!);
    await expect(elsewhere).toHaveURL(/\/dashboard\/my-deliveries$/);

    await requestReset(page, user.email);
    await expect(page.getByRole("status")).toContainText(SENT);
    await openResetLinkFromMailbox(page, user.email);
    await chooseNewPassword(page, "New-Start-For-All");
    await expect(page.getByRole("status")).toContainText("Password changed successfully");

    const response = await elsewhere.goto("/dashboard/my-deliveries");
    expect(response!.status()).toBe(401);
    await expect(
      elsewhere.getByRole("heading", { level: 1, name: "Your session has expired" }),
    ).toBeVisible();
    await other.close();
  });

  test("a link without its token explains where to get one", async ({ page }) => {
    await page.goto("/reset-password");
    await ready(page);
    await expect(
      page.getByText("This page needs the link from your password reset e-mail."),
    ).toBeVisible();
    await chooseNewPassword(page, "Whatever-Password-1");
    await expect(page.getByRole("alert")).toContainText("Password is incorrect");
  });
});
