// Packing day in the js and nojs projects (issue 36): a day's pick list sums its paid orders (the
// unpaid one left out), staff mark an order packed, then all dispatched, and the subscriber sees
// "Packed" then "On its way" on my-deliveries; the slips, the manifest and axe.
import { expectNoSeriousViolations } from "./a11y";
import { test, expect } from "./admin-helpers";
import { e2eDb, jsEnabled, ready, settled, signInAs } from "./fixtures";
import { dayWithOrders } from "./packing-fixtures";

test.describe("packing day", () => {
  test.describe.configure({ timeout: 60_000 });
  test.use({ staffRole: "packer" });

  test("the pick list sums the paid orders; packed and dispatched reach my-deliveries", async ({
    page,
    staff,
  }) => {
    void staff;
    const d = await dayWithOrders();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`/admin/deliveries/${d.date}`);
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Packing day");

    const pick = page.getByRole("table", { name: /Pick list for/ });
    await expect(pick.getByRole("columnheader", { name: d.region })).toBeVisible();
    await expect(pick.getByRole("row", { name: /Beef mince/ })).toContainText("5");
    await expect(pick.getByRole("row", { name: new RegExp(d.baconName) })).toContainText("3");
    // the unpaid order's 40 of each are not picked
    await expect(pick).not.toContainText("40");
    await expect(pick).not.toContainText("45");

    const orders = page.getByRole("table", { name: /Orders for/ });
    await expect(orders.getByRole("row")).toHaveCount(4);
    await expect(orders.getByRole("row", { name: new RegExp(d.unpaid.reference) })).toContainText(
      "Unpaid",
    );
    await expect(
      orders.getByRole("button", { name: `Mark packed order ${d.unpaid.reference}` }),
    ).toHaveCount(0);

    // the slips: one per paid order; "Print all slips" prints with JS, opens the slips' page without
    await expect(page.getByRole("article")).toHaveCount(2);
    if (jsEnabled())
      await expect(page.getByRole("button", { name: "Print all slips" })).toBeVisible();
    else
      await expect(page.getByRole("link", { name: "Print all slips" })).toHaveAttribute(
        "href",
        `/admin/deliveries/${d.date}/slips`,
      );
    await expectNoSeriousViolations(page);

    // one order packed
    await page.getByRole("button", { name: `Mark packed order ${d.a.reference}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Order ${d.a.reference} marked packed.`);
    await settled(page);
    await expect(orders.getByRole("row", { name: new RegExp(d.a.reference) })).toContainText(
      "Packed",
    );

    await signInAs(page, { id: d.a.userId });
    await page.goto("/dashboard/my-deliveries");
    await ready(page);
    const orderCard = (reference: string) =>
      page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: `Order ${reference}`, exact: true }) });
    await expect(orderCard(d.a.reference)).toContainText("Packed");

    // all at once: the two paid orders dispatched, the unpaid one left
    await page.goto(`/admin/deliveries/${d.date}`);
    await ready(page);
    await page.getByRole("button", { name: "Mark all paid orders dispatched" }).click();
    await expect(page.getByRole("status")).toHaveText("2 paid orders marked dispatched.");
    await settled(page);
    await expect(orders.getByRole("row", { name: new RegExp(d.unpaid.reference) })).toContainText(
      "Unpaid",
    );

    await page.goto("/dashboard/my-deliveries");
    await ready(page);
    await expect(orderCard(d.a.reference)).toContainText("On its way");

    expect(errors).toEqual([]);
    const audit = await e2eDb()
      .selectFrom("auditEntries")
      .select("action")
      .where("entityId", "in", [d.a.reference, d.b.reference, d.unpaid.reference])
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["order.pack", "order.dispatch", "order.dispatch"]);
  });

  test("the slips' page, the manifest and the 14-day overview", async ({ page, staff }) => {
    void staff;
    const d = await dayWithOrders();
    await page.goto(`/admin/deliveries/${d.date}/slips`);
    await ready(page);
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("article").first()).toContainText("7 Bay Road");
    if (!jsEnabled())
      await expect(page.getByText("use your browser’s Print command")).toBeVisible();
    await expectNoSeriousViolations(page);

    const res = await page.request.get(`/admin/deliveries/${d.date}/manifest.csv`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers()["content-disposition"]).toBe(
      `attachment; filename="manifest-${d.date}.csv"`,
    );
    const csv = await res.text();
    expect(csv).toContain(d.a.reference);
    expect(csv).not.toContain(d.unpaid.reference);

    await page.goto("/admin/deliveries");
    await ready(page);
    await expect(page.getByRole("table", { name: /Next \d+ delivery days/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
