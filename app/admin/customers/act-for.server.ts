// Staff act for a customer (issue 36): skip and unskip, pause and resume, cancel with a reason,
// change the next box, add or remove credit. Each runs the SAME service as the subscriber's own
// pages (app/subscriptions/changes.server.ts, next-box.server.ts), so the cut-offs, references and
// confirmation e-mails are theirs; the activity names "Paddock & Tide (first name)"
// (subscriptionEvents.actor), and the audit entry is written inside the change's own transaction.
import type { Kysely } from "kysely";
import { validationError } from "remix-validated-form";
import { refuse } from "~/admin/form-refusal.server";
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
  careFormId,
  careValidators,
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

type Refuse = (message: string, status?: 400 | 409) => ActOutcome;

/** What an intent's function is given: the customer, the posted values, and the helpers of one post. */
type ActContext = {
  staff: Staff;
  userId: number;
  form: FormData;
  values: Record<string, string>;
  subscriptionId: number | null;
  origin: string;
  now: Date;
  actor: Actor;
  refuse: Refuse;
  done: (reference: string) => ActOutcome;
};

/** The audit entry of a subscription change, written in the change's transaction. */
const auditedFor =
  (ctx: ActContext) =>
  (action: string, before: Record<string, unknown>, after: Record<string, unknown> = {}) =>
  async (trx: Kysely<DB>, change: { reference: string }) => {
    const state = await subscriptionState(trx, ctx.subscriptionId!);
    await writeAudit(trx, ctx.staff, {
      action,
      entityType: "subscription",
      entityId: ctx.subscriptionId!,
      before,
      after: {
        ...after,
        status: state.status,
        pausedUntil: state.pausedUntil,
        reference: change.reference,
      },
    });
  };

const stateBefore = async ({ subscriptionId }: ActContext) =>
  subscriptionId ? await subscriptionState(db, subscriptionId).catch(() => null) : null;

const skipOrUnskip =
  (intent: "skip" | "unskip") =>
  async (ctx: ActContext): Promise<ActOutcome> => {
    const parsed = SkipSchema.safeParse(ctx.values);
    if (!parsed.success) return ctx.refuse(firstIssue(parsed.error));
    const { deliveryDate } = parsed.data;
    const run = intent === "skip" ? skipDelivery : unskipDelivery;
    const res = await run(
      { userId: ctx.userId, ...parsed.data },
      {
        origin: ctx.origin,
        now: ctx.now,
        actor: ctx.actor,
        within: auditedFor(ctx)(
          `subscription.${intent}`,
          { deliveryDate, delivery: intent === "skip" ? "scheduled" : "skipped" },
          { deliveryDate, delivery: intent === "skip" ? "skipped" : "scheduled" },
        ),
      },
    );
    return ctx.done(res.reference);
  };

async function pauseFor(ctx: ActContext): Promise<ActOutcome> {
  const parsed = PauseSchema.safeParse(ctx.values);
  if (!parsed.success) return ctx.refuse(firstIssue(parsed.error));
  const before = await stateBefore(ctx);
  const res = await pause(
    { userId: ctx.userId, subscriptionId: parsed.data.subscriptionId, until: parsed.data.resumeOn },
    { ...changeOptions(ctx), within: auditedFor(ctx)("subscription.pause", { ...before }) },
  );
  return ctx.done(res.reference);
}

async function resumeFor(ctx: ActContext): Promise<ActOutcome> {
  const parsed = ResumeSchema.safeParse(ctx.values);
  if (!parsed.success) return ctx.refuse(firstIssue(parsed.error));
  const before = await stateBefore(ctx);
  const res = await resume(
    { userId: ctx.userId, subscriptionId: parsed.data.subscriptionId },
    { ...changeOptions(ctx), within: auditedFor(ctx)("subscription.resume", { ...before }) },
  );
  return ctx.done(res.reference);
}

async function cancelFor(ctx: ActContext): Promise<ActOutcome> {
  const parsed = StaffCancelSchema.safeParse(ctx.values);
  if (!parsed.success) return ctx.refuse(firstIssue(parsed.error));
  const label = CANCEL_REASONS.find((r) => r.value === parsed.data.reason)?.label;
  const reason = [label, parsed.data.comment].filter(Boolean).join(": ");
  const before = await stateBefore(ctx);
  const res = await cancel(
    { userId: ctx.userId, subscriptionId: parsed.data.subscriptionId, reason },
    {
      ...changeOptions(ctx),
      within: auditedFor(ctx)("subscription.cancel", { ...before }, { reason }),
    },
  );
  return ctx.done(res.reference);
}

