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
import { formatAddressLine, formatDeliveryDate, formatFrequency } from "~/accounts/format";
import { activeFrequencies, cardListing, getPackage } from "~/box/catalogue.server";
import { Checkbox } from "~/addresses/address-schema";
import { KNIFE_ADULT, KNIFE_DISCLAIMER } from "~/checkout/checkout-schema";
import { productsAreKnives } from "~/checkout/quote.server";
import type { ListingGroup } from "~/box/listing";
import { ADDON_MAX_QUANTITY, isInStock, isListable, selectionStatus } from "~/box/rules";
import { barsSalmon, BOX_HAS_SALMON, isSalmon, notInTasmania } from "~/box/tasmania";
import { db as appDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { addDays, type RegionSchedule } from "~/delivery/schedule";
import {
  canDeliverEvery,
  deliverableFrequencies,
  frequencyChangedMessage,
  frequencyForRegion,
  frequencyRefusedMessage,
  nearestFrequency,
} from "~/delivery/frequencies";
import {
  getRegion,
  regionForPostcode,
  windowsForRegion,
  type DeliveryWindow,
} from "~/delivery/lookup.server";
import { normalisePostcode } from "~/delivery/postcode";
import { queueEmail } from "~/email/mailer.server";
import { subscriptionChangeEmail } from "~/email/templates/subscription-change";
import { MY_DELIVERIES_PATH } from "~/orders/paths";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  upcomingDeliveriesOf,
  type ChangeResult,
  type UpcomingDelivery,
} from "./changes.server";
import {
  datesMissing,
  insertPlanned,
  lockSubscription,
  newChangeReference,
  recordEvent,
  scheduleOf,
  subscriptionFacts,
  type Actor,
  type SubscriptionFacts,
  type WithinChange,
} from "./deliveries.server";
import { deliveryAmount, freezePastCutoff } from "./delivery-box.server";
import { cutoffInstant, cutoffLabel, isRunDay } from "./schedule";
import { COMING_STATES } from "./subscriber-schedule";

export { ChangeRefusedError, SubscriptionNotFoundError };

/** A subscription, named with the user it must belong to: `id` is the subscription's, `userId` its owner's. */
export type SubscriptionRef = { id: number; userId: number };
export type NextBoxOptions = {
  origin: string;
  now?: Date;
  actor?: Actor;
  db?: Kysely<DB>;
  /** runs in the change's transaction after it is made (the back office's audit entry) */
  within?: WithinChange;
};
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

