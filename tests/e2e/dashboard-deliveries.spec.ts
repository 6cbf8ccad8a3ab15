// /dashboard/my-deliveries in the js and nojs projects: skip and unskip, pause and resume, cancel
// with one confirmation, refusal after the cut-off, A-vs-B isolation and axe. What the page says in
// its server HTML (the next delivery, a delivery past its cut-off, the activity list with a one-tap
// e-mail link change, the welcome) is read in tests/integration/my-deliveries-html.test.ts.
import { expectNoSeriousViolations } from "./a11y";
import {
  addDays,
  createSubscriber,
  dayName,
  gotoDashboard,
  longDate,
  openDashboard,
  outbox,
  passCutoff,
  submit,
} from "./dashboard-helpers";
import { e2eDb, expect, jsEnabled, test } from "./fixtures";

const REF = /CH-[A-Z0-9]{4}-[A-Z0-9]{4}/;

test.describe("my deliveries: changes", () => {
  test.describe.configure({ timeout: 60_000 });

  test("skips a delivery and unskips it, each with a reference and an e-mail", async ({
    page,
    subscriber: a,
  }) => {
    await gotoDashboard(page);
    const day = longDate(a.nextDate);
    await page.getByRole("button", { name: `Skip the delivery on ${day}` }).click();
    const status = page.getByRole("status");
    await expect(status).toContainText(
      `Delivery skipped. Skipped the delivery on ${day}. Reference`,
    );
    // the redirect's #confirmation: without JS the browser lands there, with JS focus goes there too (not <body>)
    await expect(status).toBeInViewport();
    if (jsEnabled()) await expect(status).toBeFocused();
    const skipRef = (await status.textContent())!.match(REF)![0];
    await expect(status).toContainText(`We e-mailed a confirmation to ${a.email}`);
    const item = page.getByRole("listitem", { name: `${day}: Skipped` });
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: `Unskip the delivery on ${day}` }).click();
    await expect(page.getByRole("status")).toContainText("Delivery back on");
    if (jsEnabled()) await expect(page.getByRole("status")).toBeFocused();
    const unskipRef = (await page.getByRole("status").textContent())!.match(REF)![0];
    await expect(page.getByRole("listitem", { name: `${day}: Scheduled` })).toBeVisible();
    const mail = await outbox(a.email);
    expect(mail.map((m) => m.subject)).toEqual([
      `Delivery skipped: Paddock & Tide reference ${skipRef}`,
      `Delivery back on: Paddock & Tide reference ${unskipRef}`,
    ]);
    // the activity list: who, what, when, reference
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toContainText(`Unskipped the delivery on ${day}`);
    await expect(rows.nth(1)).toContainText("You");
    await expect(rows.nth(1)).toContainText(unskipRef);
    await expect(rows.nth(2)).toContainText(skipRef);
  });

  test("refuses a skip after the cut-off, saying why and when the next change is possible", async ({
    page,
  }) => {
    const a = await createSubscriber({ daysAhead: 6 });
    await openDashboard(page, a);
    const day = longDate(a.nextDate);
    const skip = page.getByRole("button", { name: `Skip the delivery on ${day}` });
    await expect(skip).toBeVisible();
    // the cut-off passes while the page is open
    await passCutoff(a.subscriptionId, a.nextDate);
    await submit(page, skip);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(
      `The delivery on ${dayName(a.nextDate)} can no longer be changed: its change cut-off was 2pm Sydney time`,
    );
    await expect(alert).toContainText(
      `so it is being packed and charged as it stands. You can change your next delivery, on ${dayName(addDays(a.nextDate, 14))}, until 2pm Sydney time`,
    );
    expect(await outbox(a.email)).toEqual([]);
  });

  test("pauses until a chosen date and resumes", async ({ page, subscriber: a }) => {
    await gotoDashboard(page);
    const resumeOn = addDays(a.nextDate, 28);
    await page.getByLabel("Pause until").selectOption(resumeOn);
    await page.getByRole("button", { name: "Pause deliveries" }).click();
    await expect(page.getByRole("status")).toContainText(
      `Deliveries paused. Paused deliveries until ${longDate(resumeOn)}. Reference`,
    );
    if (jsEnabled()) await expect(page.getByRole("status")).toBeFocused();
    await expect(
      page.getByRole("listitem", { name: `${longDate(a.nextDate)}: Paused` }),
    ).toBeVisible();
    await expect(
      page.getByRole("listitem", { name: `${longDate(resumeOn)}: Scheduled` }),
    ).toBeVisible();
    const sub = await e2eDb()
      .selectFrom("subscriptions")
      .select(["status", "pausedUntil"])
      .where("id", "=", a.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: "paused", pausedUntil: resumeOn });
    await page.getByRole("button", { name: "Resume deliveries now" }).click();
    await expect(page.getByRole("status")).toContainText("Deliveries resumed");
    if (jsEnabled()) await expect(page.getByRole("status")).toBeFocused();
    await expect(
      page.getByRole("listitem", { name: `${longDate(a.nextDate)}: Scheduled` }),
    ).toBeVisible();
    expect((await outbox(a.email)).map((m) => m.subject.split(":")[0])).toEqual([
      "Deliveries paused",
      "Deliveries resumed",
    ]);
  });

  test("cancels with an optional reason and exactly one confirmation step", async ({
    page,
    subscriber: a,
  }) => {
    await gotoDashboard(page);
    await page.getByRole("link", { name: "Cancel subscription" }).click();
    const confirm = page.getByRole("group", { name: "Cancel your Custom box (small)?" });
    await expect(confirm).toContainText("No deliveries after today are made or charged.");
    if (jsEnabled()) await expect(confirm).toBeFocused(); // not <body>: the link it replaced is gone
    await confirm.getByLabel("Why are you cancelling? (optional)").selectOption("moving");
    await confirm.getByRole("button", { name: "Yes, cancel my subscription" }).click();
    const status = page.getByRole("status");
    await expect(status).toContainText(
      "Subscription cancelled. Cancelled the subscription (I'm moving). Reference",
    );
    await expect(status).toContainText("No further deliveries will be made or charged.");
    const ref = (await status.textContent())!.match(REF)![0];
    await expect(
      page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "Custom box (small)" }) }),
    ).toContainText("Cancelled");
    await expect(page.getByRole("button", { name: /^Skip/ })).toHaveCount(0);
    const [mail] = await outbox(a.email);
    expect(mail.subject).toBe(`Subscription cancelled: Paddock & Tide reference ${ref}`);
    const sub = await e2eDb()
      .selectFrom("subscriptions")
      .select("status")
      .where("id", "=", a.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe("cancelled");
  });

  test("keeping the subscription from the confirmation changes nothing", async ({ page }) => {
    const a = await createSubscriber();
    // a phone: the subscription's cancel link is far below the top of the page
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, a);
    await page.getByRole("link", { name: "Cancel subscription" }).click();
    await page.getByRole("link", { name: "Keep my subscription" }).click();
    await expect(page.getByRole("link", { name: "Cancel subscription" })).toBeVisible();
    // back where the question was asked, not at the top of the page (without JS the #anchor does it)
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/my-deliveries#cancel-${a.subscriptionId}$`),
    );
    await expect(page.getByRole("link", { name: "Cancel subscription" })).toBeInViewport();
    // with JS focus goes back to the link that opened the question, not to <body>
    if (jsEnabled())
      await expect(page.getByRole("link", { name: "Cancel subscription" })).toBeFocused();
    expect(
      (
        await e2eDb()
          .selectFrom("subscriptions")
          .select("status")
          .where("id", "=", a.subscriptionId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("active");
  });
});

