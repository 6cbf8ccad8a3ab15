// A discount code's uses (issue 37, decision 056): the facts a checkout needs to refuse a code
// (the region of the postcode, what the account did before), and the use itself, claimed inside the
// checkout's claim transaction so two shoppers racing for the last use cannot both get it:
//   1. `uses_count + 1` on the code, conditional on the limit (PostgreSQL re-checks the condition
//      after waiting for the other claim's row lock; SQLite claims one writer at a time), then
//   2. with the code's row held, its terms are read again (paused, ended, region: decision 070), the
//      account's first order is claimed (users.first_order_key), its uses are read and the use row
//      is written (unique by payment key). A refusal rolls the whole claim back.
// A payment that does not go through releases the use and the first order; a settled one links the
// use to its order. A renewal not sent (cancelled at the packing cut-off) gives its use back.
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import {
  checkoutRefusal,
  DISCOUNT_UNUSABLE,
  DISCOUNT_USED_UP,
  type CheckoutFacts,
  type FoundDiscount,
} from "./discount-rules";
import { findDiscount } from "./find-discount.server";

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
 * Claims the account's first box order for this checkout (decision 070): a conditional update of
 * the user's row, so of two checkouts at the same moment exactly one is the first order (PostgreSQL
 * re-checks the condition after waiting for the other's row lock; SQLite takes one writer at a
 * time). True when this checkout holds it (again, for the same key) and the account has no box
 * order. Released with the checkout's other claims (releaseDiscountUse).
 */
export async function claimFirstOrder(
  trx: Transaction<DB>,
  userId: number,
  key: string,
): Promise<boolean> {
  const took = await trx
    .updateTable("users")
    .set({ firstOrderKey: key })
    .where("id", "=", userId)
    .where("orderedAt", "is", null)
    .where((eb) => eb.or([eb("firstOrderKey", "is", null), eb("firstOrderKey", "=", key)]))
    .executeTakeFirst();
  if (Number(took.numUpdatedRows) !== 1) return false;
  const order = await trx
    .selectFrom("orders")
    .select("id")
    .where("userId", "=", userId)
    .where("kind", "=", "box")
    .limit(1)
    .executeTakeFirst();
  return !order;
}

/**
 * Claims one use of the code for this checkout, inside its claim transaction (see the top of the
 * file), re-checking every term there: the quote's checks ran before, and staff may have paused or
 * edited the code, or its last day ended, since. The use row carries the payment key until the
 * settle links its order. Answers the refusal's message, or null: on a refusal the caller MUST
 * throw (refuse) so the transaction rolls back.
 */
export async function claimDiscountUse(
  trx: Transaction<DB>,
  input: {
    code: string;
    userId: number;
    subscriptionId: number;
    key: string;
    discountedCents: number;
    /** where the box goes: the region and Tasmanian rules are checked again */
    postcode: string | null;
    at: Date;
  },
): Promise<string | null> {
  const row = await trx
    .selectFrom("discounts")
    .select("id")
    .where("code", "=", input.code)
    .executeTakeFirst();
  if (!row) return DISCOUNT_UNUSABLE;
  const took = await trx
    .updateTable("discounts")
    .set((eb) => ({ usesCount: eb("usesCount", "+", 1) }))
    .where("id", "=", row.id)
    .where((eb) => eb.or([eb("maxUses", "is", null), eb("usesCount", "<", eb.ref("maxUses"))]))
    .executeTakeFirst();
  const claimed = Number(took.numUpdatedRows) === 1;
  // Claimed, the code's row is ours until commit: every other claim and every staff edit of this
  // code waits here, so the terms read now are the ones in force when the use is written.
  const d = await findDiscount(input.code, trx, input.at);
  if (!d) return DISCOUNT_UNUSABLE;
  const region = await regionOfPostcode(input.postcode, trx);
  // a first-order code needs this checkout to be the account's first order, claimed here
  const first = d.terms.recurring ? null : await claimFirstOrder(trx, input.userId, input.key);
  const uses = await customerUses(d.terms.id, input.userId, trx);
  const refusal = checkoutRefusal(
    // the limit as it stood before this claim's own use
    { ...d, terms: { ...d.terms, usesCount: d.terms.usesCount - (claimed ? 1 : 0) } },
    {
      at: input.at,
      postcode: input.postcode,
      region,
      orderedBefore: first === null ? null : !first,
      customerUses: uses,
    },
  );
  if (refusal) return refusal;
  if (!claimed) return DISCOUNT_USED_UP;
  await trx
    .insertInto("discountUses")
    .values({
      discountId: d.terms.id,
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

/**
 * A checkout (or payment recovery) whose payment did not go through gives back its code's use and
 * the account's first order, if it held them.
 */
export async function releaseDiscountUse(trx: Transaction<DB>, key: string): Promise<void> {
  const use = await trx
    .selectFrom("discountUses")
    .select(["id", "discountId"])
    .where("paymentKey", "=", key)
    .where("orderId", "is", null)
    .executeTakeFirst();
  if (use) {
    await trx.deleteFrom("discountUses").where("id", "=", use.id).execute();
    await trx
      .updateTable("discounts")
      .set((eb) => ({ usesCount: eb("usesCount", "-", 1) }))
      .where("id", "=", use.discountId)
      .where("usesCount", ">", 0)
      .execute();
  }
  // the account's row after the code's, the order the claim takes them in (no deadlock between the two)
  await trx
    .updateTable("users")
    .set({ firstOrderKey: null })
    .where("firstOrderKey", "=", key)
    .where("orderedAt", "is", null)
    .execute();
}

/** A renewal whose delivery is not sent (cancelled at the packing cut-off) gives its use back: the code's N deliveries count deliveries sent. */
export async function releaseRenewalUse(trx: Transaction<DB>, orderId: number): Promise<void> {
  await trx
    .deleteFrom("discountUses")
    .where("orderId", "=", orderId)
    .where("deliveryNumber", ">", 1)
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
