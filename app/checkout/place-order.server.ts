// Box checkout: validate, price, tokenise, then place the order exactly once, in the shape every
// payment has (app/payments/charge-flow.server.ts):
//   claim   the draft is claimed for this submit's idempotency key (conditional update), stock is
//           reserved (conditional updates), credit is spent and a pending payment row is written;
//   charge  the card, with the same key;
//   settle  declined: everything the claim took is given back, the draft stays; succeeded: the
//           order, invoice, lines, the active subscription, the account, the card and the
//           confirmation e-mail, and a new customer's session.
// A duplicate of the same submit waits for the first and answers with its outcome;
// another tab (another key) finds the draft claimed or checked out. The checks before the claim are
// ./order-checks.server.ts; the settle's writes are ./write-order.server.ts.
import type { Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB, Subscription, User } from "~/db/schema";
import {
  checkoutSessionId,
  sessionCookieFor,
  sessionExists,
  type SessionRecord,
} from "~/accounts/session.server";
import { salmonBarred } from "~/box/tasmania";
import { addLedgerEntry, creditBalance, lockUser } from "~/orders/credit.server";
import { applyCredit } from "~/orders/credit";
import {
  CHOOSE_A_CARD,
  earlierOrder,
  orderAnswer,
  pressedBefore,
  refuse,
  runShopperFlow,
  type CardAnswer,
  type OrderAnswer,
  type ShopperFlow,
} from "~/payments/charge-flow.server";
import { claimPayment } from "~/payments/payments.server";
import {
  claimDiscountUse,
  claimFirstOrder,
  releaseDiscountUse,
} from "~/discounts/discount-use.server";
import { creditChangedUnderClaim, type TotalChanged } from "~/pricing/expected-total.server";
import type { Quote } from "~/pricing/quote.server";
import { check, codeRefusedAtClaim, type Checked } from "./order-checks.server";
import {
  prepareOrder,
  writeOrder,
  type BoxClaim,
  type OrderInput,
  type PreparedOrder,
} from "./write-order.server";
import { ACCOUNT_DISABLED } from "./account-step.server";

export { ACCOUNT_DISABLED };

export const OUT_OF_STOCK =
  "Some selections just went out of stock, please make a different selection.";
export const ANOTHER_TAB =
  "Your order is already being placed in another window. Please wait a moment, then check My deliveries.";
export const ADDRESS_DOUBT = "We had trouble verifying your address. Continue if it's correct.";

export type CheckoutOutcome =
  | { kind: "placed"; reference: string; setCookie: string | null }
  | { kind: "fields"; fieldErrors: Record<string, string> }
  | { kind: "address-doubt"; signature: string }
  | { kind: "overnight" }
  | { kind: "out-of-stock"; items: string[] }
  | { kind: "declined"; message: string }
  /** a card the limits (decision 042) or the gateway refused before anything was charged */
  | CardAnswer
  /** `newKey`: the submit's key is finished (its charge was refunded); the next try needs a new one */
  | { kind: "error"; message: string; newKey?: boolean }
  | { kind: "already-ordered" }
  /** the total differs from the one the page showed: nothing charged (decision 036) */
  | (TotalChanged & { fieldErrors?: Record<string, string> });

export type CheckoutActor = {
  session: SessionRecord;
  /** the signed-in user, or null for an identified visitor */
  user: User | null;
  draft: Subscription;
  /** the client's address (getClientIp): a new card counts against its limits */
  clientIp: string;
};

const nowIso = () => new Date().toISOString();

/**
 * The outcome of a submit whose key was used before (a double click, a resent
 * form, a retry after a timeout), or null for a new key. Runs before the
 * flow's guards: after the first submit the draft is checked out, and a
 * duplicate must still get the first one's answer.
 */
export async function repeatedSubmit(
  actor: Pick<CheckoutActor, "session" | "user">,
  idempotencyKey: string,
): Promise<CheckoutOutcome | null> {
  if (!/^[A-Za-z0-9-]{16,100}$/.test(idempotencyKey)) return null;
  return outcomeOfKey(actor, `checkout:${idempotencyKey}`);
}

async function outcomeOfKey(
  actor: Pick<CheckoutActor, "session" | "user">,
  key: string,
): Promise<CheckoutOutcome | null> {
  const earlier = await earlierOrder(key, ANOTHER_TAB);
  return earlier && withSession(actor, key, earlier);
}

