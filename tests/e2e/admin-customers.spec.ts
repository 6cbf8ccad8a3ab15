// Customer care in the js and nojs projects (issue 36): a member of staff finds a subscriber, skips
// their next delivery on the customer page; the subscriber then sees it skipped on
// /dashboard/my-deliveries, and both activity lists name "Paddock & Tide (<first name>)". A packer
// gets 403. Screenshots of the pages at 390 and 1440 px go to /tmp/shots-care when SHOTS is set.
import fs from "node:fs";
import { expectNoSeriousViolations } from "./a11y";
import { createStaffMember, expect, signInStaff, test } from "./admin-helpers";
import { gotoDashboard, longDate, outbox } from "./dashboard-helpers";
import { createSubscriber, jsEnabled, ready, settled, signInAs } from "./fixtures";

const REF = /CH-[A-Z0-9]{4}-[A-Z0-9]{4}/;

async function shoot(page: import("@playwright/test").Page, name: string) {
  if (!process.env.SHOTS || !jsEnabled()) return;
  fs.mkdirSync("/tmp/shots-care", { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/shots-care/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("customer care", () => {
  test.describe.configure({ timeout: 60_000 });
  test.use({ staffRole: "support" });

  test("staff skip a delivery for a customer; the subscriber sees it skipped, done by Paddock & Tide (first name)", async ({
    page,
    staff,
  }) => {
    const a = await createSubscriber();
    const day = longDate(a.nextDate);
    const actor = `Paddock & Tide (${staff.firstName})`;

    // find the customer by e-mail
    await page.goto(`/admin/customers?q=${encodeURIComponent(a.email)}`);
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: a.email });
    await expect(row).toHaveCount(1);
    await shoot(page, "customers");
    await Promise.all([page.waitForURL(/\/admin\/customers\/\d+$/), row.getByRole("link").click()]);
    await ready(page);

    // skip the next delivery on the customer's page
    await page.getByRole("button", { name: `Skip the delivery on ${day}` }).click();
    const status = page.getByRole("status").filter({ hasText: "Delivery skipped" });
    await expect(status).toContainText(/Delivery skipped\. Reference CH-/);
    await settled(page);
    const ref = (await status.textContent())!.match(REF)![0];
    await expect(page.getByRole("button", { name: `Unskip the delivery on ${day}` })).toBeVisible();
    const activity = page.getByRole("table", { name: /Activity/ });
    await expect(
      activity.getByRole("row").filter({ hasText: `Skipped the delivery on ${day}` }),
    ).toContainText(actor);
    await expectNoSeriousViolations(page);
    await shoot(page, "customer");

    // the same confirmation e-mail the subscriber's own skip sends
    const mail = await outbox(a.email);
    expect(mail.map((m) => m.subject)).toEqual([
      `Delivery skipped: Paddock & Tide reference ${ref}`,
    ]);

    // the subscriber sees it skipped, and who did it
    await signInAs(page, a);
    await gotoDashboard(page);
    await expect(page.getByRole("listitem", { name: `${day}: Skipped` })).toBeVisible();
    const theirs = page.getByRole("region", { name: "Activity" }).getByRole("row").filter({
      hasText: ref,
    });
    await expect(theirs).toContainText(`Skipped the delivery on ${day}`);
    await expect(theirs).toContainText(actor);
  });

  test("failed payments list opens for support", async ({ page, staff }) => {
    expect(staff.role).toBe("support");
    await page.goto("/admin/payments");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Failed payments" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, "payments");
  });

  test("a packer gets 403 on the customer and payment pages", async ({ page }) => {
    const packer = await createStaffMember("packer");
    await page.context().clearCookies();
    await signInStaff(page, packer);
    for (const path of ["/admin/customers", "/admin/payments"]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(403);
    }
  });
});
