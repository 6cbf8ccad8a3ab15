// Staff act for a customer (issue 36): skip and unskip, pause and resume, cancel with a reason,
// change the next box, add or remove credit. Each runs the SAME service as the subscriber's own
// pages (app/subscriptions/changes.server.ts, next-box.server.ts), so the cut-offs, references and
// confirmation e-mails are theirs; the activity names "Paddock & Tide (first name)"
// (subscriptionEvents.actor), and the audit entry is written inside the change's own transaction.
import type { Kysely } from "kysely";
import { writeAudit } from "~/admin/audit.server";
import { staffMoneyRefusal } from "~/admin/money-limits.server";
import { staffActor } from "~/staff/permissions";
import type { Staff } from "~/staff/staff-session.server";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { addLedgerEntry, creditBalance, lockUser } from "~/orders/credit.server";
import { CANCEL_REASONS } from "~/subscriptions/cancel-reasons";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  cancel,
  pause,
  resume,
  skipDelivery,
  unskipDelivery,
} from "~/subscriptions/changes.server";
import { newChangeReference, type Actor } from "~/subscriptions/deliveries.server";
import {
  KnifeConfirmationError,
  knifeConfirmationOf,
  saveBox,
} from "~/subscriptions/next-box.server";
import { isUniqueViolation } from "~/payments/payments.server";
import { formatAud } from "~/utils/money";
import {
  CARE_MESSAGES,
  CreditSchema,
  PauseSchema,
  ResumeSchema,
  SkipSchema,
  StaffCancelSchema,
  boxOf,
  firstIssue,
  type CreditInput,
} from "./customer-schema";

export type ActIntent = "skip" | "unskip" | "pause" | "resume" | "cancel" | "box" | "credit";

export type ActOutcome =
  | { kind: "done"; intent: ActIntent; reference: string }
  | {
      kind: "refused";
      /** 400: the form was not filled in right; 409: the shop's rules refuse it (cut-off, balance) */
      status: 400 | 409;
      intent: string;
      subscriptionId: number | null;
      message: string;
      /** what was typed, shown again */
      values: Record<string, string>;
    }
  | { kind: "not_found" };

/** Credit cannot go below zero: a removal beyond the balance is refused. */
export class CreditRefusedError extends Error {
  constructor(balanceCents: number) {
    super(`The customer has ${formatAud(balanceCents)} of credit: you can remove at most that.`);
    this.name = "CreditRefusedError";
  }
}

export const actorOf = (staff: Pick<Staff, "firstName">): Actor => ({
  kind: "staff",
  name: staffActor(staff.firstName),
});

const subscriptionState = (trx: Kysely<DB>, id: number) =>
  trx
    .selectFrom("subscriptions")
    .select(["status", "pausedUntil"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

/** The credit is not made: over support's limits (more needs the owner, decision 071), or a key used elsewhere. */
export class CreditNotMadeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CreditNotMadeError";
  }
}

/** A key already used on another customer's page (a form posted to the wrong customer). */
export const CREDIT_KEY_USED =
  "This form was already used. Reload the customer's page and try again.";

