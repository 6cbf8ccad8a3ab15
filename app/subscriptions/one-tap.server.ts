// One-tap links of the reminder e-mail ("Skip this delivery", "Keep it"): a
// random token, only its SHA-256 kept (deliveries.one_tap_hash). It works
// without signing in, only by POST (the GET page asks to confirm), until the
// delivery's cut-off, and once: the first use is claimed by a conditional update.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { deliveryAmount } from "./delivery-box.server";
import type { DB } from "~/db/schema";
import { formatDeliveryDate } from "~/delivery/schedule";
import { queueEmail } from "~/email/mailer.server";
import { subscriptionChangeEmail } from "~/email/templates/subscription-change";
import { MY_DELIVERIES_PATH } from "~/orders/paths";
import { hashToken } from "~/security/token-hash.server";
import {
  changeEvents,
  lockSubscription,
  newChangeReference,
  recordEvent,
  scheduleOf,
  skippedByEvents,
  subscriptionFacts,
  type SubscriptionFacts,
} from "./deliveries.server";
import { cutoffLabel } from "./schedule";

export type OneTapAction = "skip" | "keep";

export function newOneTapToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function oneTapPath(token: string, action: OneTapAction): string {
  return `/deliveries/one-tap/${token}?action=${action}`;
}

export type OneTapView =
  | { state: "invalid" }
  | {
      state: "used";
      action: OneTapAction;
      reference: string;
      deliveryDate: string;
      boxName: string;
    }
  | { state: "expired"; deliveryDate: string; cutoff: string; boxName: string }
  | { state: "cancelled"; deliveryDate: string; boxName: string }
  | {
      state: "valid";
      deliveryDate: string;
      cutoff: string;
      boxName: string;
      firstName: string | null;
      skipped: boolean;
      /** what the delivery will be charged at its cut-off, before credit (decision 069) */
      owedCents: number;
    };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

async function find(db: Kysely<DB>, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  return db
    .selectFrom("deliveries")
    .select([
      "id",
      "subscriptionId",
      "deliveryDate",
      "status",
      "cutoffAt",
      "processedAt",
      "oneTapUsedAt",
      "oneTapAction",
      "oneTapReference",
    ])
    .where("oneTapHash", "=", hashToken(token))
    .executeTakeFirst();
}

/** What the link's page shows (no change is made by reading it). */
export async function readOneTap(db: Kysely<DB>, token: string, now: Date): Promise<OneTapView> {
  const d = await find(db, token);
  if (!d) return { state: "invalid" };
  const sub = await subscriptionFacts(db, d.subscriptionId);
  // a disabled account's links open nothing (decision 062)
  if (!sub || sub.ownerDisabled) return { state: "invalid" };
  const schedule = await scheduleOf(sub.regionId);
  const deliveryDate = formatDeliveryDate(d.deliveryDate);
  if (d.oneTapUsedAt)
    return {
      state: "used",
      action: d.oneTapAction === "skip" ? "skip" : "keep",
      reference: d.oneTapReference ?? "",
      deliveryDate,
      boxName: sub.boxName,
    };
  if (d.processedAt || now.getTime() >= Date.parse(d.cutoffAt))
    return {
      state: "expired",
      deliveryDate,
      cutoff: cutoffLabel(schedule, d.deliveryDate),
      boxName: sub.boxName,
    };
  if (sub.status === "cancelled") return { state: "cancelled", deliveryDate, boxName: sub.boxName };
  const skipped =
    d.status === "skipped" || skippedByEvents(await changeEvents(db, sub.id)).has(d.deliveryDate);
  return {
    state: "valid",
    deliveryDate,
    cutoff: cutoffLabel(schedule, d.deliveryDate),
    boxName: sub.boxName,
    firstName: sub.firstName,
    skipped,
    owedCents: (await deliveryAmount(db, sub, d.deliveryDate, now)).owedCents,
  };
}

export type OneTapResult =
  | {
      state: "done";
      action: OneTapAction;
      reference: string;
      deliveryDate: string;
      boxName: string;
    }
  | Exclude<OneTapView, { state: "valid" }>;

