// The rules of the card-testing limits (decision 042): the settings, the two budgets of an attempt,
// what makes two submits one attempt, when a budget has room again, and the message.
import {
  attemptIdOf,
  budgetsOf,
  cardLimitConfig,
  cardLimitMessage,
  secondsUntilRoom,
  type Hit,
} from "~/payments/card-attempt-rules";
import { waitText } from "~/utils/wait-text";

const HOUR = 3_600_000;
const now = new Date("2026-12-01T10:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const hits = (...list: [weight: number, msAgo: number][]): Hit[] =>
  list.map(([weight, ms]) => ({ weight, createdAt: ago(ms) }));

describe("cardLimitConfig", () => {
  it("has production defaults: 10 per account, 30 per address, a decline counts 3, over 24 hours", () => {
    expect(cardLimitConfig({})).toEqual({
      perAccount: 10,
      perAddress: 30,
      declineWeight: 3,
      windowHours: 24,
    });
  });

  it("reads each variable", () => {
    expect(
      cardLimitConfig({
        CARD_ATTEMPTS_PER_ACCOUNT: "4",
        CARD_ATTEMPTS_PER_ADDRESS: "100000",
        CARD_DECLINE_WEIGHT: "2",
        CARD_ATTEMPTS_WINDOW_HOURS: "6",
      }),
    ).toEqual({ perAccount: 4, perAddress: 100000, declineWeight: 2, windowHours: 6 });
  });

  it.each([
    ["CARD_ATTEMPTS_PER_ACCOUNT", "0"],
    ["CARD_ATTEMPTS_PER_ACCOUNT", "lots"],
    ["CARD_ATTEMPTS_PER_ADDRESS", "-5"],
    ["CARD_ATTEMPTS_PER_ADDRESS", "2.5"],
    ["CARD_DECLINE_WEIGHT", "0"],
    ["CARD_ATTEMPTS_WINDOW_HOURS", "0"],
  ])("refuses %s=%s, naming it", (name, value) => {
    expect(() => cardLimitConfig({ [name]: value })).toThrow(
      new RegExp(`Invalid card attempt limits: ${name}`),
    );
  });
});

describe("budgetsOf", () => {
  it("counts an attempt against its account and its client address", () => {
    expect(
      budgetsOf(
        { userId: 42, clientIp: "203.0.113.9" },
        cardLimitConfig({ CARD_ATTEMPTS_PER_ACCOUNT: "4", CARD_ATTEMPTS_PER_ADDRESS: "12" }),
      ),
    ).toEqual([
      { scope: "account:42", max: 4 },
      { scope: "address:203.0.113.9", max: 12 },
    ]);
  });
});

describe("attemptIdOf", () => {
  const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030 };
  const random = (() => {
    let n = 0;
    return () => `r${++n}`;
  })();

  it("makes copies of one submit with one card one attempt, and never carries the card number", () => {
    const id = attemptIdOf("checkout:key-1", card, random);
    expect(attemptIdOf("checkout:key-1", { ...card, number: "4242424242424242" }, random)).toBe(id);
    expect(id).toBe("checkout:key-1|4242|12/2030");
    expect(id).not.toMatch(/\d{5,}/);
  });

  it("makes the same key with another card, or another expiry, another attempt", () => {
    const id = attemptIdOf("gift:key-2", card, random);
    expect(attemptIdOf("gift:key-2", { ...card, number: "4000000000000002" }, random)).not.toBe(id);
    expect(attemptIdOf("gift:key-2", { ...card, expYear: 2031 }, random)).not.toBe(id);
  });

  it("makes every save without a key (the account page) an attempt of its own", () => {
    expect(attemptIdOf(null, card, random)).not.toBe(attemptIdOf(null, card, random));
  });
});

describe("secondsUntilRoom", () => {
  it("has room while the weights add up to less than the budget", () => {
    expect(secondsUntilRoom([], 3, 24, now)).toBeNull();
    expect(secondsUntilRoom(hits([1, HOUR], [1, 2 * HOUR]), 3, 24, now)).toBeNull();
  });

  it("is full at the budget: room again when the oldest attempt leaves the window", () => {
    // three attempts, the oldest 20 hours ago: it leaves the 24-hour window in 4 hours
    expect(secondsUntilRoom(hits([1, 20 * HOUR], [1, HOUR], [1, 60_000]), 3, 24, now)).toBe(
      4 * 3600,
    );
  });

  it("lets a decline weigh more: it must leave the window before anything else frees up", () => {
    // a decline (3) 10 hours ago and an attempt 2 hours ago fill a budget of 4 until the decline leaves
    expect(secondsUntilRoom(hits([3, 10 * HOUR], [1, 2 * HOUR]), 4, 24, now)).toBe(14 * 3600);
    // the other way round: the decline is newer, and the old attempt leaving still leaves 3 of 3
    expect(secondsUntilRoom(hits([1, 10 * HOUR], [3, 2 * HOUR]), 3, 24, now)).toBe(22 * 3600);
  });

  it("counts weights over the budget (a burst of copies, a budget lowered since) until enough have left", () => {
    expect(
      secondsUntilRoom(
        hits([1, 23 * HOUR], [1, 22 * HOUR], [1, 21 * HOUR], [1, 20 * HOUR]),
        2,
        24,
        now,
      ),
    ).toBe(3 * 3600);
  });

  it("never answers less than a second", () => {
    expect(secondsUntilRoom(hits([1, 24 * HOUR - 1]), 1, 24, now)).toBe(1);
  });
});

describe("the message", () => {
  it.each([
    [30, "about a minute"],
    [61, "about 2 minutes"],
    [90 * 60, "about 90 minutes"],
    [90 * 60 + 1, "about 2 hours"],
    [14 * 3600, "about 14 hours"],
  ])("waits %i seconds as %s", (seconds, text) => {
    expect(waitText(seconds, { about: true })).toBe(text);
  });

  it("says what happened, why, and how long to wait", () => {
    expect(cardLimitMessage(5 * 3600)).toBe(
      "Too many new cards have been tried from this account or connection. To protect card holders, please wait about 5 hours before trying a new card.",
    );
  });
});
