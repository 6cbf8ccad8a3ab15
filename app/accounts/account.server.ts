// The signed-in user's account: profile, password, saved cards and addresses.
// Every function takes the owner's id and scopes its query by it, so another
// user's card or address answers NotFoundError, exactly like a missing one.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB, User } from "~/db/schema";
import type { AddressInput } from "~/addresses/address-schema";
import { CardError } from "~/payments/gateway";
import type { NewCard } from "~/payments/card-schema";
import { lockUser } from "~/orders/credit.server";
import {
  listSavedCards,
  resolveCard,
  saveCard,
  verifyCard,
  type SavedCard,
} from "~/payments/payments.server";
import { sydneyToday } from "~/subscriptions/schedule";
import { addressLookup } from "~/delivery/address-lookup.server";
import { regionForPostcode } from "~/delivery/lookup.server";
import { POSTCODE_UNDELIVERABLE, normalisePostcode } from "~/delivery/postcode";
import { insertAddress, normalisedAddress } from "./addresses.server";
import { hashPassword, verifyPassword } from "./password.server";
import { endStaffSessions, retireResetTokens } from "./password-reset.server";
import { endOtherSessions } from "./session.server";
import type { ProfileInput } from "./account-schema";

export class NotFoundError extends Error {
  constructor(what = "Not found") {
    super(what);
    this.name = "NotFoundError";
  }
}

export class WrongPasswordError extends Error {
  constructor() {
    super("Your current password is incorrect");
    this.name = "WrongPasswordError";
  }
}

export const LAST_CARD_MESSAGE =
  "This is the only card for your active subscription, so it can't be removed. Add another card first, then remove this one.";

/** A card the user may not remove (the only card while a subscription is live). */
export class CardInUseError extends Error {
  constructor() {
    super(LAST_CARD_MESSAGE);
    this.name = "CardInUseError";
  }
}

export type AddressView = {
  id: number;
  kind: "shipping" | "billing";
  addressType: "apartment" | "business" | "house";
  line1: string;
  line2: string | null;
  company: string | null;
  city: string;
  state: string;
  postcode: string;
  country: string;
  /** the subscriptions that deliver to (or bill) this address */
  usedBy: string[];
  /** the orders still to come that go there */
  comingOrders: string[];
};

export type AccountView = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  sms: boolean;
  newsletter: boolean;
  hasPassword: boolean;
  cards: (SavedCard & { removable: boolean })[];
  addresses: AddressView[];
};

const LIVE = ["active", "paused"] as const;

const liveSubscriptionOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", userId)
      .where("status", "in", [...LIVE])
      .limit(1),
);
const addressesOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("addresses")
      .selectAll()
      .where("userId", "=", userId)
      .where("removedAt", "is", null)
      .orderBy("kind", "desc")
      .orderBy("id", "asc"),
);
/** Orders not yet delivered, by the address they go to: it keeps its postcode and cannot be removed until then. */
const comingOrdersOf = preparedQuery(
  () => db,
  (q, userId: number, today: string) =>
    q
      .selectFrom("orders")
      .select(["reference", "shippingAddressId"])
      .where("userId", "=", userId)
      .where("shippingAddressId", "is not", null)
      .where("status", "in", ["unpaid", "paid", "failed"])
      .where("deliveryDate", ">=", today)
      .orderBy("deliveryDate"),
);
/** Which live subscriptions use which address (an address in use cannot be deleted). */
const addressUseOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("subscriptions")
      .leftJoin("packages", "packages.id", "subscriptions.packageId")
      .select([
        "subscriptions.shippingAddressId",
        "subscriptions.billingAddressId",
        "packages.fullName",
      ])
      .where("subscriptions.userId", "=", userId)
      .where("subscriptions.status", "in", [...LIVE]),
);

async function hasLiveSubscription(userId: number, executor: Kysely<DB> = db) {
  const [row] = await liveSubscriptionOf.on(executor)(userId);
  return Boolean(row);
}

/** "+61412345678" → "0412 345 678" for the form; other numbers as stored. */
export function displayPhone(e164: string | null): string {
  if (!e164) return "";
  const m = /^\+61(4\d{2})(\d{3})(\d{3})$/.exec(e164);
  if (m) return `0${m[1]} ${m[2]} ${m[3]}`;
  const l = /^\+61([2378])(\d{4})(\d{4})$/.exec(e164);
  return l ? `(0${l[1]}) ${l[2]} ${l[3]}` : e164;
}

