// Customer care in the js and nojs projects (issue 36): a member of staff finds a subscriber, skips
// their next delivery on the customer page; the subscriber then sees it skipped on
// /dashboard/my-deliveries, and both activity lists name "Paddock & Tide (<first name>)". (A packer's
// 403: tests/integration/server-answers.test.ts.) Screenshots of the pages at 390 and 1440 px go to /tmp/shots-care when SHOTS is set.
import { expectNoSeriousViolations } from "./a11y";
import { shoot } from "./care-shots";
import { expect, test } from "./admin-helpers";
import { gotoDashboard, longDate, outbox } from "./dashboard-helpers";
import { createSubscriber, jsEnabled, ready, settled, signInAs } from "./fixtures";

const REF = /CH-[A-Z0-9]{4}-[A-Z0-9]{4}/;

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
    // the redirect's #status: without JS the browser lands there, with JS focus goes there
    await expect(status).toBeInViewport();
    if (jsEnabled()) await expect(status).toBeFocused();
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

  test("removing more credit than the customer has is refused on the page, keeping what was typed", async ({
    page,
    staff,
  }) => {
    expect(staff.role).toBe("support");
    const a = await createSubscriber();
    await page.goto(`/admin/customers/${a.id}`);
    await ready(page);
    const credit = page.getByRole("region", { name: "Credit" });
    await credit.getByLabel("Remove credit").check();
    await credit.getByLabel("Amount (AUD)").fill("5");
    await credit.getByLabel("Reason").fill("Double refund");
    await credit.getByRole("button", { name: "Save the credit change" }).click();
    await expect(credit.getByRole("alert")).toHaveText(
      "The customer has $0 of credit: you can remove at most that.",
    );
    await expect(credit.getByLabel("Amount (AUD)")).toHaveValue("5");
    await expect(credit.getByLabel("Reason")).toHaveValue("Double refund");
    await expect(credit.getByLabel("Remove credit")).toBeChecked();
    await expect(credit.getByRole("table", { name: /Credit ledger/ })).toHaveCount(0);
  });

  test("support adding more than $200 of credit is told to ask the owner, and nothing changes", async ({
    page,
    staff,
  }) => {
    expect(staff.role).toBe("support");
    const a = await createSubscriber();
    await page.goto(`/admin/customers/${a.id}`);
    await ready(page);
    const credit = page.getByRole("region", { name: "Credit" });
    await credit.getByLabel("Amount (AUD)").fill("250");
    await credit.getByLabel("Reason").fill("Box lost in transit");
    await credit.getByRole("button", { name: "Save the credit change" }).click();
    // issue 46 item 6: $200 a press (and $500 a day) for support, on every route that moves money
    await expect(credit.getByRole("alert")).toHaveText(
      "Support may move up to $200 at a time (a refund, credit added or a gift card refunded). Nothing was changed: ask the owner to do this.",
    );
    await expect(credit.getByLabel("Amount (AUD)")).toHaveValue("250");
    await expect(credit.getByText("Balance:")).toHaveText("Balance: $0");
    await expect(credit.getByRole("table", { name: /Credit ledger/ })).toHaveCount(0);
    // within the limit it is added, once
    await credit.getByLabel("Amount (AUD)").fill("200");
    await credit.getByRole("button", { name: "Save the credit change" }).click();
    await settled(page);
    await expect(page.getByRole("region", { name: "Credit" }).getByText("Balance:")).toHaveText(
      "Balance: $200",
    );
  });

  test("pause and resume for a customer, then cancel with their reason", async ({
    page,
    staff,
  }) => {
    const a = await createSubscriber();
    const actor = `Paddock & Tide (${staff.firstName})`;
    await page.goto(`/admin/customers/${a.id}`);
    await ready(page);
    const sub = page.getByRole("article", { name: "Custom box (small)" });
    await sub.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByRole("status")).toContainText("Deliveries paused. Reference CH-");
    await settled(page);
    await expect(sub.getByText("Paused until")).toBeVisible();
    await sub.getByRole("button", { name: "Resume deliveries" }).click();
    await expect(page.getByRole("status")).toContainText("Deliveries resumed. Reference CH-");
    await settled(page);

    // the box editor and the cancel form open (details), for the screenshot
    await sub.getByText("Change the next box").click();
    await sub.getByText("Cancel the subscription", { exact: true }).first().click();
    await shoot(page, "customer-forms");
    // (without a reason the browser's required check stops it; the server answers 400 too: integration)
    await sub.getByLabel("Reason").selectOption("moving");
    await sub.getByRole("button", { name: "Cancel the subscription" }).click();
    await expect(page.getByRole("status")).toContainText("Subscription cancelled. Reference CH-");
    await settled(page);
    await expect(sub.getByText("Cancelled", { exact: true })).toBeVisible();
    const activity = page.getByRole("table", { name: /Activity/ });
    for (const what of [
      "Paused deliveries",
      "Resumed deliveries",
      "Cancelled the subscription (I'm moving)",
    ])
      await expect(activity.getByRole("row").filter({ hasText: what })).toContainText(actor);
  });

  test("failed payments list opens for support", async ({ page, staff }) => {
    expect(staff.role).toBe("support");
    await page.goto("/admin/payments");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "Failed payments" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
