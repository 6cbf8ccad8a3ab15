// Whether an account has anything of its own to protect (issue 33 item 8,
// decision 039). Typing its e-mail must never open such an account: the shopper
// first proves the e-mail (a code sent to it) or signs in. An account without
// history is only a name for an e-mail someone typed, and SPEC §6 applies to it
// (an identified user without a password chooses one at checkout).
import { sql, type Kysely } from "kysely";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";

/**
 * Orders (box or gift card), saved cards, addresses, credit, or a subscription
 * that was ever placed (a draft is not history). A declined payment attempt is
 * not history either: it must not lock the shopper who made it out of a retry.
 * One fixed-shape query, compiled once: the box checkout asks it on every view.
 */
const historyOf = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("users")
      .select((eb) =>
        eb
          .or([
            eb.exists(
              eb
                .selectFrom("orders")
                .select(sql.lit(1).as("x"))
                .where("orders.userId", "=", userId),
            ),
            eb.exists(
              eb
                .selectFrom("paymentMethods")
                .select(sql.lit(1).as("x"))
                .where("paymentMethods.userId", "=", userId),
            ),
            eb.exists(
              eb
                .selectFrom("addresses")
                .select(sql.lit(1).as("x"))
                .where("addresses.userId", "=", userId),
            ),
            eb.exists(
              eb
                .selectFrom("creditLedger")
                .select(sql.lit(1).as("x"))
                .where("creditLedger.userId", "=", userId),
            ),
            eb.exists(
              eb
                .selectFrom("subscriptions")
                .select(sql.lit(1).as("x"))
                .where("subscriptions.userId", "=", userId)
                .where("subscriptions.status", "!=", "draft"),
            ),
            eb.exists(
              eb
                .selectFrom("giftCards")
                .select(sql.lit(1).as("x"))
                .where((w) =>
                  w.or([
                    w("giftCards.purchaserUserId", "=", userId),
                    w("giftCards.claimedByUserId", "=", userId),
                  ]),
                ),
            ),
          ])
          .as("history"),
      )
      .where("users.id", "=", userId),
);

export async function accountHasHistory(
  userId: number,
  executor: Kysely<DB> = db,
): Promise<boolean> {
  const [row] = await historyOf.on(executor)(userId);
  return Boolean(row && Number(row.history));
}