/** The account page. `signedIn` is the user row this request's session read already holds (saves reading it again). */
export async function getAccount(
  { userId }: { userId: number },
  signedIn?: User,
): Promise<AccountView> {
  const user =
    signedIn?.id === userId
      ? signedIn
      : await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const [cards, live, addresses, subs, coming] = await Promise.all([
    listSavedCards({ userId }),
    hasLiveSubscription(userId),
    addressesOf(userId),
    addressUseOf(userId),
    comingOrdersOf(userId, sydneyToday(new Date())),
  ]);
  return {
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phone: displayPhone(user.phone),
    sms: user.sms === 1,
    newsletter: user.newsletter === 1,
    hasPassword: Boolean(user.passwordHash),
    cards: cards.map((c) => ({ ...c, removable: !(live && cards.length === 1) })),
    addresses: addresses.map((a) => ({
      id: a.id,
      kind: a.kind,
      addressType: a.addressType,
      line1: a.line1,
      line2: a.line2,
      company: a.company,
      city: a.city,
      state: a.state,
      postcode: a.postcode,
      country: a.country,
      usedBy: subs
        .filter((s) => s.shippingAddressId === a.id || s.billingAddressId === a.id)
        .map((s) => s.fullName ?? "Your subscription"),
      comingOrders: coming.filter((o) => o.shippingAddressId === a.id).map((o) => o.reference),
    })),
  };
}

export async function updateProfile({ userId }: { userId: number }, input: ProfileInput) {
  await db
    .updateTable("users")
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      sms: input.sms ? 1 : 0,
      newsletter: input.newsletter ? 1 : 0,
      updatedAt: new Date().toISOString(),
    })
    .where("id", "=", userId)
    .execute();
}

/**
 * Changes (or, for an account made without one, sets) the password, retires
 * the account's open reset links, and signs out every other session of the
 * user, and all their staff sessions (issue 44); the session making the change stays.
 */
export async function changePassword(
  { userId, sessionId }: { userId: number; sessionId: string | undefined },
  input: { currentPassword?: string; password: string },
) {
  const user = await db
    .selectFrom("users")
    .select(["passwordHash"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  if (user.passwordHash && !(await verifyPassword(input.currentPassword ?? "", user.passwordHash)))
    throw new WrongPasswordError();
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: now.toISOString() })
      .where("id", "=", userId)
      .execute();
    await retireResetTokens(trx, userId, now);
    await endStaffSessions(trx, userId);
  });
  await endOtherSessions(userId, sessionId);
}

async function ownedCard(userId: number, cardId: number) {
  const card = await db
    .selectFrom("paymentMethods")
    .select(["id", "isPrimary", "brand", "lastFour"])
    .where("id", "=", cardId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!card) throw new NotFoundError("Card not found");
  return card;
}

export async function setPrimaryCard({ userId, cardId }: { userId: number; cardId: number }) {
  const card = await ownedCard(userId, cardId);
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId); // one card change of a user at a time: one primary card (migration 016)
    await trx
      .updateTable("paymentMethods")
      .set({ isPrimary: 0 })
      .where("userId", "=", userId)
      .where("id", "!=", card.id)
      .execute();
    await trx
      .updateTable("paymentMethods")
      .set({ isPrimary: 1 })
      .where("userId", "=", userId)
      .where("id", "=", card.id)
      .execute();
  });
  return { label: `${card.brand} ending in ${card.lastFour}` };
}

/** Removes a saved card unless it is the only card of a live subscription; another card becomes primary. */
export async function removeCard({ userId, cardId }: { userId: number; cardId: number }) {
  const card = await ownedCard(userId, cardId);
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const others = await trx
      .selectFrom("paymentMethods")
      .select("id")
      .where("userId", "=", userId)
      .where("id", "!=", card.id)
      .orderBy("id", "asc")
      .execute();
    if (others.length === 0 && (await hasLiveSubscription(userId, trx))) throw new CardInUseError();
    await trx
      .deleteFrom("paymentMethods")
      .where("id", "=", card.id)
      .where("userId", "=", userId)
      .execute();
    if (card.isPrimary === 1 && others[0]) {
      await trx
        .updateTable("paymentMethods")
        .set({ isPrimary: 1 })
        .where("id", "=", others[0].id)
        .where("userId", "=", userId)
        .execute();
    }
    return { label: `${card.brand} ending in ${card.lastFour}` };
  });
}

/**
 * Tokenises a new card with the gateway (the number and CVC go nowhere else),
 * has the gateway verify it (a zero-amount check, so a card every charge would
 * decline is never saved to pay renewals) and saves it. Throws CardError
 * (keyed by field) when the gateway refuses it; nothing is stored then. The
 * card-testing limits of the account and of `clientIp` come first
 * (NewCardsPausedError, decision 042).
 */
