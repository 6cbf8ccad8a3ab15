// The current gift-card promotion (SPEC §3 "Gift card settings": bonus percentage).
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import type { BonusSettings } from "./rules";

/** The active promotion, or null when none runs. */
const activeSettings = preparedQuery(
  () => db,
  (q) =>
    q
      .selectFrom("giftCardSettings")
      .select(["bonusPercent", "minimumCents"])
      .where("active", "=", 1)
      .orderBy("id", "desc"),
);

export async function giftCardSettings(executor: Kysely<DB> = db): Promise<BonusSettings | null> {
  const [row] = await activeSettings.on(executor)();
  return row && row.bonusPercent > 0
    ? { bonusPercent: row.bonusPercent, minimumCents: row.minimumCents }
    : null;
}
