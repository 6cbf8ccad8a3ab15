// "Change what comes next" (issue 12): the owner of an active or paused
// subscription changes its cuts (custom boxes), add-ons, frequency, delivery
// day, delivery window and address for the next box and every later one. Every function is
// scoped by a SubscriptionRef ({ id, userId }): another user's subscription answers
// SubscriptionNotFoundError, like a missing one. The box flow's listing rules
// (app/box/rules.ts: stock, ADDON_MAX_QUANTITY; app/box/tasmania.ts: salmon) apply
// here too. When the next delivery is already past its cut-off, a change
// applies to the delivery after it (the event and confirmation say so). Every
// saved change is an event with a reference (the activity list) and queues a
// confirmation e-mail in the same transaction.
import type { Kysely } from "kysely";
import { formatAddressLine, formatFrequency } from "~/accounts/format";
import { activeFrequencies, cardListing, getPackage } from "~/box/catalogue.server";
import { Checkbox } from "~/addresses/address-schema";
import { KNIFE_ADULT, KNIFE_DISCLAIMER } from "~/box/knife-check";
import { productsAreKnives } from "~/box/knife-check.server";
import type { ListingGroup } from "~/box/listing";
import { ADDON_MAX_QUANTITY, isInStock, isListable, selectionStatus } from "~/box/rules";
import { notInTasmania } from "~/box/tasmania";
import { db as appDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { frequencyForRegion } from "~/delivery/frequencies";
import { getRegion, windowsForRegion, type DeliveryWindow } from "~/delivery/lookup.server";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  upcomingDeliveriesOf,
  type ChangeResult,
} from "./changes.server";
import {
  appliesFrom,
  assertChangeable,
  confirm,
  eventExtras,
  fromLine,
  lastOrderedDate,
  loadOwned,
  lockedLine,
  prepare,
  type NextBoxOptions,
  type Prepared,
  type SubscriptionRef,
} from "./change-context.server";
import { recordEvent, scheduleOf, type SubscriptionFacts } from "./deliveries.server";
import { deliveryAmount, freezePastCutoff } from "./delivery-box.server";
import { dayOptions, type DayOption } from "./delivery-days";
import { COMING_STATES } from "./subscriber-schedule";

export { ChangeRefusedError, SubscriptionNotFoundError };
// the delivery changes and what every change shares moved beside this module: exported here too, so the
// change page's route and the back office name one module for "Change what comes next"
export type { DayOption } from "./delivery-days";
export type { NextBoxOptions, SubscriptionRef } from "./change-context.server";
export {
  changeAddress,
  changeDeliveryDay,
  changeFrequency,
  changeWindow,
} from "./delivery-changes.server";
/** Quantities by product id. */
export type Quantities = Record<number, number>;
/** The cuts and add-ons being edited (not saved yet). */
export type PendingBox = { items: Quantities; addons: Quantities };
/** The knife age check ticked on the save form (SPEC §5, §6: as at checkout). */
export type KnifeConfirmation = { adult: boolean; disclaimer: boolean };
export type SaveBoxOptions = NextBoxOptions & { knife?: KnifeConfirmation };

/** A save that adds a knife without the age check: the unticked boxes' messages, by field name (`knifeAdult`, `knifeDisclaimer`). */
export class KnifeConfirmationError extends Error {
  constructor(readonly fieldErrors: { knifeAdult?: string; knifeDisclaimer?: string }) {
    super(Object.values(fieldErrors).join(" "));
    this.name = "KnifeConfirmationError";
  }
}

/** The add-ons in `next` that `saved` does not have at all (a knife among them needs the age check). */
const addedProducts = (saved: Quantities, next: Quantities) =>
  Object.entries(next)
    .filter(([id, q]) => q > 0 && !((saved[Number(id)] ?? 0) > 0))
    .map(([id]) => Number(id));

/** The age check's two boxes as posted (`knifeAdult`, `knifeDisclaimer`, the checkout form's names). */
export const knifeConfirmationOf = (form: FormData): KnifeConfirmation => ({
  adult: Checkbox.parse(form.get("knifeAdult")),
  disclaimer: Checkbox.parse(form.get("knifeDisclaimer")),
});