export async function addCard(
  { userId, clientIp }: { userId: number; clientIp: string },
  input: { card: NewCard; makePrimary: boolean },
) {
  const resolved = await resolveCard(
    userId,
    { kind: "new", card: input.card },
    { userId, clientIp, submitKey: null },
  );
  if (!resolved) throw new CardError("number", "Your card number is invalid.");
  const verified = await verifyCard(resolved, `setup:user:${userId}:${randomUUID()}`);
  if (verified.status !== "verified") throw new CardError("number", verified.message);
  const id = await db.transaction().execute(async (trx) => {
    const cardId = await saveCard(trx, userId, resolved);
    if (input.makePrimary) {
      await trx
        .updateTable("paymentMethods")
        .set({ isPrimary: 0 })
        .where("userId", "=", userId)
        .where("id", "!=", cardId)
        .execute();
      await trx
        .updateTable("paymentMethods")
        .set({ isPrimary: 1 })
        .where("userId", "=", userId)
        .where("id", "=", cardId)
        .execute();
    }
    return cardId;
  });
  return { id, label: `${resolved.brand} ending in ${resolved.lastFour}` };
}

export const POSTCODE_LOCKED_MESSAGE =
  "Your subscription delivers to this address, and a new postcode can change your delivery days. Keep the postcode here, or add your new address below and move your deliveries to it under Change what comes next.";

export const orderPostcodeLockedMessage = (reference: string) =>
  `Order ${reference} is on its way to this address, so its postcode stays until that delivery has come. Add your new address below and move your deliveries to it under Change what comes next.`;

export class PostcodeLockedError extends Error {
  constructor(message = POSTCODE_LOCKED_MESSAGE) {
    super(message);
    this.name = "PostcodeLockedError";
  }
}

/**
 * Updates an address on file; a live subscription using it, and its orders still to come, deliver
 * there from now on. Its postcode stays while a live subscription or a coming order delivers there:
 * the postcode decides the delivery region, days and cut-offs. An address that a delivered order went
 * to, or a paid order was billed to, is not changed in place (that would rewrite the order and its tax
 * invoice): the edit becomes a new address that takes over its subscriptions and coming orders, and
 * the old one is kept, removed from the account, for those orders.
 */
export async function updateAddress(
  { userId, addressId }: { userId: number; addressId: number },
  address: AddressInput,
) {
  const current = await getAddress({ userId, addressId });
  if (current.postcode !== address.postcode) {
    const delivering = await db
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", userId)
      .where("shippingAddressId", "=", addressId)
      .where("status", "in", [...LIVE])
      .executeTakeFirst();
    if (delivering) throw new PostcodeLockedError();
    // an order keeps its address (a subscription that moved leaves it behind): not yet delivered, its postcode stays too
    const coming = await comingOrderTo(db, userId, addressId);
    if (coming) throw new PostcodeLockedError(orderPostcodeLockedMessage(coming));
  }
  await assertKnownPlace(address);
  const today = sydneyToday(new Date());
  await db.transaction().execute(async (trx) => {
    const settled = await trx
      .selectFrom("orders")
      .select("id")
      .where("userId", "=", userId)
      .where((eb) =>
        eb.or([
          eb.and([
            eb("shippingAddressId", "=", addressId),
            eb.or([eb("deliveryDate", "<", today), eb("status", "not in", COMING_ORDER)]),
          ]),
          eb.and([eb("billingAddressId", "=", addressId), eb("status", "=", "paid")]),
        ]),
      )
      .executeTakeFirst();
    if (!settled) {
      const result = await trx
        .updateTable("addresses")
        .set(addressColumns(address))
        .where("id", "=", addressId)
        .where("userId", "=", userId)
        .where("removedAt", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFoundError("Address not found");
      return;
    }
    const id = await insertAddress(trx, userId, current.kind, address);
    await trx
      .updateTable("addresses")
      .set({ removedAt: new Date().toISOString() })
      .where("id", "=", addressId)
      .where("userId", "=", userId)
      .execute();
    await trx
      .updateTable("subscriptions")
      .set({ shippingAddressId: id })
      .where("userId", "=", userId)
      .where("shippingAddressId", "=", addressId)
      .execute();
    await trx
      .updateTable("subscriptions")
      .set({ billingAddressId: id })
      .where("userId", "=", userId)
      .where("billingAddressId", "=", addressId)
      .execute();
    await trx
      .updateTable("orders")
      .set({ shippingAddressId: id })
      .where("userId", "=", userId)
      .where("shippingAddressId", "=", addressId)
      .where("deliveryDate", ">=", today)
      .where("status", "in", COMING_ORDER)
      .execute();
  });
}

const COMING_ORDER = ["unpaid", "paid", "failed"] as const;

function addressColumns(a: AddressInput) {
  return {
    addressType: a.addressType,
    line1: a.line1,
    line2: a.line2 ?? null,
    company: a.company ?? null,
    city: a.city,
    state: a.state,
    postcode: a.postcode,
    country: "AU",
  };
}

/** Suburb, state and postcode must belong together (the suburbs table), else the address is refused on its suburb. */
async function assertKnownPlace(a: AddressInput) {
  if (await addressLookup().verify(a)) return;
  const near = (await addressLookup().suggest(a.postcode, 6)).map((s) => s.city);
  throw new AddressRefusedError(
    `We can't find ${a.city.trim()} in ${a.state} ${a.postcode}. Check the suburb, state and postcode.${near.length ? ` Suburbs with this postcode: ${near.join(", ")}.` : ""}`,
    "address.city",
  );
}

/** The first order not yet delivered that goes to the address, or undefined. */
async function comingOrderTo(executor: Kysely<DB>, userId: number, addressId: number) {
  const [order] = (await comingOrdersOf.on(executor)(userId, sydneyToday(new Date()))).filter(
    (o) => o.shippingAddressId === addressId,
  );
  return order?.reference;
}

export class AddressInUseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AddressInUseError";
  }
}

