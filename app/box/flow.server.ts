// The box-building flow's state: a draft subscription row referenced from the
// session. Every step reads it through requireFlow (which applies the guards)
// and writes it through the functions below. Typing the e-mail of an existing
// account never links the draft to that account: only a signed-in session does.
import { redirect } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB, Subscription, SubscriptionUpdate, User } from "~/db/schema";
import { EMAIL_MESSAGE, normaliseEmail } from "~/accounts/email-address";
import { getSessionAndUser, type SessionRecord } from "~/accounts/session.server";
import { preparedQuery } from "~/db/prepared.server";
import { lookupPostcode, getRegion } from "~/delivery/lookup.server";
import { normalisePostcode, POSTCODE_INVALID, POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import { formatDeliveryDate, isDeliverableDay } from "~/delivery/schedule";
import {
  canDeliverEvery,
  deliverableFrequencies,
  frequencyForRegion,
  frequencyRefusedMessage,
} from "~/delivery/frequencies";
import { activeFrequencies, getPackage, rootOfKind, type PackageSummary } from "./catalogue.server";
import { flowRedirect, nextAfterBoxSize } from "./guards";
import { ADDON_MAX_QUANTITY, frequencyLabel, isInStock, isListable } from "./rules";
import { barsSalmon, isSalmon, notInTasmania, salmonBarred } from "./tasmania";
import { CHOOSE_DATE, CHOOSE_FREQUENCY, CHOOSE_SUBURB, CHOOSE_TIME } from "./schemas";
import { cleanFlowVersion, type FlowStep } from "./steps";

/** A refusal the page shows as a message (tampered ids, stock, limits). */
export class FlowError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "FlowError";
  }
}

export const ALREADY_CHECKED_OUT =
  "This box has already been ordered. You can manage it from your deliveries.";

export type FlowState = {
  session: SessionRecord | null;
  user: User | null;
  draft: Subscription | null;
  checkedOut: boolean;
};

export type GuardedFlow = FlowState & {
  draft: Subscription;
  pkg: PackageSummary | null;
  selectionCount: number;
};

const now = () => new Date().toISOString();

/** A draft, and whether a checkout of it was ever recorded. */
const draftById = preparedQuery(db, (q, subscriptionId: number) =>
  q
    .selectFrom("subscriptions")
    .selectAll("subscriptions")
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("subscriptionEvents as e")
            .select("e.id")
            .whereRef("e.subscriptionId", "=", "subscriptions.id")
            .where("e.type", "in", ["checked_out", "checkout_error"]),
        )
        .as("checkoutEvent"),
    )
    .where("id", "=", subscriptionId),
);

/** The session, its user and its draft (a draft of another account is never shown). */
export async function readFlow(request: Request): Promise<FlowState> {
  const { session, user } = await getSessionAndUser(request);
  let draft: Subscription | null = null;
  let checkoutEvent = false;
  if (session?.subscriptionId) {
    const [row] = await draftById(session.subscriptionId);
    if (row) {
      const { checkoutEvent: flag, ...rest } = row;
      draft = rest;
      checkoutEvent = Boolean(Number(flag));
    }
    if (
      draft &&
      draft.userId !== null &&
      draft.userId !== (user?.id ?? null) &&
      draft.status === "draft"
    )
      draft = null;
    if (draft && user && draft.userId === null && draft.status === "draft") {
      // A visitor who signs in keeps the box they were building; it becomes theirs.
      await db
        .updateTable("subscriptions")
        .set({ userId: user.id, email: user.email, updatedAt: now() })
        .where("id", "=", draft.id)
        .execute();
      draft = { ...draft, userId: user.id, email: user.email };
    }
  }
  const checkedOut = draft ? draft.status !== "draft" || checkoutEvent : false;
  return { session, user, draft, checkedOut };
}

const selectionCountOf = preparedQuery(db, (q, subscriptionId: number) =>
  q
    .selectFrom("subscriptionItems")
    .select((eb) => eb.fn.sum<number>("quantity").as("n"))
    .where("subscriptionId", "=", subscriptionId),
);