/** The age check's messages for what is not ticked. */
export function knifeConfirmationErrors(
  knife: KnifeConfirmation | undefined,
): KnifeConfirmationError["fieldErrors"] {
  return {
    ...(knife?.adult ? {} : { knifeAdult: KNIFE_ADULT }),
    ...(knife?.disclaimer ? {} : { knifeDisclaimer: KNIFE_DISCLAIMER }),
  };
}

const firstLive = preparedQuery(
  () => appDb,
  (db, userId: number) =>
    db
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", userId)
      .where("status", "in", ["active", "paused"])
      .orderBy("id")
      .limit(1),
);

/** The user's first active or paused subscription (the one the page opens without ?subscription=), or null. */
export async function firstLiveSubscriptionId(userId: number): Promise<number | null> {
  const [row] = await firstLive(userId);
  return row?.id ?? null;
}

const quantitiesQuery = (table: "subscriptionItems" | "subscriptionAddons") =>
  preparedQuery(
    () => appDb,
    (db, subscriptionId: number) =>
      db
        .selectFrom(table)
        .select(["productId", "quantity"])
        .where("subscriptionId", "=", subscriptionId),
  );
const quantitiesIn = {
  subscriptionItems: quantitiesQuery("subscriptionItems"),
  subscriptionAddons: quantitiesQuery("subscriptionAddons"),
};

async function quantities(
  db: Kysely<DB>,
  table: "subscriptionItems" | "subscriptionAddons",
  subscriptionId: number,
): Promise<Quantities> {
  const rows = await quantitiesIn[table].on(db)(subscriptionId);
  const out: Quantities = {};
  for (const r of rows) if (r.quantity > 0) out[r.productId] = r.quantity;
  return out;
}

const total = (q: Quantities) => Object.values(q).reduce((a, b) => a + b, 0);
const sameQuantities = (a: Quantities, b: Quantities) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].map(Number));
  return [...keys].every((k) => (a[k] ?? 0) === (b[k] ?? 0));
};

export type NextBoxPage = {
  subscription: {
    id: number;
    status: SubscriptionFacts["status"];
    boxName: string;
    postcode: string | null;
    frequencyDays: number;
    deliveryWindow: string | null;
    shippingAddressId: number | null;
  };
  /** cuts can be chosen (custom box) */
  customizable: boolean;
  maximum: number;
  pending: PendingBox;
  dirty: boolean;
  cutCount: number;
  cuts: ListingGroup[];
  addons: ListingGroup[];
  /** only the frequencies the region delivers */
  frequencies: { days: number; label: string }[];
  /** the frequency checked: the subscription's, or the nearest one the region delivers (`changed` says so) */
  frequency: { days: number; changed: string | null };
  windows: DeliveryWindow[];
  addresses: { id: number; label: string }[];
  next: { date: string; cutoffLabel: string } | null;
  /** the days the next open delivery can move to (its own date first among them, marked current) */
  days: DayOption[];
  /** the pending box adds a knife the saved one does not have: saving needs the age check */
  knifeCheck: boolean;
  /** the first delivery a change now reaches; differs from `next` after its cut-off */
  appliesFrom: string | null;
  lockedDate: string | null;
  /** what the next delivery (not ordered yet) will be charged at its cut-off, before credit: the saved box (decision 069) */
  nextCharge: { date: string; owedCents: number } | null;
};

const shippingAddressesOf = preparedQuery(
  () => appDb,
  (db, userId: number) =>
    db
      .selectFrom("addresses")
      .select(["id", "line1", "line2", "city", "state", "postcode"])
      .where("userId", "=", userId)
      .where("kind", "=", "shipping")
      .where("removedAt", "is", null)
      .orderBy("id"),
);