/** The ledger row a key already made, if any: a repeated post answers with it. */
async function creditForKey(executor: Kysely<DB>, key: string) {
  return executor
    .selectFrom("creditLedger")
    .select(["userId", "reference"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
}

/**
 * Adds (positive) or removes (negative) credit with a reason: one credit_ledger row and its audit
 * entry in one transaction that locks the customer's balance. Answers the ledger row's reference.
 * Exactly once per key (the page's, made when it was rendered): a repeated post, at once or later,
 * answers with the first row. Credit added counts towards support's limits (a removal moves no money
 * out of the shop).
 */
export async function adjustCredit(
  staff: Pick<Staff, "id" | "role" | "ip" | "firstName">,
  userId: number,
  input: CreditInput,
  executor: Kysely<DB> = db,
): Promise<{ reference: string; balanceCents: number }> {
  const repeat = async () => {
    const row = await creditForKey(executor, input.key);
    if (!row) return null;
    if (row.userId !== userId) throw new CreditNotMadeError(CREDIT_KEY_USED);
    return {
      reference: row.reference ?? "",
      balanceCents: await creditBalance({ userId }, executor),
    };
  };
  const first = await repeat();
  if (first) return first;
  const amountCents = input.direction === "add" ? input.amount : -input.amount;
  const reference = newChangeReference();
  try {
    return await executor.transaction().execute(async (trx) => {
      // support's $200 a press and $500 a Sydney day (credit added only: a removal pays nothing out)
      if (amountCents > 0) {
        const over = await staffMoneyRefusal(trx, staff, amountCents, new Date());
        if (over) throw new CreditNotMadeError(over);
      }
      await lockUser(trx, userId);
      const before = await creditBalance({ userId }, trx);
      if (before + amountCents < 0) throw new CreditRefusedError(before);
      await addLedgerEntry(trx, {
        userId,
        amountCents,
        reason: input.reason,
        reference,
        staffUserId: staff.id,
        idempotencyKey: input.key,
      });
      const after = before + amountCents;
      await writeAudit(trx, staff, {
        action: input.direction === "add" ? "customer.credit_add" : "customer.credit_remove",
        entityType: "user",
        entityId: userId,
        before: { creditCents: before },
        after: { creditCents: after, amountCents, reason: input.reason, reference },
      });
      return { reference, balanceCents: after };
    });
  } catch (error) {
    // the same key pressed at the same time: the first press's row answers
    if (isUniqueViolation(error)) {
      const again = await repeat();
      if (again) return again;
    }
    throw error;
  }
}

const customerExists = async (userId: number) =>
  Boolean(
    await db
      .selectFrom("users")
      .select("id")
      .where("id", "=", userId)
      .where("staffRole", "is", null)
      .executeTakeFirst(),
  );

/** Runs one posted act-for form for the customer `userId`. */
export async function actForCustomer(
  staff: Staff,
  userId: number,
  form: FormData,
  origin: string,
  now = new Date(),
): Promise<ActOutcome> {
  if (!(await customerExists(userId))) return { kind: "not_found" };
  const intent = String(form.get("intent") ?? "");
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (k !== "csrf" && typeof v === "string") values[k] = v;
  const subscriptionId = Number(values.subscriptionId) || null;
  const refuse = (message: string, status: 400 | 409 = 400): ActOutcome => ({
    kind: "refused",
    status,
    intent,
    subscriptionId,
    message,
    values,
  });
  const actor = actorOf(staff);
  /** the audit entry of a subscription change, written in the change's transaction */
  const audited =
    (action: string, before: Record<string, unknown>, after: Record<string, unknown> = {}) =>
    async (trx: Kysely<DB>, change: { reference: string }) => {
      const state = await subscriptionState(trx, subscriptionId!);
      await writeAudit(trx, staff, {
        action,
        entityType: "subscription",
        entityId: subscriptionId!,
        before,
        after: {
          ...after,
          status: state.status,
          pausedUntil: state.pausedUntil,
          reference: change.reference,
        },
      });
    };
  const stateNow = async () =>
    subscriptionId ? await subscriptionState(db, subscriptionId).catch(() => null) : null;
  const done = (reference: string): ActOutcome => ({
    kind: "done",
    intent: intent as ActIntent,
    reference,
  });

  try {
    switch (intent) {
      case "skip":
      case "unskip": {
        const parsed = SkipSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        const { deliveryDate } = parsed.data;
        const run = intent === "skip" ? skipDelivery : unskipDelivery;
        const res = await run(
          { userId, ...parsed.data },
          {
            origin,
            now,
            actor,
            within: audited(
              `subscription.${intent}`,
              { deliveryDate, delivery: intent === "skip" ? "scheduled" : "skipped" },
              { deliveryDate, delivery: intent === "skip" ? "skipped" : "scheduled" },
            ),
          },
        );
        return done(res.reference);
      }
      case "pause": {
        const parsed = PauseSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        const before = await stateNow();
        const res = await pause(
          { userId, subscriptionId: parsed.data.subscriptionId, until: parsed.data.resumeOn },
          { origin, now, actor, within: audited("subscription.pause", { ...before }) },
        );
        return done(res.reference);
      }
      case "resume": {
        const parsed = ResumeSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        const before = await stateNow();
        const res = await resume(
          { userId, subscriptionId: parsed.data.subscriptionId },
          { origin, now, actor, within: audited("subscription.resume", { ...before }) },
        );
        return done(res.reference);
      }
      case "cancel": {
        const parsed = StaffCancelSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        const label = CANCEL_REASONS.find((r) => r.value === parsed.data.reason)?.label;
        const reason = [label, parsed.data.comment].filter(Boolean).join(": ");
        const before = await stateNow();
        const res = await cancel(
          { userId, subscriptionId: parsed.data.subscriptionId, reason },
          {
            origin,
            now,
            actor,
            within: audited("subscription.cancel", { ...before }, { reason }),
          },
        );
        return done(res.reference);
      }
      case "box": {
        const box = boxOf(form);
        if (!subscriptionId) return refuse("That subscription could not be found.");
        if (!box) return refuse(CARE_MESSAGES.quantity);
        const saved = await savedBox(subscriptionId);
        const res = await saveBox({ id: subscriptionId, userId }, box, {
          origin,
          now,
          actor,
          knife: knifeConfirmationOf(form),
          within: audited("subscription.change_box", saved, await boxAfter(box)),
        });
        return done(res.reference);
      }
      case "credit": {
        const parsed = CreditSchema.safeParse(values);
        if (!parsed.success) return refuse(firstIssue(parsed.error));
        const res = await adjustCredit(staff, userId, parsed.data);
        return { kind: "done", intent: "credit", reference: res.reference };
      }
      default:
        return refuse("That action is not available.");
    }
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError) return { kind: "not_found" };
    if (
      error instanceof ChangeRefusedError ||
      error instanceof CreditRefusedError ||
      error instanceof CreditNotMadeError
    )
      return refuse(error.message, 409);
    if (error instanceof KnifeConfirmationError) return refuse(error.message, 409);
    throw error;
  }
}

async function savedBox(subscriptionId: number) {
  const [items, addons] = await Promise.all([
    db
      .selectFrom("subscriptionItems")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", subscriptionId)
      .orderBy("productId")
      .execute(),
    db
      .selectFrom("subscriptionAddons")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", subscriptionId)
      .orderBy("productId")
      .execute(),
  ]);
  return { items, addons };
}

async function boxAfter(box: { items: Record<number, number>; addons: Record<number, number> }) {
  const lines = (q: Record<number, number>) =>
    Object.entries(q)
      .map(([productId, quantity]) => ({ productId: Number(productId), quantity }))
      .filter((l) => l.quantity > 0);
  return { items: lines(box.items), addons: lines(box.addons) };
}
