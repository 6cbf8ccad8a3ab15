// Gift cards for integration tests in the shape the database keeps them (decision 045): a keyed
// hash, the last four and, until the e-mail, a sealed copy, all under the app's current key (decision 060).
import type { Insertable } from "kysely";
import { db } from "~/db/client.server";
import type { GiftCardsTable } from "~/db/schema";
import { newStoredCode, openSealedCode } from "~/gift-cards/codes.server";
import { newGiftCardCode } from "~/gift-cards/stored-code.server";

/** The code of a card whose e-mail is still to be written, opened as the mail job opens it (what the e-mail will print). */
export function codeOf(card: {
  codeSealed: string | null;
  codeHash: string;
  codeKeyId: string;
}): string {
  if (!card.codeSealed)
    throw new Error("this card's code is no longer kept: its e-mail was written");
  return openSealedCode({ ...card, codeSealed: card.codeSealed });
}

type CardValues = Omit<
  Insertable<GiftCardsTable>,
  "codeHash" | "codeLast4" | "codeSealed" | "codeKeyId"
>;

/** Inserts a card for `code` (a new one by default), sealed while it is unsent; its id and code. */
export async function insertGiftCard(
  values: CardValues,
  code = newGiftCardCode(),
): Promise<{ id: number; code: string }> {
  const stored = newStoredCode(code, { sealed: !values.sentAt });
  const { id } = await db
    .insertInto("giftCards")
    .values({ ...values, ...stored })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, code };
}
