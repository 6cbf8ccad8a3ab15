// Gift cards against a real database (SQLite, or PostgreSQL with DATABASE_URL_TEST):
// exactly-once purchase, single-use claims and the due-mail job.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { db } from "~/db/client.server";
import type { AddressInput } from "~/addresses/address-schema";
import { claimGiftCardCode } from "~/gift-cards/claim.server";
import { purchaseGiftCard, type PurchaseInput } from "~/gift-cards/purchase.server";
import { expiryDay, formatCode, sydneyToday } from "~/gift-cards/rules";
import { addDays } from "~/utils/calendar-day";
import type { PersonaliseInput } from "~/gift-cards/schemas";
import { giftCardMailJob } from "~/gift-cards/mail-job.server";
import { oldestDueJob, runDueJobs } from "~/jobs/runner.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { testClientIp } from "./client-ip";
import { codeOf } from "./gift-fixtures";
import { createUser, TEST_CARD } from "../factories";

const unique = (p: string) => `${p}.${randomUUID().slice(0, 8)}@example.com`;
const billing: AddressInput = {
  addressType: "house",
  line1: "1 Harbour St",
  line2: undefined,
  company: undefined,
  city: "Sydney",
  state: "NSW",
  postcode: "2000",
  country: "AU",
};
const visa = {
  kind: "new" as const,
  card: { ...TEST_CARD },
};
const declined = { kind: "new" as const, card: { ...visa.card, number: "4000000000000002" } };

function personalise(over: Partial<PersonaliseInput> = {}): PersonaliseInput {
  return {
    sender: { firstName: "Alex", email: unique("alex") },
    receiver: { firstName: "Jordan", email: unique("jordan"), message: "Happy birthday!" },
    deliverOn: sydneyToday(),
    bonusReceiver: null,
    ...over,
  };
}

function input(
  amountCents: number,
  over: {
    personalise?: PersonaliseInput;
    key?: string;
    email?: string;
    card?: PurchaseInput["checkout"]["card"];
  } = {},
): PurchaseInput {
  return {
    amountCents,
    personalise: over.personalise ?? personalise(),
    checkout: {
      idempotencyKey: over.key ?? randomUUID(),
      email: over.email ?? unique("buyer"),
      billing,
      card: over.card ?? visa,
    },
  };
}

async function newUser(email = unique("user"), password = true) {
  return (await createUser(db, { email, lastName: null, ...(password ? {} : { password: null }) }))
    .id;
}

async function cardsOf(reference: string) {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  const cards = await db
    .selectFrom("giftCards")
    .selectAll()
    .where("orderId", "=", order.id)
    .orderBy("id")
    .execute();
  return { order, cards };
}

