// The one-tap links of the reminder e-mail (issue 11), with JavaScript on and
// off: a valid skip link, a reused one, an expired one and a tampered one.
import { e2eDb, expect, ready, test } from "./fixtures";
import { remindedSubscriber } from "./one-tap-helpers";
import { aud } from "./orders-helpers";

const statusOf = async (id: number) =>
  (
    await e2eDb()
      .selectFrom("deliveries")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).status;

test.describe("one-tap links in the reminder e-mail", () => {
  test("skip: the link asks first, skips once with a reference; used again it changes nothing", async ({
    page,
    request,
  }) => {
    const r = await remindedSubscriber(request);
    const response = await page.goto(r.skip.pathname + r.skip.search);
    expect(response?.status()).toBe(200);
    await ready(page);
    await expect(
      page.getByRole("heading", { level: 1, name: /^Skip your delivery on / }),
    ).toBeVisible();
    // the amount the renewal will charge, as the reminder stated it (decision 069)
    await expect(page.locator("#one-tap-amount")).toHaveText(
      `It is charged ${aud(r.boxCents)} at the cut-off, less any credit.`,
    );
    expect(await statusOf(r.delivery.id)).toBe("scheduled"); // opening the link changes nothing
    await page.getByRole("button", { name: "Skip this delivery" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delivery skipped" })).toBeVisible();
    await expect(page.getByTestId("one-tap-reference")).toHaveText(/^CH-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const reference = await page.getByTestId("one-tap-reference").textContent();
    expect(await statusOf(r.delivery.id)).toBe("skipped");
    const confirmation = await e2eDb()
      .selectFrom("emailOutbox")
      .select("text")
      .where("template", "=", "subscription-change")
      .where("text", "like", `%${reference}%`)
      .executeTakeFirst();
    expect(confirmation).toBeTruthy();

    // reused: the same link, or its "Keep it" twin, answers with the first use
    await page.goto(r.keep.pathname + r.keep.search);
    await expect(
      page.getByRole("heading", { level: 1, name: "This link has already been used" }),
    ).toBeVisible();
    await expect(page.getByText(reference!)).toBeVisible();
    await expect(page.getByRole("button", { name: /Keep it|Skip this delivery/ })).toHaveCount(0);
    expect(await statusOf(r.delivery.id)).toBe("skipped");
  });

  test("keep: the delivery stays on", async ({ page, request }) => {
    const r = await remindedSubscriber(request);
    await page.goto(r.keep.pathname + r.keep.search);
    await ready(page);
    await page.getByRole("button", { name: "Keep it" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delivery kept" })).toBeVisible();
    expect(await statusOf(r.delivery.id)).toBe("scheduled");
  });

  test("expired: after the cut-off the link no longer works", async ({ page, request }) => {
    const r = await remindedSubscriber(request);
    await page.goto(r.skip.pathname + r.skip.search);
    await ready(page);
    // the cut-off passes while the page is open
    await e2eDb()
      .updateTable("deliveries")
      .set({ cutoffAt: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", r.delivery.id)
      .execute();
    await page.getByRole("button", { name: "Skip this delivery" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "This link has expired" }),
    ).toBeVisible();
    // Not skipped. Past its cut-off the delivery is due: the in-app renewal runner may charge it
    // meanwhile ("paid"), which is what an expired link must leave alone.
    expect(["scheduled", "paid"]).toContain(await statusOf(r.delivery.id));
    const again = await page.goto(r.skip.pathname + r.skip.search);
    expect(again?.status()).toBe(410);
    await expect(
      page.getByText(/change cut-off for the delivery on .* was 2pm Sydney time/),
    ).toBeVisible();
  });

  test("tampered: a changed token is not valid", { tag: "@reads" }, async ({ page, request }) => {
    const r = await remindedSubscriber(request);
    const token = r.skip.pathname.split("/").at(-1)!;
    const tampered = `${token.slice(0, 10)}${token[10] === "x" ? "y" : "x"}${token.slice(11)}`;
    const response = await page.goto(`/deliveries/one-tap/${tampered}?action=skip`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "This link is not valid" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Skip this delivery" })).toHaveCount(0);
    expect(await statusOf(r.delivery.id)).toBe("scheduled");
  });
});