/** Everything the page shows; `pending` (from the page's cookie) replaces the saved cuts and add-ons while they are edited. */
export async function loadNextBox(
  ref: SubscriptionRef,
  pending: PendingBox | null,
  now = new Date(),
  db: Kysely<DB> = appDb,
): Promise<NextBoxPage> {
  const sub = await loadOwned(db, ref);
  assertChangeable(sub);
  const pkg = sub.packageId ? await getPackage(sub.packageId) : null;
  const customizable = Boolean(pkg?.selectionCustomizable && pkg.selectionMaximum);
  const saved = {
    items: await quantities(db, "subscriptionItems", sub.id),
    addons: await quantities(db, "subscriptionAddons", sub.id),
  };
  const current = pending ?? saved;
  const region = sub.regionId ? await getRegion(sub.regionId) : null;
  const list = await upcomingDeliveriesOf(sub, 4, now, db);
  const { from, locked } = appliesFrom(list, now);
  const nextEntry = list.find((d) => COMING_STATES.has(d.status)) ?? null;
  const addressRows = await shippingAddressesOf.on(db)(ref.userId);
  const offered = await activeFrequencies();
  const fit = frequencyForRegion(region, offered, sub.frequencyDays);
  return {
    subscription: {
      id: sub.id,
      status: sub.status,
      boxName: sub.boxName,
      postcode: sub.postcode,
      frequencyDays: sub.frequencyDays,
      deliveryWindow: sub.deliveryWindow,
      // loadOwned read it, scoped by the owner
      shippingAddressId: sub.shippingAddressId,
    },
    customizable,
    maximum: pkg?.selectionMaximum ?? 0,
    pending: current,
    dirty:
      !sameQuantities(current.items, saved.items) || !sameQuantities(current.addons, saved.addons),
    cutCount: total(current.items),
    cuts: customizable ? await cardListing("cut", sub.postcode, { descriptions: true }) : [],
    addons: await cardListing("addon", sub.postcode, { descriptions: true }),
    frequencies: fit.allowed.map((days) => ({ days, label: formatFrequency(days) })),
    frequency: { days: fit.days ?? sub.frequencyDays, changed: fit.changed },
    windows: region ? await windowsForRegion(region) : [],
    addresses: addressRows.map((a) => ({ id: a.id, label: formatAddressLine(a) })),
    next: nextEntry ? { date: nextEntry.date, cutoffLabel: nextEntry.cutoffLabel } : null,
    days: from
      ? dayOptions(await scheduleOf(sub.regionId), from, await lastOrderedDate(db, sub.id), now)
      : [],
    knifeCheck: pending
      ? await productsAreKnives(addedProducts(saved.addons, current.addons), db)
      : false,
    appliesFrom: from,
    lockedDate: locked,
    nextCharge:
      nextEntry && !nextEntry.orderReference
        ? {
            date: nextEntry.date,
            owedCents: (await deliveryAmount(db, sub, nextEntry.date, now)).owedCents,
          }
        : null,
  };
}

async function productOf(db: Kysely<DB>, productId: number) {
  return db
    .selectFrom("products")
    .select(["id", "name", "kind", "inventory", "active"])
    .where("id", "=", productId)
    .executeTakeFirst();
}

type StepProduct = NonNullable<Awaited<ReturnType<typeof productOf>>>;

/** Why one more of `product` can't go in the box being edited (it holds `quantity` of it), else null. */
function addRefusal(
  product: StepProduct,
  sub: SubscriptionFacts,
  map: Quantities,
  quantity: number,
  maximum: number,
): string | null {
  if (!isInStock(product.inventory))
    return `Sorry, ${product.name} is out of stock. Please choose another.`;
  if (!isListable(product, sub.postcode)) return notInTasmania(product.name);
  if (product.kind === "cut") {
    const count = total(map);
    if (count >= maximum)
      return `Your box is full: you have chosen ${count} of ${maximum}. Remove a cut to add another.`;
    if (product.inventory !== null && quantity + 1 > product.inventory)
      return `Sorry, we only have ${product.inventory} of ${product.name} in stock.`;
    return null;
  }
  const limit = Math.min(ADDON_MAX_QUANTITY, product.inventory ?? ADDON_MAX_QUANTITY);
  if (quantity + 1 <= limit) return null;
  return limit < ADDON_MAX_QUANTITY
    ? `Sorry, we only have ${limit} of ${product.name} in stock.`
    : `You can add up to ${ADDON_MAX_QUANTITY} of ${product.name} to one delivery.`;
}