type Tap = {
  d: NonNullable<Awaited<ReturnType<typeof find>>>;
  sub: SubscriptionFacts;
  action: OneTapAction;
  skippedBefore: boolean;
  reference: string;
  now: Date;
};

/** The confirmation's lines of a skip or keep by the reminder's link. */
const tapLines = (action: OneTapAction, date: string, cutoff: string) =>
  action === "skip"
    ? [
        `You skipped the delivery on ${date} with the link in your reminder. Nothing is delivered or charged for it.`,
        `Changed your mind? You can bring it back on My deliveries until ${cutoff}.`,
      ]
    : [`Your delivery on ${date} stays on: it is charged at ${cutoff} and arrives as planned.`];

/**
 * Uses the link inside the transaction: false when it was used already, or its delivery decided or
 * past its cut-off; CancelledMeanwhile when the subscription was cancelled meanwhile.
 */
async function applyTap(trx: Kysely<DB>, t: Tap): Promise<boolean> {
  const { d, sub, action, reference } = t;
  const ts = t.now.toISOString();
  // Subscription row first, as the renewal at the cut-off and every change lock it: one waits for the other.
  await lockSubscription(trx, sub.id);
  const claimed = await trx
    .updateTable("deliveries")
    .set({ oneTapUsedAt: ts, oneTapAction: action, oneTapReference: reference, updatedAt: ts })
    .where("id", "=", d.id)
    .where("oneTapUsedAt", "is", null)
    .where("processedAt", "is", null)
    .where("cutoffAt", ">", ts)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const live = await trx
    .selectFrom("subscriptions")
    .select("status")
    .where("id", "=", sub.id)
    .executeTakeFirst();
  if (!live || live.status === "cancelled") throw new CancelledMeanwhile();
  await trx
    .updateTable("deliveries")
    .set(
      action === "skip"
        ? { status: "skipped", skipReason: "subscriber" }
        : { status: "scheduled", skipReason: null },
    )
    .where("id", "=", d.id)
    .where("status", "in", ["scheduled", "skipped"])
    .execute();
  const type = action === "skip" ? "skipped" : t.skippedBefore ? "unskipped" : "kept";
  await recordEvent(
    trx,
    sub.id,
    type,
    { reference, deliveryDate: d.deliveryDate },
    { kind: "email-link", email: sub.email },
    t.now,
  );
  return true;
}

/** Skips or keeps the delivery once; every later use answers with the first one's reference. */
export async function redeemOneTap(
  db: Kysely<DB>,
  token: string,
  action: OneTapAction,
  now: Date,
  origin: string,
): Promise<OneTapResult> {
  const d = await find(db, token);
  if (!d) return { state: "invalid" };
  const sub = await subscriptionFacts(db, d.subscriptionId);
  // a disabled account's links open nothing (decision 062)
  if (!sub || sub.ownerDisabled) return { state: "invalid" };
  const schedule = await scheduleOf(sub.regionId);
  const skippedBefore =
    d.status === "skipped" || skippedByEvents(await changeEvents(db, sub.id)).has(d.deliveryDate);
  const reference = newChangeReference();
  const date = formatDeliveryDate(d.deliveryDate);
  const cutoff = cutoffLabel(schedule, d.deliveryDate);
  const tap: Tap = { d, sub, action, skippedBefore, reference, now };
  const done = await db
    .transaction()
    .execute(async (trx) => {
      if (!(await applyTap(trx, tap))) return false;
      await queueEmail(trx, subscriptionChangeEmail, sub.email, {
        firstName: sub.firstName ?? "there",
        title: action === "skip" ? "Delivery skipped" : "Delivery kept",
        lines: tapLines(action, date, cutoff),
        reference,
        boxName: sub.boxName,
        manageUrl: `${origin}${MY_DELIVERIES_PATH}`,
      });
      return true;
    })
    .catch((error) => {
      if (error instanceof CancelledMeanwhile) return "cancelled" as const;
      throw error;
    });
  if (done === "cancelled") return { state: "cancelled", deliveryDate: date, boxName: sub.boxName };
  if (done) return { state: "done", action, reference, deliveryDate: date, boxName: sub.boxName };
  const view = await readOneTap(db, token, now);
  return view.state === "valid" ? { state: "invalid" } : view;
}

class CancelledMeanwhile extends Error {}
