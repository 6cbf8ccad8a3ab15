// /dashboard/account in the js and nojs projects: details, password, cards
// (add through the sandbox, make primary, remove, the only card kept), the
// addresses on file (edit, add), sign-in redirect and axe. Owner scoping (B's address and cards
// answer 404): tests/integration/server-isolation.test.ts.
import { expectNoSeriousViolations } from "./a11y";
import {
  createSubscriber,
  fillPassword,
  gotoDashboard,
  openDashboard,
  submit,
  submitChecked,
} from "./dashboard-helpers";
import { e2eDb, expect, jsEnabled, test } from "./fixtures";
import { E2E_BASE_URL } from "./env";
import { createAddress, createCard } from "../factories";

test.describe("my account", () => {
  test.describe.configure({ timeout: 60_000 });

  test("signed-out visitors sign in and come back", async ({ page }) => {
    const a = await createSubscriber();
    await page.goto("/dashboard/account");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/sign-in?destination=%2Fdashboard%2Faccount`);
    await page.getByLabel("Email address").fill(a.email);
    await page.getByLabel("Password", { exact: true }).fill(a.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/account`);
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  });

  test("saves name, phone and consents, and says 'Phone is invalid'", async ({
    page,
    subscriber: a,
  }) => {
    await gotoDashboard(page, "/dashboard/account");
    const form = page.locator("#account-profile");
    await expect(form.getByLabel("Mobile")).toHaveValue("0412 345 678");
    await form.getByLabel("Mobile").fill("12345");
    await submitChecked(page, form.getByRole("button", { name: "Save details" }));
    await expect(form.getByText("Phone is invalid")).toBeVisible();
    await form.getByLabel("First name").fill("Mia-Rose");
    await form.getByLabel("Mobile").fill("(02) 9876 5432");
    await form.getByLabel("E-mail me recipes, offers and news").check();
    await form.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("status")).toHaveText("Your details are saved.");
    // with JS the button stays (and keeps focus): nothing pulls focus away from where the person is
    if (jsEnabled()) await expect(form.getByRole("button", { name: "Save details" })).toBeFocused();
    await expect(page).toHaveURL(/saved=profile/);
    const user = await e2eDb()
      .selectFrom("users")
      .select(["firstName", "phone", "newsletter", "sms"])
      .where("id", "=", a.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ firstName: "Mia-Rose", phone: "+61298765432", newsletter: 1, sms: 0 });
    await expect(page.locator("#account-profile").getByLabel("Mobile")).toHaveValue(
      "(02) 9876 5432",
    );
    // a later form's errors replace the notice of the earlier save
    const password = page.locator("#account-password");
    await fillPassword(password, "not-my-password", "Brand-New-Pass-9");
    await submit(page, password.getByRole("button", { name: "Change password" }));
    await expect(password.getByText("Your current password is incorrect")).toBeVisible();
    await expect(page.getByText("Your details are saved.")).toHaveCount(0);
  });

  test("changes the password with the current one and signs out other sessions", async ({
    page,
    browser,
  }) => {
    const a = await createSubscriber();
    // a second device
    const other = await browser.newContext({ javaScriptEnabled: jsEnabled() });
    const otherPage = await other.newPage();
    await openDashboard(otherPage, a);
    await openDashboard(page, a, "/dashboard/account");
    const form = page.locator("#account-password");
    await fillPassword(form, "not-my-password", "Brand-New-Pass-9");
    await submit(page, form.getByRole("button", { name: "Change password" }));
    await expect(form.getByText("Your current password is incorrect")).toBeVisible();
    await fillPassword(form, a.password, "Brand-New-Pass-9");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password is changed");
    await expect(page.locator("#account-password").getByLabel("Current password")).toHaveValue("");
    // the emptied form is a new one, so its button is gone: focus goes to the redirect's #fragment (the
    // section's heading), as it does without JS, not to <body>
    if (jsEnabled())
      await expect(page.getByRole("heading", { name: "Change your password" })).toBeFocused();
    // this device stays signed in, the other one is signed out
    await page.goto("/dashboard/my-deliveries");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("G'day");
    const answer = await otherPage.goto("/dashboard/account");
    expect(answer?.status()).toBe(401);
    await other.close();
  });

  test("adds a card through the sandbox, makes it primary and removes a card; the only card stays", async ({
    page,
    subscriber: a,
  }) => {
    await gotoDashboard(page, "/dashboard/account");
    const cards = page.locator("#cards");
    await expect(cards.getByRole("listitem", { name: "Visa ending in 4242" })).toContainText(
      "Primary",
    );
    await expect(cards.getByRole("link", { name: /Remove/ })).toHaveCount(0);
    await expect(cards).toContainText("Your subscription needs a card");
    await cards.getByText("Add a card").click();
    const form = page.locator("#account-add-card");
    await form.getByLabel("Card number").fill("4242424242424241");
    await form.getByLabel("Expiry (MM/YY)").fill("12/31");
    await form.getByLabel("CVC").fill("123");
    await submit(page, form.getByRole("button", { name: "Save card" }));
    await expect(
      page.locator("#account-add-card").getByText("Your card number is invalid."),
    ).toBeVisible();
    // a re-rendered page never carries the card number back
    if (!jsEnabled())
      await expect(page.locator("#account-add-card").getByLabel("Card number")).toHaveValue("");
    await page.locator("#account-add-card").getByLabel("Card number").fill("5555555555554444");
    await page.locator("#account-add-card").getByLabel("Expiry (MM/YY)").fill("12/31");
    await page.locator("#account-add-card").getByLabel("CVC").fill("123");
    await page.locator("#account-add-card").getByRole("button", { name: "Save card" }).click();
    await expect(page.getByRole("status")).toHaveText("Your new card is saved.");
    const mc = cards.getByRole("listitem", { name: "Mastercard ending in 4444" });
    await expect(mc).toBeVisible();
    await mc.getByRole("button", { name: "Make primary Mastercard ending in 4444" }).click();
    await expect(page.getByRole("status")).toContainText("Your primary card is changed");
    await expect(cards.getByRole("listitem", { name: "Mastercard ending in 4444" })).toContainText(
      "Primary",
    );
    // removing asks once; keeping the card changes nothing
    const visa = cards.getByRole("listitem", { name: "Visa ending in 4242" });
    await visa.getByRole("link", { name: "Remove Visa ending in 4242" }).click();
    let confirm = visa.getByRole("group", { name: "Remove Visa ending in 4242?" });
    await expect(confirm).toContainText("You can add it again at any time.");
    // with JS the link it replaced is gone: focus moves to the question, not to <body>
    if (jsEnabled()) await expect(confirm).toBeFocused();
    await confirm.getByRole("link", { name: "Keep this card" }).click();
    await expect(visa.getByRole("group")).toHaveCount(0);
    // with JS focus goes back to the link that opened the question, not to <body>
    if (jsEnabled())
      await expect(visa.getByRole("link", { name: "Remove Visa ending in 4242" })).toBeFocused();
    expect(
      await e2eDb().selectFrom("paymentMethods").select("id").where("userId", "=", a.id).execute(),
    ).toHaveLength(2);
    await visa.getByRole("link", { name: "Remove Visa ending in 4242" }).click();
    confirm = visa.getByRole("group", { name: "Remove Visa ending in 4242?" });
    await confirm.getByRole("button", { name: "Yes, remove Visa ending in 4242" }).click();
    await expect(page.getByRole("status")).toHaveText("The card is removed.");
    await expect(cards.getByRole("listitem", { name: "Visa ending in 4242" })).toHaveCount(0);
    // the card and its question are gone: focus lands on the section the notice is in, not <body>
    if (jsEnabled())
      await expect(cards.getByRole("heading", { name: "Saved cards" })).toBeFocused();
    const rows = await e2eDb()
      .selectFrom("paymentMethods")
      .select(["lastFour", "isPrimary", "gatewayToken"])
      .where("userId", "=", a.id)
      .execute();
    expect(rows.map((r) => [r.lastFour, r.isPrimary])).toEqual([["4444", 1]]);
    expect(JSON.stringify(rows)).not.toContain("5555555555554444");
  });

  test("removes an address it no longer needs, asking once; the one the subscription uses stays", async ({
    page,
  }) => {
    const a = await createSubscriber();
    const old = await createAddress(e2eDb(), a.id, {
      line1: "3 Old Mill Road",
      city: "Newtown",
      postcode: "2042",
    });
    await openDashboard(page, a, "/dashboard/account");
    const addresses = page.locator("#addresses");
    const home = addresses.getByRole("listitem", { name: "Delivery address 7 Bay Road" });
    await expect(home).toContainText("Used by");
    await expect(home.getByRole("link", { name: /^Remove/ })).toHaveCount(0);
    const item = addresses.getByRole("listitem", { name: "Delivery address 3 Old Mill Road" });
    await item.getByRole("link", { name: "Remove address 3 Old Mill Road" }).click();
    const confirm = item.getByRole("group", { name: "Remove 3 Old Mill Road?" });
    await expect(confirm).toContainText("Invoices of orders delivered there still show it.");
    if (jsEnabled()) await expect(confirm).toBeFocused();
    await confirm.getByRole("link", { name: "Keep this address" }).click();
    await expect(item.getByRole("group")).toHaveCount(0);
    if (jsEnabled())
      await expect(
        item.getByRole("link", { name: "Remove address 3 Old Mill Road" }),
      ).toBeFocused();
    await item.getByRole("link", { name: "Remove address 3 Old Mill Road" }).click();
    await submit(page, item.getByRole("button", { name: "Yes, remove 3 Old Mill Road" }));
    await expect(page.getByRole("status")).toHaveText("The address is removed.");
    await expect(
      addresses.getByRole("listitem", { name: "Delivery address 3 Old Mill Road" }),
    ).toHaveCount(0);
    if (jsEnabled())
      await expect(addresses.getByRole("heading", { name: "Addresses on file" })).toBeFocused();
    const row = await e2eDb()
      .selectFrom("addresses")
      .select("removedAt")
      .where("id", "=", old)
      .executeTakeFirstOrThrow();
    expect(row.removedAt).not.toBeNull();
    // the change page no longer offers it
    await page.goto(`/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`);
    await expect(page.getByLabel("Deliver to").locator("option")).toHaveText([/7 Bay Road/]);
  });

  test("two saved cards with the same last four are told apart by their expiry", async ({
    page,
    subscriber: a,
  }) => {
    await createCard(e2eDb(), a.id, {
      lastFour: "4242",
      expMonth: 12,
      expYear: 2033,
      primary: false,
    });
    await gotoDashboard(page, "/dashboard/account");
    const cards = page.locator("#cards");
    await expect(
      cards.getByRole("listitem", { name: "Visa ending in 4242, expires 08/31" }),
    ).toContainText("Primary");
    const reissued = cards.getByRole("listitem", { name: "Visa ending in 4242, expires 12/33" });
    await reissued.getByRole("link", { name: "Remove Visa ending in 4242, expires 12/33" }).click();
    await expect(
      reissued.getByRole("group", { name: "Remove Visa ending in 4242, expires 12/33?" }),
    ).toBeVisible();
  });

  test("edits an address on file", async ({ page }) => {
    const a = await createSubscriber();
    // a phone: the addresses are far below the top of the page
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, a, "/dashboard/account");
    await page.getByRole("link", { name: "Edit address 7 Bay Road" }).click();
    const form = page.locator("#account-address");
    await form.getByLabel("Address type").selectOption("apartment");
    await submitChecked(page, form.getByRole("button", { name: "Save address" }));
    await expect(form.getByText("Suite or unit is required for an apartment")).toBeVisible();
    await form.getByLabel("Suite or unit").fill("Unit 5");
    await form.getByLabel("Postcode").fill("3000");
    await submit(page, form.getByRole("button", { name: "Save address" }));
    await expect(form.getByText(/new postcode can change your delivery days/)).toBeVisible();
    // the server's refusal: without JS the page it answers with lands on the address (#address-{id}), with JS focus is on the field
    await expect(form.getByText(/new postcode can change your delivery days/)).toBeInViewport();
    if (jsEnabled()) await expect(form.getByLabel("Postcode")).toBeFocused();
    await form.getByLabel("Postcode").fill("2000");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("status")).toHaveText("Your address is saved.");
    await expect(page.getByRole("status")).toBeInViewport();
    if (jsEnabled())
      await expect(page.getByRole("heading", { name: "Addresses on file" })).toBeFocused();
    await expect(page.locator("#addresses")).toContainText("Unit 5, 7 Bay Road");
  });

  test("adds a delivery address, keeping what was typed through an error, and the deliveries move to it", async ({
    page,
  }) => {
    const a = await createSubscriber();
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, a, "/dashboard/account");
    const addresses = page.locator("#addresses");
    await addresses.getByText("Add a delivery address").click();
    let form = page.locator("#account-add-address");
    await form.getByLabel("Address type").selectOption("house");
    await form.getByLabel("Street address").fill("15 Kent Street");
    await form.getByLabel("Suburb").fill("Sydney");
    await form.getByLabel("State").selectOption("NSW");
    await form.getByLabel("Postcode").fill("20");
    await submitChecked(page, form.getByRole("button", { name: "Add address" }));
    form = page.locator("#account-add-address");
    await expect(form.getByText("Post code invalid")).toBeVisible();
    await expect(form.getByLabel("Street address")).toHaveValue("15 Kent Street");
    await expect(form.getByLabel("Suburb")).toHaveValue("Sydney");
    expect(
      await e2eDb().selectFrom("addresses").select("id").where("userId", "=", a.id).execute(),
    ).toHaveLength(1);
    // a postcode we do not deliver to is refused by the server, on its field, with what was typed kept
    await form.getByLabel("Postcode").fill("0870");
    await submitChecked(page, form.getByRole("button", { name: "Add address" }));
    form = page.locator("#account-add-address");
    await expect(
      form.getByText("I'm sorry, it doesn't look like we can deliver to your postcode yet."),
    ).toBeVisible();
    // without JS the answer lands on the form (#account-add-address), not the top of the page
    await expect(
      form.getByText("I'm sorry, it doesn't look like we can deliver to your postcode yet."),
    ).toBeInViewport();
    if (jsEnabled()) await expect(form.getByLabel("Postcode")).toBeFocused();
    await expect(form.getByLabel("Street address")).toHaveValue("15 Kent Street");
    await form.getByLabel("Postcode").fill("2000");
    await form.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Your new address is saved. Move your deliveries to it under Change what comes next.",
    );
    await expect(
      addresses.getByRole("listitem", { name: "Delivery address 15 Kent Street" }),
    ).toContainText("Sydney NSW 2000");
    const added = await e2eDb()
      .selectFrom("addresses")
      .select(["id", "kind"])
      .where("userId", "=", a.id)
      .where("line1", "=", "15 Kent Street")
      .executeTakeFirstOrThrow();
    expect(added.kind).toBe("shipping");
    // the same address again is refused (case and spacing aside)
    await addresses.getByText("Add a delivery address").click();
    form = page.locator("#account-add-address");
    await expect(form.getByLabel("Street address")).toHaveValue(""); // a saved address does not stay in the form
    await form.getByLabel("Address type").selectOption("house");
    await form.getByLabel("Street address").fill("15 KENT  Street");
    await form.getByLabel("Suburb").fill("sydney");
    await form.getByLabel("State").selectOption("NSW");
    await form.getByLabel("Postcode").fill("2000");
    await submitChecked(page, form.getByRole("button", { name: "Add address" }));
    await expect(
      page
        .locator("#account-add-address")
        .getByText(
          "This address is already on your account. Choose it under Change what comes next.",
        ),
    ).toBeVisible();
    expect(
      await e2eDb().selectFrom("addresses").select("id").where("userId", "=", a.id).execute(),
    ).toHaveLength(2);

    await page.goto(`/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`);
    await page.getByLabel("Deliver to").selectOption(String(added.id));
    await submit(page, page.getByRole("button", { name: "Save address" }));
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries\?done=CH-/);
    const sub = await e2eDb()
      .selectFrom("subscriptions")
      .select("shippingAddressId")
      .where("id", "=", a.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub.shippingAddressId).toBe(added.id);
  });

  test("is accessible, with and without errors", async ({ page }) => {
    test.setTimeout(90_000);
    const a = await createSubscriber({ cards: 2 });
    await openDashboard(page, a, "/dashboard/account");
    await expectNoSeriousViolations(page, "main");
    await page.locator("#account-profile").getByLabel("Mobile").fill("1");
    await submitChecked(
      page,
      page.locator("#account-profile").getByRole("button", { name: "Save details" }),
    );
    await expect(page.getByText("Phone is invalid")).toBeVisible();
    await expectNoSeriousViolations(page, "main");
    await page.goto(`/dashboard/account?address=${a.addressId}&card=new&remove=${a.cardIds[0]}`);
    await expect(page.getByRole("group", { name: /^Remove .* ending in \d{4}\?$/ })).toContainText(
      "Another saved card becomes your primary card",
    );
    await page.locator("#addresses").getByText("Add a delivery address").click(); // next to the address being edited
    await expect(page.locator("#account-add-address").getByLabel("Street address")).toBeVisible();
    await expectNoSeriousViolations(page, "main");
  });
});