async function outboxTo(email: string, template = "gift-card") {
  return db
    .selectFrom("emailOutbox")
    .selectAll()
    .where("toAddress", "=", email)
    .where("template", "=", template)
    .execute();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("buying a gift card", () => {
  it("charges once and writes the order, invoice, card and bonus card, and the receipt", async () => {
    const charge = vi.spyOn(paymentGateway(), "charge");
    const bonusTo = {
      firstName: "Riley",
      email: unique("riley"),
      message: "For you too",
      deliverOn: addDays(sydneyToday(), 3),
    };
    const i = input(10000, { personalise: personalise({ bonusReceiver: bonusTo }) });
    const outcome = await purchaseGiftCard(
      { user: null, clientIp: testClientIp() },
      i,
      "http://shop.test",
    );
    expect(outcome.kind).toBe("placed");
    if (outcome.kind !== "placed") return;
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0][0].amountCents).toBe(10000);

    const { order, cards } = await cardsOf(outcome.reference);
    expect(order).toMatchObject({ kind: "gift_card", status: "paid", subscriptionId: null });
    expect(cards).toHaveLength(2);
    const [main, bonus] = cards;
    expect(main).toMatchObject({
      valueCents: 10000,
      bonusOfId: null,
      receiverEmail: i.personalise.receiver.email,
      senderName: "Alex",
      deliverOn: sydneyToday(),
      sentAt: null,
      claimedAt: null,
    });
    expect(bonus).toMatchObject({
      valueCents: 1000,
      bonusOfId: main.id,
      receiverEmail: bonusTo.email,
      receiverMessage: "For you too",
      deliverOn: bonusTo.deliverOn,
    });
    expect(main.expiresOn).toBe(expiryDay(sydneyToday()));
    expect(main.expiresOn! >= addDays(sydneyToday(), 3 * 365)).toBe(true);
    // the code itself is not stored: its keyed hash, its last four, and a sealed copy until the e-mail
    const code = codeOf(main);
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
    expect(main).toMatchObject({
      codeHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      codeLast4: code.slice(-4),
    });
    expect(JSON.stringify(cards)).not.toContain(code);

    const invoice = await db
      .selectFrom("invoices")
      .selectAll()
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ subtotalCents: 10000, totalCents: 10000, creditCents: 0 });
    const lines = await db
      .selectFrom("invoiceLines")
      .selectAll()
      .where("invoiceId", "=", invoice.id)
      .orderBy("id")
      .execute();
    expect(lines.map((l) => [l.sellableType, l.priceCents])).toEqual([
      ["gift_card", 10000],
      ["gift_card", 0],
    ]);
    const payments = await db
      .selectFrom("payments")
      .selectAll()
      .where("orderId", "=", order.id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: "succeeded",
      amountCents: 10000,
      giftCardId: main.id,
      cardLastFour: "4242",
    });

    const receipt = await outboxTo(i.checkout.email!, "gift-card-receipt");
    expect(receipt).toHaveLength(1);
    expect(receipt[0].text).toContain(outcome.reference);
    expect(receipt[0].text).toContain(`http://shop.test/dashboard/orders/${outcome.reference}`);
    // a visitor has no password yet: the receipt says how to open the invoice, not just a link to a sign-in page
    expect(receipt[0].text).toContain(
      "To see your tax invoice online, set a password for this e-mail address (http://shop.test/forgot-password)",
    );
    expect(receipt[0].text).not.toContain(code);
    expect(receipt[0].text).not.toContain(formatCode(code));
    // the visitor's e-mail is kept on an identified account without a password
    const buyer = await db
      .selectFrom("users")
      .select(["id", "passwordHash"])
      .where("email", "=", i.checkout.email!)
      .executeTakeFirstOrThrow();
    expect(buyer.passwordHash).toBeNull();
    expect(order.userId).toBe(buyer.id);
  });

  it("gives a signed-in buyer the tax invoice link itself", async () => {
    const email = `giftbuyer.${randomUUID().slice(0, 8)}@example.com`;
    const user = await createUser(db, {
      email,
      firstName: "Gus",
      lastName: "Buyer",
      sms: 0,
      newsletter: 0,
    });
    const outcome = await purchaseGiftCard(
      { user, clientIp: testClientIp() },
      input(5000),
      "http://shop.test",
    );
    if (outcome.kind !== "placed") throw new Error(outcome.kind);
    const [receipt] = await outboxTo(email, "gift-card-receipt");
    expect(receipt.text).toContain(
      `Your tax invoice: http://shop.test/dashboard/orders/${outcome.reference}`,
    );
    expect(receipt.text).not.toContain("set a password");
  });

  it("sends the bonus card to the sender when it goes to nobody else, and no bonus below the minimum", async () => {
    const p = personalise();
    const outcome = await purchaseGiftCard(
      { user: null, clientIp: testClientIp() },
      input(20000, { personalise: p }),
      "http://shop.test",
    );
    if (outcome.kind !== "placed") throw new Error(outcome.kind);
    const { cards } = await cardsOf(outcome.reference);
    expect(cards.map((c) => [c.valueCents, c.receiverEmail])).toEqual([
      [20000, p.receiver.email],
      [2000, p.sender.email],
    ]);

    const small = await purchaseGiftCard(
      { user: null, clientIp: testClientIp() },
      input(5000),
      "http://shop.test",
    );
    if (small.kind !== "placed") throw new Error(small.kind);
    expect((await cardsOf(small.reference)).cards).toHaveLength(1);
  });

  it("charges once and answers alike when the same submit arrives ten times at once", async () => {
    const charge = vi.spyOn(paymentGateway(), "charge");
    const key = randomUUID();
    const i = input(10000, { key });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        purchaseGiftCard({ user: null, clientIp: testClientIp() }, i, "http://shop.test"),
      ),
    );
    expect(charge).toHaveBeenCalledTimes(1);
    const refs = new Set(outcomes.map((o) => (o.kind === "placed" ? o.reference : o.kind)));
    expect(refs.size).toBe(1);
    const [reference] = [...refs];
    expect(reference).toMatch(/^PT-/);
    const { cards } = await cardsOf(reference);
    expect(cards).toHaveLength(2);
    const payments = await db
      .selectFrom("payments")
      .selectAll()
      .where("idempotencyKey", "=", `gift:${key}`)
      .execute();
    expect(payments).toHaveLength(1);
    const orders = await db
      .selectFrom("orders")
      .select("id")
      .where("paymentKey", "=", `gift:${key}`)
      .execute();
    expect(orders).toHaveLength(1);
    // and later too
    const again = await purchaseGiftCard(
      { user: null, clientIp: testClientIp() },
      i,
      "http://shop.test",
    );
    expect(again).toEqual({ kind: "placed", reference });
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it("asks a visitor whose e-mail has an account to sign in, before charging", async () => {
    const charge = vi.spyOn(paymentGateway(), "charge");
    const email = unique("member");
    await newUser(email);
    const outcome = await purchaseGiftCard(
      { user: null, clientIp: testClientIp() },
      input(5000, { email }),
      "http://shop.test",
    );
    expect(outcome).toEqual({
      kind: "email-taken",
      email,
      message: "The email has already been taken.",
    });
    expect(charge).not.toHaveBeenCalled();
  });

  it("records a declined card without an order or a card, and answers a retry of that key the same", async () => {
    const key = randomUUID();
    const i = input(5000, { key, card: declined });
    const outcome = await purchaseGiftCard(
      { user: null, clientIp: testClientIp() },
      i,
      "http://shop.test",
    );
    expect(outcome).toEqual({ kind: "declined", message: "Your card was declined." });
    expect(
      await purchaseGiftCard({ user: null, clientIp: testClientIp() }, i, "http://shop.test"),
    ).toEqual(outcome);
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("idempotencyKey", "=", `gift:${key}`)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "declined", orderId: null });
    expect(
      await db
        .selectFrom("giftCards")
        .select("id")
        .where("receiverEmail", "=", i.personalise.receiver.email)
        .execute(),
    ).toHaveLength(0);
  });
});

