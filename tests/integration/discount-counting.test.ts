// Discount codes count right (issue 46 item 3, decision 070), on SQLite and, with
// DATABASE_URL_TEST, on PostgreSQL:
//   - a renewal not sent (unpaid at its packing cut-off) gives back its use of a recurring code's N;
//   - the claim re-checks the code's terms inside the order's transaction: a code paused, ended or
//     excluded for the region after the checks is not applied, nothing is charged, and the answer
//     states the total without it;
//   - "first order only" holds when two checkouts of one account run at the same moment;
//   - a recurring code that made the shopper choose a free product becomes first order only.
import type { CardInput, ChargeRequest } from "~/payments/gateway";
import { db } from "~/db/client.server";
import * as m038 from "~/db/migrations/038-discount-claims";
import { saveDiscount } from "~/admin/discounts/discounts.server";
import { DiscountFormSchema, DISCOUNT_MESSAGES } from "~/admin/discounts/discount-schema";
import { placeOrder } from "~/checkout/place-order.server";
import { DISCOUNT_FIRST_ORDER, DISCOUNT_UNUSABLE } from "~/discounts/discount-rules";
import { runDueJobs } from "~/jobs/runner.server";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { quoteRenewal } from "~/subscriptions/renewal-quote.server";
import { subscriptionFacts } from "~/subscriptions/deliveries.server";
import {
  cutoffInstant,
  nextDeliveryDate,
  packingCutoffInstant,
  retryInstants,
} from "~/subscriptions/schedule";
import { createStaff, createUser, uniqueEmail } from "../factories";
import * as create from "~/routes/admin.discounts.new";
import { staffClient } from "./admin-helpers";
import { call, postRequest, rowCounts } from "./http-helpers";
import { boxDraft, ORIGIN } from "./payment-fixtures";
import { deliveriesOf, ordersOf, rand, subscriber } from "./renewal-fixtures";

afterEach(() => vi.restoreAllMocks());

const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
const run = (now: Date) =>
  runDueJobs({
    now,
    kinds: SUBSCRIPTION_JOB_KINDS,
    origin: ORIGIN,
    log: false,
    batch: 100,
    maxBatches: 200,
  });

async function makeCode(fields: Record<string, unknown> = {}) {
  const staff = await createStaff(db, { role: "owner" });
  const input = DiscountFormSchema.parse({
    code: `C${rand().toUpperCase()}`,
    description: "Test offer",
    kind: "percent",
    percent: "20",
    appliesTo: "first",
    active: "on",
    ...fields,
  });
  const saved = await saveDiscount(
    { id: staff.id, role: staff.role, ip: "203.0.113.9" },
    null,
    input,
  );
  if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
  return { id: saved.id, code: input.code };
}

const usesOf = (discountId: number) =>
  db
    .selectFrom("discountUses")
    .selectAll()
    .where("discountId", "=", discountId)
    .orderBy("id")
    .execute();

const fresh = () =>
  createUser(db, { email: uniqueEmail("first"), firstName: "Fay", lastName: "New" });

const succeededPayments = (userId: number) =>
  db
    .selectFrom("payments")
    .select(["id", "amountCents"])
    .where("userId", "=", userId)
    .where("status", "=", "succeeded")
    .execute();

/** Runs `between` once the checkout has passed its checks (at its card's tokenising), before its claim. */
function afterChecks(between: () => Promise<void>) {
  const gateway = paymentGateway();
  const tokenise = gateway.tokenise.bind(gateway);
  return vi.spyOn(gateway, "tokenise").mockImplementation(async (card: CardInput) => {
    await between();
    return tokenise(card);
  });
}

describe("a recurring code's N deliveries count deliveries sent", () => {
  it("a renewal cancelled unpaid at its packing cut-off gives its use back: the next delivery is discounted", async () => {
    // 20% off for 2 deliveries: the first order and one renewal
    const { id, code } = await makeCode({ appliesTo: "recurring", deliveries: "2" });
    const f = await subscriber({ start: "2031-03-03", discountCode: code, card: "declined" });
    const [first] = await ordersOf(f.subId);
    await db
      .insertInto("discountUses")
      .values({
        discountId: id,
        userId: f.userId,
        subscriptionId: f.subId,
        orderId: first.id,
        deliveryNumber: 1,
        discountedCents: Math.round(f.boxCents / 5),
        createdAt: new Date().toISOString(),
      })
      .execute();
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(cutoffInstant(f.schedule, d1), 1));
    for (const t of retryInstants(f.schedule, d1)) await run(minutes(t, 1));
    // the declined renewal was discounted: its use is held while it may still be paid
    expect((await usesOf(id)).map((u) => u.deliveryNumber)).toEqual([1, 2]);
    await run(minutes(packingCutoffInstant(d1), 1));
    const o1 = (await ordersOf(f.subId)).find((o) => o.deliveryDate === d1)!;
    expect(o1.status).toBe("cancelled");
    expect((await deliveriesOf(f.subId)).find((d) => d.deliveryDate === d1)!.status).toBe(
      "skipped",
    );
    // not sent: its use is given back
    expect((await usesOf(id)).map((u) => u.orderId)).toEqual([first.id]);
    // so the next delivery is the code's second, still discounted
    const facts = (await subscriptionFacts(db, f.subId))!;
    const q2 = await quoteRenewal(facts, minutes(cutoffInstant(f.schedule, d2), 1));
    expect(q2.discount?.code).toBe(code);
    expect(q2.quote.discountedCents).toBe(Math.round(f.boxCents / 5));
  });
});