test.describe("my deliveries: welcome, isolation, accessibility", () => {
  test.describe.configure({ timeout: 90_000 });

  test("subscriber A reaches nothing of B's", async ({ page }) => {
    const a = await createSubscriber({ firstName: "Ava" });
    const b = await createSubscriber({ firstName: "Ben" });
    await openDashboard(page, b);
    await page
      .getByRole("button", { name: `Skip the delivery on ${longDate(b.nextDate)}` })
      .click();
    const bRef = (await page.getByRole("status").textContent())!.match(REF)![0];
    await page.context().clearCookies();
    await openDashboard(page, a);
    // B's change reference and order reference show nothing on A's page
    await page.goto(`/dashboard/my-deliveries?done=${bRef}&newuser=${b.orderReference}`);
    await expect(page.getByRole("main")).not.toContainText(bRef);
    await expect(page.getByRole("main")).not.toContainText(b.orderReference);
    await expect(page.getByRole("status")).not.toContainText("is confirmed");
    const csrf = await page.locator("input[name=csrf]").first().inputValue();
    for (const subscriptionId of [b.subscriptionId, 99999999]) {
      for (const form of [
        { intent: "cancel" },
        { intent: "skip", deliveryDate: addDays(b.nextDate, 14) },
        { intent: "pause", resumeOn: addDays(b.nextDate, 28) },
      ] as Record<string, string>[]) {
        const res = await page.request.post("/dashboard/my-deliveries", {
          form: { csrf, subscriptionId: String(subscriptionId), ...form },
          maxRedirects: 0,
        });
        expect(res.status()).toBe(404);
      }
    }
    const bSub = await e2eDb()
      .selectFrom("subscriptions")
      .select(["status", "pausedUntil"])
      .where("id", "=", b.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(bSub).toEqual({ status: "active", pausedUntil: null });
    // B's invoice is not A's to read
    const invoice = await page.goto(`/dashboard/orders/${b.orderReference}`);
    expect(invoice?.status()).toBe(404);
  });

  test("is accessible: the page, a confirmation, the cancel step and a refusal", async ({
    page,
  }) => {
    const a = await createSubscriber({ daysAhead: 6 });
    await openDashboard(page, a, `/dashboard/my-deliveries?newuser=${a.orderReference}`);
    await expectNoSeriousViolations(page, "main");
    await page
      .getByRole("button", { name: `Skip the delivery on ${longDate(addDays(a.nextDate, 14))}` })
      .click();
    await expect(page.getByRole("status")).toContainText("Delivery skipped");
    await expectNoSeriousViolations(page, "main");
    await page.goto(`/dashboard/my-deliveries?cancel=${a.subscriptionId}`);
    await expectNoSeriousViolations(page, "main");
    await page.goto("/dashboard/my-deliveries");
    await passCutoff(a.subscriptionId, a.nextDate);
    await submit(
      page,
      page.getByRole("button", { name: `Skip the delivery on ${longDate(a.nextDate)}` }),
    );
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoSeriousViolations(page, "main");
  });
});
