// The customer-care and failed-payment routes as the browser reaches them (SQLite, or PostgreSQL
// with DATABASE_URL_TEST): owner and support open them; a packer gets 403 on every loader and
// action and nothing changes; a visitor is sent to sign in; a customer gets 404; a post answers with
// a redirect and its status message, or 400/409 with the message and what was typed.
import { db } from "~/db/client.server";
import * as customerPage from "~/routes/admin.customers.$customerId";
import * as customers from "~/routes/admin.customers._index";
import * as payments from "~/routes/admin.payments._index";
import { nextDeliveryDate } from "~/subscriptions/schedule";
import { staffClient } from "./admin-helpers";
import { anonymous, call, getRequest, postRequest, rowCounts, signInDemo } from "./http-helpers";
import { subscriber } from "./renewal-fixtures";

const TABLES = ["auditEntries", "creditLedger", "subscriptionEvents", "emailOutbox"] as const;

describe("customer care routes", () => {
  it("owner and support open the pages; a packer gets 403 everywhere and changes nothing", async () => {
    const f = await subscriber({ start: "2032-03-01" });
    const path = `/admin/customers/${f.userId}`;
    const params = { customerId: String(f.userId) };
    for (const role of ["owner", "support"] as const) {
      const c = await staffClient(role);
      expect(
        (await call(customers.loader, getRequest("/admin/customers?q=renew.", c))).status,
      ).toBe(200);
      const page = await call(customerPage.loader, getRequest(path, c), params);
      expect(page.status).toBe(200);
      expect((await call(payments.loader, getRequest("/admin/payments", c))).status).toBe(200);
    }
    const packer = await staffClient("packer");
    const before = await rowCounts(TABLES);
    expect((await call(customers.loader, getRequest("/admin/customers", packer))).status).toBe(403);
    expect((await call(customerPage.loader, getRequest(path, packer), params)).status).toBe(403);
    expect((await call(payments.loader, getRequest("/admin/payments", packer))).status).toBe(403);
    const credit = { intent: "credit", direction: "add", amount: "50", reason: "Sneaky" };
    expect(
      (await call(customerPage.action, postRequest(path, packer, credit), params)).status,
    ).toBe(403);
    expect(
      (
        await call(
          payments.action,
          postRequest("/admin/payments", packer, { intent: "pay_link", deliveryId: "1" }),
        )
      ).status,
    ).toBe(403);
    expect(await rowCounts(TABLES)).toEqual(before);

    // a visitor is sent to sign in; a signed-in customer sees no back office
    const visitor = await call(
      customerPage.action,
      postRequest(path, await anonymous(), credit),
      params,
    );
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/admin\/sign-in\?redirectTo=/);
    expect(
      (await call(customers.loader, getRequest("/admin/customers", await signInDemo()))).status,
    ).toBe(404);
    expect(await rowCounts(TABLES)).toEqual(before);
  });

  it("a skip answers with a redirect and its status message; a bad form 400 with what was typed", async () => {
    const f = await subscriber({ start: "2032-06-01" });
    const c = await staffClient("support");
    const path = `/admin/customers/${f.userId}`;
    const params = { customerId: String(f.userId) };
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    // the renewal fixture's deliveries are years ahead: their cut-off is open now
    const res = await call(
      customerPage.action,
      postRequest(path, c, { intent: "skip", subscriptionId: String(f.subId), deliveryDate: d1 }),
      params,
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^${path}\\?done=skip&ref=CH-[A-Z0-9-]+#status$`));
    const page = await call(
      customerPage.loader,
      getRequest(location.replace(/#.*/, ""), c),
      params,
    );
    expect((page.body as { done: string }).done).toMatch(
      /^Delivery skipped\. Reference CH-.+\. The customer was e-mailed a confirmation\.$/,
    );
    const event = await db
      .selectFrom("subscriptionEvents")
      .select("actor")
      .where("subscriptionId", "=", f.subId)
      .where("type", "=", "skipped")
      .executeTakeFirstOrThrow();
    expect(event.actor).toBe("Paddock & Tide (Sam)");

    const bad = await call(
      customerPage.action,
      postRequest(path, c, { intent: "credit", direction: "add", amount: "ten", reason: "Late" }),
      params,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      formId: "credit",
      fieldErrors: { amount: "Enter an amount in dollars, like 12.50." },
      repopulateFields: { amount: "ten", reason: "Late" },
    });
    // a missing or foreign id: 404
    expect(
      (
        await call(customerPage.loader, getRequest("/admin/customers/99999999", c), {
          customerId: "99999999",
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(customerPage.loader, getRequest("/admin/customers/x", c), { customerId: "x" }))
        .status,
    ).toBe(404);
  });

  it("failed payments: a bad post answers 400; one not awaiting payment 409", async () => {
    const c = await staffClient("owner");
    const bad = await call(
      payments.action,
      postRequest("/admin/payments", c, { intent: "retry", deliveryId: "abc" }),
    );
    expect(bad.status).toBe(400);
    const gone = await call(
      payments.action,
      postRequest("/admin/payments", c, { intent: "retry", deliveryId: "99999999" }),
    );
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({
      formError: expect.stringMatching(/no longer awaits payment/),
    });
  });
});