const firstLive = preparedQuery(appDb, (db, userId: number) =>
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

async function load(db: Kysely<DB>, ref: SubscriptionRef): Promise<SubscriptionFacts> {
  const sub =
    Number.isInteger(ref.id) && ref.id > 0 ? await subscriptionFacts(db, ref.id, ref.userId) : null;
  if (!sub) throw new SubscriptionNotFoundError();
  return sub;
}

function assertChangeable(sub: SubscriptionFacts) {
  if (sub.status === "cancelled")
    throw new ChangeRefusedError(
      "This subscription is cancelled, so there is nothing to change.",
      "not_allowed",
    );
}

/** Which delivery a change made now applies to first, and the one it cannot reach any more. */
export function appliesFrom(
  list: UpcomingDelivery[],
  now: Date,
): { from: string | null; locked: string | null } {
  const coming = list.filter((d) => COMING_STATES.has(d.status) || d.status === "skipped");
  const lockedEntry = coming.find(
    (d) =>
      COMING_STATES.has(d.status) && (Date.parse(d.cutoffAt) <= now.getTime() || d.orderReference),
  );
  const from =
    coming.find((d) => !d.orderReference && Date.parse(d.cutoffAt) > now.getTime())?.date ?? null;
  return {
    from,
    locked: lockedEntry && (!from || lockedEntry.date < from) ? lockedEntry.date : null,
  };
}

const quantitiesQuery = (table: "subscriptionItems" | "subscriptionAddons") =>
  preparedQuery(appDb, (db, subscriptionId: number) =>
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

const shippingAddressOf = preparedQuery(appDb, (db, subscriptionId: number, userId: number) =>
  db
    .selectFrom("subscriptions")
    .select(["shippingAddressId"])
    .where("id", "=", subscriptionId)
    .where("userId", "=", userId),
);
const shippingAddressesOf = preparedQuery(appDb, (db, userId: number) =>
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
  const sub = await load(db, ref);
  assertChangeable(sub);
  const [row] = await shippingAddressOf.on(db)(sub.id, ref.userId);
  if (!row) throw new SubscriptionNotFoundError();
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
      shippingAddressId: row.shippingAddressId,
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
  const sub = await load(db, ref);
  assertChangeable(sub);
  const base: PendingBox = pending ?? {
    items: await quantities(db, "subscriptionItems", sub.id),
    addons: await quantities(db, "subscriptionAddons", sub.id),
  };
  const product = await productOf(db, step.productId);
  if (!product || product.active !== 1)
    throw new ChangeRefusedError(
      "That product is not available. Please choose another.",
      "not_allowed",
    );
  const pkg = sub.packageId ? await getPackage(sub.packageId) : null;
  const maximum = pkg?.selectionMaximum ?? 0;
  const kind = product.kind;
  if (kind === "cut" && !(pkg?.selectionCustomizable && maximum)) {
    throw new ChangeRefusedError(
      "This box's contents are chosen by our butchers, so there are no cuts to pick.",
      "not_allowed",
    );
  }
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
  if (!isInStock(product.inventory))
    throw new ChangeRefusedError(
      `Sorry, ${product.name} is out of stock. Please choose another.`,
      "not_allowed",
    );
  if (!isListable(product, sub.postcode))
    throw new ChangeRefusedError(notInTasmania(product.name), "not_allowed");
  if (kind === "cut") {
    const count = total(map);
    if (count >= maximum)
      throw new ChangeRefusedError(
        `Your box is full: you have chosen ${count} of ${maximum}. Remove a cut to add another.`,
        "not_allowed",
      );
    if (product.inventory !== null && quantity + 1 > product.inventory)
      throw new ChangeRefusedError(
        `Sorry, we only have ${product.inventory} of ${product.name} in stock.`,
        "not_allowed",
      );
  } else {
    const limit = Math.min(ADDON_MAX_QUANTITY, product.inventory ?? ADDON_MAX_QUANTITY);
    if (quantity + 1 > limit) {
      throw new ChangeRefusedError(
        limit < ADDON_MAX_QUANTITY
          ? `Sorry, we only have ${limit} of ${product.name} in stock.`
          : `You can add up to ${ADDON_MAX_QUANTITY} of ${product.name} to one delivery.`,
        "not_allowed",
      );
    }
  }
  map[product.id] = quantity + 1;
  return { pending: next, kind, quantity: quantity + 1, count: total(next.items), maximum };
}

async function confirm(
  trx: Kysely<DB>,
  sub: SubscriptionFacts,
  title: string,
  lines: string[],
  reference: string,
  origin: string,
) {
  await queueEmail(trx, subscriptionChangeEmail, sub.email, {
    firstName: sub.firstName ?? "there",
    title,
    lines: lines.filter(Boolean),
    reference,
    boxName: sub.boxName,
    manageUrl: `${origin}${MY_DELIVERIES_PATH}`,
  });
}

type Prepared = {
  sub: SubscriptionFacts;
  from: string | null;
  locked: string | null;
  reference: string;
  actor: Actor;
  now: Date;
  db: Kysely<DB>;
};

async function prepare(ref: SubscriptionRef, opts: NextBoxOptions): Promise<Prepared> {
  const db = opts.db ?? appDb;
  const now = opts.now ?? new Date();
  const sub = await load(db, ref);
  assertChangeable(sub);
  const { from, locked } = appliesFrom(await upcomingDeliveriesOf(sub, 4, now, db), now);
  return {
    sub,
    from,
    locked,
    reference: newChangeReference(),
    actor: opts.actor ?? { kind: "subscriber", email: sub.email },
    now,
    db,
  };
}

const fromLine = (p: Prepared) =>
  p.from
    ? `This applies from the delivery on ${formatDeliveryDate(p.from)} and every one after it.`
    : "";
const lockedLine = (p: Prepared) =>
  p.locked
    ? `The delivery on ${formatDeliveryDate(p.locked)} was already past its change cut-off, so it still arrives as it stood.`
    : "";
const eventExtras = (p: Prepared) => ({
  ...(p.from ? { appliesFrom: p.from } : {}),
  ...(p.locked ? { lockedDate: p.locked } : {}),
});

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
  const items = Object.entries(customizable ? box.items : {})
    .map(([id, q]) => ({ productId: Number(id), quantity: Math.trunc(q) }))
    .filter((l) => l.quantity > 0);
  const addons = Object.entries(box.addons)
    .map(([id, q]) => ({ productId: Number(id), quantity: Math.trunc(q) }))
    .filter((l) => l.quantity > 0);
  if (customizable) {
    const status = selectionStatus(
      items.reduce((a, l) => a + l.quantity, 0),
      pkg!.selectionMaximum!,
    );
    if (!status.complete) {
      throw new ChangeRefusedError(
        status.over
          ? `Your box holds ${status.maximum} cuts: you have chosen ${status.count}. Remove ${status.count - status.maximum} to save.`
          : `Your box holds ${status.maximum} cuts: you have chosen ${status.count}. Add ${status.remaining} more to save.`,
        "not_allowed",
      );
    }
  }
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
  const savedAddons = await quantities(db, "subscriptionAddons", sub.id);
  const addsKnife = addons.some(
    (l) => byId.get(l.productId)!.isKnife === 1 && !((savedAddons[l.productId] ?? 0) > 0),
  );
  if (addsKnife) {
    const errors = knifeConfirmationErrors(opts.knife);
    if (Object.keys(errors).length) throw new KnifeConfirmationError(errors);
  }
  const describe = (lines: { productId: number; quantity: number }[]) =>
    lines.map((l) => `${l.quantity} × ${byId.get(l.productId)!.name}`).join(", ");
  await p.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscriptions")
      .set({ updatedAt: p.now.toISOString() })
      .where("id", "=", sub.id)
      .where("userId", "=", ref.userId)
      .execute();
    // a delivery past its cut-off keeps the box as it stood (decision 069): copied before the change
    await freezePastCutoff(trx, sub.id, p.now);
    if (customizable) {
      await trx.deleteFrom("subscriptionItems").where("subscriptionId", "=", sub.id).execute();
      if (items.length)
        await trx
          .insertInto("subscriptionItems")
          .values(items.map((l) => ({ subscriptionId: sub.id, ...l })))
          .execute();
    }
    await trx.deleteFrom("subscriptionAddons").where("subscriptionId", "=", sub.id).execute();
    if (addons.length)
      await trx
        .insertInto("subscriptionAddons")
        .values(addons.map((l) => ({ subscriptionId: sub.id, ...l })))
        .execute();
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

/** Changes how often the box comes: the next delivery keeps its date, the ones after it follow the new frequency. */
export async function changeFrequency(
  ref: SubscriptionRef & { frequencyDays: number },
  opts: NextBoxOptions,
): Promise<ChangeResult> {
  const offered = await activeFrequencies();
  if (!offered.includes(ref.frequencyDays))
    throw new ChangeRefusedError("Choose one of the frequencies offered.", "not_allowed");
  const p = await prepare(ref, opts);
  const { sub } = p;
  const region = sub.regionId ? await getRegion(sub.regionId) : null;
  if (region && !canDeliverEvery(region, ref.frequencyDays)) {
    throw new ChangeRefusedError(
      frequencyRefusedMessage(region.name, region, deliverableFrequencies(region, offered)),
      "not_allowed",
    );
  }
  if (sub.frequencyDays === ref.frequencyDays)
    throw new ChangeRefusedError(
      `Your box already comes ${formatFrequency(ref.frequencyDays).toLowerCase()}.`,
      "not_allowed",
    );
  const schedule = await scheduleOf(sub.regionId);
  const ts = p.now.toISOString();
  const anchor = p.from;
  await p.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscriptions")
      .set({ frequencyDays: ref.frequencyDays, updatedAt: ts })
      .where("id", "=", sub.id)
      .where("userId", "=", ref.userId)
      .execute();
    if (anchor) {
      // the planned deliveries after the first one this change reaches are planned again at the new frequency
      await trx
        .deleteFrom("deliveries")
        .where("subscriptionId", "=", sub.id)
        .where("deliveryDate", ">", anchor)
        .where("processedAt", "is", null)
        .where("orderId", "is", null)
        .where("status", "in", ["scheduled", "skipped"])
        .execute();
      const facts = { ...sub, frequencyDays: ref.frequencyDays };
      await insertPlanned(
        trx,
        facts,
        schedule,
        await datesMissing(trx, facts, schedule, p.now),
        p.now,
      );
    }
    await recordEvent(
      trx,
      sub.id,
      "frequency_changed",
      {
        reference: p.reference,
        frequencyDays: ref.frequencyDays,
        previousDays: sub.frequencyDays,
        ...eventExtras(p),
      },
      p.actor,
      p.now,
    );
    await confirm(
      trx,
      sub,
      "Frequency changed",
      [
        `Your box now comes ${formatFrequency(ref.frequencyDays).toLowerCase()} (it came ${formatFrequency(sub.frequencyDays).toLowerCase()}).`,
        anchor
          ? `The delivery on ${formatDeliveryDate(anchor)} keeps its date; the ones after it follow the new frequency.`
          : "",
        lockedLine(p),
      ],
      p.reference,
      opts.origin,
    );
  });
  return { reference: p.reference, already: false, lockedDate: p.locked };
}