describe("the claim re-checks the code inside the order's transaction", () => {
  it("a code paused by staff after the checks is not applied: nothing is charged, the code leaves the draft, and the total without it is stated", async () => {
    const { id, code } = await makeCode();
    const shopper = await fresh();
    const { actor, input } = await boxDraft(shopper);
    afterChecks(async () => {
      await db.updateTable("discounts").set({ usable: 0 }).where("id", "=", id).execute();
    });
    const outcome = await placeOrder(actor, input({ discountCode: code }), ORIGIN);
    expect(outcome).toMatchObject({
      kind: "fields",
      fieldErrors: { discountCode: DISCOUNT_UNUSABLE },
    });
    expect(await succeededPayments(shopper.id)).toEqual([]);
    expect(await usesOf(id)).toEqual([]);
    const draft = await db
      .selectFrom("subscriptions")
      .select(["status", "discountCode", "checkoutKey"])
      .where("id", "=", actor.draft.id)
      .executeTakeFirstOrThrow();
    expect(draft).toEqual({ status: "draft", discountCode: null, checkoutKey: null });
  });

  it("a code that ended (midnight) after the checks: the shopper who posted the discounted total is told the real one and charged nothing", async () => {
    const { id, code } = await makeCode();
    const shopper = await fresh();
    const { actor, input } = await boxDraft(shopper);
    // the total the page showed, with the code
    const shown = await placeOrder(
      actor,
      input({ discountCode: code, expectedTotalCents: 1 }),
      ORIGIN,
    );
    expect(shown.kind).toBe("total-changed");
    const withCode = (shown as { totalCents: number }).totalCents;
    const without = await placeOrder(actor, input({ expectedTotalCents: 1 }), ORIGIN);
    const fullTotal = (without as { totalCents: number }).totalCents;
    expect(withCode).toBeLessThan(fullTotal);

    afterChecks(async () => {
      await db
        .updateTable("discounts")
        .set({ endsAt: new Date(Date.now() - 1).toISOString() })
        .where("id", "=", id)
        .execute();
    });
    const outcome = await placeOrder(
      actor,
      input({ discountCode: code, expectedTotalCents: withCode }),
      ORIGIN,
    );
    expect(outcome).toMatchObject({
      kind: "total-changed",
      totalCents: fullTotal,
      fieldErrors: { discountCode: DISCOUNT_UNUSABLE },
    });
    expect(await succeededPayments(shopper.id)).toEqual([]);
    // the next press, for the amount now shown, places the order at the full price
    vi.restoreAllMocks();
    const placed = await placeOrder(
      actor,
      input({ discountCode: null, expectedTotalCents: fullTotal }),
      ORIGIN,
    );
    expect(placed.kind).toBe("placed");
    expect((await succeededPayments(shopper.id)).map((p) => p.amountCents)).toEqual([fullTotal]);
  });

  it("a region excluded after the checks is refused with its own words", async () => {
    const { id, code } = await makeCode({ appliesTo: "recurring" });
    const shopper = await fresh();
    const { actor, input } = await boxDraft(shopper);
    const nsw = await db
      .selectFrom("deliveryRegions")
      .select(["id", "name"])
      .where("slug", "=", "nsw")
      .executeTakeFirstOrThrow();
    afterChecks(async () => {
      await db
        .insertInto("discountExcludedRegions")
        .values({ discountId: id, regionId: nsw.id })
        .execute();
    });
    const outcome = await placeOrder(actor, input({ discountCode: code }), ORIGIN);
    expect(outcome).toMatchObject({
      kind: "fields",
      fieldErrors: {
        discountCode: `This discount code can't be used for deliveries to ${nsw.name}.`,
      },
    });
    expect(await succeededPayments(shopper.id)).toEqual([]);
  });
});