/** A placed order's answer carries a new customer's session (started with the order), for this submit and any repeat of it. */
async function withSession(
  actor: Pick<CheckoutActor, "session" | "user">,
  key: string,
  answer: OrderAnswer | CheckoutOutcome,
): Promise<CheckoutOutcome> {
  if (answer.kind !== "placed") return answer;
  const id = actor.user ? null : checkoutSessionId(actor.session.id, key);
  return {
    ...answer,
    setCookie: id && (await sessionExists(id)) ? await sessionCookieFor(id) : null,
  };
}

/** Reserves (-1) or gives back (+1) the quote's stock; a reservation that finds too little refuses the claim. */
async function changeStock(trx: Transaction<DB>, stock: Quote["stock"], direction: -1 | 1) {
  for (const s of stock) {
    let q = trx
      .updateTable("products")
      .set((eb) => ({ inventory: eb("inventory", direction < 0 ? "-" : "+", s.quantity) }))
      .where("id", "=", s.productId)
      .where("inventory", "is not", null);
    if (direction < 0) q = q.where("inventory", ">=", s.quantity);
    const res = await q.executeTakeFirst();
    if (direction < 0 && Number(res.numUpdatedRows) === 0) {
      const p = await trx
        .selectFrom("products")
        .select(["inventory"])
        .where("id", "=", s.productId)
        .executeTakeFirst();
      if (p && p.inventory !== null)
        refuse<CheckoutOutcome>({
          kind: "out-of-stock",
          items: [
            p.inventory <= 0
              ? `${s.name} is out of stock.`
              : `Only ${p.inventory} of ${s.name} left (you chose ${s.quantity}).`,
          ],
        });
    }
  }
}

export async function placeOrder(
  actor: CheckoutActor,
  input: OrderInput,
  origin: string,
): Promise<CheckoutOutcome> {
  const key = `checkout:${input.idempotencyKey}`;
  const repeat = await outcomeOfKey(actor, key);
  if (repeat) return repeat;

  const checked = await check(actor, input);
  if ("kind" in checked) return checked;
  const order = await prepareOrder(actor, input, checked, origin);
  const answer = await orderAnswer(
    key,
    await runShopperFlow(boxCheckout(actor, input, checked, order, key)),
    ANOTHER_TAB,
  );
  if (answer.kind === "fields" && answer.fieldErrors.discountCode)
    return codeRefusedAtClaim(actor, input, checked, answer.fieldErrors.discountCode);
  return withSession(actor, key, answer);
}

/** The flow's own parts of claim, charge and settle (app/payments/charge-flow.server.ts). */
function boxCheckout(
  actor: CheckoutActor,
  input: OrderInput,
  checked: Checked,
  order: PreparedOrder,
  key: string,
): ShopperFlow<BoxClaim, CheckoutOutcome, string> {
  const { quote, customer, card } = checked;
  const boxName = quote.lines.find((l) => l.sellableType === "package")?.name ?? "Box";
  return {
    key,
    name: "checkout",
    log: { subscriptionId: actor.draft.id },
    async claim(trx) {
      await claimDraft(trx, actor.draft.id, key);
      await changeStock(trx, quote.stock, -1);
      // the code's use, claimed against all its terms in this transaction (decisions 056, 070)
      const codeRefused = quote.discount
        ? await claimDiscountUse(trx, {
            code: quote.discount.code,
            userId: customer.id,
            subscriptionId: actor.draft.id,
            key,
            discountedCents: quote.discountedCents,
            postcode: input.shipping.postcode,
            at: new Date(),
          })
        : null;
      if (codeRefused)
        refuse<CheckoutOutcome>({ kind: "fields", fieldErrors: { discountCode: codeRefused } });
      // an account's first order is one checkout's, with or without a code (decision 070)
      await claimFirstOrder(trx, customer.id, key);
      const spent = await spendCredit(trx, customer.id, quote, input.expectedTotalCents, key);
      if (spent.totalCents > 0 && !card) refuse<CheckoutOutcome>(CHOOSE_A_CARD);
      const used = spent.totalCents > 0 ? card : null;
      await claimPayment(trx, {
        key,
        userId: customer.id,
        amountCents: spent.totalCents,
        card: used,
        reserved: {
          stock: quote.stock.map((s) => ({ productId: s.productId, quantity: s.quantity })),
          creditCents: spent.creditCents,
          creditReference: key,
        },
      });
      return {
        claim: spent,
        charge: {
          card: used,
          amountCents: spent.totalCents,
          description: `${boxName}: first delivery`,
        },
      };
    },
    // the draft stays a draft; stock and credit come back
    async release(trx, spent) {
      await trx
        .updateTable("subscriptions")
        .set({ checkoutKey: null, updatedAt: nowIso() })
        .where("id", "=", actor.draft.id)
        .where("checkoutKey", "=", key)
        .execute();
      await changeStock(trx, quote.stock, 1);
      await releaseDiscountUse(trx, key);
      if (spent.creditCents > 0)
        await addLedgerEntry(trx, {
          userId: customer.id,
          amountCents: spent.creditCents,
          reason: "Credit returned: payment not completed",
          reference: key,
        });
    },
    record: (trx, spent) => writeOrder(trx, actor, input, checked, order, { key, ...spent }),
  };
}

