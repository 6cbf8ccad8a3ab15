// Adding a card at /dashboard/account has the gateway verify it first (a
// zero-amount check): the sandbox's "declined" card is refused with a
// card-number field error and nothing is stored; approved cards and the
// insufficient-funds card (a zero-amount check needs no funds) are saved.
// Runs on SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { addCard, getAccount } from "~/accounts/account.server";
import { CardError } from "~/payments/gateway";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { testClientIp } from "./client-ip";
import { createCard, createUser, TEST_CARDS } from "../factories";

const ts = () => new Date().toISOString();
const uniq = () => randomBytes(4).toString("hex");

/** A user with one saved, primary Visa ending in 4242. */
async function userWithCard() {
  const { id: userId } = await createUser(db, {
    email: `verify.${uniq()}@example.com`,
    password: null,
    firstName: "Mia",
    lastName: "Kelly",
    phone: "+61412345678",
    sms: 0,
    newsletter: 0,
    orderedAt: ts(),
  });
  return { userId, cardId: await createCard(db, userId) };
}

const cardsOf = (userId: number) =>
  db
    .selectFrom("paymentMethods")
    .select(["id", "lastFour", "isPrimary", "gatewayToken"])
    .where("userId", "=", userId)
    .orderBy("id")
    .execute();

const newCard = (number: string) => ({ number, expMonth: 10, expYear: 2029, cvc: "123" });

afterEach(() => vi.restoreAllMocks());

describe("addCard verifies the card with the gateway", () => {
  it("refuses the declined test card on the number field and stores nothing, even asked to make it primary", async () => {
    const u = await userWithCard();
    const verify = vi.spyOn(paymentGateway(), "verify");
    const charge = vi.spyOn(paymentGateway(), "charge");
    const attempt = addCard(
      { userId: u.userId, clientIp: testClientIp() },
      { card: newCard(TEST_CARDS.declined), makePrimary: true },
    );
    await expect(attempt).rejects.toBeInstanceOf(CardError);
    await expect(attempt).rejects.toMatchObject({
      field: "number",
      message: "Your card was declined.",
    });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(charge).not.toHaveBeenCalled();
    const rows = await cardsOf(u.userId);
    expect(rows.map((r) => [r.id, r.lastFour, r.isPrimary])).toEqual([[u.cardId, "4242", 1]]);
    expect(
      (await getAccount({ userId: u.userId })).cards.map((c) => [c.lastFour, c.primary]),
    ).toEqual([["4242", true]]);
  });

  it.each([
    [TEST_CARDS.good, "Visa ending in 4242", "4242"],
    [TEST_CARDS.insufficient, "Visa ending in 9995", "9995"],
    ["5555555555554444", "Mastercard ending in 4444", "4444"],
  ])("saves %s as %s", async (number, label, lastFour) => {
    const u = await userWithCard();
    const before = await cardsOf(u.userId);
    const added = await addCard(
      { userId: u.userId, clientIp: testClientIp() },
      { card: newCard(number), makePrimary: false },
    );
    expect(added.label).toBe(label);
    const rows = await cardsOf(u.userId);
    expect(rows).toHaveLength(before.length + 1);
    expect(rows.find((r) => r.id === added.id)).toMatchObject({ lastFour, isPrimary: 0 });
    expect(JSON.stringify(rows)).not.toContain(number);
  });
});
