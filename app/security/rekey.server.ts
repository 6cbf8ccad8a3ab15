// Finishing a key rotation (decision 060, README "Rotating keys"): everything kept at rest under a
// key other than the current secret's is moved to the current one where the app can do it, and
// what is left is counted, so the operator knows when SESSION_SECRET_PREVIOUS may go.
//   - staff authenticator secrets: opened and sealed again under the current key (always possible
//     while the key they were sealed under is in the ring)
//   - gift cards not yet mailed: their sealed code is opened, hashed and sealed again under the
//     current key, and their key id changed
//   - gift cards mailed but not yet activated: only the code's hash is kept, and a hash cannot be
//     recomputed without the code, so they stay under their key. They are counted (with the latest
//     expiry among them): they can be activated only while that key is live; after it is dropped,
//     support resends them from the back office, with a new code.
// Every write is conditional on the row being as it was read, so it is safe beside a running shop
// (the mail job, a sign-in, an activation) and safe to run twice.
import type { Kysely } from "kysely";
import { openTotpSecret, sealTotpSecret, totpKeyIdOf } from "~/staff/totp-seal.server";
import type { DB } from "~/db/schema";
import {
  giftCodeKeysOf,
  openStoredCode,
  storedGiftCodeUnder,
} from "~/gift-cards/stored-code.server";
import { sydneyToday } from "~/gift-cards/rules";
import { isLiveKeyId, type KeyRing } from "./keys.server";

export type RekeyReport = {
  currentKeyId: string;
  previousKeyId: string | null;
  totpResealed: number;
  giftCardsResealed: number;
  /** rows whose key is not in the ring (or that do not open): lost unless that secret comes back */
  unopenable: { totp: number; giftCards: number };
  /** mailed cards, neither activated, cancelled nor expired, still hashed under another key */
  mailedUnderOtherKeys: { keyId: string; cards: number; latestExpiry: string | null }[];
};

export async function rekey(db: Kysely<DB>, ring: KeyRing, now = new Date()): Promise<RekeyReport> {
  const totp = await resealTotpSecrets(db, ring);
  const giftCards = await resealUnmailedGiftCards(db, ring);
  const mailed = await mailedUnderOtherKeys(db, ring.current.id, now);
  // a legacy card may be under the previous secret or one already gone: only the live ring can tell
  const lostMailed = mailed
    .filter((m) => !isLiveKeyId(ring, m.keyId))
    .reduce((n, m) => n + m.cards, 0);
  return {
    currentKeyId: ring.current.id,
    previousKeyId: ring.previous?.id ?? null,
    totpResealed: totp.resealed,
    giftCardsResealed: giftCards.resealed,
    unopenable: { totp: totp.unopenable, giftCards: giftCards.unopenable + lostMailed },
    mailedUnderOtherKeys: mailed,
  };
}

type Resealed = { resealed: number; unopenable: number };

/** Staff authenticator secrets under another key, opened and sealed again under the current one. */
async function resealTotpSecrets(db: Kysely<DB>, ring: KeyRing): Promise<Resealed> {
  const current = ring.current;
  const done: Resealed = { resealed: 0, unopenable: 0 };
  const staff = await db
    .selectFrom("users")
    .select(["id", "totpSecret"])
    .where("totpSecret", "is not", null)
    .execute();
  for (const row of staff) {
    const stored = row.totpSecret!;
    if (totpKeyIdOf(stored) === current.id) continue;
    let base32: string;
    try {
      base32 = openTotpSecret(ring, stored);
    } catch {
      done.unopenable++;
      continue;
    }
    const res = await db
      .updateTable("users")
      .set({ totpSecret: sealTotpSecret(current, base32) })
      .where("id", "=", row.id)
      .where("totpSecret", "=", stored)
      .executeTakeFirst();
    done.resealed += Number(res.numUpdatedRows);
  }
  return done;
}

/** Gift cards not yet mailed under another key: their code opened, hashed and sealed again. */
async function resealUnmailedGiftCards(db: Kysely<DB>, ring: KeyRing): Promise<Resealed> {
  const done: Resealed = { resealed: 0, unopenable: 0 };
  const keys = giftCodeKeysOf(ring);
  const sealed = await db
    .selectFrom("giftCards")
    .select(["id", "codeHash", "codeSealed", "codeKeyId"])
    .where("codeKeyId", "!=", ring.current.id)
    .where("codeSealed", "is not", null)
    .execute();
  for (const card of sealed) {
    let code: string;
    try {
      code = openStoredCode(keys, { ...card, codeSealed: card.codeSealed! });
    } catch {
      done.unopenable++;
      continue;
    }
    const res = await db
      .updateTable("giftCards")
      .set(storedGiftCodeUnder(keys[0], code))
      .where("id", "=", card.id)
      .where("codeHash", "=", card.codeHash)
      .where("codeSealed", "=", card.codeSealed)
      .executeTakeFirst();
    done.resealed += Number(res.numUpdatedRows);
  }
  return done;
}

/** Mailed cards still usable (not activated, cancelled or expired) under another key, per key. */
async function mailedUnderOtherKeys(
  db: Kysely<DB>,
  currentKeyId: string,
  now: Date,
): Promise<RekeyReport["mailedUnderOtherKeys"]> {
  const mailed = await db
    .selectFrom("giftCards")
    .select((eb) => [
      "codeKeyId",
      eb.fn.countAll<number | string>().as("cards"),
      eb.fn.max("expiresOn").as("latestExpiry"),
    ])
    .where("codeKeyId", "!=", currentKeyId)
    .where("codeSealed", "is", null)
    .where("claimedAt", "is", null)
    .where("cancelledAt", "is", null)
    .where((eb) => eb.or([eb("expiresOn", "is", null), eb("expiresOn", ">=", sydneyToday(now))]))
    .groupBy("codeKeyId")
    .orderBy("codeKeyId")
    .execute();
  return mailed.map((m) => ({
    keyId: m.codeKeyId,
    cards: Number(m.cards),
    latestExpiry: m.latestExpiry ?? null,
  }));
}