/** The draft, for this key. The first statement writes, so concurrent SQLite writers queue instead of failing. */
async function claimDraft(trx: Transaction<DB>, draftId: number, key: string) {
  const claimed = await trx
    .updateTable("subscriptions")
    .set({ checkoutKey: key, updatedAt: nowIso() })
    .where("id", "=", draftId)
    .where("status", "=", "draft")
    .where("checkoutKey", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 1) return;
  const row = await trx
    .selectFrom("subscriptions")
    .select(["status", "checkoutKey"])
    .where("id", "=", draftId)
    .executeTakeFirst();
  if (row?.checkoutKey === key) pressedBefore();
  if (row && row.status !== "draft") refuse<CheckoutOutcome>({ kind: "already-ordered" });
  refuse<CheckoutOutcome>({ kind: "error", message: ANOTHER_TAB });
}

/** The credit the quote uses, read again under the user's lock; credit spent elsewhere since check() refuses the claim. */
async function spendCredit(
  trx: Transaction<DB>,
  userId: number,
  quote: Quote,
  expectedTotalCents: number | null | undefined,
  key: string,
): Promise<BoxClaim> {
  if (quote.creditCents <= 0) return { creditCents: 0, totalCents: quote.totalCents };
  await lockUser(trx, userId);
  const balance = await creditBalance({ userId }, trx);
  const spent = applyCredit(balance, quote.subtotalCents - quote.discountedCents);
  if (expectedTotalCents != null && spent.totalCents !== expectedTotalCents)
    refuse<CheckoutOutcome>(creditChangedUnderClaim(spent.totalCents, expectedTotalCents));
  await addLedgerEntry(trx, {
    userId,
    amountCents: -spent.creditCents,
    reason: "Credit spent at checkout",
    reference: key,
  });
  return spent;
}

/**
 * After an out-of-stock refusal the shopper must be able to choose again: the
 * draft keeps only what stock can still cover (a hidden, sold-out cut could
 * otherwise never be removed from the selection).
 */
export async function trimDraftToStock(subscriptionId: number, postcode: string | null) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscriptions")
      .set({ updatedAt: nowIso() })
      .where("id", "=", subscriptionId)
      .where("status", "=", "draft")
      .execute();
    for (const table of ["subscriptionItems", "subscriptionAddons"] as const) {
      const rows = await trx
        .selectFrom(`${table} as l` as "subscriptionItems as l")
        .innerJoin("products as p", "p.id", "l.productId")
        .select(["l.id", "l.quantity", "p.inventory", "p.active", "p.name"])
        .where("l.subscriptionId", "=", subscriptionId)
        .execute();
      for (const r of rows) {
        const available =
          r.active !== 1 || salmonBarred(postcode, r.name)
            ? 0
            : r.inventory === null
              ? r.quantity
              : Math.max(0, Math.min(r.quantity, r.inventory));
        if (available === 0) await trx.deleteFrom(table).where("id", "=", r.id).execute();
        else if (available < r.quantity)
          await trx
            .updateTable(table)
            .set({ quantity: available })
            .where("id", "=", r.id)
            .execute();
      }
    }
  });
}