/** Changes the delivery window (from the region's windows) of every delivery still open to changes. */
export async function changeWindow(
  ref: SubscriptionRef & { window: string },
  opts: NextBoxOptions,
): Promise<ChangeResult> {
  const p = await prepare(ref, opts);
  const { sub } = p;
  const region = sub.regionId ? await getRegion(sub.regionId) : null;
  const window = region
    ? (await windowsForRegion(region)).find((w) => w.code === ref.window)
    : undefined;
  if (!window)
    throw new ChangeRefusedError(
      "Choose one of the delivery times offered in your area.",
      "not_allowed",
    );
  if (sub.deliveryWindow === window.code)
    throw new ChangeRefusedError(`Your deliveries already come ${window.label}.`, "not_allowed");
  const ts = p.now.toISOString();
  await p.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscriptions")
      .set({ deliveryWindow: window.code, updatedAt: ts })
      .where("id", "=", sub.id)
      .where("userId", "=", ref.userId)
      .execute();
    await trx
      .updateTable("deliveries")
      .set({ deliveryWindow: window.code, updatedAt: ts })
      .where("subscriptionId", "=", sub.id)
      .where("processedAt", "is", null)
      .where("cutoffAt", ">", ts)
      .execute();
    await recordEvent(
      trx,
      sub.id,
      "window_changed",
      { reference: p.reference, window: window.code, label: window.label, ...eventExtras(p) },
      p.actor,
      p.now,
    );
    await confirm(
      trx,
      sub,
      "Delivery time changed",
      [`Your deliveries now come ${window.label}.`, fromLine(p), lockedLine(p)],
      p.reference,
      opts.origin,
    );
  });
  return { reference: p.reference, already: false, lockedDate: p.locked };
}

