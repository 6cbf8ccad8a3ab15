// Reliability under concurrency (issue 13), against a real database (SQLite, or
// PostgreSQL with DATABASE_URL_TEST): one idempotency key makes one order and
// one charge however often it is submitted at once, the last unit of stock goes
// to exactly one order, a gift card is claimed once, and two renewal runners
// (in one process, and as two `npm run jobs` processes) order and charge once.
// In one process SQLite shares one connection (better-sqlite3 is synchronous),
// so the cross-process test is the one that makes SQLite writers really race;
// the HTTP crash test (crash-recovery.test.ts) does the same for checkouts.
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { afterEach, vi } from "vitest";
import { db } from "~/db/client.server";
import { changeAddon } from "~/box/cart.server";
import { placeOrder, repeatedSubmit } from "~/checkout/place-order.server";
import type { CheckoutInput } from "~/checkout/checkout-schema";
import { claimGiftCardCode } from "~/gift-cards/claim.server";
import { purchaseGiftCard } from "~/gift-cards/purchase.server";
import { formatCode, sydneyToday } from "~/gift-cards/rules";
import { runDueJobs } from "~/jobs/runner.server";
import type { ChargeRequest } from "~/payments/gateway";
import { paymentGateway, SandboxGateway } from "~/payments/sandbox-gateway.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { cutoffInstant, nextDeliveryDate } from "~/subscriptions/schedule";
import type { Subscription } from "~/db/schema";
import { testClientIp } from "./client-ip";
import { codeOf } from "./gift-fixtures";
import { createUser, TEST_CARD } from "../factories";
import { subscriber as renewalSubscriber } from "./renewal-fixtures";
import { createCheckoutDraft as curatedDraft } from "./checkout-draft";

const ORIGIN = "http://shop.test";
const rand = () => randomBytes(5).toString("hex");
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);

afterEach(() => {
  vi.restoreAllMocks();
});

/* ------------------------------------------------------------ box checkout */

/** A visitor's curated-box draft, ready for checkout (as tests/integration/checkout.test.ts builds it). */
function input(d: { draft: Subscription; suburb: string; date: string }): CheckoutInput {
  const shipping = {
    addressType: "house" as const,
    line1: "1 George Street",
    line2: undefined,
    company: undefined,
    city: d.suburb,
    state: "NSW" as const,
    postcode: "2000",
    country: "AU" as const,
  };
  return {
    idempotencyKey: randomUUID(),
    contact: {
      firstName: "Ava",
      lastName: "Tester",
      phone: "+61412345678",
      sms: false,
      newsletter: false,
    },
    password: "Correct-Horse-42",
    shipping,
    billing: shipping,
    billingSameAsShipping: true,
    deliveryNotes: null,
    frequencyDays: 28,
    deliveryDate: d.date,
    deliveryWindow: "day",
    discountCode: null,
    choiceId: null,
    knifeConfirmed: false,
    card: {
      kind: "new",
      card: { ...TEST_CARD },
    },
    addressConfirmed: null,
    overnightAccepted: false,
  };
}

