// No free card testing (issue 34 item 4, decision 042), at every place a new card is typed: the
// account page, box checkout, pay an order and gift cards. Bursts of parallel requests (Promise.all:
// on PostgreSQL they run on separate connections) get exactly the budget and no more reaches the
// gateway; declines weigh more; copies of one submit stay one attempt; a saved card is never limited.
// Runs on SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import { randomUUID } from "node:crypto";
import { afterEach, vi } from "vitest";
import { db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { addCard } from "~/accounts/account.server";
import { ensureIdentifiedUser } from "~/box/flow.server";
import { placeOrder } from "~/checkout/place-order.server";
import { purchaseGiftCard } from "~/gift-cards/purchase.server";
import { payOrder } from "~/orders/pay-order.server";
import {
  CARD_LIMITS,
  NewCardsPausedError,
  admitNewCard,
} from "~/payments/card-attempt-limits.server";
import { cardLimitMessage } from "~/payments/card-attempt-rules";
import { paymentGateway, VERIFY_PREFIX } from "~/payments/sandbox-gateway.server";
import {
  ORIGIN,
  VISA,
  boxDraft,
  customer,
  giftInput,
  payRequest,
  uniqueEmail,
  unpaidOrder,
} from "./payment-fixtures";
import { testClientIp } from "./client-ip";
import { createCard } from "../factories";

const DECLINED = { ...VISA, number: "4000000000000002" };
const { perAccount, perAddress, declineWeight } = CARD_LIMITS;
/** Declined cards an empty account budget lets through before it is full. */
const DECLINES_ADMITTED = Math.ceil(perAccount / declineWeight);
const HOUR = 3_600_000;

afterEach(() => vi.restoreAllMocks());

/** Uses up `weight` of a budget, as earlier attempts would have. */
async function spend(scope: string, weight: number, at = new Date()) {
  await db
    .insertInto("cardAttempts")
    .values(
      Array.from({ length: weight }, () => ({
        scope,
        attempt: `earlier:${randomUUID()}`,
        weight: 1,
        createdAt: at.toISOString(),
      })),
    )
    .execute();
}

async function used(scope: string): Promise<number> {
  const rows = await db
    .selectFrom("cardAttempts")
    .select("weight")
    .where("scope", "=", scope)
    .execute();
  return rows.reduce((sum, r) => sum + r.weight, 0);
}

function gatewaySpies() {
  const gw = paymentGateway();
  return {
    tokenise: vi.spyOn(gw, "tokenise"),
    verify: vi.spyOn(gw, "verify"),
    charge: vi.spyOn(gw, "charge"),
  };
}

/** What the sandbox gateway recorded under these keys (charges) or key prefix (zero-amount checks). */
async function gatewayRows(where: { keys?: string[]; prefix?: string }) {
  let q = db.selectFrom("sandboxCharges").select("idempotencyKey");
  if (where.keys) q = q.where("idempotencyKey", "in", where.keys);
  if (where.prefix) q = q.where("idempotencyKey", "like", `${where.prefix}%`);
  return (await q.execute()).map((r) => r.idempotencyKey);
}

/** A visitor who typed a fresh e-mail: the user row get-started makes for it (no password, no history). */
async function guest(): Promise<User> {
  const id = await ensureIdentifiedUser(uniqueEmail("guest"));
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

const rejectedWith = (results: PromiseSettledResult<unknown>[]) =>
  results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);

describe("the account page", () => {
  it("a burst of parallel saves on one account gets exactly the account's budget; the rest reach nothing", async () => {
    const user = await customer();
    const spies = gatewaySpies();
    const clientIp = testClientIp();
    const results = await Promise.allSettled(
      Array.from({ length: perAccount + 6 }, () =>
        addCard({ userId: user.id, clientIp }, { card: VISA, makePrimary: false }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(perAccount);
    const refused = rejectedWith(results);
    expect(refused).toHaveLength(6);
    for (const error of refused) expect(error).toBeInstanceOf(NewCardsPausedError);
    expect(spies.tokenise).toHaveBeenCalledTimes(perAccount);
    expect(spies.verify).toHaveBeenCalledTimes(perAccount);
    expect(await gatewayRows({ prefix: `${VERIFY_PREFIX}setup:user:${user.id}:` })).toHaveLength(
      perAccount,
    );
    expect(await used(`account:${user.id}`)).toBe(perAccount);
    expect(await used(`address:${clientIp}`)).toBe(perAccount);
  });

  it("a declined card weighs more: the card after the declines the budget allows is refused unverified, with how long to wait", async () => {
    const user = await customer();
    const spies = gatewaySpies();
    const clientIp = testClientIp();
    for (let i = 0; i < DECLINES_ADMITTED; i++) {
      await expect(
        addCard({ userId: user.id, clientIp }, { card: DECLINED, makePrimary: false }),
      ).rejects.toMatchObject({ message: "Your card was declined." });
    }
    expect(await used(`account:${user.id}`)).toBe(DECLINES_ADMITTED * declineWeight);
    const refused = await addCard(
      { userId: user.id, clientIp },
      { card: VISA, makePrimary: false },
    ).catch((e) => e);
    expect(refused).toBeInstanceOf(NewCardsPausedError);
    // the first decline leaves the 24-hour window first
    expect(refused.retryAfterSeconds).toBeGreaterThan(CARD_LIMITS.windowHours * 3600 - 120);
    expect(refused.message).toBe(cardLimitMessage(refused.retryAfterSeconds));
    expect(refused.message).toMatch(
      /^Too many new cards have been tried from this account or connection\. .*please wait about \d+ hours/,
    );
    expect(spies.tokenise).toHaveBeenCalledTimes(DECLINES_ADMITTED);
    expect(spies.verify).toHaveBeenCalledTimes(DECLINES_ADMITTED);
    // a refused attempt is not written: waiting is enough
    expect(await used(`account:${user.id}`)).toBe(DECLINES_ADMITTED * declineWeight);
    expect(
      await db.selectFrom("paymentMethods").select("id").where("userId", "=", user.id).execute(),
    ).toEqual([]);
  });

  it("one address's budget holds across accounts: a burst of new accounts from one address", async () => {
    const users = [];
    for (let i = 0; i < perAddress + 5; i++) users.push(await guest());
    const spies = gatewaySpies();
    const clientIp = testClientIp();
    const results = await Promise.allSettled(
      users.map((u) => addCard({ userId: u.id, clientIp }, { card: VISA, makePrimary: false })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(perAddress);
    expect(rejectedWith(results).every((e) => e instanceof NewCardsPausedError)).toBe(true);
    expect(spies.verify).toHaveBeenCalledTimes(perAddress);
    expect(await used(`address:${clientIp}`)).toBe(perAddress);
  });
});

describe("box checkout", () => {
  it("guests with fresh e-mails at once from one address: the address's budget decides, before the card is tokenised", async () => {
    const clientIp = testClientIp();
    await spend(`address:${clientIp}`, perAddress - 2);
    const boxes = [];
    for (let i = 0; i < 5; i++) boxes.push(await boxDraft(await guest(), { guest: true }));
    const spies = gatewaySpies();
    const outcomes = await Promise.all(
      boxes.map((b) => placeOrder({ ...b.actor, clientIp }, b.input(), ORIGIN)),
    );
    expect(outcomes.filter((o) => o.kind === "placed")).toHaveLength(2);
    const limited = outcomes.filter((o) => o.kind === "card-limit");
    expect(limited).toHaveLength(3);
    for (const o of limited)
      expect(o).toMatchObject({
        message: expect.stringMatching(/^Too many new cards/),
        retryAfterSeconds: expect.any(Number),
      });
    expect(spies.tokenise).toHaveBeenCalledTimes(2);
    expect(spies.charge).toHaveBeenCalledTimes(2);
    expect(await used(`address:${clientIp}`)).toBe(perAddress);
  });

  it("declines on one guest's e-mail: the next card is refused by the limit and never charged; the draft waits", async () => {
    const box = await boxDraft(await guest(), { guest: true });
    const spies = gatewaySpies();
    for (let i = 0; i < DECLINES_ADMITTED; i++) {
      expect(
        await placeOrder(box.actor, box.input({ card: { kind: "new", card: DECLINED } }), ORIGIN),
      ).toMatchObject({ kind: "declined" });
    }
    const last = box.input();
    const outcome = await placeOrder(box.actor, last, ORIGIN);
    expect(outcome).toMatchObject({
      kind: "card-limit",
      message: expect.stringMatching(/^Too many new cards/),
    });
    expect(spies.charge).toHaveBeenCalledTimes(DECLINES_ADMITTED);
    expect(spies.tokenise).toHaveBeenCalledTimes(DECLINES_ADMITTED);
    expect(await gatewayRows({ keys: [`checkout:${last.idempotencyKey}`] })).toEqual([]);
    expect(
      await db
        .selectFrom("subscriptions")
        .select(["status", "checkoutKey"])
        .where("id", "=", box.draftId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "draft", checkoutKey: null });
  });
});

describe("pay an order", () => {
  it("new cards at once on one account's orders: its budget admits, the rest are refused before the gateway", async () => {
    const user = await customer();
    const clientIp = testClientIp();
    const orders = [];
    for (let i = 0; i < perAccount + 4; i++) orders.push(await unpaidOrder(user));
    const spies = gatewaySpies();
    const outcomes = await Promise.all(
      orders.map((o) => payOrder({ ...payRequest(user, o.reference), clientIp })),
    );
    expect(outcomes.filter((o) => o.status === "paid")).toHaveLength(perAccount);
    const limited = outcomes.filter((o) => o.status === "card_limited");
    expect(limited).toHaveLength(4);
    for (const o of limited)
      expect(o).toMatchObject({
        field: "card.number",
        message: expect.stringMatching(/^Too many new cards/),
      });
    expect(spies.tokenise).toHaveBeenCalledTimes(perAccount);
    expect(spies.charge).toHaveBeenCalledTimes(perAccount);
  });

  it("a saved card still pays when the account's budget for new cards is used up", async () => {
    const user = await customer();
    await spend(`account:${user.id}`, perAccount);
    const cardId = await createCard(db, user.id);
    const order = await unpaidOrder(user);
    expect(
      await payOrder(payRequest(user, order.reference, { kind: "new", card: VISA })),
    ).toMatchObject({ status: "card_limited" });
    expect(
      await payOrder(payRequest(user, order.reference, { kind: "saved", paymentMethodId: cardId })),
    ).toMatchObject({ status: "paid" });
    expect(await used(`account:${user.id}`)).toBe(perAccount);
  });
});

describe("gift cards", () => {
  it("guests with fresh e-mails at once from one address: only the address's budget is charged", async () => {
    const clientIp = testClientIp();
    await spend(`address:${clientIp}`, perAddress - 3);
    const spies = gatewaySpies();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        purchaseGiftCard({ user: null, clientIp }, giftInput(), ORIGIN),
      ),
    );
    expect(outcomes.filter((o) => o.kind === "placed")).toHaveLength(3);
    expect(outcomes.filter((o) => o.kind === "card-limit")).toHaveLength(5);
    expect(spies.charge).toHaveBeenCalledTimes(3);
    expect(spies.tokenise).toHaveBeenCalledTimes(3);
  });

  it("copies of one purchase at the edge of the budget are one attempt: all answer with its one order", async () => {
    const input = giftInput();
    const buyerId = await ensureIdentifiedUser(input.checkout.email!);
    await spend(`account:${buyerId}`, perAccount - 1);
    const spies = gatewaySpies();
    const clientIp = testClientIp();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => purchaseGiftCard({ user: null, clientIp }, input, ORIGIN)),
    );
    const references = new Set(outcomes.map((o) => (o.kind === "placed" ? o.reference : o.kind)));
    expect([...references]).toHaveLength(1);
    expect(outcomes[0].kind).toBe("placed");
    expect(spies.charge).toHaveBeenCalledTimes(1);
    expect(await used(`account:${buyerId}`)).toBe(perAccount);
    // a copy later still answers with the order; the buyer's next purchase finds the budget full
    expect(await purchaseGiftCard({ user: null, clientIp }, input, ORIGIN)).toEqual(outcomes[0]);
    const next = await purchaseGiftCard(
      { user: null, clientIp },
      { ...input, checkout: { ...input.checkout, idempotencyKey: randomUUID() } },
      ORIGIN,
    );
    expect(next.kind).toBe("card-limit");
    expect(spies.charge).toHaveBeenCalledTimes(1);
  });
});

describe("the window", () => {
  it("a full budget has room again once its oldest attempt leaves the window, which is then deleted", async () => {
    const user = await customer();
    const clientIp = testClientIp();
    const now = new Date();
    await spend(`account:${user.id}`, 1, new Date(now.getTime() - 23 * HOUR));
    await spend(`account:${user.id}`, perAccount - 1, now);
    const refused = await admitNewCard({ userId: user.id, clientIp, submitKey: null }, VISA, {
      now,
    }).catch((e) => e);
    expect(refused).toBeInstanceOf(NewCardsPausedError);
    expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    const later = new Date(now.getTime() + HOUR + 1000);
    await expect(
      admitNewCard({ userId: user.id, clientIp, submitKey: null }, VISA, { now: later }),
    ).resolves.toMatchObject({ scopes: [`account:${user.id}`, `address:${clientIp}`] });
    // the oldest left the window and was deleted; the new attempt took its place
    expect(await used(`account:${user.id}`)).toBe(perAccount);
  });
});