/** Delivers to another of the owner's addresses on file, in the same delivery region. */
export async function changeAddress(
  ref: SubscriptionRef & { addressId: number },
  opts: NextBoxOptions,
): Promise<ChangeResult> {
  const p = await prepare(ref, opts);
  const { sub, db } = p;
  const address = await db
    .selectFrom("addresses")
    .select(["id", "line1", "line2", "city", "state", "postcode"])
    .where("id", "=", ref.addressId)
    .where("userId", "=", ref.userId)
    .where("kind", "=", "shipping")
    .where("removedAt", "is", null)
    .executeTakeFirst();
  if (!address) throw new SubscriptionNotFoundError();
  const current = await db
    .selectFrom("subscriptions")
    .select("shippingAddressId")
    .where("id", "=", sub.id)
    .executeTakeFirstOrThrow();
  if (current.shippingAddressId === address.id)
    throw new ChangeRefusedError("Your box already goes to that address.", "not_allowed");
  const n = normalisePostcode(address.postcode);
  const region = n ? await regionForPostcode(n.number) : null;
  if (!n || !region)
    throw new ChangeRefusedError(
      "We don't deliver to that address's postcode yet. Choose another address.",
      "not_allowed",
    );
  const moving = region.id !== sub.regionId;
  if (moving && !p.from)
    throw new ChangeRefusedError("There is no delivery open to changes right now.", "not_allowed");
  if (barsSalmon(n.display) && !barsSalmon(sub.postcode)) {
    const chosen = await db
      .selectFrom("products")
      .select("name")
      .where((eb) =>
        eb.or([
          eb(
            "id",
            "in",
            eb
              .selectFrom("subscriptionItems")
              .select("productId")
              .where("subscriptionId", "=", sub.id),
          ),
          eb(
            "id",
            "in",
            eb
              .selectFrom("subscriptionAddons")
              .select("productId")
              .where("subscriptionId", "=", sub.id),
          ),
        ]),
      )
      .execute();
    if (isSalmon(sub.boxName, ...chosen.map((x) => x.name)))
      throw new ChangeRefusedError(BOX_HAS_SALMON, "not_allowed");
  }
  const label = formatAddressLine(address);
  // another delivery area has its own run days: the deliveries still open to
  // changes are planned again on them, from the first one on or after `from`
  const schedule: RegionSchedule | null = moving
    ? { weekdays: region.weekdays, leadDays: region.leadDays, everyWeeks: region.everyWeeks }
    : null;
  const windows = moving ? await windowsForRegion(region) : [];
  const window =
    moving && !windows.some((w) => w.code === sub.deliveryWindow)
      ? (windows[0]?.code ?? "day")
      : sub.deliveryWindow;
  const firstDay = schedule
    ? nearestOpenRunDay(schedule, p.from!, await lastOrderedDate(db, sub.id), p)
    : null;
  // a frequency the new area can't deliver (weekly, moving to Darwin) becomes the nearest one it can, and the subscriber is told
  const frequencyDays =
    moving && !canDeliverEvery(region, sub.frequencyDays)
      ? (nearestFrequency(
          sub.frequencyDays,
          deliverableFrequencies(region, await activeFrequencies()),
        ) ?? sub.frequencyDays)
      : sub.frequencyDays;
  const frequencyMoved = frequencyDays !== sub.frequencyDays;
  await db.transaction().execute(async (trx) => {
    await lockSubscription(trx, sub.id);
    // a delivery past its cut-off still goes where it stood (decision 069): copied before the change
    await freezePastCutoff(trx, sub.id, p.now);
    await trx
      .updateTable("subscriptions")
      .set({
        shippingAddressId: address.id,
        postcode: n.display,
        ...(moving ? { regionId: region.id, deliveryWindow: window, frequencyDays } : {}),
        updatedAt: p.now.toISOString(),
      })
      .where("id", "=", sub.id)
      .where("userId", "=", ref.userId)
      .execute();
    if (schedule && firstDay) {
      await trx
        .deleteFrom("deliveries")
        .where("subscriptionId", "=", sub.id)
        .where("deliveryDate", ">=", p.from!)
        .where("processedAt", "is", null)
        .where("orderId", "is", null)
        .where("status", "in", ["scheduled", "skipped"])
        .execute();
      const facts = { ...sub, regionId: region.id, deliveryWindow: window, frequencyDays };
      await insertPlanned(trx, facts, schedule, [firstDay], p.now);
      await insertPlanned(
        trx,
        facts,
        schedule,
        await datesMissing(trx, facts, schedule, p.now),
        p.now,
      );
    }
    await recordEvent(
      trx,
      sub.id,
      "address_changed",
      {
        reference: p.reference,
        address: label,
        ...(firstDay ? { deliveryDate: firstDay } : {}),
        ...(frequencyMoved ? { frequencyDays, previousDays: sub.frequencyDays } : {}),
        ...eventExtras(p),
      },
      p.actor,
      p.now,
    );
    await confirm(
      trx,
      sub,
      "Delivery address changed",
      [
        `Your box now goes to ${label}.`,
        firstDay
          ? `That address is in our ${region.name} delivery area, so your deliveries there start on ${formatDeliveryDate(firstDay)} (change it until ${cutoffLabel(schedule!, firstDay)}) and follow ${region.name}'s delivery days.`
          : fromLine(p),
        frequencyMoved
          ? frequencyChangedMessage(region.name, region, sub.frequencyDays, frequencyDays)
          : "",
        lockedLine(p),
      ],
      p.reference,
      opts.origin,
    );
  });
  return { reference: p.reference, already: false, lockedDate: p.locked };
}

