// What the subscriber area needs beyond the renewal engine's service
// (./changes.server.ts, which makes the changes): the activity list of every
// change (who, what, when, reference) and one change by its reference for the
// confirmation panel. Both are scoped by owner: another user's changes are
// never listed, and their reference answers null like a missing one.
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { formatDeliveryDate, formatFrequency } from "~/accounts/format";
import { eventData } from "./deliveries.server";
import { formatAud } from "~/utils/money";
import { NOT_PAID_BEFORE_PACKING } from "./subscriber-schedule";

export type ActivityEntry = {
  reference: string;
  type: string;
  what: string;
  who: string;
  at: string;
  boxName: string;
  /** a delivery past its cut-off that still came despite a pause or cancel */
  lockedDate: string | null;
};

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const fromDate = (d: Record<string, unknown>) =>
  str(d.appliesFrom) ? `, from the delivery on ${formatDeliveryDate(str(d.appliesFrom))}` : "";

const WHAT: Record<string, (d: Record<string, unknown>) => string> = {
  checked_out: () => "Subscription started",
  skipped: (d) => `Skipped the delivery on ${formatDeliveryDate(str(d.deliveryDate))}`,
  unskipped: (d) =>
    `Unskipped the delivery on ${formatDeliveryDate(str(d.deliveryDate))}${
      typeof d.owedCents === "number"
        ? `: ${formatAud(d.owedCents)} is charged at its change cut-off, less any credit`
        : ""
    }`,
  paused: (d) => `Paused deliveries until ${formatDeliveryDate(str(d.resumeOn) ?? str(d.until))}`,
  resumed: () => "Resumed deliveries",
  cancelled: (d) => `Cancelled the subscription${str(d.reason) ? ` (${str(d.reason)})` : ""}`,
  addons_updated: () => "Changed the add-ons",
  box_changed: (d) => `Changed the box${fromDate(d)}`,
  frequency_changed: (d) =>
    `Changed the frequency to ${formatFrequency(Number(d.frequencyDays)).toLowerCase()}${fromDate(d)}`,
  day_changed: (d) =>
    `Moved the delivery on ${formatDeliveryDate(str(d.previousDate))} to ${formatDeliveryDate(str(d.deliveryDate))}`,
  window_changed: (d) =>
    `Changed the delivery time to ${str(d.label) ?? str(d.window)}${fromDate(d)}`,
  renewed: (d) => `Ordered the delivery on ${formatDeliveryDate(str(d.deliveryDate))}`,
  payment_failed: (d) =>
    `Payment declined for the delivery on ${formatDeliveryDate(str(d.deliveryDate))}`,
  renewal_skipped: (d) =>
    d.reason === NOT_PAID_BEFORE_PACKING
      ? `The delivery on ${formatDeliveryDate(str(d.deliveryDate))} was not sent: payment wasn't received before packing; nothing was charged`
      : `Skipped the delivery on ${formatDeliveryDate(str(d.deliveryDate))}: payment not received`,
  // a move to another delivery area plans the next delivery on that area's run day: say which
  // ... and a frequency that area can't deliver became the nearest one it can
  address_changed: (d) =>
    `Changed the delivery address to ${str(d.address)}${str(d.deliveryDate) ? `; deliveries there start on ${formatDeliveryDate(str(d.deliveryDate))}` : fromDate(d)}${
      d.frequencyDays
        ? `; your box now comes ${formatFrequency(Number(d.frequencyDays)).toLowerCase()} instead of ${formatFrequency(Number(d.previousDays)).toLowerCase()}, as we deliver there less often`
        : ""
    }`,
};

function who(d: Record<string, unknown>, ownEmail: string, staff: string | null) {
  // staff acting for the customer: "Paddock & Tide (Sam)"
  if (staff) return staff;
  if (d.by === "email-link" || d.via === "email" || d.via === "email-link")
    return "You, with a one-tap e-mail link";
  if (d.by === "shop") return "Paddock & Tide";
  const actor = str(d.actorEmail);
  return actor && actor !== ownEmail ? actor : "You";
}

const activityOf = preparedQuery(
  () => db,
  (q, userId: number, limit: number) =>
    q
      .selectFrom("subscriptionEvents")
      .innerJoin("subscriptions", "subscriptions.id", "subscriptionEvents.subscriptionId")
      .innerJoin("users", "users.id", "subscriptions.userId")
      .leftJoin("packages", "packages.id", "subscriptions.packageId")
      .select([
        "subscriptionEvents.id as id",
        "subscriptionEvents.type as type",
        "subscriptionEvents.data as data",
        "subscriptionEvents.createdAt as createdAt",
        "subscriptionEvents.actor as actor",
        "packages.fullName as boxName",
        "users.email as email",
      ])
      .where("subscriptions.userId", "=", userId)
      .where("subscriptionEvents.type", "!=", "checkout_error")
      .orderBy("subscriptionEvents.createdAt", "desc")
      .orderBy("subscriptionEvents.id", "desc")
      .limit(limit),
);

/** Every change to the user's subscriptions, newest first. */
export async function listActivity(
  { userId }: { userId: number },
  limit = 30,
): Promise<ActivityEntry[]> {
  const rows = await activityOf(userId, limit);
  return rows.map((r) => {
    const d = eventData(r.data);
    const what = (WHAT[r.type] ?? (() => r.type.replace(/_/g, " ")))(d);
    return {
      reference: str(d.reference) ?? "",
      type: r.type,
      what,
      who: who(d, r.email, r.actor ?? null),
      at: r.createdAt,
      boxName: r.boxName ?? "Your box",
      lockedDate: str(d.lockedDate) ?? null,
    };
  });
}

/** One change of the user's by its reference, or null (missing, malformed or someone else's). */
export async function findChange({
  userId,
  reference,
}: {
  userId: number;
  reference: string;
}): Promise<ActivityEntry | null> {
  if (!/^CH-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(reference)) return null;
  return (await listActivity({ userId }, 500)).find((e) => e.reference === reference) ?? null;
}