export async function selectionCount(
  subscriptionId: number,
  trx: Kysely<DB> = db,
): Promise<number> {
  const [row] = await selectionCountOf.on(trx)(subscriptionId);
  return Number(row?.n ?? 0);
}

/** E-mail or account, postcode, suburb, region, time, and a date that can still be delivered. */
export async function detailsComplete(draft: Subscription, at = new Date()): Promise<boolean> {
  if (
    !(draft.userId || draft.email) ||
    !draft.postcode ||
    !draft.suburbId ||
    !draft.regionId ||
    !draft.deliveryDate ||
    !draft.deliveryWindow
  ) {
    return false;
  }
  const region = await getRegion(draft.regionId);
  return Boolean(region && isDeliverableDay(region, draft.deliveryDate, at));
}

/** Reads the flow and applies the guards of `step`, throwing the redirect they ask for. */
export async function requireFlow(request: Request, step: FlowStep): Promise<GuardedFlow> {
  const flow = await readFlow(request);
  const draft = flow.draft;
  const [pkg, complete] = draft
    ? await Promise.all([
        draft.packageId ? getPackage(draft.packageId) : null,
        detailsComplete(draft),
      ])
    : [null, false];
  const count = draft && pkg?.selectionCustomizable ? await selectionCount(draft.id) : 0;
  const to = flowRedirect({
    step,
    hasDraft: Boolean(draft),
    userOrdered: Boolean(flow.user?.orderedAt),
    checkedOut: flow.checkedOut,
    detailsComplete: complete,
    pkg,
    selectionCount: count,
  });
  if (to) throw redirect(to);
  if (!draft) throw redirect("/get-started"); // get-started itself uses readFlow
  return { ...flow, draft, pkg, selectionCount: count };
}

/* ------------------------------------------------------------------ */
/* Writes                                                               */
/* ------------------------------------------------------------------ */

