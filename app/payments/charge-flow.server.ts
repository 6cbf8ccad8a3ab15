// One shape for every card payment (decisions 008, 037, 049): box checkout, pay-an-order, the gift-card
// purchase and the renewals supply their own parts; the steps, and what a failure between them does, are
// written once, here:
//   1. claim   one transaction: the flow takes what is paid for (a draft, an order, a delivery), reserves
//              stock, spends credit and writes the pending payment row (a second press hits its key);
//   2. charge  the gateway, outside any transaction, with the same key and a timeout;
//   3. settle  one transaction that first makes sure the payment is still this call's, then gives back
//              what the claim took (release) or writes what was paid for (record), e-mails included
//              (the outbox), so nothing is left for after it.
// A shopper's submit undoes what it cannot finish: an unreachable gateway is a decline, a timeout leaves
// the payment to payment recovery, a settle that lost its payment to recovery refunds its own charge, a
// charge that cannot be recorded is refunded and released at once. Renewals store all a charge needs,
// so they throw instead and a later run resumes the key (decisions 009, 033); their delivery row decides
// who settles.
import type { Kysely, Transaction } from "kysely";
import { log } from "~/log/log.server";
import { env } from "~/env.server";
import { PAYMENTS } from "~/config";
import { redactLogText } from "~/security/redact.mjs";
import { db as appDb } from "~/db/client.server";
import type { DB } from "~/db/schema";
import { NewCardsPausedError, type NewCardSource } from "./card-attempt-limits.server";
import type { CardChoice } from "./card-schema";
import { CardError, GatewayTimeoutError, type ChargeResult, type Decline } from "./gateway";
import {
  chargeCard,
  isUniqueViolation,
  resolveCard,
  settlePayment,
  type ResolvedCard,
} from "./payments.server";
import { INTERRUPTED_REFUNDED } from "./recovery.server";
import { paymentGateway } from "./sandbox-gateway.server";

export type Succeeded = Extract<ChargeResult, { status: "succeeded" }>;

/** What step 2 asks of the gateway. A payment above zero needs a card. */
export type ChargeRequest = { card: ResolvedCard | null; amountCents: number; description: string };

/** Step 1's answer when it wrote a pending payment: what the flow took (`claim`) and what to charge. */
export type Claimed<C> = { claim: C; charge: ChargeRequest };

/** Step 1's answer when it ends without a payment, keeping what it wrote (a renewal closing its delivery). */
export type Refused<R> = { refused: R };

/** The parts of step 3: each runs in the transaction that has just moved the payment row. */
export type Settlement<C, P> = {
  /** a decline: give back what the claim took */
  release(trx: Transaction<DB>, claim: C, decline: Decline): Promise<void>;
  /** a charge: write what was paid for; throw PaymentLost when the flow finds it lost its claim */
  record(trx: Transaction<DB>, claim: C, charge: Succeeded): Promise<P>;
};

/**
 * A shopper's payment: a submit that waits for its answer and undoes what it cannot finish. `_R` is
 * the refusal its claim throws with refuse(): thrown values have no type, so the flow carries it for
 * runShopperFlow's outcome.
 */
export type ShopperFlow<C, _R, P> = Settlement<C, P> & {
  /** the payment's idempotency key */
  key: string;
  /** step 1, inside one transaction; refuse() and pressedBefore() roll it back */
  claim(trx: Transaction<DB>): Promise<Claimed<C>>;
  /** names the flow in the error log, with its `log` fields */
  name: string;
  log?: Record<string, unknown>;
  /** the decline recorded when the gateway cannot be reached */
  unavailable?: string;
  /** the decline recorded when a charge could not be written down (and was refunded) */
  notRecorded?: string;
};

/** What a run came to: one kind per case. */
export type ChargeOutcome<C, R, P> =
  /** charged (or nothing to charge) and recorded */
  | { kind: "paid"; claim: C; recorded: P }
  /** the gateway declined (or could not be reached): what the claim took was given back */
  | { kind: "declined"; claim: C; message: string }
  /** the claim ended without a payment: `refusal` says why (out of stock, total changed, delivery closed) */
  | { kind: "refused"; refusal: R }
  /** the key was claimed before (a double click, a resent form): answer as that payment did */
  | { kind: "pressed-before" }
  /** the gateway did not answer in time and has no charge for the key: pending, for recovery */
  | { kind: "awaiting-gateway" }
  /** another settled this payment first (recovery after the lease: this call's charge was refunded) */
  | { kind: "settled-elsewhere" }
  /** charged, but the record could not be written: the charge was refunded and the claim given back */
  | { kind: "refunded"; message: string };

