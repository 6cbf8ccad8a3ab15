// Support's money limits (issue 46 item 6, decision 071): each member of support moves at most $200 a
// press and $500 a Sydney day in all, across every route that moves money: refunds of an order (to the
// card or as credit), credit added on a customer's page, and gift cards cancelled with a refund. More
// needs the owner. What was moved is read from the rows those routes write: refunds not failed (both
// kinds, by refunds.staff_user_id) and credit added by staff (credit_ledger.staff_user_id, positive).
//
// The check runs inside the move's own transaction, before it writes, after a write on the member's
// own users row: their moves are serialised (a row lock on PostgreSQL, SQLite's write lock), so two
// presses at once cannot both fit in what was left of the day.
import type { Kysely } from "kysely";
import { DAY_MONEY_LIMIT_CENTS, REFUND_LIMIT_CENTS } from "~/staff/permissions";
import type { DB, StaffRole } from "~/db/schema";
import { lockUser } from "~/orders/credit.server";
import { formatAud } from "~/utils/money";
import { sydneyDayRange, sydneyToday } from "~/utils/sydney-time.server";

export const MONEY_LIMIT_MESSAGES = {
  press: (limitCents: number) =>
    `Support may move up to ${formatAud(limitCents)} at a time (a refund, credit added or a gift card refunded). Nothing was changed: ask the owner to do this.`,
  day: (limitCents: number, leftCents: number) =>
    `Support may move up to ${formatAud(limitCents)} a day in all (refunds, credit added and gift cards refunded), and you have ${formatAud(leftCents)} left today. Nothing was changed: ask the owner to do this.`,
} as const;

/** The instants a Sydney day starts and the next one starts, as stored timestamps compare. */
function sydneyDayWindow(at: Date): { from: string; to: string } {
  const [from, to] = sydneyDayRange(sydneyToday(at));
  return { from, to };
}

/** What `staffUserId` moved on the Sydney day of `at`, in cents. */
export async function movedOnDay(
  executor: Kysely<DB>,
  staffUserId: number,
  at: Date,
): Promise<number> {
  const { from, to } = sydneyDayWindow(at);
  const [refunds, credit] = await Promise.all([
    executor
      .selectFrom("refunds")
      .select((eb) => eb.fn.sum<number>("amountCents").as("sum"))
      .where("staffUserId", "=", staffUserId)
      .where("status", "!=", "failed")
      .where("createdAt", ">=", from)
      .where("createdAt", "<", to)
      .executeTakeFirst(),
    executor
      .selectFrom("creditLedger")
      .select((eb) => eb.fn.sum<number>("amountCents").as("sum"))
      .where("staffUserId", "=", staffUserId)
      .where("amountCents", ">", 0)
      .where("createdAt", ">=", from)
      .where("createdAt", "<", to)
      .executeTakeFirst(),
  ]);
  return Number(refunds?.sum ?? 0) + Number(credit?.sum ?? 0);
}

/**
 * Inside the move's transaction, before it writes: null when `staff` may move `amountCents` now,
 * else the message the page shows (and nothing is to change).
 */
export async function staffMoneyRefusal(
  trx: Kysely<DB>,
  staff: { id: number; role: StaffRole },
  amountCents: number,
  at: Date,
): Promise<string | null> {
  const press = REFUND_LIMIT_CENTS[staff.role];
  if (amountCents > press) return MONEY_LIMIT_MESSAGES.press(press);
  const day = DAY_MONEY_LIMIT_CENTS[staff.role];
  if (!Number.isFinite(day)) return null;
  await lockUser(trx, staff.id);
  const moved = await movedOnDay(trx, staff.id, at);
  if (moved + amountCents > day) return MONEY_LIMIT_MESSAGES.day(day, Math.max(0, day - moved));
  return null;
}