/** The product a step names, refused when it is not for sale or is a cut of a box without them. */
async function stepProduct(
  db: Kysely<DB>,
  sub: SubscriptionFacts,
  productId: number,
): Promise<{ product: StepProduct; maximum: number }> {
  const product = await productOf(db, productId);
  if (!product || product.active !== 1)
    throw new ChangeRefusedError(
      "That product is not available. Please choose another.",
      "not_allowed",
    );
  const pkg = sub.packageId ? await getPackage(sub.packageId) : null;
  const maximum = pkg?.selectionMaximum ?? 0;
  if (product.kind === "cut" && !(pkg?.selectionCustomizable && maximum)) {
    throw new ChangeRefusedError(
      "This box's contents are chosen by our butchers, so there are no cuts to pick.",
      "not_allowed",
    );
  }
  return { product, maximum };
}

/**
 * One cut or add-on more or fewer in the box being edited (nothing is saved):
 * the same limits as the box flow (a custom box holds at most its maximum,
 * add-ons at most ADDON_MAX_QUANTITY each, stock, Tasmania's salmon rule).
 */
export async function stepPending(
  ref: SubscriptionRef,
  pending: PendingBox | null,
  step: { intent: "add" | "remove"; productId: number },
  db: Kysely<DB> = appDb,
): Promise<{
  pending: PendingBox;
  kind: "cut" | "addon";
  quantity: number;
  count: number;
  maximum: number;
}> {
  const sub = await loadOwned(db, ref);
  assertChangeable(sub);
  const base: PendingBox = pending ?? {
    items: await quantities(db, "subscriptionItems", sub.id),
    addons: await quantities(db, "subscriptionAddons", sub.id),
  };
  const { product, maximum } = await stepProduct(db, sub, step.productId);
  const kind = product.kind;
  const map = { ...(kind === "cut" ? base.items : base.addons) };
  const quantity = map[product.id] ?? 0;
  const next = {
    items: kind === "cut" ? map : { ...base.items },
    addons: kind === "addon" ? map : { ...base.addons },
  };
  if (step.intent === "remove") {
    if (quantity <= 1) delete map[product.id];
    else map[product.id] = quantity - 1;
    return {
      pending: next,
      kind,
      quantity: Math.max(0, quantity - 1),
      count: total(next.items),
      maximum,
    };
  }
  const refusal = addRefusal(product, sub, map, quantity, maximum);
  if (refusal) throw new ChangeRefusedError(refusal, "not_allowed");
  map[product.id] = quantity + 1;
  return { pending: next, kind, quantity: quantity + 1, count: total(next.items), maximum };
}

type Line = { productId: number; quantity: number };

/** The lines of a box as posted: whole quantities, none of zero. */
const linesOf = (q: Quantities): Line[] =>
  Object.entries(q)
    .map(([id, n]) => ({ productId: Number(id), quantity: Math.trunc(n) }))
    .filter((l) => l.quantity > 0);

/** A custom box is saved with exactly its maximum of cuts. */
function refuseIncomplete(items: Line[], maximum: number) {
  const status = selectionStatus(
    items.reduce((a, l) => a + l.quantity, 0),
    maximum,
  );
  if (status.complete) return;
  throw new ChangeRefusedError(
    status.over
      ? `Your box holds ${status.maximum} cuts: you have chosen ${status.count}. Remove ${status.count - status.maximum} to save.`
      : `Your box holds ${status.maximum} cuts: you have chosen ${status.count}. Add ${status.remaining} more to save.`,
    "not_allowed",
  );
}

/** The products of the lines, each checked as the box flow does (for sale, of its kind, deliverable, in stock). */
async function checkedProducts(
  db: Kysely<DB>,
  sub: SubscriptionFacts,
  items: Line[],
  addons: Line[],
) {
  const ids = [...items, ...addons].map((l) => l.productId);
  const products = ids.length
    ? await db
        .selectFrom("products")
        .select(["id", "name", "kind", "inventory", "active", "isKnife"])
        .where("id", "in", ids)
        .execute()
    : [];
  const byId = new Map(products.map((x) => [x.id, x]));
  for (const [lines, kind] of [
    [items, "cut"],
    [addons, "addon"],
  ] as const) {
    for (const l of lines) {
      const product = byId.get(l.productId);
      if (!product || product.active !== 1 || product.kind !== kind)
        throw new ChangeRefusedError(
          "One of your choices is no longer available. Please choose another.",
          "not_allowed",
        );
      if (!isListable(product, sub.postcode)) {
        throw new ChangeRefusedError(
          isInStock(product.inventory)
            ? notInTasmania(product.name)
            : `Sorry, ${product.name} is out of stock. Please choose another.`,
          "not_allowed",
        );
      }
      const limit =
        kind === "addon"
          ? Math.min(ADDON_MAX_QUANTITY, product.inventory ?? ADDON_MAX_QUANTITY)
          : (product.inventory ?? Infinity);
      if (l.quantity > limit)
        throw new ChangeRefusedError(
          `Sorry, we only have ${limit} of ${product.name} for one delivery.`,
          "not_allowed",
        );
    }
  }
  return byId;
}

