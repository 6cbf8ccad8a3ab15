// The 10,000-renewal bench's subscribers (npm run bench:renewals, and the job runners of
// npm run bench -- --scale-out): `count` active subscriptions in NSW, all with the same first delivery
// (ordered and paid, as checkout leaves it), eight cuts and an add-on with plenty of stock, and a card
// the sandbox gateway accepts. Their next deliveries are planned, reminded and renewed at one instant each.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { parseWeekdays } from "~/delivery/schedule";
import { runDayOnOrAfter } from "~/subscriptions/schedule";

const EMAIL = "bench.renewal.";

/** Creates the subscribers; the instant at which their next deliveries are planned. */
export async function createDueSubscriptions(
  db: Kysely<DB>,
  count: number,
): Promise<{ first: string; planAt: Date }> {
  const ts = new Date().toISOString();
  const region = await db
    .selectFrom("deliveryRegions")
    .selectAll()
    .where("slug", "=", "nsw")
    .executeTakeFirstOrThrow();
  const schedule = {
    weekdays: parseWeekdays(region.weekdays),
    leadDays: region.leadDays,
    everyWeeks: region.everyWeeks,
  };
  const pkg = await db
    .selectFrom("packages")
    .select("id")
    .where("slug", "=", "custom-small")
    .executeTakeFirstOrThrow();
  const cut = await db
    .selectFrom("products")
    .select("id")
    .where("slug", "=", "eye-fillet")
    .executeTakeFirstOrThrow();
  const bacon = await db
    .selectFrom("products")
    .select("id")
    .where("slug", "=", "addon-bacon")
    .executeTakeFirstOrThrow();
  // plenty of stock, so every renewal keeps its add-on
  await db
    .updateTable("products")
    .set({ inventory: count * 10 })
    .where("id", "=", bacon.id)
    .execute();
  const first = runDayOnOrAfter(schedule, "2027-03-01");
  const chunk = 250;
  for (let start = 0; start < count; start += chunk) {
    const n = Math.min(chunk, count - start);
    const idx = Array.from({ length: n }, (_, i) => start + i);
    const users = await db
      .insertInto("users")
      .values(
        idx.map((i) => ({
          email: `${EMAIL}${i}@example.com`,
          passwordHash: null,
          firstName: "Bench",
          lastName: `Subscriber ${i}`,
          phone: "+61412345678",
          sms: 0,
          newsletter: 0,
          gatewayCustomerId: null,
          orderedAt: ts,
          createdAt: ts,
          updatedAt: ts,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("paymentMethods")
      .values(
        users.map((u) => ({
          userId: u.id,
          gatewayToken: "sandbox_pm_bench_ok",
          brand: "Visa",
          lastFour: "4242",
          expMonth: 8,
          expYear: 2031,
          isPrimary: 1,
          createdAt: ts,
        })),
      )
      .execute();
    const subs = await db
      .insertInto("subscriptions")
      .values(
        users.map((u, i) => ({
          userId: u.id,
          status: "active",
          email: `${EMAIL}${idx[i]}@example.com`,
          packageId: pkg.id,
          boxType: "custom",
          postcode: "2000",
          suburbId: null,
          regionId: region.id,
          deliveryDate: first,
          deliveryWindow: "day",
          frequencyDays: 28,
          discountCode: null,
          shippingAddressId: null,
          billingAddressId: null,
          deliveryNotes: null,
          flowVersion: null,
          startedAt: ts,
          endedAt: null,
          pausedUntil: null,
          createdAt: ts,
          updatedAt: ts,
        })),
      )
      .returning(["id", "userId"])
      .execute();
    await db
      .insertInto("subscriptionItems")
      .values(subs.map((s) => ({ subscriptionId: s.id, productId: cut.id, quantity: 8 })))
      .execute();
    await db
      .insertInto("subscriptionAddons")
      .values(subs.map((s) => ({ subscriptionId: s.id, productId: bacon.id, quantity: 1 })))
      .execute();
    await db
      .insertInto("orders")
      .values(
        subs.map((s, i) => ({
          reference: `PT-BENCH${start + i}`,
          userId: s.userId!,
          subscriptionId: s.id,
          status: "paid",
          deliveryDate: first,
          deliveryWindow: "day",
          createdAt: ts,
          paidAt: ts,
        })),
      )
      .execute();
  }
  return { first, planAt: new Date(`${first}T01:00:00Z`) };
}

/** Once the next deliveries are planned: a minute after their reminder is due, and a minute after their cut-off. */
export async function nextDeliveryInstants(
  db: Kysely<DB>,
): Promise<{ remindAt: Date; renewAt: Date }> {
  const next = await db
    .selectFrom("deliveries as d")
    .innerJoin("subscriptions as s", "s.id", "d.subscriptionId")
    .select(["d.cutoffAt", "d.remindAt"])
    .where("s.email", "like", `${EMAIL}%`)
    .orderBy("d.cutoffAt")
    .executeTakeFirstOrThrow();
  return {
    remindAt: new Date(Date.parse(next.remindAt) + 60_000),
    renewAt: new Date(Date.parse(next.cutoffAt) + 60_000),
  };
}

/** What the renewals left: paid renewal orders and renewal payments of the bench's subscribers (one each per subscriber). */
export async function renewalOutcome(db: Kysely<DB>) {
  const benchUsers = db.selectFrom("users").select("id").where("email", "like", `${EMAIL}%`);
  const orders = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "paid")
    .where("reference", "not like", "PT-BENCH%")
    .where("userId", "in", benchUsers)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("idempotencyKey", "like", "renewal:%")
    .where("userId", "in", benchUsers)
    .executeTakeFirstOrThrow();
  return { paidRenewalOrders: Number(orders.n), renewalPayments: Number(payments.n) };
}
