// The delivery changes of "Change what comes next" (issue 12): how often the box comes, its delivery
// window, the address it goes to (another area plans the open deliveries again on that area's run
// days) and the day of the next open delivery. The box itself (cuts, add-ons) is ./next-box.server.ts;
// what both share is ./change-context.server.ts. Each change is scoped by a SubscriptionRef, is an
// event with a reference and queues its confirmation e-mail in the same transaction.
import type { Kysely } from "kysely";
import { formatAddressLine, formatDeliveryDate, formatFrequency } from "~/accounts/format";
import { activeFrequencies } from "~/box/catalogue.server";
import { barsSalmon, BOX_HAS_SALMON, isSalmon } from "~/box/tasmania";
import type { DB } from "~/db/schema";
import type { RegionSchedule } from "~/delivery/schedule";
import {
  canDeliverEvery,
  deliverableFrequencies,
  frequencyChangedMessage,
  frequencyRefusedMessage,
  nearestFrequency,
} from "~/delivery/frequencies";
import {
  getRegion,
  regionForPostcode,
  windowsForRegion,
  type DeliveryRegion,
} from "~/delivery/lookup.server";
import { normalisePostcode } from "~/delivery/postcode";
import { ChangeRefusedError, SubscriptionNotFoundError, type ChangeResult } from "./changes.server";
import {
  confirm,
  eventExtras,
  fromLine,
  lastOrderedDate,
  lockedLine,
  prepare,
  type NextBoxOptions,
  type Prepared,
  type SubscriptionRef,
} from "./change-context.server";
import {
  datesMissing,
  insertPlanned,
  lockSubscription,
  recordEvent,
  scheduleOf,
  type SubscriptionFacts,
} from "./deliveries.server";
import { freezePastCutoff } from "./delivery-box.server";
import { dayOptions, nearestOpenRunDay } from "./delivery-days";
import { cutoffLabel } from "./schedule";

const done = (p: Prepared): ChangeResult => ({
  reference: p.reference,
  already: false,
  lockedDate: p.locked,
});

/** The planned deliveries from `from` (after it: `after`) not yet ordered nor decided, taken away to plan again. */
async function dropOpenPlanned(
  trx: Kysely<DB>,
  subscriptionId: number,
  from: string,
  op: ">" | ">=",
) {
  await trx
    .deleteFrom("deliveries")
    .where("subscriptionId", "=", subscriptionId)
    .where("deliveryDate", op, from)
    .where("processedAt", "is", null)
    .where("orderId", "is", null)
    .where("status", "in", ["scheduled", "skipped"])
    .execute();
}

/** Plans the deliveries the subscription is missing (after the ones it keeps). */
async function planMissing(
  trx: Kysely<DB>,
  facts: SubscriptionFacts,
  schedule: RegionSchedule,
  now: Date,
) {
  await insertPlanned(trx, facts, schedule, await datesMissing(trx, facts, schedule, now), now);
}

/* ---- frequency ---- */

/** Why the frequency cannot change to `days`, else null. */
async function frequencyRefusal(
  sub: SubscriptionFacts,
  days: number,
  offered: number[],
): Promise<string | null> {
  const region = sub.regionId ? await getRegion(sub.regionId) : null;
  if (region && !canDeliverEvery(region, days))
    return frequencyRefusedMessage(region.name, region, deliverableFrequencies(region, offered));
  if (sub.frequencyDays === days)
    return `Your box already comes ${formatFrequency(days).toLowerCase()}.`;
  return null;
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
  const refusal = await frequencyRefusal(sub, ref.frequencyDays, offered);
  if (refusal) throw new ChangeRefusedError(refusal, "not_allowed");
  const schedule = await scheduleOf(sub.regionId);
  const anchor = p.from;
  await p.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscriptions")
      .set({ frequencyDays: ref.frequencyDays, updatedAt: p.now.toISOString() })
      .where("id", "=", sub.id)
      .where("userId", "=", ref.userId)
      .execute();
    if (anchor) {
      // the planned deliveries after the first one this change reaches are planned again at the new frequency
      await dropOpenPlanned(trx, sub.id, anchor, ">");
      await planMissing(trx, { ...sub, frequencyDays: ref.frequencyDays }, schedule, p.now);
    }
    const was = sub.frequencyDays;
    await recordEvent(
      trx,
      sub.id,
      "frequency_changed",
      {
        reference: p.reference,
        frequencyDays: ref.frequencyDays,
        previousDays: was,
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
        `Your box now comes ${formatFrequency(ref.frequencyDays).toLowerCase()} (it came ${formatFrequency(was).toLowerCase()}).`,
        anchor
          ? `The delivery on ${formatDeliveryDate(anchor)} keeps its date; the ones after it follow the new frequency.`
          : "",
        lockedLine(p),
      ],
      p.reference,
      opts.origin,
    );
  });
  return done(p);
}

