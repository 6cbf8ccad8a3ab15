// A discount code's uses (issue 37, decision 056): the facts a checkout needs to refuse a code
// (the region of the postcode, what the account did before), and the use itself, claimed inside the
// checkout's claim transaction so two shoppers racing for the last use cannot both get it:
//   1. `uses_count + 1` on the code, conditional on the limit (PostgreSQL re-checks the condition
//      after waiting for the other claim's row lock; SQLite claims one writer at a time), then
//   2. with the code's row held, the account's uses and its first order are read and the use row is
//      written (unique by payment key). A refusal rolls the whole claim back.
// A payment that does not go through releases the use; a settled one links it to its order.
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import {
  checkoutRefusal,
  DISCOUNT_CUSTOMER_LIMIT,
  DISCOUNT_FIRST_ORDER,
  DISCOUNT_UNUSABLE,
  DISCOUNT_USED_UP,
  type CheckoutFacts,
  type FoundDiscount,
} from "./discount-rules";

/** The delivery region of a postcode (ranges are integers: 0800 is 800), or null. */
export async function regionOfPostcode(
  postcode: string | null | undefined,
  executor: Kysely<DB> = db,
): Promise<{ id: number; name: string } | null> {
  if (!postcode || !/^\d{4}$/.test(postcode)) return null;
  const n = Number(postcode);
  const row = await executor
    .selectFrom("regionPostcodeRanges as r")
    .innerJoin("deliveryRegions as d", "d.id", "r.regionId")
    .select(["d.id", "d.name"])
    .where("r.fromPostcode", "<=", n)
    .where("r.toPostcode", ">=", n)
    .orderBy("r.id")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the account has ordered a box before: users.ordered_at, or any box order of theirs. */
export async function hasOrderedBefore(
  userId: number,
  executor: Kysely<DB> = db,
): Promise<boolean> {
  const user = await executor
    .selectFrom("users")
    .select("orderedAt")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (user?.orderedAt) return true;
  const order = await executor
    .selectFrom("orders")
    .select("id")
    .where("userId", "=", userId)
    .where("kind", "=", "box")
    .limit(1)
    .executeTakeFirst();
  return Boolean(order);
}

/** Checkout uses (first orders) of a code by one account, claimed or settled. */
export async function customerUses(
  discountId: number,
  userId: number,
  executor: Kysely<DB> = db,
): Promise<number> {
  const row = await executor
    .selectFrom("discountUses")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("discountId", "=", discountId)
    .where("userId", "=", userId)
    .where("deliveryNumber", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The orders of a subscription that used a code (its first order included). */
export async function subscriptionUses(
  discountId: number,
  subscriptionId: number,
  executor: Kysely<DB> = db,
): Promise<number> {
  const row = await executor
    .selectFrom("discountUses")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("discountId", "=", discountId)
    .where("subscriptionId", "=", subscriptionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Everything checkoutRefusal needs, read now. */
export async function checkoutFacts(
  d: FoundDiscount,
  input: { postcode: string | null; customerId: number | null; at?: Date },
  executor: Kysely<DB> = db,
): Promise<CheckoutFacts> {
  const [region, orderedBefore, uses] = await Promise.all([
    regionOfPostcode(input.postcode, executor),
    input.customerId ? hasOrderedBefore(input.customerId, executor) : Promise.resolve(null),
    input.customerId ? customerUses(d.terms.id, input.customerId, executor) : Promise.resolve(0),
  ]);
  return {
    at: input.at ?? new Date(),
    postcode: input.postcode,
    region,
    orderedBefore,
    customerUses: uses,
  };
}

/** The refusal of a code for this shopper now, or null (the code may be used). */
export async function refusalFor(
  d: FoundDiscount,
  input: { postcode: string | null; customerId: number | null; at?: Date },
  executor: Kysely<DB> = db,
): Promise<string | null> {
  return checkoutRefusal(d, await checkoutFacts(d, input, executor));
}

/**
 * Claims one use of the code for this checkout, inside its claim transaction (see the top of the
 * file). The use row carries the payment key until the settle links its order. Answers the refusal's
 * message, or null: on a refusal the caller MUST throw (refuse) so the transaction rolls back.
 */
export async function claimDiscountUse(
  trx: Transaction<DB>,
  input: {
    code: string;
    userId: number;
    subscriptionId: number;
    key: string;
    discountedCents: number;
    at: Date;
  },
): Promise<string | null> {
  const d = await trx
    .selectFrom("discounts")
    .select(["id", "recurring", "maxUsesPerCustomer"])
    .where("code", "=", input.code)
    .executeTakeFirst();
  if (!d) return DISCOUNT_UNUSABLE;
  const took = await trx
    .updateTable("discounts")
    .set((eb) => ({ usesCount: eb("usesCount", "+", 1) }))
    .where("id", "=", d.id)
    .where((eb) => eb.or([eb("maxUses", "is", null), eb("usesCount", "<", eb.ref("maxUses"))]))
    .executeTakeFirst();
  if (Number(took.numUpdatedRows) !== 1) return DISCOUNT_USED_UP;
  // the code's row is ours until commit: every other claim of this code waits here
  const uses = await customerUses(d.id, input.userId, trx);
  if (d.maxUsesPerCustomer !== null && uses >= d.maxUsesPerCustomer) return DISCOUNT_CUSTOMER_LIMIT;
  if (d.recurring !== 1 && (uses > 0 || (await hasOrderedBefore(input.userId, trx))))
    return DISCOUNT_FIRST_ORDER;
  await trx
    .insertInto("discountUses")
    .values({
      discountId: d.id,
      userId: input.userId,
      subscriptionId: input.subscriptionId,
      orderId: null,
      paymentKey: input.key,
      deliveryNumber: 1,
      discountedCents: input.discountedCents,
      createdAt: input.at.toISOString(),
    })
    .execute();
  return null;
}

/** A checkout (or payment recovery) whose payment did not go through gives its use back. */
export async function releaseDiscountUse(trx: Transaction<DB>, key: string): Promise<void> {
  const use = await trx
    .selectFrom("discountUses")
    .select(["id", "discountId"])
    .where("paymentKey", "=", key)
    .where("orderId", "is", null)
    .executeTakeFirst();
  if (!use) return;
  await trx.deleteFrom("discountUses").where("id", "=", use.id).execute();
  await trx
    .updateTable("discounts")
    .set((eb) => ({ usesCount: eb("usesCount", "-", 1) }))
    .where("id", "=", use.discountId)
    .where("usesCount", ">", 0)
    .execute();
}

/** The settle: the checkout's use gets its order. */
export async function settleDiscountUse(
  trx: Transaction<DB>,
  key: string,
  orderId: number,
): Promise<void> {
  await trx
    .updateTable("discountUses")
    .set({ orderId })
    .where("paymentKey", "=", key)
    .where("orderId", "is", null)
    .execute();
}

/** A renewal that was discounted records its use (delivery 2, 3…), in the renewal's transaction. */
export async function recordRenewalUse(
  trx: Transaction<DB>,
  input: {
    discountId: number;
    userId: number;
    subscriptionId: number;
    orderId: number;
    discountedCents: number;
    at: Date;
  },
): Promise<void> {
  const before = await subscriptionUses(input.discountId, input.subscriptionId, trx);
  await trx
    .insertInto("discountUses")
    .values({
      discountId: input.discountId,
      userId: input.userId,
      subscriptionId: input.subscriptionId,
      orderId: input.orderId,
      paymentKey: null,
      deliveryNumber: Math.max(2, before + 1),
      discountedCents: input.discountedCents,
      createdAt: input.at.toISOString(),
    })
    .execute();
}
