// The back office's bench data (issue 36): 10,000 customers and 100,000 orders on top of the demo
// seed, in bulk inserts, so every /admin list page is measured against a shop of that size. Kept out
// of the demo data. Orders spread over two years back and two weeks ahead; every customer has an
// address, a subscription and a card; some deliveries failed payment; gift cards and audit entries too.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { CODE_ALPHABET } from "~/gift-cards/rules";

export type BackOfficeSample = {
  customerId: number;
  email: string;
  lastName: string;
  phone: string;
  postcode: string;
  reference: string;
  day: string;
  giftLast4: string;
};

const FIRST = [
  "Olivia",
  "Jack",
  "Mia",
  "Noah",
  "Ava",
  "Liam",
  "Isla",
  "Leo",
  "Grace",
  "Henry",
  "Zoe",
  "Oscar",
];
const LAST = [
  "Nguyen",
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Martin",
  "Chen",
  "Kelly",
  "Walsh",
  "Patel",
  "Murphy",
  "Singh",
  "Lee",
  "Harris",
];
const SUBURBS: [string, string, string][] = [
  ["Haymarket", "NSW", "2000"],
  ["Surry Hills", "NSW", "2010"],
  ["Fitzroy", "VIC", "3065"],
  ["New Farm", "QLD", "4005"],
  ["Hobart", "TAS", "7000"],
  ["Fremantle", "WA", "6160"],
];

const DAY_MS = 86_400_000;

/** A card's last four characters, from the codes' own alphabet (no look-alikes), as the search takes them. */
const lastFourOf = (i: number) =>
  Array.from({ length: 4 }, (_, k) => CODE_ALPHABET[Math.floor(i / 32 ** k) % 32]).join("");
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function insertChunks<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: Record<string, unknown>[],
  chunk = 400,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const out = await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .returning("id" as never)
      .execute();
    for (const r of out as unknown as { id: number }[]) ids.push(r.id);
  }
  return ids;
}

