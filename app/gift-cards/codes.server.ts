// Gift-card codes under the key ring: the database keeps only their keyed hash, last four, the id
// of their key and, until the card's e-mail, a sealed copy (./stored-code.server.ts, decisions 045
// and 060). New cards use the current secret's keys; look-ups and opening also try the previous
// secret's and the legacy scheme, so a rotation orphans no card.
import { keyRing } from "~/security/secrets.server";
import {
  giftCodeKeysOf,
  newGiftCardCode,
  openStoredCode,
  storedGiftCodeUnder,
  type StoredCode,
} from "./stored-code.server";

const keys = giftCodeKeysOf(keyRing);

/** What a new card stores of a code (a fresh one unless given); the code itself is kept nowhere. */
export const newStoredCode = (
  code = newGiftCardCode(),
  options?: { sealed?: boolean },
): StoredCode => storedGiftCodeUnder(keys[0], code, options);

/** The look-up keys a typed code (any case, spaces and dashes) may be stored under: match with `in`. */
export const giftCodeHashes = (code: string): string[] => keys.map((k) => k.hash(code));

/** The code of a card whose e-mail is still to be written. */
export const openSealedCode = (card: { codeSealed: string; codeHash: string; codeKeyId: string }) =>
  openStoredCode(keys, card);