describe("box checkout under concurrency", () => {
  it("50 concurrent submits with one idempotency key make one order and one charge", async () => {
    const d = await curatedDraft();
    const charge = vi.spyOn(paymentGateway(), "charge");
    const one = input(d);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeOrder(
          { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
          one,
          ORIGIN,
        ),
      ),
    );
    const placed = outcomes.filter((o) => o.kind === "placed");
    expect(placed).toHaveLength(50);
    expect(new Set(placed.map((o) => o.kind === "placed" && o.reference)).size).toBe(1);
    expect(charge).toHaveBeenCalledTimes(1);
    const orders = await db
      .selectFrom("orders")
      .select(["reference", "status"])
      .where("subscriptionId", "=", d.draft.id)
      .execute();
    expect(orders).toEqual([
      { reference: placed[0].kind === "placed" ? placed[0].reference : "", status: "paid" },
    ]);
    const payments = await db
      .selectFrom("payments")
      .select(["status", "amountCents"])
      .where("idempotencyKey", "=", `checkout:${one.idempotencyKey}`)
      .execute();
    expect(payments).toEqual([{ status: "succeeded", amountCents: 16900 }]);
    const mails = await db
      .selectFrom("emailOutbox")
      .select("id")
      .where("toAddress", "=", d.email)
      .where("template", "=", "order-confirmation")
      .execute();
    expect(mails).toHaveLength(1);
    const users = await db.selectFrom("users").select("id").where("email", "=", d.email).execute();
    expect(users).toHaveLength(1);
    // one new session for the new customer, however many submits answered with it
    expect(
      await db.selectFrom("sessions").select("id").where("userId", "=", users[0].id).execute(),
    ).toHaveLength(1);
    // a 51st submit after the fact still answers with the same order
    const again = await repeatedSubmit({ session: d.session, user: null }, one.idempotencyKey);
    expect(again).toMatchObject({
      kind: "placed",
      reference: placed[0].kind === "placed" ? placed[0].reference : "",
    });
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it("20 concurrent checkouts for the last unit of an add-on: exactly one order gets it, stock never below zero", async () => {
    const addon = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "addon-bacon")
      .executeTakeFirstOrThrow();
    const drafts = [];
    for (let i = 0; i < 20; i++) {
      const d = await curatedDraft();
      await changeAddon(d.draft.id, { intent: "add", productId: addon.id });
      drafts.push(d);
    }
    await db.updateTable("products").set({ inventory: 1 }).where("id", "=", addon.id).execute();
    const charge = vi.spyOn(paymentGateway(), "charge");

    // watch the stock while the checkouts race
    let racing = true;
    const seen: number[] = [];
    const watcher = (async () => {
      while (racing) {
        const row = await db
          .selectFrom("products")
          .select("inventory")
          .where("id", "=", addon.id)
          .executeTakeFirstOrThrow();
        seen.push(row.inventory!);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const outcomes = await Promise.all(
      drafts.map((d) =>
        placeOrder(
          { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
          input(d),
          ORIGIN,
        ),
      ),
    );
    racing = false;
    await watcher;

    expect(outcomes.filter((o) => o.kind === "placed")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "out-of-stock")).toHaveLength(19);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    expect(
      (
        await db
          .selectFrom("products")
          .select("inventory")
          .where("id", "=", addon.id)
          .executeTakeFirstOrThrow()
      ).inventory,
    ).toBe(0);
    // only the winner was charged; no loser holds a payment or a claimed draft
    expect(charge).toHaveBeenCalledTimes(1);
    const ids = drafts.map((d) => d.draft.id);
    const orders = await db
      .selectFrom("orders")
      .select(["subscriptionId", "status"])
      .where("subscriptionId", "in", ids)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0].status).toBe("paid");
    const subs = await db
      .selectFrom("subscriptions")
      .select(["id", "status", "checkoutKey"])
      .where("id", "in", ids)
      .execute();
    expect(subs.filter((s) => s.status === "active").map((s) => s.id)).toEqual([
      orders[0].subscriptionId,
    ]);
    expect(subs.filter((s) => s.status === "draft").every((s) => s.checkoutKey === null)).toBe(
      true,
    );
    const lines = await db
      .selectFrom("invoiceLines")
      .innerJoin("invoices", "invoices.id", "invoiceLines.invoiceId")
      .innerJoin("orders", "orders.id", "invoices.orderId")
      .select(["invoiceLines.quantity"])
      .where("orders.subscriptionId", "in", ids)
      .where("invoiceLines.sellableId", "=", addon.id)
      .execute();
    expect(lines).toEqual([{ quantity: 1 }]);
  });
});

/* ------------------------------------------------------------ gift cards */

describe("gift card claims under concurrency", () => {
  it("20 concurrent claims of one card: one success, one credit ledger row", async () => {
    const bought = await purchaseGiftCard(
      { user: null, clientIp: testClientIp() },
      {
        amountCents: 5000,
        personalise: {
          sender: { firstName: "Alex", email: `alex.${rand()}@example.com` },
          receiver: { firstName: "Jordan", email: `jordan.${rand()}@example.com`, message: "" },
          deliverOn: sydneyToday(),
          bonusReceiver: null,
        },
        checkout: {
          idempotencyKey: randomUUID(),
          email: `buyer.${rand()}@example.com`,
          billing: {
            addressType: "house",
            line1: "1 Harbour St",
            line2: undefined,
            company: undefined,
            city: "Sydney",
            state: "NSW",
            postcode: "2000",
            country: "AU",
          },
          card: {
            kind: "new",
            card: { ...TEST_CARD },
          },
        },
      },
      ORIGIN,
    );
    if (bought.kind !== "placed") throw new Error(bought.kind);
    const card = await db
      .selectFrom("giftCards")
      .innerJoin("orders", "orders.id", "giftCards.orderId")
      .select(["giftCards.id", "giftCards.codeHash", "giftCards.codeSealed", "giftCards.codeKeyId"])
      .where("orders.reference", "=", bought.reference)
      .executeTakeFirstOrThrow();
    const code = codeOf(card);
    const users: number[] = [];
    for (let i = 0; i < 20; i++)
      users.push(
        (await createUser(db, { email: `claimer.${rand()}@example.com`, lastName: null })).id,
      );
    // half the claimers type the code formatted and in lower case
    const results = await Promise.all(
      users.map((userId, n) =>
        claimGiftCardCode(db, { userId, code: n % 2 ? formatCode(code).toLowerCase() : code }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "claimed")).toHaveLength(19);
    const winner = users[results.findIndex((r) => r.ok)];
    const ledger = await db
      .selectFrom("creditLedger")
      .select(["userId", "amountCents"])
      .where("userId", "in", users)
      .execute();
    expect(ledger).toEqual([{ userId: winner, amountCents: 5000 }]);
    const row = await db
      .selectFrom("giftCards")
      .select(["claimedByUserId", "claimedAt"])
      .where("id", "=", card.id)
      .executeTakeFirstOrThrow();
    expect(row.claimedByUserId).toBe(winner);
    expect(row.claimedAt).not.toBeNull();
  });
});

/* ------------------------------------------------------------ renewals */

/** An active subscription as box checkout leaves it (renewal-fixtures.ts), starting on or after `start`, with one of `addon`. */
const subscriber = (start: string, addon?: number) =>
  renewalSubscriber({ start, addons: addon ? [[addon, 1]] : [] });

async function renewalState(subs: { subId: number; email: string }[], dates: string[]) {
  const out = [];
  for (const [i, s] of subs.entries()) {
    const orders = await db
      .selectFrom("orders")
      .select(["id", "status"])
      .where("subscriptionId", "=", s.subId)
      .where("deliveryDate", "=", dates[i])
      .execute();
    const payments = await db
      .selectFrom("payments")
      .select(["status", "orderId"])
      .where("idempotencyKey", "like", `renewal:${s.subId}:%`)
      .execute();
    const mails = await db
      .selectFrom("emailOutbox")
      .select("id")
      .where("toAddress", "=", s.email)
      .where("template", "=", "delivery-renewal")
      .execute();
    out.push({ orders, payments, mails: mails.length });
  }
  return out;
}

describe("the job runner's clock and the gateway's memory", () => {
  it("a long run stamps each piece with the time it reached it, not the time the run began", async () => {
    const seen: number[] = [];
    const slow = {
      name: "slow-test-kind",
      due: async () => [1, 2, 3],
      run: async (ctx: { now: Date }) => {
        seen.push(ctx.now.getTime());
        await new Promise((r) => setTimeout(r, 60));
        return "done" as const;
      },
      describe: (item: number) => ({ item }),
    };
    const start = Date.now();
    await runDueJobs({ kinds: [slow], batch: 100, log: false });
    expect(seen[0]).toBeGreaterThanOrEqual(start);
    // another runner's lease check compares with these stamps: they move with the work
    expect(seen[2] - seen[0]).toBeGreaterThanOrEqual(110);
  });

  it("the sandbox gateway answers a key from any process: one charge however many clients ask", async () => {
    const card = await new SandboxGateway().tokenise({ ...TEST_CARD });
    const key = `reliability:${randomUUID()}`;
    const request = {
      token: card.token,
      amountCents: 4200,
      currency: "AUD" as const,
      idempotencyKey: key,
      description: "test",
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => new SandboxGateway().charge(request)),
    );
    expect(
      new Set(answers.map((a) => (a.status === "succeeded" ? a.chargeId : a.status))).size,
    ).toBe(1);
    expect(await new SandboxGateway().findCharge(key)).toEqual(answers[0]);
    expect(
      await db
        .selectFrom("sandboxCharges")
        .select("idempotencyKey")
        .where("idempotencyKey", "=", key)
        .execute(),
    ).toHaveLength(1);
  });
});

describe("renewal runners at once", () => {
  const run = (now: Date) =>
    runDueJobs({
      now,
      kinds: SUBSCRIPTION_JOB_KINDS,
      origin: ORIGIN,
      log: false,
      batch: 100,
      maxBatches: 200,
    });

  it("two runners in one process order and charge each due delivery once", async () => {
    const subs = await Promise.all(
      ["2029-02-05", "2029-02-05", "2029-02-06"].map((s) => subscriber(s)),
    );
    const charge = vi.spyOn(paymentGateway(), "charge");
    await run(new Date(`${subs[0].first}T01:00:00Z`));
    const dates = subs.map((s) => nextDeliveryDate(s.schedule, s.first, 28));
    const latest = dates
      .map((d, i) => cutoffInstant(subs[i].schedule, d))
      .sort((a, b) => a.getTime() - b.getTime())
      .at(-1)!;
    await Promise.all([run(minutes(latest, 1)), run(minutes(latest, 1))]);
    const state = await renewalState(subs, dates);
    for (const [i, s] of state.entries()) {
      expect(s.orders).toHaveLength(1);
      expect(s.orders[0].status).toBe("paid");
      expect(s.payments).toEqual([{ status: "succeeded", orderId: s.orders[0].id }]);
      expect(s.mails).toBe(1);
      const calls = charge.mock.calls
        .map((c) => (c[0] as ChargeRequest).idempotencyKey)
        .filter((k) => k.startsWith(`renewal:${subs[i].subId}:`));
      expect(calls).toEqual([`renewal:${subs[i].subId}:${dates[i]}`]);
    }
  });

  it("two `npm run jobs -- --now` processes at once order and charge each due delivery once, and sell the last units once", async () => {
    const bacon = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "addon-bacon")
      .executeTakeFirstOrThrow();
    const subs = await Promise.all(
      Array.from({ length: 6 }, () => subscriber("2029-09-03", bacon.id)),
    );
    await run(new Date(`${subs[0].first}T01:00:00Z`)); // plans the deliveries
    // three units for six subscribers who each want one
    await db.updateTable("products").set({ inventory: 3 }).where("id", "=", bacon.id).execute();
    const date = nextDeliveryDate(subs[0].schedule, subs[0].first, 28);
    const at = minutes(cutoffInstant(subs[0].schedule, date), 1).toISOString();
    const jobs = () =>
      new Promise<string>((resolve, reject) => {
        execFile(
          path.resolve("node_modules/.bin/tsx"),
          ["--tsconfig", "tsconfig.json", "app/bin/jobs.ts", "--now", at],
          {
            env: { ...process.env, APP_ORIGIN: ORIGIN },
            timeout: 90_000,
            maxBuffer: 32 * 1024 * 1024,
          },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        );
      });
    const outputs = await Promise.all([jobs(), jobs()]);

    const state = await renewalState(
      subs,
      subs.map(() => date),
    );
    for (const s of state) {
      expect(s.orders).toHaveLength(1);
      expect(s.orders[0].status).toBe("paid");
      expect(s.payments).toEqual([{ status: "succeeded", orderId: s.orders[0].id }]);
      expect(s.mails).toBe(1);
    }
    // Each process has its own sandbox gateway, so count who charged from their logs:
    // a delivery is charged only by the run that claimed it ("done"), and one run did.
    const lines = outputs.flatMap((o) =>
      o
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    );
    expect(lines.filter((l) => l.type === "job" && l.outcome === "failed")).toHaveLength(0);
    for (const s of subs) {
      const done = lines.filter(
        (l) =>
          l.type === "job" &&
          l.kind === "renewal" &&
          l.subscriptionId === s.subId &&
          l.outcome === "done",
      );
      expect(done).toHaveLength(1);
    }
    expect(outputs.every((o) => o.includes('"jobs.run"'))).toBe(true);

    // the last units went into exactly three renewals, each charged for what it holds
    expect(
      (
        await db
          .selectFrom("products")
          .select("inventory")
          .where("id", "=", bacon.id)
          .executeTakeFirstOrThrow()
      ).inventory,
    ).toBe(0);
    const renewals = await db
      .selectFrom("orders")
      .innerJoin("invoices", "invoices.orderId", "orders.id")
      .select(["orders.id", "orders.paymentKey", "invoices.id as invoiceId", "invoices.totalCents"])
      .where("orders.paymentKey", "like", "renewal:%")
      .execute();
    const baconLines = await db
      .selectFrom("invoiceLines")
      .select(["invoiceId", "quantity"])
      .where(
        "invoiceId",
        "in",
        renewals.map((r) => r.invoiceId),
      )
      .where("sellableType", "=", "addon")
      .where("sellableId", "=", bacon.id)
      .execute();
    expect(baconLines.reduce((n, l) => n + l.quantity, 0)).toBe(3);
    for (const r of renewals.filter((x) =>
      subs.some((s) => x.paymentKey!.startsWith(`renewal:${s.subId}:`)),
    )) {
      const paid = await db
        .selectFrom("payments")
        .select("amountCents")
        .where("idempotencyKey", "=", r.paymentKey!)
        .executeTakeFirstOrThrow();
      expect(paid.amountCents).toBe(r.totalCents);
    }
  }, 120_000);
});
