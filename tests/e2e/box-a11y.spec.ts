import { expectNoSeriousViolations } from "./a11y";
import { test, expect, ready, uniqueEmail } from "./fixtures";
import { chooseCustom, counter, lookUpPostcode, startBox } from "./box-helpers";

test("every step of the box flow is free of serious accessibility violations", async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto("/get-started");
  await ready(page);
  await lookUpPostcode(page, "9999");
  await expect(
    page.getByText("I'm sorry, it doesn't look like we can deliver to your postcode yet."),
  ).toBeVisible();
  await expectNoSeriousViolations(page, "main");
  await startBox(page, { postcode: "2000", time: "overnight" });
  await expectNoSeriousViolations(page, "main");
  await page.getByRole("button", { name: "Choose a curated box" }).click();
  await expect(page).toHaveURL(/curated-box/);
  await expectNoSeriousViolations(page, "main");
  await page.goto("/get-started/your-box");
  await ready(page);
  await chooseCustom(page);
  await expectNoSeriousViolations(page, "main");
  await page.goto("/get-started/box-size");
  await ready(page);
  await expectNoSeriousViolations(page, "main");
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page).toHaveURL(/your-items/);
  await ready(page);
  // the full box's page: filled by the draft hook through the flow's own services (the small custom
  // box and the overnight time, as chosen above), not eight posts of "Add" (box-flow.spec.ts adds them one by one)
  const res = await page.request.post("/test-hooks/draft", {
    form: { email: uniqueEmail("a11y"), time: "overnight", box: "custom", size: "small" },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/get-started/your-items");
  await ready(page);
  await expect(counter(page)).toContainText("8 of 8");
  await expectNoSeriousViolations(page, "main");
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page).toHaveURL(/addons/);
  await expectNoSeriousViolations(page, "main");
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page).toHaveURL(/checkout/);
  await expectNoSeriousViolations(page, "main");
});
