// Test data for any database handle (the integration suite's, the e2e server's, a second one a test
// opens): a user, a card, an address, a delivery region, a subscription, a subscriber with all of
// these, an order with its invoice, a session. Each fills in what a test does not care about, so a
// test names only what it is about. Relative imports only: Playwright loads this file too.
import { createHash, randomBytes } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { hashPassword } from "../app/accounts/password.server";
import { addDays } from "../app/utils/calendar-day";
import { sydneyToday } from "../app/utils/sydney-time.server";
import { insertInvoiceLines } from "../app/orders/invoice-lines.server";
import type {
  AddressesTable,
  DB,
  OrderStatus,
  StaffRole,
  SubscriptionsTable,
  User,
} from "../app/db/schema";

type Db = Kysely<DB>;

const now = () => new Date().toISOString();
const hex = (bytes = 4) => randomBytes(bytes).toString("hex");
const DAY_MS = 86_400_000;

export const uniqueEmail = (prefix = "shopper") => `${prefix}.${hex(5)}@example.com`;

/**
 * The sandbox gateway's test card numbers (app/payments/sandbox-gateway.server.ts): `good` is
 * charged, `declined` and `insufficient` are refused with their messages; with APP_ENV=test only,
 * `slow` answers after TEST_SLOW_CARD_MS (SLOW_TEST_CARD) and `refundTimeout`'s refunds are made but
 * time out (REFUND_TIMEOUT_TEST_CARD). The gateway's own constants are checked against these in
 * tests/integration/slow-gateway-real-time.test.ts; the e2e suite cannot import the gateway.
 */
export const TEST_CARDS: Readonly<
  Record<"good" | "declined" | "insufficient" | "slow" | "refundTimeout", string>
> = {
  good: "4242424242424242",
  declined: "4000000000000002",
  insufficient: "4000000000009995",
  slow: "4000000000002503",
  refundTimeout: "4000000000007023",
};

/** A card as a checkout or payment form sends it: the good number, valid for three more years. */
export const TEST_CARD = {
  number: TEST_CARDS.good,
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: "123",
};

/** A billing address in the shop's delivery area (Haymarket NSW 2000). */
export const TEST_BILLING = {
  addressType: "house",
  line1: "7 Bay Road",
  line2: undefined,
  company: undefined,
  city: "Haymarket",
  state: "NSW",
  postcode: "2000",
  country: "AU",
} as const;

// Today in Sydney, where the shop's calendar runs, and calendar days: the app's own (decision 073).
export { addDays, sydneyToday };

/**
 * A stored password no password matches: an account that has a password (so it is not a guest's)
 * that no test signs in with, without scrypt's ~50 ms per user.
 */
export const UNUSABLE_PASSWORD_HASH = "scrypt$not-a-real-hash";