/** Finds the identified user of an e-mail, creating one without a password when none exists. Never signs in. */
export async function ensureIdentifiedUser(email: string, trx: Kysely<DB> = db): Promise<number> {
  const normalised = email.trim().toLowerCase();
  const existing = await trx
    .selectFrom("users")
    .select("id")
    .where("email", "=", normalised)
    .executeTakeFirst();
  if (existing) return existing.id;
  const ts = now();
  const inserted = await trx
    .insertInto("users")
    .values({
      email: normalised,
      passwordHash: null,
      firstName: null,
      lastName: null,
      phone: null,
      sms: null,
      newsletter: null,
      gatewayCustomerId: null,
      orderedAt: null,
      createdAt: ts,
      updatedAt: ts,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return inserted.id;
  return (
    await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", normalised)
      .executeTakeFirstOrThrow()
  ).id;
}

/**
 * Locks the draft row for the rest of the transaction (a conditional update is a
 * row lock on PostgreSQL and SQLite serialises writers), refusing a checked-out box.
 */
async function lockDraft(trx: Transaction<DB>, subscriptionId: number) {
  const res = await trx
    .updateTable("subscriptions")
    .set({ updatedAt: now() })
    .where("id", "=", subscriptionId)
    .where("status", "=", "draft")
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new FlowError(ALREADY_CHECKED_OUT);
  const events = await trx
    .selectFrom("subscriptionEvents")
    .select("id")
    .where("subscriptionId", "=", subscriptionId)
    .where("type", "in", ["checked_out", "checkout_error"])
    .executeTakeFirst();
  if (events) throw new FlowError(ALREADY_CHECKED_OUT);
  return trx
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", subscriptionId)
    .executeTakeFirstOrThrow();
}

/** Salmon cannot go to Tasmania: drop it from a draft whose postcode is Tasmanian. */
async function dropSalmonForTasmania(
  trx: Transaction<DB>,
  draft: Pick<Subscription, "id" | "packageId">,
) {
  const chosen = await trx
    .selectFrom("products")
    .select(["id", "name"])
    .where((eb) =>
      eb.or([
        eb(
          "id",
          "in",
          eb
            .selectFrom("subscriptionItems")
            .select("productId")
            .where("subscriptionId", "=", draft.id),
        ),
        eb(
          "id",
          "in",
          eb
            .selectFrom("subscriptionAddons")
            .select("productId")
            .where("subscriptionId", "=", draft.id),
        ),
      ]),
    )
    .execute();
  const salmonIds = chosen.filter((p) => isSalmon(p.name)).map((p) => p.id);
  if (salmonIds.length) {
    await trx
      .deleteFrom("subscriptionItems")
      .where("subscriptionId", "=", draft.id)
      .where("productId", "in", salmonIds)
      .execute();
    await trx
      .deleteFrom("subscriptionAddons")
      .where("subscriptionId", "=", draft.id)
      .where("productId", "in", salmonIds)
      .execute();
  }
  if (draft.packageId) {
    const pkg = await getPackage(draft.packageId, trx);
    if (pkg && isSalmon(pkg.fullName, pkg.parentName)) {
      await trx
        .updateTable("subscriptions")
        .set({ packageId: null })
        .where("id", "=", draft.id)
        .execute();
    }
  }
}

type Writable = {
  session: SessionRecord;
  user: User | null;
  draft: Subscription | null;
  checkedOut: boolean;
};

/** The draft to write to, creating one (and pointing the session at it) when there is none or it was checked out. */
type DraftValues = Omit<SubscriptionUpdate, "id" | "createdAt" | "status">;

/** Whether the flow's writes go to the session's own draft; otherwise they start a new one. */
export function hasOpenDraft(flow: Pick<FlowState, "draft" | "checkedOut">): boolean {
  return Boolean(flow.draft && !flow.checkedOut && flow.draft.status === "draft");
}

async function draftForWrite(
  trx: Transaction<DB>,
  flow: Writable,
  values: DraftValues,
): Promise<number> {
  if (flow.draft && hasOpenDraft(flow)) {
    await lockDraft(trx, flow.draft.id);
    await trx
      .updateTable("subscriptions")
      .set({ ...values, updatedAt: now() })
      .where("id", "=", flow.draft.id)
      .execute();
    return flow.draft.id;
  }
  const ts = now();
  const { id } = await trx
    .insertInto("subscriptions")
    .values({
      userId: flow.user?.id ?? null,
      status: "draft",
      email: flow.user?.email ?? null,
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
      createdAt: ts,
      updatedAt: ts,
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("sessions")
    .set({ subscriptionId: id })
    .where("id", "=", flow.session.id)
    .execute();
  return id;
}

export type DeliveryInput = {
  email?: string;
  postcode: string;
  suburbId?: number;
  deliveryDate: string;
  deliveryWindow: string;
  flowVersion?: string | null;
};

export type FieldErrors = Partial<
  Record<"email" | "postcode" | "suburbId" | "deliveryDate" | "deliveryWindow", string>
>;

/** Step 1: saves e-mail, postcode, suburb, date and time after checking them against the look-up. */
export async function saveDelivery(
  flow: Writable,
  input: DeliveryInput,
  at = new Date(),
): Promise<{ ok: true; subscriptionId: number } | { ok: false; fieldErrors: FieldErrors }> {
  const lookup = await lookupPostcode(input.postcode, at);
  if (lookup.status === "invalid")
    return { ok: false, fieldErrors: { postcode: POSTCODE_INVALID } };
  if (lookup.status === "undeliverable")
    return { ok: false, fieldErrors: { postcode: POSTCODE_UNDELIVERABLE } };
  const errors: FieldErrors = {};
  const suburbId = lookup.suburbs.length === 1 ? lookup.suburbs[0].id : input.suburbId;
  if (!suburbId || !lookup.suburbs.some((s) => s.id === suburbId)) errors.suburbId = CHOOSE_SUBURB;
  if (!lookup.dates.some((d) => d.value === input.deliveryDate)) errors.deliveryDate = CHOOSE_DATE;
  if (!lookup.windows.some((w) => w.code === input.deliveryWindow))
    errors.deliveryWindow = CHOOSE_TIME;
  const email = flow.user ? flow.user.email : normaliseEmail(input.email);
  if (!email) errors.email = EMAIL_MESSAGE;
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };

  const subscriptionId = await db.transaction().execute(async (trx) => {
    if (!flow.user) await ensureIdentifiedUser(email!, trx);
    const version = cleanFlowVersion(input.flowVersion);
    const id = await draftForWrite(trx, flow, {
      email: email!,
      postcode: lookup.postcode,
      suburbId: suburbId!,
      regionId: lookup.region.id,
      deliveryDate: input.deliveryDate,
      deliveryWindow: input.deliveryWindow,
      ...(flow.user ? { userId: flow.user.id } : {}),
      ...(version ? { flowVersion: version } : {}),
    });
    if (barsSalmon(lookup.postcode)) {
      const row = await trx
        .selectFrom("subscriptions")
        .select(["id", "packageId"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await dropSalmonForTasmania(trx, row);
    }
    return id;
  });
  return { ok: true, subscriptionId };
}

/** The no-JS "Check postcode" button: keeps the postcode (and a valid e-mail); a new postcode clears date and time. */
export async function savePostcode(
  flow: Writable,
  input: { postcode: string; email?: string; flowVersion?: string | null },
  at = new Date(),
) {
  const n = normalisePostcode(input.postcode);
  if (!n) return { ok: false as const, fieldErrors: { postcode: POSTCODE_INVALID } as FieldErrors };
  const lookup = await lookupPostcode(n.display, at);
  const changed = flow.draft?.postcode !== n.display;
  // the shared rule (decision 040): this used to be a pattern whose time grew with the square of the length
  const email = flow.user ? null : normaliseEmail(input.email);
  const version = cleanFlowVersion(input.flowVersion);
  await db.transaction().execute(async (trx) => {
    if (email) await ensureIdentifiedUser(email, trx);
    await draftForWrite(trx, flow, {
      postcode: n.display,
      ...(email ? { email } : {}),
      ...(version ? { flowVersion: version } : {}),
      ...(changed
        ? {
            regionId: lookup.status === "ok" ? lookup.region.id : null,
            suburbId:
              lookup.status === "ok" && lookup.suburbs.length === 1 ? lookup.suburbs[0].id : null,
            deliveryDate: null,
            deliveryWindow: null,
          }
        : {}),
    });
  });
  return { ok: true as const, lookup };
}

/** Step 2: custom or curated. Answers where to go next. */
export async function chooseBoxType(
  draft: Subscription,
  boxType: "custom" | "curated",
): Promise<string> {
  const root = await rootOfKind(boxType);
  if (!root) throw new FlowError("That box is not available. Please choose another.");
  await db.transaction().execute(async (trx) => {
    await lockDraft(trx, draft.id);
    await trx.updateTable("subscriptions").set({ boxType }).where("id", "=", draft.id).execute();
  });
  return boxType === "custom"
    ? `/get-started/box-size?type=${root.id}`
    : `/get-started/curated-box?type=${root.id}`;
}

/** Step 3 (curated path): a curated range; the size is chosen on the next step. */
export async function chooseCuratedRange(draft: Subscription, rangeId: number): Promise<string> {
  const range = await db
    .selectFrom("packages as p")
    .innerJoin("packages as root", "root.id", "p.parentId")
    .select(["p.id", "p.name"])
    .where("p.id", "=", rangeId)
    .where("p.active", "=", 1)
    .where("p.size", "is", null)
    .where("root.kind", "=", "curated")
    .where("root.parentId", "is", null)
    .executeTakeFirst();
  if (!range) throw new FlowError("That box is not available. Please choose another.");
  if (salmonBarred(draft.postcode, range.name))
    throw new FlowError(notInTasmania("The Salmon box"));
  await db.transaction().execute(async (trx) => {
    await lockDraft(trx, draft.id);
    await trx
      .updateTable("subscriptions")
      .set({ boxType: "curated" })
      .where("id", "=", draft.id)
      .execute();
  });
  return `/get-started/box-size?type=${range.id}`;
}

/**
 * The frequencies the draft's delivery region can deliver (offered in that order), and the one to
 * show checked: the draft's, else the nearest allowed one (`changed` tells the shopper), else the default.
 */
export async function frequencyChoice(draft: Subscription) {
  const [offered, region] = await Promise.all([
    activeFrequencies(),
    draft.regionId ? getRegion(draft.regionId) : null,
  ]);
  return { offered, ...frequencyForRegion(region, offered, draft.frequencyDays) };
}

/** Step 4: size and frequency. A box that is not customizable keeps no cuts. Answers where to go next. */
export async function choosePackage(
  draft: Subscription,
  input: { typeId: number; packageId: number; frequencyDays: number },
): Promise<string> {
  const pkg = await getPackage(input.packageId);
  if (!pkg || pkg.parentId !== input.typeId)
    throw new FlowError("That box size is not available. Please choose another.", "packageId");
  const active = await db
    .selectFrom("packages")
    .select("active")
    .where("id", "=", pkg.id)
    .executeTakeFirst();
  if (!active?.active)
    throw new FlowError("That box size is not available. Please choose another.", "packageId");
  if (salmonBarred(draft.postcode, pkg.fullName, pkg.parentName))
    throw new FlowError(notInTasmania("The Salmon box"), "packageId");
  const offered = await activeFrequencies();
  if (!offered.includes(input.frequencyDays))
    throw new FlowError(CHOOSE_FREQUENCY, "frequencyDays");
  const region = draft.regionId ? await getRegion(draft.regionId) : null;
  if (region && !canDeliverEvery(region, input.frequencyDays)) {
    throw new FlowError(
      frequencyRefusedMessage(region.name, region, deliverableFrequencies(region, offered)),
      "frequencyDays",
    );
  }
  await db.transaction().execute(async (trx) => {
    await lockDraft(trx, draft.id);
    await trx
      .updateTable("subscriptions")
      .set({ packageId: pkg.id, boxType: pkg.kind, frequencyDays: input.frequencyDays })
      .where("id", "=", draft.id)
      .execute();
    if (!pkg.selectionCustomizable)
      await trx.deleteFrom("subscriptionItems").where("subscriptionId", "=", draft.id).execute();
  });
  return nextAfterBoxSize(pkg);
}

type StepperInput = { intent: "add" | "remove"; productId: number };

async function currentQuantity(
  trx: Transaction<DB>,
  table: "subscriptionItems" | "subscriptionAddons",
  subscriptionId: number,
  productId: number,
) {
  const row = await trx
    .selectFrom(table)
    .select(["id", "quantity"])
    .where("subscriptionId", "=", subscriptionId)
    .where("productId", "=", productId)
    .executeTakeFirst();
  return row ?? null;
}

async function writeQuantity(
  trx: Transaction<DB>,
  table: "subscriptionItems" | "subscriptionAddons",
  subscriptionId: number,
  productId: number,
  row: { id: number; quantity: number } | null,
  quantity: number,
) {
  if (quantity <= 0) {
    if (row) await trx.deleteFrom(table).where("id", "=", row.id).execute();
  } else if (row) {
    await trx.updateTable(table).set({ quantity }).where("id", "=", row.id).execute();
  } else {
    await trx.insertInto(table).values({ subscriptionId, productId, quantity }).execute();
  }
}

async function productFor(trx: Transaction<DB>, productId: number, kind: "cut" | "addon") {
  return trx
    .selectFrom("products")
    .select(["id", "name", "inventory", "kind", "active"])
    .where("id", "=", productId)
    .where("kind", "=", kind)
    .where("active", "=", 1)
    .executeTakeFirst();
}

/** Step 5: one cut more or fewer, within the package's selection maximum and the stock. */
export async function changeItem(
  subscriptionId: number,
  input: StepperInput,
): Promise<{ quantity: number; count: number; maximum: number }> {
  return db.transaction().execute(async (trx) => {
    const draft = await lockDraft(trx, subscriptionId);
    const pkg = draft.packageId ? await getPackage(draft.packageId, trx) : null;
    if (!pkg || !pkg.selectionCustomizable || !pkg.selectionMaximum)
      throw new FlowError(
        "This box's contents are chosen by our butchers, so there are no cuts to pick.",
      );
    const product = await productFor(trx, input.productId, "cut");
    if (!product) throw new FlowError("That cut is not available. Please choose another.");
    const row = await currentQuantity(trx, "subscriptionItems", subscriptionId, product.id);
    const quantity = row?.quantity ?? 0;
    const count = await selectionCount(subscriptionId, trx);
    if (input.intent === "remove") {
      await writeQuantity(trx, "subscriptionItems", subscriptionId, product.id, row, quantity - 1);
      return {
        quantity: Math.max(0, quantity - 1),
        count: Math.max(0, count - (quantity > 0 ? 1 : 0)),
        maximum: pkg.selectionMaximum,
      };
    }
    if (!isInStock(product.inventory))
      throw new FlowError(
        `Sorry, ${product.name} just went out of stock. Please choose another cut.`,
      );
    if (!isListable(product, draft.postcode)) throw new FlowError(notInTasmania(product.name));
    if (count >= pkg.selectionMaximum) {
      throw new FlowError(
        `Your box is full: you have chosen ${count} of ${pkg.selectionMaximum}. Remove a cut to add another.`,
      );
    }
    if (product.inventory !== null && quantity + 1 > product.inventory) {
      throw new FlowError(`Sorry, we only have ${product.inventory} of ${product.name} in stock.`);
    }
    await writeQuantity(trx, "subscriptionItems", subscriptionId, product.id, row, quantity + 1);
    return { quantity: quantity + 1, count: count + 1, maximum: pkg.selectionMaximum };
  });
}

/** Step 6: one add-on more or fewer, within stock and ADDON_MAX_QUANTITY. */
export async function changeAddon(
  subscriptionId: number,
  input: StepperInput,
): Promise<{ quantity: number }> {
  return db.transaction().execute(async (trx) => {
    const draft = await lockDraft(trx, subscriptionId);
    const product = await productFor(trx, input.productId, "addon");
    if (!product) throw new FlowError("That add-on is not available. Please choose another.");
    const row = await currentQuantity(trx, "subscriptionAddons", subscriptionId, product.id);
    const quantity = row?.quantity ?? 0;
    if (input.intent === "remove") {
      await writeQuantity(trx, "subscriptionAddons", subscriptionId, product.id, row, quantity - 1);
      return { quantity: Math.max(0, quantity - 1) };
    }
    if (!isInStock(product.inventory))
      throw new FlowError(`Sorry, ${product.name} just went out of stock.`);
    if (!isListable(product, draft.postcode)) throw new FlowError(notInTasmania(product.name));
    const limit = Math.min(ADDON_MAX_QUANTITY, product.inventory ?? ADDON_MAX_QUANTITY);
    if (quantity + 1 > limit) {
      throw new FlowError(
        limit < ADDON_MAX_QUANTITY
          ? `Sorry, we only have ${limit} of ${product.name} in stock.`
          : `You can add up to ${ADDON_MAX_QUANTITY} of ${product.name} to one delivery.`,
      );
    }
    await writeQuantity(trx, "subscriptionAddons", subscriptionId, product.id, row, quantity + 1);
    return { quantity: quantity + 1 };
  });
}

/* ------------------------------------------------------------------ */
/* Reads for the pages                                                  */
/* ------------------------------------------------------------------ */

export type CartLine = {
  productId: number;
  name: string;
  weight: string | null;
  quantity: number;
  priceCents: number;
};

export type Cart = {
  subscriptionId: number;
  pkg: PackageSummary | null;
  items: CartLine[];
  addons: CartLine[];
  addonsCents: number;
  totalCents: number;
};

const cartLines = (table: "subscriptionItems" | "subscriptionAddons") =>
  preparedQuery(db, (q, subscriptionId: number) =>
    q
      .selectFrom(`${table} as l` as "subscriptionItems as l")
      .innerJoin("products as p", "p.id", "l.productId")
      .select(["l.productId", "p.name", "p.weight", "l.quantity", "p.priceCents"])
      .where("l.subscriptionId", "=", subscriptionId)
      .orderBy("p.name"),
  );
const cartLinesIn = {
  subscriptionItems: cartLines("subscriptionItems"),
  subscriptionAddons: cartLines("subscriptionAddons"),
};

export async function getCart(
  draft: Pick<Subscription, "id" | "packageId">,
  pkg?: PackageSummary | null,
): Promise<Cart> {
  const thePkg =
    pkg !== undefined ? pkg : draft.packageId ? await getPackage(draft.packageId) : null;
  const [items, addons] = await Promise.all([
    cartLinesIn.subscriptionItems(draft.id),
    cartLinesIn.subscriptionAddons(draft.id),
  ]);
  const addonsCents = addons.reduce((sum, a) => sum + a.priceCents * a.quantity, 0);
  return {
    subscriptionId: draft.id,
    pkg: thePkg,
    items,
    addons,
    addonsCents,
    totalCents: (thePkg?.priceCents ?? 0) + addonsCents,
  };
}

/** Step 1's guard: only a signed-in customer who already ordered, or a checked-out box, is sent away. */
export async function requireGetStarted(request: Request): Promise<FlowState> {
  const flow = await readFlow(request);
  const to = flowRedirect({
    step: "get-started",
    hasDraft: Boolean(flow.draft),
    userOrdered: Boolean(flow.user?.orderedAt),
    checkedOut: flow.checkedOut,
    detailsComplete: false,
    pkg: null,
    selectionCount: 0,
  });
  if (to) throw redirect(to);
  return flow;
}

export type DeliverySummary = {
  postcode: string;
  place: string | null;
  dateLabel: string | null;
  windowLabel: string | null;
  overnight: boolean;
  frequencyLabel: string | null;
};

const suburbById = preparedQuery(db, (q, id: number) =>
  q.selectFrom("suburbs").select(["name", "state"]).where("id", "=", id),
);
const windowByCode = preparedQuery(db, (q, code: string) =>
  q.selectFrom("deliveryWindows").select(["label", "isOvernight"]).where("code", "=", code),
);

/** The delivery details of a draft in words, for summaries and the review page. */
export async function deliverySummary(draft: Subscription): Promise<DeliverySummary> {
  const [[suburb], [window], frequency] = await Promise.all([
    draft.suburbId ? suburbById(draft.suburbId) : [],
    draft.deliveryWindow ? windowByCode(draft.deliveryWindow) : [],
    draft.frequencyDays ? frequencyChoice(draft) : null,
  ]);
  return {
    postcode: draft.postcode ?? "",
    place: suburb ? `${suburb.name} ${suburb.state}` : null,
    dateLabel: draft.deliveryDate ? formatDeliveryDate(draft.deliveryDate) : null,
    windowLabel: window?.label ?? null,
    overnight: window?.isOvernight === 1,
    // the one the region can deliver (the checkout form checks the same)
    frequencyLabel: frequency?.days ? frequencyLabel(frequency.days) : null,
  };
}

const passwordOfEmail = preparedQuery(db, (q, email: string) =>
  q.selectFrom("users").select("passwordHash").where("email", "=", email),
);

/** Whether the draft's e-mail belongs to an account one can sign in to (checkout must ask for sign-in first). */
export async function emailHasAccount(email: string | null): Promise<boolean> {
  if (!email) return false;
  const [row] = await passwordOfEmail(email.toLowerCase());
  return Boolean(row?.passwordHash);
}
