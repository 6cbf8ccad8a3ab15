// The gift-card due-mail job: on its delivery day (Sydney), each card's e-mail
// goes to the outbox exactly once. The claim (`sent_at` set only where it is
// still null) and the outbox row commit together, so a second run, a crash or
// two processes at once can neither skip nor repeat a card. The code is
// opened from its sealed copy to write the e-mail, and the sealed copy is
// dropped in the same transaction: from then on the database keeps only its
// keyed hash (decision 045), and the outbox row until the relay has sent it.
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { preparedOnGiven } from "~/db/prepared.server";
import type { JobKind } from "~/jobs/types";
import { queueEmail } from "~/email/mailer.server";
import { giftCardEmail } from "~/email/templates/gift-card";
import { openSealedCode } from "./codes.server";
import { sydneyDayStart } from "~/utils/sydney-time.server";
import { expiryDay, formatCode, sydneyToday } from "./rules";

// A card cancelled by staff before its day (issue 36) is never mailed.
type DueCard = { id: number; deliverOn: string };

// /healthz asks this on every call: compiled once (docs/performance.md, 2026-11-29)
const firstUnsentDue = preparedOnGiven((q: Kysely<DB>, today: string) =>
  q
    .selectFrom("giftCards")
    .select("deliverOn")
    .where("sentAt", "is", null)
    .where("cancelledAt", "is", null)
    .where("deliverOn", "<=", today)
    .orderBy("deliverOn")
    .limit(1),
);

export const giftCardMailJob: JobKind<DueCard> = {
  name: "gift-card-mail",
  async due({ db, now }, limit) {
    return db
      .selectFrom("giftCards")
      .select(["id", "deliverOn"])
      .where("sentAt", "is", null)
      .where("cancelledAt", "is", null)
      .where("deliverOn", "<=", sydneyToday(now))
      .orderBy("deliverOn")
      .orderBy("id")
      .limit(limit)
      .execute();
  },
  async run({ db, now, origin }, item) {
    return db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("giftCards")
        .set({ sentAt: now.toISOString() })
        .where("id", "=", item.id)
        .where("sentAt", "is", null)
        .where("cancelledAt", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return "skipped" as const;
      const card = await trx
        .selectFrom("giftCards")
        .selectAll()
        .where("id", "=", item.id)
        .executeTakeFirstOrThrow();
      // a card without its sealed code cannot be mailed: the job fails (and is logged) rather than mail no code
      if (!card.codeSealed) throw new Error(`gift card ${card.id} has no sealed code to mail`);
      const code = openSealedCode({
        codeSealed: card.codeSealed,
        codeHash: card.codeHash,
        codeKeyId: card.codeKeyId,
      });
      await trx
        .updateTable("giftCards")
        .set({ codeSealed: null })
        .where("id", "=", card.id)
        .execute();
      await queueEmail(trx, giftCardEmail, card.receiverEmail, {
        receiverName: card.receiverName,
        senderName: card.senderName,
        valueCents: card.valueCents,
        message: card.receiverMessage,
        code,
        expiresOn: card.expiresOn ?? expiryDay(card.createdAt.slice(0, 10)),
        activateUrl: `${origin}/gift-cards/activate/${formatCode(code)}`,
        bonus: card.bonusOfId !== null,
      });
      return "done" as const;
    });
  },
  describe: (item) => ({ giftCardId: item.id, deliverOn: item.deliverOn }),
  async oldestDue({ db, now }) {
    const [row] = await firstUnsentDue(db)(sydneyToday(now));
    // due from the start of its day in Sydney
    return row ? sydneyDayStart(row.deliverOn).toISOString() : null;
  },
};
