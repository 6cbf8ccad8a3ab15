// Gift-card codes under the session secret: the database keeps only their
// keyed hash, last four and, until the card's e-mail, a sealed copy
// (./stored-code.server.ts, decision 045).
import { sessionSecret } from "~/security/secrets.server";
import {
  giftCodeHash,
  newGiftCardCode,
  openGiftCode,
  storedGiftCode,
  type StoredCode,
} from "./stored-code.server";

/** What a new card stores of a fresh code; the code itself is kept nowhere. */
export const newStoredCode = (): StoredCode => storedGiftCode(sessionSecret, newGiftCardCode());

/** The look-up key of a typed code (any case, spaces and dashes). */
export const hashGiftCode = (code: string) => giftCodeHash(sessionSecret, code);

/** The code of a card whose e-mail is still to be written. */
export const openSealedCode = (card: { codeSealed: string; codeHash: string }) =>
  openGiftCode(sessionSecret, card.codeSealed, card.codeHash);