export const PAYMENT_UNAVAILABLE =
  "We couldn't reach our payment provider. Nothing was charged; please try again.";
export const NOT_RECORDED =
  "We couldn't place your order, and the charge was refunded. Please try again.";
/** The answer to a submit whose gateway call timed out with no charge on record: its payment stays pending for recovery. */
export const PAYMENT_PENDING =
  "We're still waiting to hear back from our payment provider. Please don't pay again yet: if this payment doesn't go through, anything charged is refunded and you can try again in about 15 minutes.";
/** Renewals charge the saved card; without one a payment above zero is declined. */
export const NO_SAVED_CARD = "There is no saved card to charge.";

class ClaimRefused extends Error {
  constructor(readonly refusal: unknown) {
    super("claim refused");
  }
}
class PressedBefore extends Error {}

/** Inside a claim: roll it back and answer `refused` with this. */
export function refuse<R>(refusal: R): never {
  throw new ClaimRefused(refusal);
}

/** Inside a claim that finds the key's own earlier claim (a second press that lost the race): roll back, answer `pressed-before`. */
export function pressedBefore(): never {
  throw new PressedBefore();
}

/** Thrown inside a settle transaction whose payment is no longer this call's: rolls back everything it wrote. */
export class PaymentLost extends Error {}

/* ------------------------------------------------------------- before the claim */

/** A card refused before anything is claimed: by the card-testing limits (decision 042), or by the gateway's tokeniser. */
export type CardRefusal =
  | { kind: "card-limit"; message: string; retryAfterSeconds: number }
  /** `field`: the form field at fault, "paymentMethod" for a saved card that is no longer there */
  | {
      kind: "card";
      field: "paymentMethod" | "card.number" | "card.expiration" | "card.cvc";
      message: string;
    };

/** The card a shopper chose, resolved (resolveCard), or why it cannot be used. */
export async function cardFor(
  userId: number | null,
  choice: CardChoice,
  from: NewCardSource,
): Promise<{ card: ResolvedCard | null } | { refusal: CardRefusal }> {
  try {
    return { card: await resolveCard(userId, choice, from) };
  } catch (error) {
    if (error instanceof NewCardsPausedError)
      return {
        refusal: {
          kind: "card-limit",
          message: error.message,
          retryAfterSeconds: error.retryAfterSeconds,
        },
      };
    if (!(error instanceof CardError)) throw error;
    const field =
      error.field === "number" && choice.kind === "saved"
        ? "paymentMethod"
        : (`card.${error.field}` as const);
    return { refusal: { kind: "card", field, message: error.message } };
  }
}

/** How box checkout and the gift-card purchase answer a card they cannot use (pay-an-order has statuses of its own). */
export type CardAnswer =
  | { kind: "card"; fieldErrors: Record<string, string>; message: string }
  | Extract<CardRefusal, { kind: "card-limit" }>;

export function cardAnswer(refusal: CardRefusal): CardAnswer {
  return refusal.kind === "card"
    ? { kind: "card", fieldErrors: { [refusal.field]: refusal.message }, message: refusal.message }
    : refusal;
}

/** A payment above zero with no card chosen. */
export const CHOOSE_A_CARD: CardAnswer = {
  kind: "card",
  fieldErrors: { paymentMethod: "Choose a saved card or use a new card" },
  message: "Choose a saved card or use a new card",
};

/* ------------------------------------------------------------------ the steps */

type ClaimAnswer<C, R> =
  | { kind: "claimed"; claimed: Claimed<C> }
  | { kind: "refused"; refusal: R }
  | { kind: "pressed-before" };

/** Step 1: runs the flow's claim in one transaction. */
export async function claimStep<C, R>(
  claim: (trx: Transaction<DB>) => Promise<Claimed<C> | Refused<R>>,
  db: Kysely<DB> = appDb,
): Promise<ClaimAnswer<C, R>> {
  try {
    const claimed = await db.transaction().execute(claim);
    return "refused" in claimed
      ? { kind: "refused", refusal: claimed.refused }
      : { kind: "claimed", claimed };
  } catch (error) {
    if (error instanceof ClaimRefused) return { kind: "refused", refusal: error.refusal as R };
    if (error instanceof PressedBefore || isUniqueViolation(error))
      return { kind: "pressed-before" };
    throw error;
  }
}

type ChargeUndo = Pick<ShopperFlow<unknown, unknown, unknown>, "name" | "log" | "unavailable">;

/**
 * Step 2. For a shopper (`undo` given) an unreachable gateway is a decline and a timeout answers
 * "awaiting-gateway"; for a renewal every error is thrown on and the payment stays pending, resumed later.
 */