/**
 * The new area's run day nearest to `from` (the next delivery still open to changes) whose cut-off is
 * still ahead and which comes after every delivery already ordered or locked. Nearest, not the first on
 * or after `from`: that pushed the date a few days on with every move, so moving there and back left the
 * subscriber a week later than they started. A tie (a day either side) goes to the weekday of the last
 * ordered delivery, the one the subscriber is used to, else to the earlier day.
 */
export function nearestOpenRunDay(
  schedule: RegionSchedule,
  from: string,
  lastOrdered: string | null,
  p: { locked: string | null; now: Date },
): string | null {
  const after =
    [lastOrdered, p.locked]
      .filter((d): d is string => Boolean(d))
      .sort()
      .at(-1) ?? null;
  const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
  const usual = lastOrdered ? weekday(lastOrdered) : null;
  const rank = (d: string) =>
    Math.abs(Date.parse(d) - Date.parse(from)) * 2 + (weekday(d) === usual ? 0 : 1);
  const near = dayOptions(schedule, from, after, p.now).reduce<string | null>(
    (best, o) => (best === null || rank(o.date) < rank(best) ? o.date : best),
    null,
  );
  if (near) return near;
  // an area that runs less often than every two weeks: its first open run day after `from`
  for (let i = 0, d = from; i < 120; i++, d = addDays(d, 1)) {
    if (
      (!after || d > after) &&
      (schedule.weekdays.length === 0 || isRunDay(schedule, d)) &&
      cutoffInstant(schedule, d).getTime() > p.now.getTime()
    )
      return d;
  }
  return null;
}

