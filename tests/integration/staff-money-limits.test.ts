// Staff money moves are exactly once and within limits (issue 46 item 6, decision 071), through the
// pages' actions as staff post them, on SQLite and on PostgreSQL (DATABASE_URL_TEST):
//   - credit added on a customer's page carries the page's key: a repeated post adds once
//   - support moves at most $200 a press and $500 a Sydney day across refunds, credit added and gift
//     cards cancelled with a refund; more is refused with the message and nothing changes
//   - a refund's line fields are read strictly: a repeated or non-canonical one is refused
import type { ActionFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MONEY_LIMIT_MESSAGES } from "~/admin/money-limits.server";
import { REFUND_FIELD_MESSAGES } from "~/admin/refunds/refund-schema";
import { db } from "~/db/client.server";
import { creditBalance } from "~/orders/credit.server";
import * as customerRoute from "~/routes/admin.customers.$customerId";
import * as giftCardRoute from "~/routes/admin.gift-cards.$id";
import * as orderRoute from "~/routes/admin.orders.$reference";
import { createUser } from "../factories";
import { boughtGiftCard } from "./admin-gift-cards-fixtures";
import {
  answerOf,
  asResponse,
  newKey,
  paidOrder,
  postOrder,
  refundedOf,
  refundsOf,
  staffAuth,
  type StaffAuth,
} from "./admin-refunds-fixtures";

async function post(
  route: { action: (args: ActionFunctionArgs) => unknown },
  path: string,
  params: Record<string, string>,
  auth: StaffAuth,
  fields: [string, string][],
) {
  const body = new FormData();
  body.append("csrf", auth.token);
  for (const [k, v] of fields) body.append(k, v);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { Cookie: auth.cookie },
  });
  return answerOf(
    await asResponse(Promise.resolve(route.action({ request, params, context: {} }))),
  );
}

const addCredit = (auth: StaffAuth, userId: number, amount: string, key = newKey()) =>
  post(customerRoute, `/admin/customers/${userId}`, { customerId: String(userId) }, auth, [
    ["intent", "credit"],
    ["key", key],
    ["direction", "add"],
    ["amount", amount],
    ["reason", "Late delivery"],
  ]);

const cancelCard = (auth: StaffAuth, cardId: number) =>
  post(giftCardRoute, `/admin/gift-cards/${cardId}`, { id: String(cardId) }, auth, [
    ["intent", "cancel"],
    ["key", newKey()],
  ]);

const refundAmount = (auth: StaffAuth, reference: string, amount: string, seen = "0") =>
  postOrder(reference, auth, "refund", {
    idempotencyKey: newKey(),
    seenRefundedCents: seen,
    scope: "amount",
    method: "card",
    amount,
    reason: "Box arrived warm",
  });

const ledgerOf = (userId: number) =>
  db
    .selectFrom("creditLedger")
    .select(["amountCents", "staffUserId"])
    .where("userId", "=", userId)
    .execute();

const customer = () => createUser(db, { email: `care.${newKey()}@example.com` });

describe("credit on a customer's page", () => {
  it("adds once for a key, however often or at once the same press is posted", async () => {
    const owner = await staffAuth("owner");
    const user = await customer();
    const key = newKey();
    const first = await addCredit(owner, user.id, "20", key);
    expect(first.status).toBe(303);
    const again = await addCredit(owner, user.id, "20", key);
    expect(again.status).toBe(303);
    const both = await Promise.all([
      addCredit(owner, user.id, "20", key),
      addCredit(owner, user.id, "20", key),
    ]);
    expect(both.map((b) => b.status)).toEqual([303, 303]);
    expect(await creditBalance({ userId: user.id })).toBe(2000);
    expect(await ledgerOf(user.id)).toEqual([{ amountCents: 2000, staffUserId: owner.userId }]);
    // two presses of one page at the same instant with different keys are two changes
    const racing = await customer();
    await Promise.all([addCredit(owner, racing.id, "5"), addCredit(owner, racing.id, "5")]);
    expect(await creditBalance({ userId: racing.id })).toBe(1000);
  });

  it("refuses a post without the page's key, and changes nothing", async () => {
    const owner = await staffAuth("owner");
    const user = await customer();
    const res = await addCredit(owner, user.id, "20", "");
    expect(res.status).toBe(400);
    expect(res.body.formError).toBe(
      "This page is out of date. Reload the customer's page and try again.",
    );
    expect(await ledgerOf(user.id)).toEqual([]);
  });
});