export async function chargeStep(key: string, request: ChargeRequest): Promise<ChargeResult>;
export async function chargeStep(
  key: string,
  request: ChargeRequest,
  undo: ChargeUndo,
): Promise<ChargeResult | "awaiting-gateway">;
export async function chargeStep(
  key: string,
  request: ChargeRequest,
  undo?: ChargeUndo,
): Promise<ChargeResult | "awaiting-gateway"> {
  const { card, amountCents, description } = request;
  if (amountCents > 0 && !card)
    return { status: "declined", code: "card_declined", message: NO_SAVED_CARD };
  try {
    return await chargeCard(key, amountCents > 0 ? card : null, amountCents, description);
  } catch (error) {
    if (!undo) throw error;
    if (error instanceof GatewayTimeoutError) return "awaiting-gateway";
    logFailure(undo, "charge_failed", error);
    return {
      status: "declined",
      code: "card_declined",
      message: undo.unavailable ?? PAYMENT_UNAVAILABLE,
    };
  }
}

/** Who may settle: by default the call that moves the payment row from pending (decision 037). */
export type SettleGuard = (trx: Transaction<DB>, result: ChargeResult) => Promise<boolean>;

const ownsPayment =
  (key: string): SettleGuard =>
  (trx, result) =>
    settlePayment(trx, key, result);

type SettleAnswer<C, P> = Extract<
  ChargeOutcome<C, never, P>,
  { kind: "paid" | "declined" | "settled-elsewhere" }
>;

/** Step 3, in one transaction; "settled-elsewhere" when `own` finds the payment is no longer this call's. */
export async function settleStep<C, P>(
  settlement: Settlement<C, P>,
  claim: C,
  result: ChargeResult,
  own: SettleGuard,
  db: Kysely<DB> = appDb,
): Promise<SettleAnswer<C, P>> {
  if (result.status === "declined") {
    const owned = await db.transaction().execute(async (trx) => {
      if (!(await own(trx, result))) return false;
      await settlement.release(trx, claim, result);
      return true;
    });
    return owned
      ? { kind: "declined", claim, message: result.message }
      : { kind: "settled-elsewhere" };
  }
  try {
    const recorded = await db.transaction().execute(async (trx) => {
      if (!(await own(trx, result))) throw new PaymentLost();
      return settlement.record(trx, claim, result);
    });
    return { kind: "paid", claim, recorded };
  } catch (error) {
    if (error instanceof PaymentLost) return { kind: "settled-elsewhere" };
    throw error;
  }
}

/* ------------------------------------------------------------ a shopper's run */

/** Claim, charge and settle a shopper's payment; every failure between them is undone the same way. */
export async function runShopperFlow<C, R, P>(
  flow: ShopperFlow<C, R, P>,
): Promise<ChargeOutcome<C, R, P>> {
  const claimed = await claimStep<C, R>(flow.claim);
  if (claimed.kind !== "claimed") return claimed;
  const { claim, charge } = claimed.claimed;
  const result = await chargeStep(flow.key, charge, flow);
  if (result === "awaiting-gateway") return { kind: "awaiting-gateway" };
  let settled;
  try {
    settled = await settleStep(flow, claim, result, ownsPayment(flow.key));
  } catch (error) {
    if (result.status !== "succeeded") throw error;
    return refundUnrecorded(flow, claim, charge, result, error);
  }
  if (settled.kind === "settled-elsewhere") await lostToRecovery(flow.key, result);
  return settled;
}

/** Charged but not recorded: the money goes back at once and so does what the claim took; the key keeps the refusal. */
async function refundUnrecorded<C, R, P>(
  flow: ShopperFlow<C, R, P>,
  claim: C,
  charge: ChargeRequest,
  result: Succeeded,
  error: unknown,
): Promise<ChargeOutcome<C, R, P>> {
  logFailure(flow, "record_failed", error);
  if (result.chargeId)
    await paymentGateway().refund(result.chargeId, charge.amountCents, `refund:${flow.key}`);
  const message = flow.notRecorded ?? NOT_RECORDED;
  await settleStep(
    flow,
    claim,
    { status: "declined", code: "card_declined", message },
    ownsPayment(flow.key),
  );
  return { kind: "refunded", message };
}

/** What box checkout and the gift purchase answer besides their own refusals (pay-an-order has statuses of its own). */
export type OrderAnswer =
  | { kind: "placed"; reference: string }
  | { kind: "declined"; message: string }
  | { kind: "error"; message: string; newKey?: boolean };