async function boughtCard(amountCents = 5000, deliverOn = sydneyToday()) {
  const p = personalise({ deliverOn });
  const outcome = await purchaseGiftCard(
    { user: null, clientIp: testClientIp() },
    input(amountCents, { personalise: p }),
    "http://shop.test",
  );
  if (outcome.kind !== "placed") throw new Error(outcome.kind);
  return { ...(await cardsOf(outcome.reference)), personalise: p };
}

describe("claiming a gift card", () => {
  it("gives exactly one of 20 concurrent claims the credit, with one ledger row", async () => {
    const { cards } = await boughtCard(5000);
    const code = codeOf(cards[0]);
    const users = await Promise.all(Array.from({ length: 20 }, () => newUser()));
    const results = await Promise.all(
      users.map((userId, n) =>
        claimGiftCardCode(db, { userId, code: n % 2 ? formatCode(code).toLowerCase() : code }),
      ),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "claimed")).toBe(true);
    const ledger = await db
      .selectFrom("creditLedger")
      .selectAll()
      .where("reference", "=", `gift-card:${cards[0].id}`)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0].amountCents).toBe(5000);
    const winner = users[results.findIndex((r) => r.ok)];
    expect(ledger[0].userId).toBe(winner);
    const card = await db
      .selectFrom("giftCards")
      .selectAll()
      .where("id", "=", cards[0].id)
      .executeTakeFirstOrThrow();
    expect(card.claimedByUserId).toBe(winner);
  });

  it("accepts any case, spaces and dashes; refuses unknown, reused and expired codes", async () => {
    const { cards } = await boughtCard(7500);
    const userId = await newUser();
    const code = codeOf(cards[0]);
    const spaced = formatCode(code).replace(/-/g, " ").toLowerCase();
    const ok = await claimGiftCardCode(db, { userId, code: ` ${spaced} ` });
    expect(ok).toMatchObject({ ok: true, card: { valueCents: 7500 } });
    if (ok.ok) expect(ok.balanceCents).toBe(7500);
    expect(await claimGiftCardCode(db, { userId, code })).toEqual({ ok: false, reason: "claimed" });
    expect(await claimGiftCardCode(db, { userId, code: "ABCD-EFGH-JKLM-NPQR" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await claimGiftCardCode(db, { userId, code: "nope" })).toEqual({
      ok: false,
      reason: "not-found",
    });

    const old = await boughtCard(5000);
    const expired = await claimGiftCardCode(db, {
      userId,
      code: codeOf(old.cards[0]),
      now: new Date(`${addDays(old.cards[0].expiresOn!, 1)}T03:00:00Z`),
    });
    expect(expired).toMatchObject({ ok: false, reason: "expired" });
  });

  it("claims inside the caller's transaction (box checkout) and rolls back with it", async () => {
    const { cards } = await boughtCard(5000);
    const userId = await newUser();
    await expect(
      db.transaction().execute(async (trx) => {
        const r = await claimGiftCardCode(trx, { userId, code: codeOf(cards[0]) });
        expect(r.ok).toBe(true);
        throw new Error("checkout failed later");
      }),
    ).rejects.toThrow("checkout failed later");
    expect(
      (
        await db
          .selectFrom("giftCards")
          .select("claimedAt")
          .where("id", "=", cards[0].id)
          .executeTakeFirstOrThrow()
      ).claimedAt,
    ).toBeNull();
    const r = await db
      .transaction()
      .execute((trx) => claimGiftCardCode(trx, { userId, code: codeOf(cards[0]) }));
    expect(r.ok).toBe(true);
  });
});

