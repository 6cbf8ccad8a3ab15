// /admin/orders (issue 36): finding orders by reference, e-mail, name or date, 50 a page; the order
// page's facts (payments with brand and last four only); resending its e-mails with an audit entry;
// who may see it. Runs on SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { searchOrders, searchKind } from "~/admin/orders/search.server";
import { db } from "~/db/client.server";
import * as listRoute from "~/routes/admin.orders._index";
import { sydneyDayRange } from "~/utils/sydney-time.server";
import { createOrder, createUser } from "../factories";
import {
  answerOf,
  asResponse,
  getOrderPage,
  paidOrder,
  postOrder,
  staffAuth,
  type StaffAuth,
} from "./admin-refunds-fixtures";

const list = async (auth: StaffAuth, search: string) =>
  asResponse(
    Promise.resolve(
      listRoute.loader({
        request: new Request(`http://localhost/admin/orders${search}`, {
          headers: { Cookie: auth.cookie },
        }),
        params: {},
        context: {},
      } as LoaderFunctionArgs),
    ),
  );

describe("finding orders", () => {
  it("finds an order by its reference, part of it, the e-mail, the name and the date", async () => {
    const o = await paidOrder();
    const other = await paidOrder();
    const refs = async (q: string, date = "") =>
      (await searchOrders({ q, date }, 1)).rows.map((r) => r.reference);
    expect(await refs(o.reference)).toEqual([o.reference]);
    expect(await refs(o.reference.toLowerCase())).toEqual([o.reference]);
    expect(await refs(o.email.toUpperCase())).toEqual([o.reference]);
    const last = (
      await db
        .selectFrom("users")
        .select("lastName")
        .where("id", "=", o.userId)
        .executeTakeFirstOrThrow()
    ).lastName!;
    expect(await refs(last.toLowerCase())).toEqual([o.reference]);
    expect(await refs(`ava ${last}`)).toEqual([o.reference]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(
      new Date(),
    );
    expect(await refs("", today)).toEqual(expect.arrayContaining([o.reference, other.reference]));
    expect(await refs(o.email, "2001-01-01")).toEqual([]);
    // the delivery date matches too
    expect(await refs(o.email, "2030-01-10")).toEqual([o.reference]);
  });

  it("lists 50 a page, newest first, with the total", async () => {
    const user = await createUser(db, {
      email: `many.${Date.now()}@example.com`,
      firstName: "Page",
    });
    for (let i = 0; i < 55; i++)
      await createOrder(db, user.id, {
        invoiceCents: 1000 + i,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      });
    const first = await searchOrders({ q: user.email, date: "" }, 1);
    const second = await searchOrders({ q: user.email, date: "" }, 2);
    expect(first.total).toBe(55);
    expect(first.rows).toHaveLength(50);
    expect(second.rows).toHaveLength(5);
    expect(first.rows[0].totalCents).toBe(1054);
    expect(second.rows.at(-1)!.totalCents).toBe(1000);
  });

  it("tells what the words are and the Sydney day's bounds", () => {
    expect(searchKind("PT-7K3M-Q9XD")).toBe("reference");
    expect(searchKind("a@b.co")).toBe("email");
    expect(searchKind("Nguyen")).toBe("name");
    expect(sydneyDayRange("2026-11-27")).toEqual([
      "2026-11-26T13:00:00.000Z",
      "2026-11-27T13:00:00.000Z",
    ]);
    expect(sydneyDayRange("2026-07-01")).toEqual([
      "2026-06-30T14:00:00.000Z",
      "2026-07-01T14:00:00.000Z",
    ]);
  });

  it("lets support and the owner search, not a packer", async () => {
    const o = await paidOrder();
    const support = await staffAuth("support");
    const page = await answerOf(await list(support, `?q=${o.reference}`));
    expect(page.body.rows.map((r: { reference: string }) => r.reference)).toEqual([o.reference]);
    expect((await list(await staffAuth("packer"), "")).status).toBe(403);
  });
});

describe("the order page", () => {
  it("shows payments by brand and last four only, the credit used and the delivery", async () => {
    const o = await paidOrder({ creditCents: 2000 });
    const page = await answerOf(await getOrderPage(o.reference, await staffAuth("support")));
    const order = page.body.order;
    expect(order.payments).toEqual([
      expect.objectContaining({
        amountCents: o.cardCents,
        card: "Visa ending in 4242",
        status: "succeeded",
      }),
    ]);
    expect(order.summary.creditCents).toBe(2000);
    expect(order.delivery.date).toBe("2030-01-10");
    expect(order.refund).toMatchObject({
      paidCents: o.totalCents,
      orderLeftCents: o.totalCents,
      cardLeftCents: o.cardCents,
    });
    const json = JSON.stringify(page.body);
    expect(json).not.toMatch(/sandbox_ch_|gatewayChargeId|idempotencyKey":"pay-/);
    expect(page.body.canRefund).toBe(true);
    expect(page.body.limitCents).toBe(20000);
  });

  it("answers 404 for an unknown reference", async () => {
    expect((await getOrderPage("PT-NOPE-NOPE", await staffAuth("owner"))).status).toBe(404);
  });
});

describe("resending an order's e-mails", () => {
  it("resends the tax invoice, writes the audit and lists the e-mail", async () => {
    const o = await paidOrder();
    const support = await staffAuth("support");
    const res = await postOrder(o.reference, support, "resend", { email: "invoice" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(
      `/admin/orders/${o.reference}?resent=invoice#order-status`,
    );
    const mail = await db
      .selectFrom("emailOutbox")
      .selectAll()
      .where("toAddress", "=", o.email)
      .executeTakeFirstOrThrow();
    expect(mail.template).toBe("order-receipt");
    expect(mail.text).toContain(`/dashboard/orders/${o.reference}`);
    const audit = await db
      .selectFrom("auditEntries")
      .selectAll()
      .where("entityId", "=", o.reference)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["order.resend_email"]);
    const page = await answerOf(await getOrderPage(o.reference, support, "?resent=invoice"));
    expect(page.body.status).toBe(`The tax invoice was sent again to ${o.email}.`);
    expect(page.body.order.emails.map((e: { subject: string }) => e.subject)).toEqual([
      mail.subject,
    ]);
  });

  it("resends the confirmation as it was written, or says there is none", async () => {
    const o = await paidOrder();
    const owner = await staffAuth("owner");
    const none = await answerOf(
      await postOrder(o.reference, owner, "resend", { email: "confirmation" }),
    );
    expect(none.status).toBe(409);
    expect(none.body.formError).toMatch(/no confirmation e-mail/);
    await db
      .insertInto("emailOutbox")
      .values({
        toAddress: o.email,
        subject: `Your Paddock & Tide order ${o.reference} is confirmed`,
        text: "Thanks for your order.",
        html: null,
        template: "order-confirmation",
        createdAt: new Date().toISOString(),
        sentAt: new Date().toISOString(),
      })
      .execute();
    expect((await postOrder(o.reference, owner, "resend", { email: "confirmation" })).status).toBe(
      303,
    );
    const copies = await db
      .selectFrom("emailOutbox")
      .select(["subject", "sentAt"])
      .where("toAddress", "=", o.email)
      .orderBy("id")
      .execute();
    expect(copies).toHaveLength(2);
    expect(copies[1]).toEqual({ subject: copies[0].subject, sentAt: null });
  });

  it("answers 400 for an unknown e-mail and 403 for a packer", async () => {
    const o = await paidOrder();
    expect(
      (
        await answerOf(
          await postOrder(o.reference, await staffAuth("owner"), "resend", { email: "x" }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await postOrder(o.reference, await staffAuth("packer"), "resend", { email: "invoice" }))
        .status,
    ).toBe(403);
  });
});
