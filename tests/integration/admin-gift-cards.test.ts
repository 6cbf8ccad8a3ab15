// Gift cards in the back office (issue 36) on SQLite, and on PostgreSQL with DATABASE_URL_TEST:
// cancel an unclaimed card with a refund exactly once per press (the same key twice, in turn or at
// once, refunds once), a cancelled card can no longer be claimed, the buyer is e-mailed and the
// audit written; resend gives a sent card a new code; search by e-mail or last four.
import { randomUUID } from "node:crypto";
import {
  cancelGiftCard,
  GIFT_CARD_MESSAGES,
  resendGiftCard,
  searchGiftCards,
} from "~/admin/gift-cards/gift-cards.server";
import { db } from "~/db/client.server";
import { claimGiftCardCode } from "~/gift-cards/claim.server";
import type { PaymentGateway } from "~/payments/gateway";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { createStaff, createUser, uniqueEmail } from "../factories";
import { boughtGiftCard } from "./admin-gift-cards-fixtures";

const asStaff = async (role: "owner" | "support" = "support") => {
  const s = await createStaff(db, { role });
  return { id: s.id, role: s.role, ip: "203.0.113.7" };
};

/** The sandbox gateway, counting refund calls (and failing them, refunding nothing, when told). */
function countingGateway({ fail = false } = {}) {
  const real = paymentGateway();
  const calls: [string, number, string][] = [];
  const gateway: PaymentGateway = {
    tokenise: (c) => real.tokenise(c),
    verify: (t, r) => real.verify(t, r),
    charge: (r) => real.charge(r),
    findCharge: (k) => real.findCharge(k),
    findRefund: (k) => real.findRefund(k),
    refund: async (chargeId, amount, key) => {
      calls.push([chargeId, amount, key]);
      if (fail) throw new Error("gateway down");
      return real.refund(chargeId, amount, key);
    },
  };
  return { gateway, calls };
}

describe("cancel with a refund", () => {
  it("cancels an unclaimed card, refunds it once, e-mails the buyer and writes the audit", async () => {
    const staff = await asStaff("support");
    const { card, order, buyer, paymentId } = await boughtGiftCard({ valueCents: 7500 });
    const { gateway, calls } = countingGateway();
    const key = randomUUID();

    const first = await cancelGiftCard(staff, { cardId: card.id, key }, { gateway });
    expect(first).toMatchObject({ ok: true });
    // the same press again: no second refund
    const second = await cancelGiftCard(staff, { cardId: card.id, key }, { gateway });
    expect(second).toEqual(first);
    expect(calls).toHaveLength(1);
    expect(calls[0][1]).toBe(7500);

    const refunds = await db
      .selectFrom("refunds")
      .selectAll()
      .where("orderId", "=", order.id)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountCents: 7500,
      status: "succeeded",
      method: "card",
      paymentId,
      staffUserId: staff.id,
      noteNumber: `AN-${order.reference}-1`,
    });
    expect(refunds[0].gatewayRefundId).toMatch(/^sandbox_re_/);
    const o = await db
      .selectFrom("orders")
      .select("refundedCents")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(o.refundedCents).toBe(7500);
    const c = await db
      .selectFrom("giftCards")
      .select("cancelledAt")
      .where("id", "=", card.id)
      .executeTakeFirstOrThrow();
    expect(c.cancelledAt).toBeTruthy();

    const mail = await db
      .selectFrom("emailOutbox")
      .select(["subject", "text"])
      .where("toAddress", "=", buyer.email)
      .where("template", "=", "gift-card-cancelled")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toMatch(/We refunded \$75(\.00)? to the card you paid with/);

    const audit = await db
      .selectFrom("auditEntries")
      .selectAll()
      .where("entityType", "=", "gift_card")
      .where("entityId", "=", String(card.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["gift_card.cancel"]);
    expect(audit[0]).toMatchObject({ staffUserId: staff.id, staffRole: "support" });

    // a new press on a cancelled card refunds nothing
    expect(
      await cancelGiftCard(staff, { cardId: card.id, key: randomUUID() }, { gateway }),
    ).toEqual({ ok: false, status: 409, message: GIFT_CARD_MESSAGES.cancelled });
    expect(calls).toHaveLength(1);
  });

  it("refunds once when the same press arrives twice at the same time", async () => {
    const staff = await asStaff("owner");
    const { card, order } = await boughtGiftCard();
    const { gateway, calls } = countingGateway();
    const key = randomUUID();
    const outcomes = await Promise.all([
      cancelGiftCard(staff, { cardId: card.id, key }, { gateway }),
      cancelGiftCard(staff, { cardId: card.id, key }, { gateway }),
    ]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(calls).toHaveLength(1);
    const refunds = await db
      .selectFrom("refunds")
      .select("id")
      .where("orderId", "=", order.id)
      .execute();
    expect(refunds).toHaveLength(1);
  });

  it("a cancelled card (and its bonus card) can no longer be claimed", async () => {
    const staff = await asStaff();
    const { card, bonus } = await boughtGiftCard({ sent: false, bonusCents: 1000 });
    const { gateway } = countingGateway();
    expect(
      await cancelGiftCard(staff, { cardId: card.id, key: randomUUID() }, { gateway }),
    ).toMatchObject({ ok: true });
    const claimer = await createUser(db, { email: uniqueEmail("claimer") });
    expect(await claimGiftCardCode(db, { userId: claimer.id, code: card.code })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await claimGiftCardCode(db, { userId: claimer.id, code: bonus!.code })).toEqual({
      ok: false,
      reason: "not-found",
    });
    // and a cancelled card is never mailed on its day
    const { giftCardMailJob } = await import("~/gift-cards/mail-job.server");
    const due = await giftCardMailJob.due(
      { db, now: new Date("2026-12-02T00:00:00Z") } as never,
      1000,
    );
    expect(due.map((d) => d.id)).not.toContain(card.id);
  });

  it("refuses a claimed card and a bonus card; a gateway error leaves the card cancelled, its refund being confirmed", async () => {
    const staff = await asStaff();
    const claimed = await boughtGiftCard({ bonusCents: 500 });
    const claimer = await createUser(db, { email: uniqueEmail("claimer") });
    expect((await claimGiftCardCode(db, { userId: claimer.id, code: claimed.card.code })).ok).toBe(
      true,
    );
    const { gateway, calls } = countingGateway();
    expect(
      await cancelGiftCard(staff, { cardId: claimed.card.id, key: randomUUID() }, { gateway }),
    ).toEqual({ ok: false, status: 409, message: GIFT_CARD_MESSAGES.claimed });
    expect(
      await cancelGiftCard(staff, { cardId: claimed.bonus!.id, key: randomUUID() }, { gateway }),
    ).toEqual({ ok: false, status: 409, message: GIFT_CARD_MESSAGES.bonus });
    expect(calls).toHaveLength(0);

    const { card, order } = await boughtGiftCard();
    const failing = countingGateway({ fail: true });
    expect(
      await cancelGiftCard(
        staff,
        { cardId: card.id, key: randomUUID() },
        { gateway: failing.gateway },
      ),
    ).toMatchObject({ ok: true, confirming: true });
    // the gateway may have refunded before the error: nothing is undone until it is asked (decision 072)
    const after = await db
      .selectFrom("giftCards")
      .select("cancelledAt")
      .where("id", "=", card.id)
      .executeTakeFirstOrThrow();
    expect(after.cancelledAt).not.toBeNull();
    const o = await db
      .selectFrom("orders")
      .select("refundedCents")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(o.refundedCents).toBe(10000);
    const r = await db
      .selectFrom("refunds")
      .select("status")
      .where("orderId", "=", order.id)
      .execute();
    expect(r).toEqual([{ status: "unknown" }]);
    // and no second cancel (a second refund of that money) can start meanwhile
    expect(
      await cancelGiftCard(staff, { cardId: card.id, key: randomUUID() }, { gateway }),
    ).toEqual({ ok: false, status: 409, message: GIFT_CARD_MESSAGES.cancelled });
    expect(calls).toHaveLength(0);
  });
});

