// The owner's numbers on /admin (issue 37), in the js and nojs projects: the figures with their
// server-drawn SVG charts and text tables (so they show with JavaScript off), a CSV that downloads,
// and no numbers for support, packers or editors (the page without them, the CSV refused); axe.
import fs from "node:fs";
import { expectNoSeriousViolations } from "./a11y";
import { createStaffMember, expect, signInStaff, test } from "./admin-helpers";
import { createSubscriber, e2eDb, jsEnabled, ready } from "./fixtures";
import * as factories from "../factories";

const DAY = new Intl.DateTimeFormat("en-AU", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** A subscriber whose next renewal is scheduled within the next 4 weeks, and a payment this week. */
async function shopWithNumbers() {
  const s = await createSubscriber({ daysAhead: 9 });
  const db = e2eDb();
  await db
    .deleteFrom("deliveries")
    .where("subscriptionId", "=", s.subscriptionId)
    .where("deliveryDate", "=", s.nextDate)
    .execute();
  await factories.createDeliveryRow(db, {
    subscriptionId: s.subscriptionId,
    deliveryDate: s.nextDate,
    status: "scheduled",
  });
  await factories.createPaymentRow(db, {
    userId: s.id,
    amountCents: 16_900,
    status: "succeeded",
    createdAt: new Date().toISOString(),
  });
  return s;
}

test.describe("the numbers", () => {
  test("the owner sees every figure, its chart and its table, and downloads a CSV", async ({
    page,
    staff,
  }) => {
    void staff;
    test.setTimeout(90_000);
    const s = await shopWithNumbers();
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin");
      await ready(page);
      await expect(page.getByRole("heading", { level: 2, name: "The numbers" })).toBeVisible();
      for (const title of [
        "Active subscriptions",
        "This week",
        "Monthly recurring revenue",
        "Churn",
        "Boxes per delivery day",
        "Revenue per week",
        "Failed payments recovered",
      ])
        await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
      await expect(page.getByText("Sydney week, Monday to Sunday", { exact: false })).toBeVisible();
      // the charts are SVG from the server, hidden from screen readers; the tables say it in text
      await expect(page.locator("svg.bar-chart[aria-hidden='true']")).toHaveCount(2);
      const boxes = page.getByRole("table", { name: "Boxes per delivery day, next 4 weeks" });
      await expect(boxes).toBeVisible();
      await expect(
        boxes.getByRole("row", { name: DAY.format(new Date(`${s.nextDate}T00:00:00Z`)) }),
      ).toBeVisible();
      await expect(
        page.getByRole("table", { name: "Revenue per week, last 12 weeks" }).getByRole("row"),
      ).toHaveCount(13);
      await expect(
        page.getByRole("table", { name: "Churn over the last 4 and 12 weeks" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: /\(CSV\)$/ })).toHaveCount(8);
      // the page is wider than the phone nowhere
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (jsEnabled()) expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);
    }

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download boxes per day (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^boxes-per-day-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text.startsWith("\uFEFFDelivery day,Boxes\r\n")).toBe(true);
    expect(text).toMatch(new RegExp(`\\r\\n${s.nextDate},\\d+\\r\\n`));

    const res = await page.request.get("/admin/numbers/revenue-per-week.csv");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers()["content-disposition"]).toMatch(
      /^attachment; filename="revenue-per-week-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect((await res.text()).split("\r\n")).toHaveLength(14); // header, 12 weeks, the last CRLF
    expect((await page.request.get("/admin/numbers/nothing.csv")).status()).toBe(404);
  });

  for (const role of ["support", "packer", "editor"] as const)
    test(`${role} does not see the numbers`, async ({ page }) => {
      const member = await createStaffMember(role);
      await signInStaff(page, member);
      const res = await page.goto("/admin");
      expect(res?.status()).toBe(200);
      await ready(page);
      await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "The numbers" })).toHaveCount(0);
      await expect(page.locator("svg.bar-chart")).toHaveCount(0);
      expect((await page.request.get("/admin/numbers/churn.csv")).status()).toBe(403);
      await expectNoSeriousViolations(page);
    });
});