describe("first order only, under concurrency", () => {
  it("two checkouts of one new account at the same moment, WELCOME20 and FREEBREAKFAST: only one gets a first-order discount", async () => {
    const shopper = await fresh();
    const [a, b] = [await boxDraft(shopper), await boxDraft(shopper)];
    const breakfast = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "addon-bacon")
      .executeTakeFirstOrThrow();
    // both pass their checks before either claims
    let waiting = 0;
    let open!: () => void;
    const bothChecked = new Promise<void>((r) => (open = r));
    afterChecks(async () => {
      waiting += 1;
      if (waiting === 2) open();
      await bothChecked;
    });
    const outcomes = await Promise.all([
      placeOrder(a.actor, a.input({ discountCode: "WELCOME20" }), ORIGIN),
      placeOrder(
        b.actor,
        b.input({ discountCode: "FREEBREAKFAST", choiceId: breakfast.id }),
        ORIGIN,
      ),
    ]);
    expect(waiting).toBe(2);
    const placed = outcomes.filter((o) => o.kind === "placed");
    expect(placed).toHaveLength(1);
    expect(outcomes.find((o) => o.kind !== "placed")).toMatchObject({
      kind: "fields",
      fieldErrors: { discountCode: DISCOUNT_FIRST_ORDER },
    });
    const uses = await db
      .selectFrom("discountUses")
      .select(["orderId"])
      .where("userId", "=", shopper.id)
      .execute();
    expect(uses).toHaveLength(1);
    expect(uses[0].orderId).not.toBeNull();
    expect(await succeededPayments(shopper.id)).toHaveLength(1);
  });

  it("a checkout without a code holds the first order while its card is charged: a first-order code then is refused, and the first order is given back if that payment fails", async () => {
    const shopper = await fresh();
    const [a, b] = [await boxDraft(shopper), await boxDraft(shopper)];
    const aInput = a.input();
    // the first checkout's charge waits at the gateway: it has claimed, not settled
    const gateway = paymentGateway();
    const charge = gateway.charge.bind(gateway);
    let reached!: () => void;
    const atGateway = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.spyOn(gateway, "charge").mockImplementation(async (request: ChargeRequest) => {
      if (request.idempotencyKey === `checkout:${aInput.idempotencyKey}`) {
        reached();
        await gate;
      }
      return charge(request);
    });
    const plain = placeOrder(a.actor, aInput, ORIGIN);
    await atGateway;
    const coded = await placeOrder(b.actor, b.input({ discountCode: "WELCOME20" }), ORIGIN);
    release();
    expect(coded).toMatchObject({
      kind: "fields",
      fieldErrors: { discountCode: DISCOUNT_FIRST_ORDER },
    });
    expect((await plain).kind).toBe("placed");
    expect(await succeededPayments(shopper.id)).toHaveLength(1);

    // a first order whose card is declined gives the first order back
    const other = await fresh();
    const c = await boxDraft(other);
    const declined = await placeOrder(
      c.actor,
      c.input({
        card: {
          kind: "new",
          card: { number: "4000000000000002", expMonth: 12, expYear: 2035, cvc: "123" },
        },
      }),
      ORIGIN,
    );
    expect(declined.kind).toBe("declined");
    const row = await db
      .selectFrom("users")
      .select(["firstOrderKey", "orderedAt"])
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstOrderKey: null, orderedAt: null });
    vi.restoreAllMocks();
    const welcomed = await placeOrder(c.actor, c.input({ discountCode: "WELCOME20" }), ORIGIN);
    expect(welcomed.kind).toBe("placed");
  });
});

describe("a recurring choice of free product", () => {
  it("is refused by the back office form with what was typed (422), and nothing is saved", async () => {
    const owner = await staffClient("owner");
    const products = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "in", ["addon-bacon", "addon-butter"])
      .execute();
    const typed = `R${rand().toUpperCase()}`;
    const before = await rowCounts(["discounts", "auditEntries"]);
    const refused = await call(
      create.action,
      postRequest("/admin/discounts/new", owner, [
        ["code", typed],
        ["description", "A free breakfast item on every box"],
        ["kind", "free_item"],
        ...products.map((p): [string, string] => ["products", String(p.id)]),
        ["appliesTo", "recurring"],
        ["deliveries", "3"],
        ["active", "on"],
      ]),
    );
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(DISCOUNT_MESSAGES.recurringChoice);
    expect(refused.text).toContain(typed);
    expect(await rowCounts(["discounts", "auditEntries"])).toEqual(before);
  });
});

describe("migration 038", () => {
  it("makes a recurring choose-your-product code first order only, and leaves the others", async () => {
    const bacon = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "addon-bacon")
      .executeTakeFirstOrThrow();
    const insert = (code: string, chooseItems: number) =>
      db
        .insertInto("discounts")
        .values({
          code,
          description: "Old offer",
          kind: "free_item",
          value: 0,
          usable: 1,
          chooseItems,
          startsAt: null,
          endsAt: null,
          recurring: 1,
          deliveries: 3,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const choose = await insert(`CH${rand().toUpperCase()}`, 1);
    const single = await insert(`SI${rand().toUpperCase()}`, 0);
    await db
      .insertInto("discountItems")
      .values({
        discountId: single.id,
        productId: bacon.id,
        choice: 0,
        itemOrder: null,
        minimum: null,
      })
      .execute();
    await m038.down(db);
    await m038.up(db);
    const rows = await db
      .selectFrom("discounts")
      .select(["id", "recurring", "deliveries"])
      .where("id", "in", [choose.id, single.id])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: choose.id, recurring: 0, deliveries: null },
      { id: single.id, recurring: 1, deliveries: 3 },
    ]);
    // the column is back for the checkouts
    const user = await fresh();
    expect(
      (
        await db
          .selectFrom("users")
          .select("firstOrderKey")
          .where("id", "=", user.id)
          .executeTakeFirstOrThrow()
      ).firstOrderKey,
    ).toBeNull();
  });
});