describe("the due-mail job", () => {
  const origin = "http://shop.test";
  // only this kind: other kinds of timed work have their own tests
  const kinds = [giftCardMailJob];

  it("mails each due card once, however often it runs", async () => {
    const { cards, personalise: p } = await boughtCard(5000);
    await runDueJobs({ kinds, origin, log: false });
    await runDueJobs({ kinds, origin, log: false });
    const mails = await outboxTo(p.receiver.email);
    expect(mails).toHaveLength(1);
    const code = formatCode(codeOf(cards[0]));
    expect(mails[0].text).toContain(code);
    expect(mails[0].text).toContain(`${origin}/gift-cards/activate/${code}`);
    expect(mails[0].text).toContain("$50");
    expect(mails[0].text).toContain("Alex");
    expect(mails[0].text).toContain("Happy birthday!");
    expect(mails[0].text).toMatch(/Valid until: \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(mails[0].html).toContain(code);
    // mailed: the sealed copy is gone with the claim, the code is kept nowhere in the card
    const sent = await db
      .selectFrom("giftCards")
      .select(["sentAt", "codeSealed"])
      .where("id", "=", cards[0].id)
      .executeTakeFirstOrThrow();
    expect(sent.sentAt).not.toBeNull();
    expect(sent.codeSealed).toBeNull();
  });

  it("mails each card once when it runs twice at once in one process", async () => {
    const bought = await Promise.all([boughtCard(5000), boughtCard(2000)]);
    const summaries = await Promise.all([
      runDueJobs({ kinds, origin, log: false }),
      runDueJobs({ kinds, origin, log: false }),
    ]);
    for (const b of bought) expect(await outboxTo(b.personalise.receiver.email)).toHaveLength(1);
    const done = summaries.reduce((n, s) => n + s["gift-card-mail"].done, 0);
    expect(done).toBeGreaterThanOrEqual(2);
    expect(summaries.every((s) => s["gift-card-mail"].failed === 0)).toBe(true);
  });

  it("mails each card once when two worker processes (npm run jobs) run at once", async () => {
    const bought = await Promise.all([boughtCard(5000), boughtCard(10000), boughtCard(2000)]);
    const run = () =>
      new Promise<string>((resolve, reject) => {
        execFile(
          path.resolve("node_modules/.bin/tsx"),
          ["--tsconfig", "tsconfig.json", "app/bin/jobs.ts", "--once"],
          { env: { ...process.env, APP_ORIGIN: origin }, timeout: 60_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        );
      });
    const outputs = await Promise.all([run(), run()]);
    for (const b of bought) expect(await outboxTo(b.personalise.receiver.email)).toHaveLength(1);
    // the $100 card's bonus went to its sender
    expect(await outboxTo(bought[1].personalise.sender.email)).toHaveLength(1);
    const giftRuns = outputs.map(
      (o) =>
        JSON.parse(
          o
            .trim()
            .split("\n")
            .filter((l) => l.includes('"jobs.run"'))
            .pop()!,
        ).summary["gift-card-mail"],
    );
    expect(giftRuns.every((r) => r.failed === 0)).toBe(true);
    expect(giftRuns.reduce((n, r) => n + r.done, 0)).toBeGreaterThanOrEqual(4);
    const mail = (await outboxTo(bought[0].personalise.receiver.email))[0];
    expect(mail.text).toContain(`${origin}/gift-cards/activate/`);
  }, 90_000);

  it("keeps a scheduled card until its day in Sydney", async () => {
    const day = addDays(sydneyToday(), 10);
    const { personalise: p } = await boughtCard(5000, day);
    await runDueJobs({ kinds, origin, log: false });
    // nothing of it is due yet; on its day it is due from midnight in Sydney
    expect(await oldestDueJob({ kinds })).toBeNull();
    const due = await oldestDueJob({ kinds, now: new Date(`${day}T12:00:00+10:00`) });
    expect(
      new Intl.DateTimeFormat("en-AU", {
        timeZone: "Australia/Sydney",
        hour: "numeric",
        hourCycle: "h23",
        day: "numeric",
      }).format(new Date(due!)),
    ).toMatch(/^\d+,? 0?0$/);
    // noon on the day before, in Sydney (+10 or +11)
    await runDueJobs({
      kinds,
      origin,
      log: false,
      now: new Date(`${addDays(day, -1)}T12:00:00+10:00`),
    });
    expect(await outboxTo(p.receiver.email)).toHaveLength(0);
    // early on the day itself
    await runDueJobs({ kinds, origin, log: false, now: new Date(`${day}T00:30:00+10:00`) });
    expect(await outboxTo(p.receiver.email)).toHaveLength(1);
    await runDueJobs({
      kinds,
      origin,
      log: false,
      now: new Date(`${addDays(day, 1)}T09:00:00+10:00`),
    });
    expect(await outboxTo(p.receiver.email)).toHaveLength(1);
  });
});