describe("support's limits", () => {
  it("refuses more than $200 a press on every route that moves money; the owner may", async () => {
    const support = await staffAuth("support");
    const owner = await staffAuth("owner");
    const user = await customer();
    const credit = await addCredit(support, user.id, "200.01");
    expect(credit.status).toBe(409);
    expect(credit.body.formError).toBe(MONEY_LIMIT_MESSAGES.press(20000));
    expect(await ledgerOf(user.id)).toEqual([]);

    const { card, order } = await boughtGiftCard({ valueCents: 25000 });
    const cancel = await cancelCard(support, card.id);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error).toBe(MONEY_LIMIT_MESSAGES.press(20000));
    const still = await db
      .selectFrom("giftCards")
      .select("cancelledAt")
      .where("id", "=", card.id)
      .executeTakeFirstOrThrow();
    expect(still.cancelledAt).toBeNull();
    expect(await refundsOf(order.id)).toEqual([]);

    expect((await addCredit(owner, user.id, "200.01")).status).toBe(303);
    expect((await cancelCard(owner, card.id)).status).toBe(303);
  });

  it("holds $500 a Sydney day across refunds, credit added and gift-card cancels", async () => {
    const support = await staffAuth("support");
    const o = await paidOrder();
    const user = await customer();
    const { card } = await boughtGiftCard({ valueCents: 10000 });

    expect((await refundAmount(support, o.reference, "200")).status).toBe(303);
    expect((await addCredit(support, user.id, "150")).status).toBe(303);
    expect((await cancelCard(support, card.id)).status).toBe(303);
    // $450 so far: $50 is left today, on any route
    const day = MONEY_LIMIT_MESSAGES.day(50000, 5000);
    const credit = await addCredit(support, user.id, "50.01");
    expect(credit.status).toBe(409);
    expect(credit.body.formError).toBe(day);
    const refund = await answerOf(await refundAmount(support, o.reference, "60", "20000"));
    expect(refund.status).toBe(409);
    expect(JSON.stringify(refund.body)).toContain(day);
    const { card: second, order: secondOrder } = await boughtGiftCard({ valueCents: 6000 });
    const cancel = await cancelCard(support, second.id);
    expect(cancel.body.error).toBe(day);
    // nothing changed
    expect(await creditBalance({ userId: user.id })).toBe(15000);
    expect(await refundedOf(o.orderId)).toBe(20000);
    expect(await refundsOf(secondOrder.id)).toEqual([]);
    // what fits still goes through: $50 exactly
    expect((await addCredit(support, user.id, "50")).status).toBe(303);
    expect((await addCredit(support, user.id, "0.01")).status).toBe(409);
    // another member of support has their own day; the owner has no limit
    expect((await addCredit(await staffAuth("support"), user.id, "200")).status).toBe(303);
    expect((await addCredit(await staffAuth("owner"), user.id, "900")).status).toBe(303);

    // the next Sydney day starts afresh (what was moved is dated 25 hours back)
    const back = new Date(Date.now() - 25 * 3600_000).toISOString();
    await sql`update refunds set created_at = ${back} where staff_user_id = ${support.userId}`.execute(
      db,
    );
    await sql`update credit_ledger set created_at = ${back} where staff_user_id = ${support.userId}`.execute(
      db,
    );
    expect((await addCredit(support, user.id, "200")).status).toBe(303);
  });

  it("lets two presses at once fit only in what is left of the day", async () => {
    const support = await staffAuth("support");
    const user = await customer();
    expect((await addCredit(support, user.id, "200")).status).toBe(303);
    expect((await addCredit(support, user.id, "150")).status).toBe(303);
    // $150 left: two presses of $100 at the same instant, one of them fits
    const both = await Promise.all([
      addCredit(support, user.id, "100"),
      addCredit(support, user.id, "100"),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([303, 409]);
    expect(await creditBalance({ userId: user.id })).toBe(45000);
  });

  it("does not count a removal of credit as money moved", async () => {
    const support = await staffAuth("support");
    const user = await customer();
    expect((await addCredit(support, user.id, "200")).status).toBe(303);
    const remove = (amount: string) =>
      post(customerRoute, `/admin/customers/${user.id}`, { customerId: String(user.id) }, support, [
        ["intent", "credit"],
        ["key", newKey()],
        ["direction", "remove"],
        ["amount", amount],
        ["reason", "Added by mistake"],
      ]);
    expect((await remove("200")).status).toBe(303);
    expect((await addCredit(support, user.id, "200")).status).toBe(303);
    expect((await addCredit(support, user.id, "100")).status).toBe(303);
  });
});

describe("a refund's line fields", () => {
  const fields: [string, string][] = [
    ["idempotencyKey", ""],
    ["seenRefundedCents", "0"],
    ["scope", "lines"],
    ["method", "card"],
    ["amount", ""],
    ["reason", "Knife arrived chipped"],
  ];
  const refundLines = (auth: StaffAuth, reference: string, lines: [string, string][]) =>
    post(orderRoute, `/admin/orders/${reference}?intent=refund`, { reference }, auth, [
      ...fields.map(([k, v]): [string, string] => [k, k === "idempotencyKey" ? newKey() : v]),
      ...lines,
    ]);

  it("refuses a line given twice or not as the page wrote it, and refunds nothing", async () => {
    const owner = await staffAuth("owner");
    const o = await paidOrder();
    const knife = String(o.lineIds.knife);
    for (const lines of [
      [
        [`qty-${knife}`, "1"],
        [`qty-0${knife}`, "1"],
      ],
      [
        [`qty-${knife}`, "1"],
        [`qty-${knife}`, "1"],
      ],
      [[`qty-0${knife}`, "1"]],
      [[`qty-${knife}.0`, "1"]],
      [[`qty-+${knife}`, "1"]],
    ] as [string, string][][]) {
      const res = await refundLines(owner, o.reference, lines);
      expect(res.status, JSON.stringify(lines)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(REFUND_FIELD_MESSAGES.lineField);
    }
    expect(await refundsOf(o.orderId)).toEqual([]);
    expect(await refundedOf(o.orderId)).toBe(0);
    // as the page writes it, the line is refunded once
    expect((await refundLines(owner, o.reference, [[`qty-${knife}`, "1"]])).status).toBe(303);
    expect(await refundsOf(o.orderId)).toMatchObject([
      {
        amountCents: 8900,
        lines: JSON.stringify([{ invoiceLineId: o.lineIds.knife, quantity: 1 }]),
      },
    ]);
  });
});