describe("resend and search", () => {
  it("resends a sent card with a new code: the old code stops working", async () => {
    const staff = await asStaff();
    const { card, buyer } = await boughtGiftCard();
    const before = await db
      .selectFrom("giftCards")
      .select(["codeLast4", "receiverEmail"])
      .where("id", "=", card.id)
      .executeTakeFirstOrThrow();
    const out = await resendGiftCard(staff, card.id, "https://shop.example");
    expect(out.ok).toBe(true);
    const mail = await db
      .selectFrom("emailOutbox")
      .select("text")
      .where("toAddress", "=", before.receiverEmail)
      .where("template", "=", "gift-card")
      .execute();
    expect(mail).toHaveLength(1);
    const newCode = /Your code: ([A-Z0-9-]+)/.exec(mail[0].text)![1];
    const claimer = await createUser(db, { email: uniqueEmail("claimer") });
    expect((await claimGiftCardCode(db, { userId: claimer.id, code: card.code })).ok).toBe(false);
    expect((await claimGiftCardCode(db, { userId: claimer.id, code: newCode })).ok).toBe(true);
    const audit = await db
      .selectFrom("auditEntries")
      .select(["action", "before"])
      .where("entityType", "=", "gift_card")
      .where("entityId", "=", String(card.id))
      .execute();
    expect(audit).toEqual([
      { action: "gift_card.resend", before: JSON.stringify({ codeLast4: before.codeLast4 }) },
    ]);
    // found by the buyer's e-mail and by the last four
    const byEmail = await searchGiftCards(buyer.email.toUpperCase(), 1);
    expect("cards" in byEmail && byEmail.cards.map((c) => c.id)).toContain(card.id);
    const last4 = newCode.replace(/-/g, "").slice(-4).toLowerCase();
    const byLast4 = await searchGiftCards(last4, 1);
    expect("cards" in byLast4 && byLast4.cards.map((c) => c.id)).toContain(card.id);
    expect(await searchGiftCards("12", 1)).toEqual({ error: GIFT_CARD_MESSAGES.badQuery });
  });

  it("does not resend a card not sent yet (it still goes by itself on its day)", async () => {
    const staff = await asStaff();
    const { card } = await boughtGiftCard({ sent: false });
    expect(await resendGiftCard(staff, card.id, "https://shop.example")).toEqual({
      ok: false,
      status: 409,
      message: GIFT_CARD_MESSAGES.notSent("2026-12-01"),
    });
  });
});