/* ---- delivery day ---- */

export type DayOption = { date: string; label: string; cutoffLabel: string; current: boolean };

/** How far either side of the next open delivery it can move: two weeks keeps the rhythm recognisable. */
const DAY_RANGE = 13;

/** The latest delivery date that already has its order (the first box or a renewal): nothing moves before it. */
const lastOrderedDateOf = preparedQuery(appDb, (db, subscriptionId: number) =>
  db
    .selectFrom("orders")
    .select((eb) => eb.fn.max("deliveryDate").as("last"))
    .where("subscriptionId", "=", subscriptionId),
);

async function lastOrderedDate(db: Kysely<DB>, subscriptionId: number): Promise<string | null> {
  const [row] = await lastOrderedDateOf.on(db)(subscriptionId);
  return (row?.last as string | null | undefined) ?? null;
}

/**
 * The region's run days within DAY_RANGE of `from` (the next delivery still
 * open to changes) whose change cut-off is still ahead and which come after
 * the last ordered delivery.
 */
export function dayOptions(
  schedule: RegionSchedule,
  from: string,
  lastOrdered: string | null,
  now: Date,
): DayOption[] {
  const out: DayOption[] = [];
  for (let i = -DAY_RANGE; i <= DAY_RANGE; i++) {
    const date = addDays(from, i);
    if (lastOrdered && date <= lastOrdered) continue;
    if (schedule.weekdays.length > 0 && !isRunDay(schedule, date)) continue;
    if (cutoffInstant(schedule, date).getTime() <= now.getTime()) continue;
    out.push({
      date,
      label: formatDeliveryDate(date),
      cutoffLabel: cutoffLabel(schedule, date),
      current: date === from,
    });
  }
  return out;
}

