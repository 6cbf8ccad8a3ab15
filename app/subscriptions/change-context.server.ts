// What every change to a subscription's coming deliveries shares (the next box, ./next-box.server.ts,
// and the delivery changes, ./delivery-changes.server.ts): the owner-scoped load, the delivery a change
// reaches first and the one it can no longer reach, the change's reference and actor, and the
// confirmation e-mail with its lines saying so.
import type { Kysely } from "kysely";
import { formatDeliveryDate } from "~/accounts/format";
import { db as appDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { queueEmail } from "~/email/mailer.server";
import { subscriptionChangeEmail } from "~/email/templates/subscription-change";
import { MY_DELIVERIES_PATH } from "~/orders/paths";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  type UpcomingDelivery,
} from "./changes.server";
import { upcomingDeliveriesOf } from "./changes.server";
import {
  newChangeReference,
  subscriptionFacts,
  type Actor,
  type SubscriptionFacts,
  type WithinChange,
} from "./deliveries.server";
import { COMING_STATES } from "./subscriber-schedule";

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

/** The owner's subscription, else SubscriptionNotFoundError (another user's answers as a missing one). */
export async function loadOwned(db: Kysely<DB>, ref: SubscriptionRef): Promise<SubscriptionFacts> {
  const sub =
    Number.isInteger(ref.id) && ref.id > 0 ? await subscriptionFacts(db, ref.id, ref.userId) : null;
  if (!sub) throw new SubscriptionNotFoundError();
  return sub;
}

export function assertChangeable(sub: SubscriptionFacts) {
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

/** A change about to be made: the subscription, what it reaches, its reference and who makes it. */
export type Prepared = {
  sub: SubscriptionFacts;
  from: string | null;
  locked: string | null;
  reference: string;
  actor: Actor;
  now: Date;
  db: Kysely<DB>;
};

export async function prepare(ref: SubscriptionRef, opts: NextBoxOptions): Promise<Prepared> {
  const db = opts.db ?? appDb;
  const now = opts.now ?? new Date();
  const sub = await loadOwned(db, ref);
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

/** Queues the change's confirmation e-mail (in the change's transaction); empty lines are left out. */
export async function confirm(
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

export const fromLine = (p: Prepared) =>
  p.from
    ? `This applies from the delivery on ${formatDeliveryDate(p.from)} and every one after it.`
    : "";
export const lockedLine = (p: Prepared) =>
  p.locked
    ? `The delivery on ${formatDeliveryDate(p.locked)} was already past its change cut-off, so it still arrives as it stood.`
    : "";
export const eventExtras = (p: Prepared) => ({
  ...(p.from ? { appliesFrom: p.from } : {}),
  ...(p.locked ? { lockedDate: p.locked } : {}),
});

/** The latest delivery date that already has its order (the first box or a renewal): nothing moves before it. */
const lastOrderedDateOf = preparedQuery(
  () => appDb,
  (db, subscriptionId: number) =>
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.max("deliveryDate").as("last"))
      .where("subscriptionId", "=", subscriptionId),
);

export async function lastOrderedDate(
  db: Kysely<DB>,
  subscriptionId: number,
): Promise<string | null> {
  const [row] = await lastOrderedDateOf.on(db)(subscriptionId);
  return (row?.last as string | null | undefined) ?? null;
}
