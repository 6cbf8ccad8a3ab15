// The box-building flow's state: a draft subscription row referenced from the
// session. Every step reads it through requireFlow (which applies the guards)
// and writes it through the functions below, ./delivery-step.server.ts (step 1) and
// ./cart.server.ts (the box's contents). Typing the e-mail of an existing
// account never links the draft to that account: only a signed-in session does.
import { redirect } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB, Subscription, SubscriptionUpdate, User } from "~/db/schema";
import { getSessionAndUser, type SessionRecord } from "~/accounts/session.server";
import { preparedQuery } from "~/db/prepared.server";
import { getRegion } from "~/delivery/lookup.server";
import { isDeliverableDay } from "~/delivery/schedule";
import {
  canDeliverEvery,
  deliverableFrequencies,
  frequencyForRegion,
  frequencyRefusedMessage,
} from "~/delivery/frequencies";
import { activeFrequencies, getPackage, rootOfKind, type PackageSummary } from "./catalogue.server";
import { flowRedirect, nextAfterBoxSize } from "./guards";
import { notInTasmania, salmonBarred } from "./tasmania";
import { CHOOSE_FREQUENCY } from "./schemas";
import { type FlowStep } from "./steps";

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
const draftById = preparedQuery(
  () => db,
  (q, subscriptionId: number) =>
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

const selectionCountOf = preparedQuery(
  () => db,
  (q, subscriptionId: number) =>
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
export async function lockDraft(trx: Transaction<DB>, subscriptionId: number) {
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

export type Writable = {
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

export async function draftForWrite(
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

const passwordOfEmail = preparedQuery(
  () => db,
  (q, email: string) => q.selectFrom("users").select("passwordHash").where("email", "=", email),
);

/** Whether the draft's e-mail belongs to an account one can sign in to (checkout must ask for sign-in first). */
export async function emailHasAccount(email: string | null): Promise<boolean> {
  if (!email) return false;
  const [row] = await passwordOfEmail(email.toLowerCase());
  return Boolean(row?.passwordHash);
}