/** Replaces the subscription's rows with the box, after freezing any delivery past its cut-off. */
async function writeBox(
  trx: Kysely<DB>,
  p: Prepared,
  userId: number,
  box: { items: Line[] | null; addons: Line[] },
) {
  const { sub } = p;
  await trx
    .updateTable("subscriptions")
    .set({ updatedAt: p.now.toISOString() })
    .where("id", "=", sub.id)
    .where("userId", "=", userId)
    .execute();
  // a delivery past its cut-off keeps the box as it stood (decision 069): copied before the change
  await freezePastCutoff(trx, sub.id, p.now);
  if (box.items) {
    await trx.deleteFrom("subscriptionItems").where("subscriptionId", "=", sub.id).execute();
    if (box.items.length)
      await trx
        .insertInto("subscriptionItems")
        .values(box.items.map((l) => ({ subscriptionId: sub.id, ...l })))
        .execute();
  }
  await trx.deleteFrom("subscriptionAddons").where("subscriptionId", "=", sub.id).execute();
  if (box.addons.length)
    await trx
      .insertInto("subscriptionAddons")
      .values(box.addons.map((l) => ({ subscriptionId: sub.id, ...l })))
      .execute();
}

/**
 * Replaces the box's cuts (a custom box: exactly its maximum) and add-ons with
 * `box`. A knife the saved box does not have yet needs both ticks of the age
 * check (`opts.knife`), else KnifeConfirmationError and nothing is written.
 */
export async function saveBox(
  ref: SubscriptionRef,
  box: PendingBox,
  opts: SaveBoxOptions,
): Promise<ChangeResult> {
  const p = await prepare(ref, opts);
  const { sub, db } = p;
  const pkg = sub.packageId ? await getPackage(sub.packageId) : null;
  const customizable = Boolean(pkg?.selectionCustomizable && pkg.selectionMaximum);
  const items = linesOf(customizable ? box.items : {});
  const addons = linesOf(box.addons);
  if (customizable) refuseIncomplete(items, pkg!.selectionMaximum!);
  const byId = await checkedProducts(db, sub, items, addons);
  const savedAddons = await quantities(db, "subscriptionAddons", sub.id);
  const addsKnife = addons.some(
    (l) => byId.get(l.productId)!.isKnife === 1 && !((savedAddons[l.productId] ?? 0) > 0),
  );
  if (addsKnife) {
    const errors = knifeConfirmationErrors(opts.knife);
    if (Object.keys(errors).length) throw new KnifeConfirmationError(errors);
  }
  const describe = (lines: Line[]) =>
    lines.map((l) => `${l.quantity} × ${byId.get(l.productId)!.name}`).join(", ");
  await p.db.transaction().execute(async (trx) => {
    await writeBox(trx, p, ref.userId, { items: customizable ? items : null, addons });
    await recordEvent(
      trx,
      sub.id,
      "box_changed",
      {
        reference: p.reference,
        items: customizable ? items : undefined,
        addons,
        ...(addsKnife ? { knifeConfirmed: true } : {}),
        ...eventExtras(p),
      },
      p.actor,
      p.now,
    );
    await confirm(
      trx,
      sub,
      "Box changed",
      [
        customizable ? `Your cuts: ${describe(items)}.` : "",
        addons.length ? `Your add-ons: ${describe(addons)}.` : "No add-ons.",
        fromLine(p),
        lockedLine(p),
      ],
      p.reference,
      opts.origin,
    );
    await opts.within?.(trx, { reference: p.reference });
  });
  return { reference: p.reference, already: false, lockedDate: p.locked };
}