/** An order's answer to the outcome of a flow that records an order's reference; `anotherTab`: its payment is still under way. */
export async function orderAnswer<C, R>(
  key: string,
  outcome: ChargeOutcome<C, R, string>,
  anotherTab: string,
): Promise<OrderAnswer | R> {
  switch (outcome.kind) {
    case "paid":
      return { kind: "placed", reference: outcome.recorded };
    case "declined":
      return { kind: "declined", message: outcome.message };
    case "refused":
      return outcome.refusal;
    case "awaiting-gateway":
      return { kind: "error", message: PAYMENT_PENDING };
    case "refunded":
      // the key is finished (its charge refunded): the next try needs a new one
      return { kind: "error", message: outcome.message, newKey: true };
    case "pressed-before":
    case "settled-elsewhere":
      return (await earlierOrder(key, anotherTab)) ?? { kind: "error", message: anotherTab };
  }
}

/** How the order paid with a key used before ended; null for a key never used. */
export async function earlierOrder(key: string, anotherTab: string): Promise<OrderAnswer | null> {
  const press = await earlierPress(key);
  if (press.kind === "none") return null;
  if (press.kind === "declined") return { kind: "declined", message: press.message };
  const order =
    press.kind === "paid" && press.payment.orderId
      ? await appDb
          .selectFrom("orders")
          .select("reference")
          .where("id", "=", press.payment.orderId)
          .executeTakeFirst()
      : null;
  return order
    ? { kind: "placed", reference: order.reference }
    : { kind: "error", message: anotherTab };
}

function logFailure(
  flow: Pick<ShopperFlow<unknown, unknown, unknown>, "name" | "log">,
  what: string,
  error: unknown,
) {
  log().error(
    { type: `${flow.name}.${what}`, ...flow.log },
    redactLogText((error as Error).message),
  );
}

/**
 * A submit whose charge succeeded after recovery had taken its payment (the gateway call outlived
 * the lease): recovery gave back the stock, the credit and the claim, so the charge is refunded
 * (with recovery's own refund key, so one charge is refunded once whoever gets there first) and
 * the row says so.
 */
async function lostToRecovery(key: string, charge: ChargeResult): Promise<void> {
  if (charge.status !== "succeeded" || !charge.chargeId) return;
  await paymentGateway().refund(charge.chargeId, charge.amountCents, `refund:${key}`);
  await waitForPayment(key);
  await appDb
    .updateTable("payments")
    .set({ failureMessage: INTERRUPTED_REFUNDED, gatewayChargeId: charge.chargeId })
    .where("idempotencyKey", "=", key)
    .where("status", "=", "declined")
    .execute();
}

/* ---------------------------------------------------------- an earlier press */

const findPayment = (key: string) =>
  appDb
    .selectFrom("payments")
    .select(["status", "orderId", "amountCents", "failureMessage", "cardBrand", "cardLastFour"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/** Still being charged, or being recovered. */
const inProgress = (status: PaymentRow["status"]) =>
  status === "pending" || status === "recovering";

/** Waits for a payment under way to leave pending (or for the time to run out), then answers its row. */
async function waitForPayment(
  key: string,
  { timeoutMs = env.TEST_PRESS_WAIT_MS ?? PAYMENTS.pressWaitMs, intervalMs = 150 } = {},
): Promise<PaymentRow | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await findPayment(key);
    if (!row || !inProgress(row.status) || Date.now() > until) return row;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** What became of the payment made with a key, as a press of that key is answered. */
export type EarlierPress =
  | { kind: "none" }
  /** the key is another payment's (pay-an-order: another order's) */
  | { kind: "other-payment" }
  /** still pending after the wait: "still being placed", and the form keeps its key */
  | { kind: "in-progress" }
  | { kind: "declined"; message: string }
  | { kind: "paid"; payment: PaymentRow };

/**
 * A press of a key used before (double click, resent form, retry after a timeout, a settle that lost
 * to recovery) waits for that payment to finish and answers with its outcome.
 */
export async function earlierPress(
  key: string,
  belongs: (row: PaymentRow) => boolean = () => true,
): Promise<EarlierPress> {
  const existing = await findPayment(key);
  if (!existing) return { kind: "none" };
  if (!belongs(existing)) return { kind: "other-payment" };
  const row = inProgress(existing.status) ? await waitForPayment(key) : existing;
  if (!row || inProgress(row.status)) return { kind: "in-progress" };
  if (row.status === "succeeded") return { kind: "paid", payment: row };
  return { kind: "declined", message: row.failureMessage ?? "Your card was declined." };
}