/* ---- window ---- */

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
  return done(p);
}

/* ---- address ---- */

type AddressMove = {
  address: Awaited<ReturnType<typeof ownAddress>>;
  label: string;
  postcode: string;
  region: DeliveryRegion;
  /** the new address is in another delivery area: its run days, else null */
  schedule: RegionSchedule | null;
  window: string | null;
  /** the first delivery in the new area */
  firstDay: string | null;
  frequencyDays: number;
};

/** The owner's address on file (a shipping one, not removed), else SubscriptionNotFoundError. */
async function ownAddress(db: Kysely<DB>, ref: SubscriptionRef & { addressId: number }) {
  const address = await db
    .selectFrom("addresses")
    .select(["id", "line1", "line2", "city", "state", "postcode"])
    .where("id", "=", ref.addressId)
    .where("userId", "=", ref.userId)
    .where("kind", "=", "shipping")
    .where("removedAt", "is", null)
    .executeTakeFirst();
  if (!address) throw new SubscriptionNotFoundError();
  return address;
}

/** Salmon can't go to Tasmania: a box with salmon refuses a move there. */
async function refuseSalmonTo(db: Kysely<DB>, sub: SubscriptionFacts, postcode: string) {
  if (!barsSalmon(postcode) || barsSalmon(sub.postcode)) return;
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

/** What moving to the address changes: refused when it can't be delivered to, or not yet moved to. */
async function planAddressMove(
  p: Prepared,
  ref: SubscriptionRef & { addressId: number },
): Promise<AddressMove> {
  const { sub, db } = p;
  const address = await ownAddress(db, ref);
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
  await refuseSalmonTo(db, sub, n.display);
  const base = { address, label: formatAddressLine(address), postcode: n.display, region };
  if (!moving)
    return {
      ...base,
      schedule: null,
      window: sub.deliveryWindow,
      firstDay: null,
      frequencyDays: sub.frequencyDays,
    };
  return { ...base, ...(await areaMove(p, region)) };
}

/**
 * Another delivery area has its own run days: the deliveries still open to changes are planned again
 * on them, from the one nearest `from`; a window it lacks becomes its first; a frequency it can't
 * deliver (weekly, moving to Darwin) the nearest one it can (the subscriber is told).
 */
async function areaMove(p: Prepared, region: DeliveryRegion) {
  const { sub } = p;
  const schedule: RegionSchedule = {
    weekdays: region.weekdays,
    leadDays: region.leadDays,
    everyWeeks: region.everyWeeks,
  };
  const windows = await windowsForRegion(region);
  const window = !windows.some((w) => w.code === sub.deliveryWindow)
    ? (windows[0]?.code ?? "day")
    : sub.deliveryWindow;
  const firstDay = nearestOpenRunDay(schedule, p.from!, await lastOrderedDate(p.db, sub.id), p);
  const frequencyDays = !canDeliverEvery(region, sub.frequencyDays)
    ? (nearestFrequency(
        sub.frequencyDays,
        deliverableFrequencies(region, await activeFrequencies()),
      ) ?? sub.frequencyDays)
    : sub.frequencyDays;
  return { schedule, window, firstDay, frequencyDays };
}

/** The confirmation's lines of an address change. */
function addressLines(p: Prepared, m: AddressMove): string[] {
  const { region, firstDay } = m;
  return [
    `Your box now goes to ${m.label}.`,
    firstDay
      ? `That address is in our ${region.name} delivery area, so your deliveries there start on ${formatDeliveryDate(firstDay)} (change it until ${cutoffLabel(m.schedule!, firstDay)}) and follow ${region.name}'s delivery days.`
      : fromLine(p),
    m.frequencyDays !== p.sub.frequencyDays
      ? frequencyChangedMessage(region.name, region, p.sub.frequencyDays, m.frequencyDays)
      : "",
    lockedLine(p),
  ];
}

async function writeAddressChange(trx: Kysely<DB>, p: Prepared, userId: number, m: AddressMove) {
  const { sub } = p;
  const moving = m.schedule !== null;
  await lockSubscription(trx, sub.id);
  // a delivery past its cut-off still goes where it stood (decision 069): copied before the change
  await freezePastCutoff(trx, sub.id, p.now);
  await trx
    .updateTable("subscriptions")
    .set({
      shippingAddressId: m.address.id,
      postcode: m.postcode,
      ...(moving
        ? { regionId: m.region.id, deliveryWindow: m.window, frequencyDays: m.frequencyDays }
        : {}),
      updatedAt: p.now.toISOString(),
    })
    .where("id", "=", sub.id)
    .where("userId", "=", userId)
    .execute();
  if (m.schedule && m.firstDay) {
    await dropOpenPlanned(trx, sub.id, p.from!, ">=");
    const facts = {
      ...sub,
      regionId: m.region.id,
      deliveryWindow: m.window,
      frequencyDays: m.frequencyDays,
    };
    await insertPlanned(trx, facts, m.schedule, [m.firstDay], p.now);
    await planMissing(trx, facts, m.schedule, p.now);
  }
}

/** Delivers to another of the owner's addresses on file, in the same delivery region. */
export async function changeAddress(
  ref: SubscriptionRef & { addressId: number },
  opts: NextBoxOptions,
): Promise<ChangeResult> {
  const p = await prepare(ref, opts);
  const { sub } = p;
  const m = await planAddressMove(p, ref);
  const frequencyMoved = m.frequencyDays !== sub.frequencyDays;
  await p.db.transaction().execute(async (trx) => {
    await writeAddressChange(trx, p, ref.userId, m);
    await recordEvent(
      trx,
      sub.id,
      "address_changed",
      {
        reference: p.reference,
        address: m.label,
        ...(m.firstDay ? { deliveryDate: m.firstDay } : {}),
        ...(frequencyMoved
          ? { frequencyDays: m.frequencyDays, previousDays: sub.frequencyDays }
          : {}),
        ...eventExtras(p),
      },
      p.actor,
      p.now,
    );
    await confirm(
      trx,
      sub,
      "Delivery address changed",
      addressLines(p, m),
      p.reference,
      opts.origin,
    );
  });
  return done(p);
}

/* ---- delivery day ---- */

/** The day chosen among those offered, and the planned deliveries it moves (refused: why). */
async function planDayChange(p: Prepared, date: string) {
  const { sub, from } = p;
  if (!from)
    throw new ChangeRefusedError("There is no delivery open to changes right now.", "not_allowed");
  const schedule = await scheduleOf(sub.regionId);
  const options = dayOptions(schedule, from, await lastOrderedDate(p.db, sub.id), p.now);
  const chosen = options.find((o) => o.date === date);
  if (!chosen)
    throw new ChangeRefusedError("Choose one of the delivery days offered.", "not_allowed");
  if (chosen.current)
    throw new ChangeRefusedError(
      `Your next delivery already comes on ${chosen.label}.`,
      "not_allowed",
    );
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
  return { from, schedule, chosen, replanned };
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
  const { sub } = p;
  const { from, schedule, chosen, replanned } = await planDayChange(p, ref.date);
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
    await planMissing(trx, sub, schedule, p.now);
    await trx
      .updateTable("subscriptions")
      .set({ updatedAt: p.now.toISOString() })
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
  return done(p);
}