/**
 * Moves the next delivery still open to changes to another run day; the ones
 * after it follow from the new day at the subscription's frequency. A skipped
 * next delivery is unskipped first; later skips no longer line up and are
 * cleared (the confirmation says which).
 */
export async function changeDeliveryDay(
  ref: SubscriptionRef & { date: string },
  opts: NextBoxOptions,
): Promise<ChangeResult> {
  const p = await prepare(ref, opts);
  const { sub, from } = p;
  if (!from)
    throw new ChangeRefusedError("There is no delivery open to changes right now.", "not_allowed");
  const schedule = await scheduleOf(sub.regionId);
  const options = dayOptions(schedule, from, await lastOrderedDate(p.db, sub.id), p.now);
  const chosen = options.find((o) => o.date === ref.date);
  if (!chosen)
    throw new ChangeRefusedError("Choose one of the delivery days offered.", "not_allowed");
  if (chosen.current)
    throw new ChangeRefusedError(
      `Your next delivery already comes on ${chosen.label}.`,
      "not_allowed",
    );
  const ts = p.now.toISOString();
  const replanned = await p.db
    .selectFrom("deliveries")
    .select(["deliveryDate", "status"])
    .where("subscriptionId", "=", sub.id)
    .where("deliveryDate", ">=", from < chosen.date ? from : chosen.date)
    .where("processedAt", "is", null)
    .where("orderId", "is", null)
    .where("status", "in", ["scheduled", "skipped"])
    .execute();
  if (replanned.some((r) => r.deliveryDate === from && r.status === "skipped")) {
    throw new ChangeRefusedError(
      `Your delivery on ${formatDeliveryDate(from)} is skipped. Unskip it first if you would like it on another day.`,
      "not_allowed",
    );
  }
  const clearedSkips = replanned.filter((r) => r.status === "skipped").map((r) => r.deliveryDate);
  await p.db.transaction().execute(async (trx) => {
    if (replanned.length) {
      await trx
        .deleteFrom("deliveries")
        .where("subscriptionId", "=", sub.id)
        .where(
          "deliveryDate",
          "in",
          replanned.map((r) => r.deliveryDate),
        )
        .where("processedAt", "is", null)
        .where("orderId", "is", null)
        .execute();
    }
    await insertPlanned(trx, sub, schedule, [chosen.date], p.now);
    await insertPlanned(trx, sub, schedule, await datesMissing(trx, sub, schedule, p.now), p.now);
    await trx
      .updateTable("subscriptions")
      .set({ updatedAt: ts })
      .where("id", "=", sub.id)
      .where("userId", "=", ref.userId)
      .execute();
    await recordEvent(
      trx,
      sub.id,
      "day_changed",
      {
        reference: p.reference,
        deliveryDate: chosen.date,
        previousDate: from,
        ...(p.locked ? { lockedDate: p.locked } : {}),
      },
      p.actor,
      p.now,
    );
    await confirm(
      trx,
      sub,
      "Delivery day changed",
      [
        `Your next delivery moves from ${formatDeliveryDate(from)} to ${chosen.label}; you can change it until ${chosen.cutoffLabel}.`,
        `The deliveries after it come ${formatFrequency(sub.frequencyDays).toLowerCase()} from then.`,
        clearedSkips.length
          ? `Your skip of ${clearedSkips.map(formatDeliveryDate).join(" and ")} no longer lines up with the new days, so it was cleared: skip again if you need to.`
          : "",
        lockedLine(p),
      ],
      p.reference,
      opts.origin,
    );
  });
  return { reference: p.reference, already: false, lockedDate: p.locked };
}