async function changeBoxFor(ctx: ActContext): Promise<ActOutcome> {
  const box = boxOf(ctx.form);
  if (!ctx.subscriptionId) return ctx.refuse("That subscription could not be found.");
  if (!box) return ctx.refuse(CARE_MESSAGES.quantity);
  const saved = await savedBox(ctx.subscriptionId);
  const res = await saveBox({ id: ctx.subscriptionId, userId: ctx.userId }, box, {
    ...changeOptions(ctx),
    knife: knifeConfirmationOf(ctx.form),
    within: auditedFor(ctx)("subscription.change_box", saved, await boxAfter(box)),
  });
  return ctx.done(res.reference);
}

async function creditFor(ctx: ActContext): Promise<ActOutcome> {
  const parsed = CreditSchema.safeParse(ctx.values);
  if (!parsed.success) return ctx.refuse(firstIssue(parsed.error));
  const res = await adjustCredit(ctx.staff, ctx.userId, parsed.data);
  return { kind: "done", intent: "credit", reference: res.reference };
}

const changeOptions = ({ origin, now, actor }: ActContext) => ({ origin, now, actor });

/** One function per act-for intent (the form's `intent`). */
const ACT_INTENTS: Record<ActIntent, (ctx: ActContext) => Promise<ActOutcome>> = {
  skip: skipOrUnskip("skip"),
  unskip: skipOrUnskip("unskip"),
  pause: pauseFor,
  resume: resumeFor,
  cancel: cancelFor,
  box: changeBoxFor,
  credit: creditFor,
};

/** Runs one posted act-for form for the customer `userId`. */
export async function actForCustomer(
  staff: Staff,
  userId: number,
  form: FormData,
  origin: string,
  now = new Date(),
): Promise<ActOutcome> {
  if (!(await customerExists(userId))) return { kind: "not_found" };
  const ctx = actContext(staff, userId, form, origin, now);
  const intent = String(form.get("intent") ?? "");
  const run = Object.hasOwn(ACT_INTENTS, intent) ? ACT_INTENTS[intent as ActIntent] : null;
  if (!run) return ctx.refuse("That action is not available.");
  try {
    return await run(ctx);
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError) return { kind: "not_found" };
    if (
      error instanceof ChangeRefusedError ||
      error instanceof CreditRefusedError ||
      error instanceof CreditNotMadeError ||
      error instanceof KnifeConfirmationError
    )
      return ctx.refuse(error.message, 409);
    throw error;
  }
}

function actContext(
  staff: Staff,
  userId: number,
  form: FormData,
  origin: string,
  now: Date,
): ActContext {
  const intent = String(form.get("intent") ?? "");
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (k !== "csrf" && typeof v === "string") values[k] = v;
  const subscriptionId = Number(values.subscriptionId) || null;
  return {
    staff,
    userId,
    form,
    values,
    subscriptionId,
    origin,
    now,
    actor: actorOf(staff),
    refuse: (message, status = 400) => ({
      kind: "refused",
      status,
      intent,
      subscriptionId,
      message,
      values,
    }),
    done: (reference) => ({ kind: "done", intent: intent as ActIntent, reference }),
  };
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

/** The fields each validated form shows: an error on any other (its key, its subscription) is the form's. */
const SHOWN_FIELDS: Record<keyof typeof careValidators, readonly string[]> = {
  pause: ["resumeOn"],
  cancel: ["reason", "comment"],
  box: [],
  credit: ["direction", "amount", "reason"],
};

/**
 * Checks a posted act-for form with the validator its page ran (none for the buttons-only forms):
 * the answer to send back when it fails (errors under the fields, what was typed kept), else null.
 */
export async function checkActForm(form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(careValidators, intent)) return null;
  const key = intent as keyof typeof careValidators;
  const checked = await careValidators[key].validate(form);
  if (!checked.error) return null;
  const subscriptionId = Number(form.get("subscriptionId")) || null;
  const formId = careFormId(intent, subscriptionId);
  const { csrf: _csrf, ...typed } = checked.submittedData;
  const errors = Object.entries(checked.error.fieldErrors);
  const shown =
    key === "box"
      ? (name: string) => /^(cut|addon)-/.test(name)
      : (name: string) => SHOWN_FIELDS[key].includes(name);
  // the fields' own messages first; a hidden field's (a stale key) only when they are right
  const onFields = Object.fromEntries(errors.filter(([name]) => shown(name)));
  if (Object.keys(onFields).length === 0)
    return refuse(formId, { message: errors[0][1], field: null, values: typed }, 400);
  return validationError({ fieldErrors: onFields, formId }, typed, { status: 400 });
}