// one salted hash per password per process serves every user made with it (the server still
// verifies it in full at each sign-in)
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string) {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

export type UserOptions = {
  email?: string;
  /** a password to sign in with; null: none (a guest's account); left out: one nobody signs in with */
  password?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  sms?: 0 | 1 | null;
  newsletter?: 0 | 1 | null;
  /** when the account first ordered; null: never */
  orderedAt?: string | null;
  /** gift or referral credit on the account */
  creditCents?: number;
};

export type TestUser = User & { password: string | null };

export async function createUser(db: Db, opts: UserOptions = {}): Promise<TestUser> {
  const password = opts.password ?? null;
  const stored =
    opts.password === undefined
      ? UNUSABLE_PASSWORD_HASH
      : password === null
        ? null
        : await passwordHash(password);
  const user = await db
    .insertInto("users")
    .values({
      email: (opts.email ?? uniqueEmail()).toLowerCase(),
      passwordHash: stored,
      firstName: opts.firstName === undefined ? "Sam" : opts.firstName,
      lastName: opts.lastName === undefined ? "Tester" : opts.lastName,
      phone: opts.phone ?? null,
      sms: opts.sms ?? null,
      newsletter: opts.newsletter ?? null,
      gatewayCustomerId: null,
      orderedAt: opts.orderedAt ?? null,
      createdAt: now(),
      updatedAt: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (opts.creditCents) await addCredit(db, user.id, opts.creditCents);
  return { ...user, password };
}

export async function addCredit(db: Db, userId: number, amountCents: number, reason = "Gift card") {
  await db
    .insertInto("creditLedger")
    .values({ userId, amountCents, reason, reference: `GIFT-${hex()}`, createdAt: now() })
    .execute();
}

export type CardOptions = {
  /** what the sandbox gateway answers for it (its token's suffix) */
  outcome?: "ok" | "declined" | "insufficient";
  brand?: string;
  lastFour?: string;
  expMonth?: number;
  expYear?: number;
  primary?: boolean;
  token?: string;
};

/** A card saved on the account, as the sandbox gateway tokenises it. */
export async function createCard(db: Db, userId: number, opts: CardOptions = {}): Promise<number> {
  const { id } = await db
    .insertInto("paymentMethods")
    .values({
      userId,
      gatewayToken: opts.token ?? `sandbox_pm_${hex(5)}_${opts.outcome ?? "ok"}`,
      brand: opts.brand ?? "Visa",
      lastFour: opts.lastFour ?? "4242",
      expMonth: opts.expMonth ?? 8,
      expYear: opts.expYear ?? 2031,
      isPrimary: opts.primary === false ? 0 : 1,
      createdAt: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export type AddressOptions = Partial<Omit<Insertable<AddressesTable>, "userId" | "id">>;

/** An address on the account; a house at 7 Bay Road, Haymarket NSW 2000 unless told. */
export async function createAddress(
  db: Db,
  userId: number,
  opts: AddressOptions = {},
): Promise<number> {
  const { id } = await db
    .insertInto("addresses")
    .values({
      kind: "shipping",
      addressType: "house",
      line1: "7 Bay Road",
      line2: null,
      city: "Haymarket",
      state: "NSW",
      postcode: "2000",
      country: "AU",
      company: null,
      createdAt: now(),
      ...opts,
      userId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export type RegionOptions = {
  /** "Test" unless told (the e2e suite's regions are "E2E", which its delivery-page spec leaves out) */
  name?: string;
  /** days between the change cut-off (2pm Sydney) and the delivery */
  leadDays?: number;
  /** ISO weekdays (1 = Monday) it delivers on; every day unless told */
  weekdays?: number[];
  overnight?: boolean;
};

/** A delivery region of its own, so a test can move its cut-offs without touching anyone else's deliveries. */
export async function createRegion(db: Db, opts: RegionOptions = {}): Promise<number> {
  const { id } = await db
    .insertInto("deliveryRegions")
    .values({
      slug: `test-${hex()}`,
      name: opts.name ?? "Test",
      state: "NSW",
      weekdays: (opts.weekdays ?? [1, 2, 3, 4, 5, 6, 7]).join(","),
      daysLabel: "Every day",
      timeLabel: "8am to 6pm",
      note: "",
      leadDays: opts.leadDays ?? 2,
      everyWeeks: 1,
      hasOvernight: opts.overnight ? 1 : 0,
      sortOrder: 99,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export const regionId = async (db: Db, slug: string) =>
  (
    await db
      .selectFrom("deliveryRegions")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow()
  ).id;

export const productId = async (db: Db, slug: string) =>
  (await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow())
    .id;

export const packageOf = (db: Db, slug: string) =>
  db
    .selectFrom("packages")
    .select(["id", "priceCents"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();

/**
 * A subscription row with every column a test leaves out empty: `{ status: "draft" }` is a box
 * just started, before any step of the flow.
 */
export async function createSubscription(
  db: Db,
  values: Partial<Insertable<SubscriptionsTable>> & { status: SubscriptionsTable["status"] },
): Promise<number> {
  const { id } = await db
    .insertInto("subscriptions")
    .values({
      userId: null,
      email: null,
      packageId: null,
      boxType: null,
      postcode: null,
      suburbId: null,
      regionId: null,
      deliveryDate: null,
      deliveryWindow: null,
      frequencyDays: null,
      discountCode: null,
      shippingAddressId: null,
      billingAddressId: null,
      deliveryNotes: null,
      flowVersion: null,
      startedAt: null,
      endedAt: null,
      pausedUntil: null,
      createdAt: now(),
      updatedAt: now(),
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A subscription's cuts and add-ons, as [productId, quantity] pairs. */
export type SubscriptionLines = { items?: [number, number][]; addons?: [number, number][] };

/** Puts `lines` in a subscription's box: its cuts and its recurring add-ons. */
export async function addSubscriptionLines(
  db: Kysely<DB>,
  subscriptionId: number,
  lines: SubscriptionLines,
) {
  for (const [productId, quantity] of lines.items ?? [])
    await db
      .insertInto("subscriptionItems")
      .values({ subscriptionId, productId, quantity })
      .execute();
  for (const [productId, quantity] of lines.addons ?? [])
    await db
      .insertInto("subscriptionAddons")
      .values({ subscriptionId, productId, quantity })
      .execute();
}

export type OrderLine = {
  sellableType: "package" | "product" | "addon" | "discount" | "gift_card";
  sellableId?: number | null;
  name: string;
  quantity: number;
  priceCents: number;
};

/** $303: a large custom box and two packs of bacon, the pay-an-order suites' usual order. */
export const LARGE_BOX_AND_BACON: OrderLine[] = [
  { sellableType: "package", name: "Custom box (large)", quantity: 1, priceCents: 27900 },
  { sellableType: "addon", name: "Smoked bacon", quantity: 2, priceCents: 1200 },
];

export type OrderOptions = {
  subscriptionId?: number | null;
  status?: OrderStatus;
  kind?: "box" | "gift_card";
  reference?: string;
  /** yyyy-MM-dd; 10 January 2030 unless told */
  deliveryDate?: string | null;
  deliveryWindow?: string | null;
  shippingAddressId?: number | null;
  billingAddressId?: number | null;
  createdAt?: string;
  /** now for a paid order unless told */
  paidAt?: string | null;
  /** an invoice with these lines (its total their sum) */
  lines?: OrderLine[];
  /** an invoice of this total without lines; with neither, no invoice */
  invoiceCents?: number;
};

export type TestOrder = {
  id: number;
  reference: string;
  invoiceId: number | null;
  totalCents: number;
};

/** An order of `userId`: unpaid, delivered on 10 January 2030, no invoice, unless told. */
export async function createOrder(
  db: Db,
  userId: number,
  opts: OrderOptions = {},
): Promise<TestOrder> {
  const status = opts.status ?? "unpaid";
  const reference = opts.reference ?? `PT-T${hex().toUpperCase()}`;
  const { id } = await db
    .insertInto("orders")
    .values({
      reference,
      userId,
      subscriptionId: opts.subscriptionId ?? null,
      ...(opts.kind ? { kind: opts.kind } : {}),
      status,
      deliveryDate: opts.deliveryDate === undefined ? "2030-01-10" : opts.deliveryDate,
      deliveryWindow: opts.deliveryWindow === undefined ? "day" : opts.deliveryWindow,
      shippingAddressId: opts.shippingAddressId ?? null,
      billingAddressId: opts.billingAddressId ?? null,
      createdAt: opts.createdAt ?? now(),
      paidAt: opts.paidAt !== undefined ? opts.paidAt : status === "paid" ? now() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const totalCents = opts.lines
    ? opts.lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0)
    : (opts.invoiceCents ?? 0);
  if (!opts.lines && opts.invoiceCents === undefined)
    return { id, reference, invoiceId: null, totalCents };
  const { id: invoiceId } = await db
    .insertInto("invoices")
    .values({
      orderId: id,
      subtotalCents: totalCents,
      discountedCents: 0,
      totalCents,
      createdAt: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (opts.lines?.length) {
    // as the app writes them: GST applies as the product is now, each line's GST fixed (decision 071)
    await insertInvoiceLines(
      db,
      { id: invoiceId, subtotalCents: totalCents, discountedCents: 0 },
      opts.lines.map((l) => ({ ...l, sellableId: l.sellableId ?? null })),
    );
  }
  return { id, reference, invoiceId, totalCents };
}

export type SubscriberOptions = {
  user?: UserOptions;
  /** a seeded region by its slug, one by id, or (unless told) a region of its own with these options */
  region?: string | number | RegionOptions;
  /** the next delivery; `daysAhead` (10) days after today in Sydney unless told */
  deliveryDate?: string;
  daysAhead?: number;
  frequencyDays?: number;
  postcode?: string;
  /** the shipping and billing address; null: none on the account */
  address?: AddressOptions | null;
  packageSlug?: string;
  /** the cuts in the box by product slug; the first two cuts, four of each, unless told */
  cuts?: [slug: string, quantity: number][];
  /** add-ons by product slug or id */
  addons?: [product: string | number, quantity: number][];
  /** saved cards: how many (Visa ending 4242, 4243, ...; the first primary) or each one's options */
  cards?: number | CardOptions[];
  discountCode?: string | null;
  /** orders of the subscription (the subscription's id is filled in) */
  orders?: OrderOptions[];
};

export type TestSubscriber = {
  user: TestUser;
  userId: number;
  email: string;
  subscriptionId: number;
  regionId: number;
  addressId: number | null;
  deliveryDate: string;
  boxCents: number;
  /** the box's cuts: product id -> quantity */
  items: Record<number, number>;
  cardIds: number[];
  orders: TestOrder[];
};

/** An active subscriber as box checkout leaves one: an account with a contact, address, card and a small custom box. */
export async function createSubscriber(
  db: Db,
  opts: SubscriberOptions = {},
): Promise<TestSubscriber> {
  const user = await createUser(db, {
    firstName: "Mia",
    lastName: "Kelly",
    phone: "+61412345678",
    sms: 0,
    newsletter: 0,
    orderedAt: now(),
    ...opts.user,
  });
  const region = opts.region ?? {};
  const regionIdOf =
    typeof region === "number"
      ? region
      : typeof region === "string"
        ? await regionId(db, region)
        : await createRegion(db, region);
  const addressId =
    opts.address === null
      ? null
      : await createAddress(db, user.id, {
          ...(opts.postcode ? { postcode: opts.postcode } : {}),
          ...opts.address,
        });
  const pkg = await packageOf(db, opts.packageSlug ?? "custom-small");
  const deliveryDate = opts.deliveryDate ?? addDays(sydneyToday(), opts.daysAhead ?? 10);
  const subscriptionId = await createSubscription(db, {
    userId: user.id,
    status: "active",
    email: user.email,
    packageId: pkg.id,
    boxType: "custom",
    postcode: opts.postcode ?? "2000",
    regionId: regionIdOf,
    deliveryDate,
    deliveryWindow: "day",
    frequencyDays: opts.frequencyDays ?? 14,
    discountCode: opts.discountCode ?? null,
    shippingAddressId: addressId,
    billingAddressId: addressId,
    startedAt: now(),
  });
  const cuts = opts.cuts
    ? await Promise.all(
        opts.cuts.map(async ([slug, quantity]) => ({ id: await productId(db, slug), quantity })),
      )
    : (await firstCuts(db, 2)).map((id) => ({ id, quantity: 4 }));
  for (const c of cuts)
    await db
      .insertInto("subscriptionItems")
      .values({ subscriptionId, productId: c.id, quantity: c.quantity })
      .execute();
  for (const [product, quantity] of opts.addons ?? []) {
    const id = typeof product === "number" ? product : await productId(db, product);
    await db
      .insertInto("subscriptionAddons")
      .values({ subscriptionId, productId: id, quantity })
      .execute();
  }
  const cards =
    typeof opts.cards === "number" || opts.cards === undefined
      ? Array.from({ length: opts.cards ?? 1 }, (_, i): CardOptions => ({
          lastFour: String(4242 + i),
          primary: i === 0,
        }))
      : opts.cards;
  const cardIds: number[] = [];
  for (const card of cards) cardIds.push(await createCard(db, user.id, card));
  const orders: TestOrder[] = [];
  for (const order of opts.orders ?? [])
    orders.push(await createOrder(db, user.id, { subscriptionId, ...order }));
  return {
    user,
    userId: user.id,
    email: user.email,
    subscriptionId,
    regionId: regionIdOf,
    addressId,
    deliveryDate,
    boxCents: pkg.priceCents,
    items: Object.fromEntries(cuts.map((c) => [c.id, c.quantity])),
    cardIds,
    orders,
  };
}

/** The first `count` cuts on sale that every region gets (no salmon: Tasmania takes none), by id. */
export async function firstCuts(db: Db, count: number): Promise<number[]> {
  const rows = await db
    .selectFrom("products")
    .select("id")
    .where("kind", "=", "cut")
    .where("active", "=", 1)
    .where("name", "not like", "%almon%")
    .orderBy("id")
    .limit(count)
    .execute();
  return rows.map((r) => r.id);
}

export type SessionOptions = {
  userId?: number | null;
  subscriptionId?: number | null;
  createdAt?: string;
  /** a day from now unless told */
  expiresAt?: string;
  lastSeenAt?: string | null;
};

/** A session row (signed in when it has a user); its id, for the cookie the caller signs. */
export async function createSession(db: Db, opts: SessionOptions = {}): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id,
      userId: opts.userId ?? null,
      subscriptionId: opts.subscriptionId ?? null,
      createdAt: opts.createdAt ?? now(),
      expiresAt: opts.expiresAt ?? new Date(Date.now() + DAY_MS).toISOString(),
      lastSeenAt: opts.lastSeenAt ?? null,
    })
    .execute();
  return id;
}

export type StaffOptions = UserOptions & {
  role?: StaffRole;
  /** the authenticator secret (base32); null: enrols at first sign-in; left out: a new one */
  totpSecret?: string | null;
};

/** A member of staff (issue 36): a user with a role and an authenticator secret, password "Staff-Horse-42" unless told. */
export async function createStaff(
  db: Db,
  opts: StaffOptions = {},
): Promise<TestUser & { role: StaffRole; totpSecret: string | null }> {
  const role = opts.role ?? "owner";
  const totpSecret = opts.totpSecret === undefined ? base32(randomBytes(20)) : opts.totpSecret;
  const user = await createUser(db, {
    email: uniqueEmail(role),
    password: "Staff-Horse-42",
    firstName: { packer: "Tom", support: "Sam", editor: "Ruby", owner: "Harriet" }[role],
    ...opts,
  });
  await db
    .updateTable("users")
    .set({ staffRole: role, totpSecret })
    .where("id", "=", user.id)
    .execute();
  return { ...user, role, totpSecret };
}

function base32(bytes: Buffer): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A staff session with both steps done, as the back office's sign-in leaves it (app/staff/staff-session.server.ts):
 * returns the token for the `__staff` cookie (the table keeps its hash).
 */
export async function createStaffSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const at = new Date();
  await db
    .insertInto("staffSessions")
    .values({
      id: createHash("sha256").update(token).digest("hex"),
      userId,
      createdAt: at.toISOString(),
      lastSeenAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + 12 * 3_600_000).toISOString(),
      secondFactorAt: at.toISOString(),
      enrolSecret: null,
      ip: "127.0.0.1",
    })
    .execute();
  return token;
}

/* ---- the numbers (issue 37): subscriptions with add-ons, cancellations, deliveries, payments, refunds ---- */

/** A subscription's recurring add-on: `quantity` of the product each delivery. */
export async function addSubscriptionAddon(
  db: Db,
  subscriptionId: number,
  productId: number,
  quantity = 1,
): Promise<void> {
  await db
    .insertInto("subscriptionAddons")
    .values({ subscriptionId, productId, quantity })
    .execute();
}

/**
 * Cancels a subscription at `at` the way cancelling does (app/subscriptions/changes.server.ts):
 * status and endedAt, and a `cancelled` event whose data holds the reason as recorded ("Label" or
 * "Label: the subscriber's words"), or none.
 */
export async function cancelSubscriptionAt(
  db: Db,
  subscriptionId: number,
  at: string,
  reason?: string,
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ status: "cancelled", endedAt: at, pausedUntil: null, updatedAt: at })
    .where("id", "=", subscriptionId)
    .execute();
  await db
    .insertInto("subscriptionEvents")
    .values({
      subscriptionId,
      type: "cancelled",
      data: JSON.stringify({
        reference: `CH-T${hex().toUpperCase()}`,
        ...(reason ? { reason } : {}),
      }),
      createdAt: at,
    })
    .execute();
}

export type DeliveryRowOptions = {
  subscriptionId: number;
  deliveryDate: string;
  status: DB["deliveries"]["status"] extends infer S ? Exclude<S, undefined> : never;
  orderId?: number | null;
  chargeAttempts?: number;
};

/** One renewal delivery row (the renewal engine's table), its cut-off and reminder in the past. */
export async function createDeliveryRow(db: Db, opts: DeliveryRowOptions): Promise<number> {
  const past = new Date(Date.parse(`${opts.deliveryDate}T00:00:00Z`) - 3 * DAY_MS).toISOString();
  const { id } = await db
    .insertInto("deliveries")
    .values({
      subscriptionId: opts.subscriptionId,
      deliveryDate: opts.deliveryDate,
      deliveryWindow: "day",
      status: opts.status,
      orderId: opts.orderId ?? null,
      chargeAttempts: opts.chargeAttempts ?? (opts.orderId ? 1 : 0),
      cutoffAt: past,
      remindAt: past,
      createdAt: past,
      updatedAt: past,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export type PaymentRowOptions = {
  userId: number;
  orderId?: number | null;
  amountCents: number;
  status: DB["payments"]["status"] extends infer S ? Exclude<S, undefined> : never;
  createdAt: string;
  /** e.g. renewal:{subscriptionId}:{deliveryDate} for a renewal's first charge; random unless told */
  idempotencyKey?: string;
};

/** A card payment row as the gateway's settle leaves it. */
export async function createPaymentRow(db: Db, opts: PaymentRowOptions): Promise<number> {
  const { id } = await db
    .insertInto("payments")
    .values({
      userId: opts.userId,
      orderId: opts.orderId ?? null,
      giftCardId: null,
      amountCents: opts.amountCents,
      status: opts.status,
      gatewayChargeId: opts.status === "declined" ? null : `ch_${hex(6)}`,
      cardBrand: "Visa",
      cardLastFour: "4242",
      idempotencyKey: opts.idempotencyKey ?? `test:${hex(8)}`,
      failureMessage: opts.status === "declined" ? "Your card was declined." : null,
      createdAt: opts.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export type RefundRowOptions = {
  orderId: number;
  paymentId?: number | null;
  staffUserId: number;
  amountCents: number;
  method?: "card" | "credit";
  status?: "pending" | "succeeded" | "failed";
  createdAt: string;
  /** when it went through; createdAt unless told, none while pending */
  completedAt?: string | null;
};

/** A refund (adjustment note) of an order, by card unless told, succeeded unless told. */
export async function createRefundRow(db: Db, opts: RefundRowOptions): Promise<number> {
  const status = opts.status ?? "succeeded";
  const { id } = await db
    .insertInto("refunds")
    .values({
      orderId: opts.orderId,
      paymentId: opts.paymentId ?? null,
      method: opts.method ?? "card",
      amountCents: opts.amountCents,
      gstCents: 0,
      reason: "Test refund",
      lines: null,
      staffUserId: opts.staffUserId,
      idempotencyKey: `refund:${hex(8)}`,
      status,
      gatewayRefundId: status === "succeeded" && opts.method !== "credit" ? `re_${hex(6)}` : null,
      noteNumber: `AN-T${hex().toUpperCase()}-1`,
      createdAt: opts.createdAt,
      completedAt:
        opts.completedAt !== undefined
          ? opts.completedAt
          : status === "pending"
            ? null
            : opts.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export type Payer = {
  id: number;
  email: string;
  password: string;
  reference: string;
  orderId: number;
  totalCents: number;
};

/**
 * A customer (Ava Nguyen, password "Correct-Horse-42") with an unpaid order of their own (a large
 * box and bacon), for the pay-an-order tests: unless told, an address and two saved cards (Visa
 * 4242 primary, and 0002 that declines, expiring 03/2030).
 */
export async function createPayer(
  db: Db,
  opts: { creditCents?: number; cards?: boolean; address?: boolean; details?: boolean } = {},
): Promise<Payer> {
  const { creditCents = 0, cards = true, address = true, details = true } = opts;
  const user = await createUser(db, {
    password: "Correct-Horse-42",
    creditCents,
    ...(details
      ? { firstName: "Ava", lastName: "Nguyen", phone: "+61412345678", sms: 0, newsletter: 0 }
      : { firstName: null, lastName: null, phone: null }),
  });
  if (address) await createAddress(db, user.id);
  if (cards) {
    await createCard(db, user.id, { outcome: "ok", lastFour: "4242" });
    await createCard(db, user.id, {
      outcome: "declined",
      lastFour: "0002",
      expMonth: 3,
      expYear: 2030,
      primary: false,
    });
  }
  const order = await createOrder(db, user.id, { lines: LARGE_BOX_AND_BACON });
  return {
    id: user.id,
    email: user.email,
    password: user.password!,
    reference: order.reference,
    orderId: order.id,
    totalCents: order.totalCents,
  };
}
