// The back office's sign-in with a second factor (issue 36), in both projects: e-mail and password,
// then the authenticator code; the enrolment of a first authenticator from the page's key; the lock
// after 5 wrong codes; who gets what on an /admin URL; sign-out.
import { createStaffMember, signInStaff, totpCode } from "./admin-helpers";
import { expectNoSeriousViolations } from "./a11y";
import { createUser, expect, ready, signInAs, submitAndWait, test } from "./fixtures";

async function passwordStep(
  page: import("@playwright/test").Page,
  email: string,
  password: string,
) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await submitAndWait(page, page.getByRole("button", { name: "Continue" }));
}

async function enterCode(page: import("@playwright/test").Page, code: string, button = "Sign in") {
  await page.getByLabel("Authenticator code").fill(code);
  await submitAndWait(page, page.getByRole("button", { name: button, exact: true }));
}

test.describe("back office sign-in", () => {
  test("signs a member of staff in with a password, then a code, and back to the page asked for", async ({
    page,
  }) => {
    const staff = await createStaffMember("owner", { firstName: "Harriet" });
    await page.goto("/admin/audit");
    await expect(page).toHaveURL(/\/admin\/sign-in\?redirectTo=%2Fadmin%2Faudit$/);
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await passwordStep(page, staff.email, staff.password);
    await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await enterCode(page, totpCode(staff.totpSecret!));
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link", { name: "Audit" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("cell", { name: "staff.sign_in" }).first()).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/sign-in\?redirectTo=%2Fadmin$/);
  });

  test("enrols an authenticator at a first sign-in from the key on the page", async ({ page }) => {
    const staff = await createStaffMember("packer", { totpSecret: null });
    await page.goto("/admin/sign-in");
    await ready(page);
    await passwordStep(page, staff.email, staff.password);
    await expect(
      page.getByRole("heading", { level: 1, name: "Set up your authenticator" }),
    ).toBeVisible();
    await expect(
      page.getByRole("img", { name: "QR code of your authenticator key" }),
    ).toBeVisible();
    await expect(page.locator(".staff-enrol__qr svg path")).toHaveCount(1);
    await expectNoSeriousViolations(page);
    const key = (await page.locator(".staff-enrol__secret").innerText()).replace(/\s/g, "");
    await enterCode(page, totpCode(key), "Confirm and sign in");
    // the new enrolment's recovery codes come first (issue 44), then a packer lands on packing day
    await expect(page).toHaveURL(/\/admin\/recovery-codes$/);
    await expect(page.getByRole("list", { name: "Recovery codes" }).locator("li")).toHaveCount(10);
    await page.getByRole("link", { name: "I have saved them: continue" }).click();
    await expect(page).toHaveURL(/\/admin\/deliveries$/);
  });

  test("locks the sign-in after 5 wrong codes, even for the right one", async ({ page }) => {
    const staff = await createStaffMember("support");
    await page.goto("/admin/sign-in");
    await ready(page);
    await passwordStep(page, staff.email, staff.password);
    const right = totpCode(staff.totpSecret!);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 1; i <= 4; i++) {
      await enterCode(page, wrong);
      await expect(page.getByRole("alert")).toContainText(
        `That code is not right. Check your authenticator app and try again. ${5 - i} ${5 - i === 1 ? "try" : "tries"} left`,
      );
    }
    await enterCode(page, wrong);
    await expect(page.getByRole("alert")).toContainText(
      "Too many wrong codes. This sign-in is locked for 15 more minutes.",
    );
    await enterCode(page, right);
    await expect(page.getByRole("alert")).toContainText("Too many wrong codes.");
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
  });

  test(
    "answers a customer with the shop's 404 and a role without the permission with a plain 403",
    { tag: "@reads" },
    async ({ page, browser }) => {
      const customer = await createUser();
      await signInAs(page, customer);
      const answer = await page.goto("/admin/orders");
      expect(answer?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "We couldn't find that page" }),
      ).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);

      const context = await browser.newContext({
        javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
      });
      const packerPage = await context.newPage();
      const packer = await createStaffMember("packer");
      await signInStaff(packerPage, packer);
      const refused = await packerPage.goto(`${new URL(page.url()).origin}/admin/audit`);
      expect(refused?.status()).toBe(403);
      await expect(
        packerPage.getByRole("heading", { level: 1, name: "Not allowed" }),
      ).toBeVisible();
      const nav = packerPage.getByRole("navigation", { name: "Back office" });
      await expect(nav.getByRole("link")).toHaveText(["Overview", "Packing day"]);
      await context.close();
    },
  );
});