export async function seedBackOffice(
  db: Kysely<DB>,
  { customers = 10_000, orders = 100_000 } = {},
): Promise<BackOfficeSample> {
  const now = Date.now();
  const ts = new Date(now).toISOString();
  const pkg = await db
    .selectFrom("packages")
    .select(["id", "priceCents", "fullName"])
    .where("slug", "=", "custom-small")
    .executeTakeFirstOrThrow();
  const region = await db
    .selectFrom("deliveryRegions")
    .select("id")
    .where("slug", "=", "nsw")
    .executeTakeFirstOrThrow();
  const addon = await db
    .selectFrom("products")
    .select(["id", "name", "priceCents"])
    .where("slug", "=", "addon-bacon")
    .executeTakeFirstOrThrow();

  return db.transaction().execute(async (trx) => {
    const userRows = Array.from({ length: customers }, (_, i) => ({
      email: `bench.customer.${i}@example.com`,
      passwordHash: "scrypt$not-a-real-hash",
      firstName: FIRST[i % FIRST.length],
      lastName: `${LAST[i % LAST.length]}${i}`,
      phone: `04${String(10_000_000 + i).padStart(8, "0")}`,
      sms: 0,
      newsletter: 0,
      gatewayCustomerId: null,
      orderedAt: ts,
      createdAt: new Date(now - (i % 700) * DAY_MS).toISOString(),
      updatedAt: ts,
    }));
    const userIds = await insertChunks(trx, "users", userRows);
    const addressIds = await insertChunks(
      trx,
      "addresses",
      userIds.map((userId, i) => {
        const [city, state, postcode] = SUBURBS[i % SUBURBS.length];
        return {
          userId,
          kind: "shipping",
          addressType: "house",
          line1: `${i + 1} Bench Street`,
          line2: null,
          city,
          state,
          postcode,
          country: "AU",
          company: null,
          createdAt: ts,
        };
      }),
    );
    const subscriptionIds = await insertChunks(
      trx,
      "subscriptions",
      userIds.map((userId, i) => ({
        userId,
        status: i % 10 === 0 ? "paused" : "active",
        email: userRows[i].email,
        packageId: pkg.id,
        boxType: "custom",
        postcode: SUBURBS[i % SUBURBS.length][2],
        suburbId: null,
        regionId: region.id,
        deliveryDate: dayOf(now + ((i % 14) + 1) * DAY_MS),
        deliveryWindow: "day",
        frequencyDays: 14,
        discountCode: null,
        shippingAddressId: addressIds[i],
        billingAddressId: addressIds[i],
        deliveryNotes: null,
        flowVersion: null,
        startedAt: ts,
        endedAt: null,
        pausedUntil: null,
        createdAt: ts,
        updatedAt: ts,
      })),
    );
    await insertChunks(
      trx,
      "paymentMethods",
      userIds.map((userId, i) => ({
        userId,
        gatewayToken: `sandbox_pm_bench${i}_ok`,
        brand: "Visa",
        lastFour: "4242",
        expMonth: 8,
        expYear: 2031,
        isPrimary: 1,
        createdAt: ts,
      })),
    );

    // orders: 10 per customer, every 14 days back from two weeks ahead
    const orderRows = Array.from({ length: orders }, (_, i) => {
      const c = i % customers;
      const k = Math.floor(i / customers);
      const delivery = now + (14 - k * 14 - (c % 14)) * DAY_MS;
      const future = delivery > now;
      return {
        reference: `PTB${String(i).padStart(7, "0")}`,
        userId: userIds[c],
        subscriptionId: subscriptionIds[c],
        kind: "box",
        status: future && i % 17 === 0 ? "unpaid" : "paid",
        deliveryDate: dayOf(delivery),
        deliveryWindow: "day",
        createdAt: new Date(delivery - 5 * DAY_MS).toISOString(),
        paidAt: future && i % 17 === 0 ? null : new Date(delivery - 5 * DAY_MS).toISOString(),
        // a delivery day gone by was packed and dispatched on the day (the packing page marks it):
        // only the fortnight ahead still holds stock, as in a shop that uses its packing page
        // (decision 080; before, two years of orders stayed "reserved" for ever)
        packedAt: future ? null : new Date(delivery - DAY_MS / 2).toISOString(),
        dispatchedAt: future ? null : new Date(delivery - DAY_MS / 4).toISOString(),
        paymentKey: null,
        billingAddressId: addressIds[c],
        shippingAddressId: addressIds[c],
      };
    });
    const orderIds = await insertChunks(trx, "orders", orderRows);
    const total = pkg.priceCents + addon.priceCents;
    const invoiceIds = await insertChunks(
      trx,
      "invoices",
      orderIds.map((orderId, i) => ({
        orderId,
        subtotalCents: total,
        discountedCents: total,
        totalCents: total,
        createdAt: orderRows[i].createdAt,
      })),
    );
    await insertChunks(
      trx,
      "invoiceLines",
      invoiceIds.flatMap((invoiceId) => [
        {
          invoiceId,
          sellableType: "package",
          sellableId: pkg.id,
          name: pkg.fullName,
          quantity: 1,
          priceCents: pkg.priceCents,
          // a box and bacon: GST-free, as the app writes them (decision 071)
          taxable: 0,
          gstCents: 0,
        },
        {
          invoiceId,
          sellableType: "addon",
          sellableId: addon.id,
          name: addon.name,
          quantity: 1,
          priceCents: addon.priceCents,
          taxable: 0,
          gstCents: 0,
        },
      ]),
    );
    await insertChunks(
      trx,
      "payments",
      orderIds
        .map((orderId, i) => ({ orderId, i }))
        .filter(({ i }) => orderRows[i].status === "paid")
        .map(({ orderId, i }) => ({
          userId: orderRows[i].userId,
          orderId,
          giftCardId: null,
          amountCents: total,
          status: "succeeded",
          gatewayChargeId: `sandbox_ch_bench${i}`,
          cardBrand: "Visa",
          cardLastFour: "4242",
          idempotencyKey: `bench-${i}`,
          failureMessage: null,
          createdAt: orderRows[i].createdAt,
        })),
    );
    // the next delivery of each subscription, 2% of them declined at their cut-off
    await insertChunks(
      trx,
      "deliveries",
      subscriptionIds.map((subscriptionId, i) => {
        const day = dayOf(now + ((i % 14) + 15) * DAY_MS);
        const failed = i % 50 === 0;
        return {
          subscriptionId,
          deliveryDate: day,
          deliveryWindow: "day",
          status: failed ? "payment_failed" : "scheduled",
          cutoffAt: new Date(Date.parse(`${day}T03:00:00Z`) - 3 * DAY_MS).toISOString(),
          remindAt: new Date(Date.parse(`${day}T03:00:00Z`) - 5 * DAY_MS).toISOString(),
          chargeAttempts: failed ? 1 : 0,
          nextAttemptAt: failed ? new Date(now + DAY_MS).toISOString() : null,
          createdAt: ts,
          updatedAt: ts,
        };
      }),
    );
    await insertChunks(
      trx,
      "giftCards",
      Array.from({ length: 2_000 }, (_, i) => ({
        codeHash: `bench-gift-${i}`,
        codeLast4: lastFourOf(i),
        codeSealed: null,
        valueCents: 10_000,
        bonusOfId: null,
        purchaserUserId: userIds[i % customers],
        senderName: userRows[i % customers].firstName,
        senderEmail: userRows[i % customers].email,
        receiverName: "Friend",
        receiverEmail: `bench.friend.${i}@example.com`,
        receiverMessage: null,
        deliverOn: dayOf(now - (i % 300) * DAY_MS),
        sentAt: ts,
        claimedByUserId: null,
        claimedAt: null,
        createdAt: ts,
      })),
    );
    const owner = await trx
      .selectFrom("users")
      .select("id")
      .where("staffRole", "=", "owner")
      .executeTakeFirstOrThrow();
    await insertChunks(
      trx,
      "auditEntries",
      Array.from({ length: 20_000 }, (_, i) => ({
        staffUserId: owner.id,
        staffRole: "owner",
        action: i % 3 === 0 ? "order.refund" : i % 3 === 1 ? "subscription.skip" : "order.packed",
        entityType: i % 3 === 1 ? "subscription" : "order",
        entityId: String(orderIds[i]),
        before: null,
        after: JSON.stringify({ status: "done" }),
        ip: "127.0.0.1",
        createdAt: new Date(now - i * 60_000).toISOString(),
      })),
    );
    const mid = Math.floor(customers / 2);
    return {
      customerId: userIds[mid],
      email: userRows[mid].email,
      lastName: userRows[mid].lastName,
      phone: userRows[mid].phone,
      postcode: SUBURBS[mid % SUBURBS.length][2],
      reference: orderRows[Math.floor(orders / 2)].reference,
      day: dayOf(now + 7 * DAY_MS),
      giftLast4: lastFourOf(500),
    };
  });
}
