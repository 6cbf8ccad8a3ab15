// Saving a card is safe under concurrency (issue 33 item 9): two saves at once
// (two tabs of the account page, a checkout and the account page) leave one
// row per card and one primary card. On PostgreSQL both transactions used to
// read "no card yet, no primary" and both inserted a primary card. Runs on
// SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { addCard, setPrimaryCard } from "~/accounts/account.server";
import * as m016 from "~/db/migrations/016-settle-ownership";
import { saveCard, type ResolvedCard } from "~/payments/payments.server";
import { testClientIp } from "./client-ip";
import { createCard, createUser, uniqueEmail } from "../factories";

const newUser = async () =>
  (await createUser(db, { email: uniqueEmail("cards"), firstName: "Kim", lastName: null })).id;

const card = (lastFour: string): ResolvedCard => ({
  token: `sandbox_pm_${randomBytes(6).toString("hex")}_ok`,
  brand: "Visa",
  lastFour,
  expMonth: 9,
  expYear: 2031,
  savedId: null,
});
const cardsOf = (userId: number) =>
  db
    .selectFrom("paymentMethods")
    .select(["id", "lastFour", "isPrimary"])
    .where("userId", "=", userId)
    .orderBy("id")
    .execute();
const save = (userId: number, c: ResolvedCard) =>
  db.transaction().execute((trx) => saveCard(trx, userId, c));

describe("saving cards at once", () => {
  it("keeps one row and one primary when the same card is saved five times at once", async () => {
    for (let round = 0; round < 5; round++) {
      const userId = await newUser();
      const ids = await Promise.all(Array.from({ length: 5 }, () => save(userId, card("4242"))));
      expect(new Set(ids).size).toBe(1);
      expect(await cardsOf(userId)).toEqual([{ id: ids[0], lastFour: "4242", isPrimary: 1 }]);
    }
  });

  it("makes exactly one of two different first cards primary", async () => {
    for (let round = 0; round < 5; round++) {
      const userId = await newUser();
      await Promise.all([save(userId, card("4242")), save(userId, card("4444"))]);
      const cards = await cardsOf(userId);
      expect(cards).toHaveLength(2);
      expect(cards.filter((c) => c.isPrimary === 1)).toHaveLength(1);
    }
  });

  it("keeps one primary when the account page adds a primary card and sets another primary at once", async () => {
    for (let round = 0; round < 5; round++) {
      const userId = await newUser();
      const first = await save(userId, card("1111"));
      const second = await save(userId, card("2222"));
      await Promise.all([
        addCard(
          { userId, clientIp: testClientIp() },
          {
            card: { number: "5555555555554444", expMonth: 9, expYear: 2031, cvc: "123" },
            makePrimary: true,
          },
        ),
        addCard(
          { userId, clientIp: testClientIp() },
          {
            card: { number: "5555555555554444", expMonth: 9, expYear: 2031, cvc: "123" },
            makePrimary: true,
          },
        ),
        setPrimaryCard({ userId, cardId: second }),
        setPrimaryCard({ userId, cardId: first }),
      ]);
      const cards = await cardsOf(userId);
      expect(cards.map((c) => c.lastFour).sort()).toEqual(["1111", "2222", "4444"]);
      expect(cards.filter((c) => c.isPrimary === 1)).toHaveLength(1);
    }
  });

  it("migration 016 merges the copies and extra primaries earlier races left behind", async () => {
    const userId = await newUser();
    await m016.down(db);
    try {
      for (const [lastFour, primary] of [
        ["4242", false],
        ["4242", true],
        ["4444", true],
        ["4444", true],
        ["5100", true],
      ] as const) {
        await createCard(db, userId, { lastFour, primary, expMonth: 9 });
      }
    } finally {
      await m016.up(db);
    }
    const cards = await cardsOf(userId);
    expect(cards.map((c) => c.lastFour)).toEqual(["4242", "4444", "5100"]);
    expect(cards.filter((c) => c.isPrimary === 1).map((c) => c.lastFour)).toEqual(["4242"]);
  });
});
