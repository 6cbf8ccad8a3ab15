// Staff managed by the owner (issue 44), in both projects (JS on and off): the owner invites a
// member from /admin/staff; the member follows the e-mailed set-up link, chooses a password, enrols
// an authenticator from the key on the page, sees 10 recovery codes once, and later signs in with a
// recovery code instead of the authenticator code. The owner then sees 9 left.
import { createStaffMember, signInStaff, totpCode } from "./admin-helpers";
import { expectNoSeriousViolations } from "./a11y";
import { e2eDb, expect, ready, submitAndWait, test, uniqueEmail } from "./fixtures";

test.describe("staff managed by the owner", () => {
  test("invite, set up from the e-mailed link, enrol, recovery codes, sign in with one", async ({
    page,
  }) => {
    // a whole journey of two people through eight pages
    test.slow();
    const owner = await createStaffMember("owner", { firstName: "Harriet" });
    await signInStaff(page, owner);
    await page.goto("/admin/staff");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Staff", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoSeriousViolations(page);

    // the invitation refuses a bad e-mail with a message, then goes out
    const email = uniqueEmail("invited");
    const invite = page.locator("#staff-invite");
    await invite.getByLabel("Name").fill("Percy Packer");
    await invite.getByLabel("E-mail address").fill("not-an-email");
    await invite.getByLabel("Role").selectOption("packer");
    // refused in the browser with JS, by the server without: the same message either way
    await invite.getByRole("button", { name: "Send the invitation" }).click();
    await expect(invite.getByText("valid email", { exact: false })).toBeVisible();
    await invite.getByLabel("E-mail address").fill(email);
    await submitAndWait(page, invite.getByRole("button", { name: "Send the invitation" }));
    await expect(page).toHaveURL(/\/admin\/staff\/\d+\?done=invited/);
    await expect(page.getByRole("status")).toContainText("Invitation sent");
    await expect(page.getByRole("heading", { level: 1, name: "Percy Packer" })).toBeVisible();

    // the e-mail in the outbox carries the set-up link
    const mail = await e2eDb()
      .selectFrom("emailOutbox")
      .select("text")
      .where("toAddress", "=", email)
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+(\/admin\/set-up\/[A-Za-z0-9_-]+)/.exec(mail.text)![1];

    // the member, in a browser of their own
    await page.context().clearCookies();
    await page.goto(link);
    await ready(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "Set up your staff account" }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByLabel("Password", { exact: true }).fill("Packing-Day-42");
    await page.getByLabel("Confirm password").fill("Packing-Day-42");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Set up your authenticator" }),
    ).toBeVisible();
    await ready(page);
    const key = (await page.locator(".staff-enrol__secret").innerText()).replace(/\s/g, "");
    await page.getByLabel("Authenticator code").fill(totpCode(key));
    await page.getByRole("button", { name: "Confirm and sign in" }).click();

    await expect(page).toHaveURL(/\/admin\/recovery-codes$/);
    await expect(
      page.getByRole("heading", { level: 2, name: "Your 10 new recovery codes" }),
    ).toBeVisible();
    const codes = await page
      .getByRole("list", { name: "Recovery codes" })
      .locator("code")
      .allInnerTexts();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[2-9a-z]{4}-[2-9a-z]{4}$/);
    await expectNoSeriousViolations(page);
    // shown once: a reload shows how many are left instead
    await page.reload();
    await expect(
      page.getByRole("heading", { level: 2, name: "10 of 10 codes left" }),
    ).toBeVisible();
    await page.goto("/admin/deliveries");
    await ready(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);

    // a recovery code stands in for the authenticator code
    await ready(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill("Packing-Day-42");
    await submitAndWait(page, page.getByRole("button", { name: "Continue" }));
    await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
    await page.getByLabel("Authenticator code or recovery code").fill(codes[0]);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/deliveries$/);

    // the owner sees 9 left
    await page.context().clearCookies();
    await signInStaff(page, owner);
    await page.goto("/admin/staff");
    await ready(page);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("9 of 10");
    await expect(row).toContainText("Enabled");
  });
});