export const ADDRESS_IN_USE_MESSAGE =
  "Your subscription uses this address. Move your deliveries to another address under Change what comes next, then remove it.";
export const addressAwaitsOrderMessage = (reference: string) =>
  `Order ${reference} is on its way to this address. You can remove it once that delivery has come.`;

/**
 * Takes an address off the account. Refused while a live subscription delivers to or bills it, or an
 * order still to come goes there. Orders already delivered keep pointing at it (their invoices show
 * it), so it is marked removed rather than deleted, and no list or choice offers it again.
 */
export async function removeAddress({ userId, addressId }: { userId: number; addressId: number }) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("addresses")
      .select("id")
      .where("id", "=", addressId)
      .where("userId", "=", userId)
      .where("removedAt", "is", null)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("Address not found");
    const used = await trx
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", userId)
      .where("status", "in", [...LIVE])
      .where((eb) =>
        eb.or([eb("shippingAddressId", "=", addressId), eb("billingAddressId", "=", addressId)]),
      )
      .executeTakeFirst();
    if (used) throw new AddressInUseError(ADDRESS_IN_USE_MESSAGE);
    const coming = await comingOrderTo(trx, userId, addressId);
    if (coming) throw new AddressInUseError(addressAwaitsOrderMessage(coming));
    await trx
      .updateTable("addresses")
      .set({ removedAt: new Date().toISOString() })
      .where("id", "=", addressId)
      .where("userId", "=", userId)
      .execute();
  });
}

/** Addresses one account may keep: room for every move, not for filling the table. */
export const MAX_ADDRESSES = 20;

/** A new address the account page refuses, with the field its message belongs to. */
export class AddressRefusedError extends Error {
  constructor(
    message: string,
    readonly field: "address.line1" | "address.city" | "address.postcode" = "address.line1",
  ) {
    super(message);
    this.name = "AddressRefusedError";
  }
}

export class AddressLimitError extends AddressRefusedError {
  constructor() {
    super(`You can keep up to ${MAX_ADDRESSES} addresses. Edit one you no longer use instead.`);
    this.name = "AddressLimitError";
  }
}

export const ADDRESS_ON_FILE =
  "This address is already on your account. Choose it under Change what comes next.";

/**
 * Saves a new delivery address; a subscription moves to it on the change page (changeAddress).
 * Refused: a postcode outside the delivery areas (it could never be delivered to), an address
 * already on file (a second copy only makes the list longer), and more than MAX_ADDRESSES.
 */
export async function addAddress({ userId }: { userId: number }, address: AddressInput) {
  const postcode = normalisePostcode(address.postcode);
  if (!postcode || !(await regionForPostcode(postcode.number)))
    throw new AddressRefusedError(POSTCODE_UNDELIVERABLE, "address.postcode");
  await assertKnownPlace(address);
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("addresses")
      .select(["line1", "line2", "city", "state", "postcode"])
      .where("userId", "=", userId)
      .where("removedAt", "is", null)
      .execute();
    if (rows.length >= MAX_ADDRESSES) throw new AddressLimitError();
    const key = normalisedAddress(address);
    if (rows.some((r) => normalisedAddress(r) === key))
      throw new AddressRefusedError(ADDRESS_ON_FILE);
    return insertAddress(trx, userId, "shipping", address);
  });
}

/** One address of the user, or NotFoundError. */
export async function getAddress({ userId, addressId }: { userId: number; addressId: number }) {
  const row = await db
    .selectFrom("addresses")
    .selectAll()
    .where("id", "=", addressId)
    .where("userId", "=", userId)
    .where("removedAt", "is", null)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Address not found");
  return row;
}
