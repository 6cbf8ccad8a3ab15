// Gift-card codes are never stored (decision 045), on SQLite and PostgreSQL: not after a purchase,
// not after the card's e-mail has been written and relayed, and not after migration 020 converted
// the cards of an older database; every look-up by code still finds its card through the hash.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { db } from "~/db/client.server";
import { createDb, migrateToLatest, migrator } from "~/db/connection.server";
import type { DB } from "~/db/schema";
import type { AddressInput } from "~/addresses/address-schema";
import { waitingGiftCardProblem } from "~/checkout/gift-credit.server";
import { mailRelayJob, resumeRelay } from "~/email/relay.server";
import { setMailer, type OutgoingEmail } from "~/email/mailer.server";
import { claimGiftCardCode } from "~/gift-cards/claim.server";
import { giftCardMailJob } from "~/gift-cards/mail-job.server";
import { purchaseGiftCard } from "~/gift-cards/purchase.server";
import { formatCode, sydneyToday } from "~/gift-cards/rules";
import {
  legacyGiftCodeKeyOf,
  newGiftCardCode,
  openStoredCode,
} from "~/gift-cards/stored-code.server";
import { runDueJobs } from "~/jobs/runner.server";
import { keyRing } from "~/security/secrets.server";
import { emptyDatabaseUrl } from "./databases";
import { codeOf } from "./gift-fixtures";
import { testClientIp } from "./client-ip";
import { createUser, TEST_CARD } from "../factories";

const origin = "http://shop.test";
const unique = (p: string) => `${p}.${randomUUID().slice(0, 8)}@example.com`;
const billing: AddressInput = {
  addressType: "house",
  line1: "1 Harbour St",
  line2: undefined,
  company: undefined,
  city: "Sydney",
  state: "NSW",
  postcode: "2000",
  country: "AU",
};
const visa = {
  kind: "new" as const,
  card: { ...TEST_CARD },
};

/** Every row of every table, as text: what a copy of the database would give away. */
async function everything(database: Kysely<DB>): Promise<string> {
  const pg = (process.env.DATABASE_URL_TEST ?? "") !== "";
  const tables = pg
    ? await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
        database,
      )
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
        database,
      );
  const dumps = await Promise.all(
    tables.rows.map(async ({ name }) =>
      JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(database)).rows),
    ),
  );
  return dumps.join("\n");
}

/** Fails with the table text around it when `code` is anywhere, as typed on the card or bare. */
function expectNowhere(text: string, codes: string[]) {
  for (const code of codes) {
    for (const form of [code, formatCode(code), code.toLowerCase()]) {
      const at = text.indexOf(form);
      expect(at, `${form} found: …${text.slice(Math.max(0, at - 80), at + 40)}…`).toBe(-1);
    }
  }
}

const newUserIn = async (database: Kysely<DB>) =>
  (await createUser(database, { email: unique("claimer"), lastName: null })).id;

afterEach(() => {
  setMailer(null);
});

describe("a bought gift card's code", () => {
  it("is in no table after the purchase, is printed in the e-mail, and is gone from the outbox once relayed", async () => {
    const receiver = unique("jordan");
    const sender = unique("alex");
    const outcome = await purchaseGiftCard(
      { user: null, clientIp: testClientIp() },
      {
        amountCents: 20000,
        personalise: {
          sender: { firstName: "Alex", email: sender },
          receiver: { firstName: "Jordan", email: receiver, message: null },
          deliverOn: sydneyToday(),
          bonusReceiver: null,
        },
        checkout: { idempotencyKey: randomUUID(), email: unique("buyer"), billing, card: visa },
      },
      origin,
    );
    if (outcome.kind !== "placed") throw new Error(outcome.kind);
    const order = await db
      .selectFrom("orders")
      .select("id")
      .where("reference", "=", outcome.reference)
      .executeTakeFirstOrThrow();
    const cards = await db
      .selectFrom("giftCards")
      .selectAll()
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute();
    expect(cards).toHaveLength(2); // the card and its bonus card
    const codes = cards.map(codeOf);
    expectNowhere(await everything(db), codes);

    // the e-mail prints the code; the card keeps no sealed copy once it is written
    await runDueJobs({ kinds: [giftCardMailJob], origin, log: false });
    const mails = await db
      .selectFrom("emailOutbox")
      .selectAll()
      .where("template", "=", "gift-card")
      .where("toAddress", "in", [receiver, sender])
      .orderBy("id")
      .execute();
    expect(
      mails.map(
        (m) => m.text.includes(formatCode(codes[0])) || m.text.includes(formatCode(codes[1])),
      ),
    ).toEqual([true, true]);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "You've received a Paddock & Tide bonus gift card",
      "You've received a Paddock & Tide gift card",
    ]);
    expect(
      (
        await db
          .selectFrom("giftCards")
          .select("codeSealed")
          .where("orderId", "=", order.id)
          .execute()
      ).map((c) => c.codeSealed),
    ).toEqual([null, null]);

    // relayed: the outbox keeps a redacted copy, and the code is nowhere in the database
    const sent: OutgoingEmail[] = [];
    setMailer({ send: async (m) => void sent.push(m) });
    resumeRelay();
    await runDueJobs({ kinds: [mailRelayJob], log: false });
    expect(
      sent.filter((m) => m.template === "gift-card" && [receiver, sender].includes(m.to)),
    ).toHaveLength(2);
    expectNowhere(await everything(db), codes);

    // and the code still works, typed any way
    const userId = await newUserIn(db);
    expect(await waitingGiftCardProblem(formatCode(codes[0]).toLowerCase())).toBeNull();
    expect(
      await claimGiftCardCode(db, { userId, code: ` ${formatCode(codes[0]).toLowerCase()} ` }),
    ).toMatchObject({
      ok: true,
      card: { id: cards[0].id, codeLast4: codes[0].slice(-4), valueCents: 20000 },
    });
  });

  it("is unique: a second card with the same code is refused by the database", async () => {
    const [card] = await db.selectFrom("giftCards").select(["codeHash"]).limit(1).execute();
    const now = new Date().toISOString();
    await expect(
      db
        .insertInto("giftCards")
        .values({
          codeHash: card.codeHash,
          codeLast4: "ABCD",
          codeSealed: null,
          codeKeyId: keyRing.current.id,
          valueCents: 1000,
          bonusOfId: null,
          purchaserUserId: null,
          senderName: "A",
          senderEmail: unique("a"),
          receiverName: "B",
          receiverEmail: unique("b"),
          receiverMessage: null,
          deliverOn: sydneyToday(),
          sentAt: now,
          claimedByUserId: null,
          claimedAt: null,
          createdAt: now,
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});

describe("migration 020", () => {
  it("hashes the codes of an older database, keeps their last four, seals the unsent ones, and leaves no code behind", async () => {
    const url = await emptyDatabaseUrl("_old");
    const old = createDb(url);
    const cards = {
      unsent: newGiftCardCode(),
      sent: newGiftCardCode(),
      claimed: newGiftCardCode(),
    };
    try {
      const moved = await migrator(old).migrateTo("018-account-ownership");
      if (moved.error) throw moved.error;
      // the app's secret for this database (a copy of the app's own, so the app's look-ups agree)
      await old
        .insertInto("meta")
        .values({ key: "dev_session_secret", value: keyRing.current.secret })
        .execute();
      const now = new Date().toISOString();
      const today = sydneyToday();
      for (const [kind, code] of Object.entries(cards)) {
        await sql`insert into gift_cards (code, value_cents, sender_name, sender_email, receiver_name, receiver_email, deliver_on, sent_at, claimed_at, created_at, expires_on)
          values (${code}, ${5000}, ${"Alex"}, ${unique("alex")}, ${"Jordan"}, ${unique(kind)}, ${today}, ${kind === "unsent" ? null : now}, ${kind === "claimed" ? now : null}, ${now}, ${"2035-01-01"})`.execute(
          old,
        );
      }
      expect(await everything(old)).toContain(cards.unsent); // the old shape kept it

      await migrateToLatest(old);

      const rows = await old
        .selectFrom("giftCards")
        .select(["id", "codeHash", "codeLast4", "codeSealed", "codeKeyId", "sentAt", "deliverOn"])
        .orderBy("id")
        .execute();
      const codes = Object.values(cards);
      // migration 020 stored them as the app did then; migration 034 names that scheme "legacy" (decision 060)
      const legacy = legacyGiftCodeKeyOf(keyRing.current.secret);
      expect(rows.map((r) => r.codeHash)).toEqual(codes.map((c) => legacy.hash(c)));
      expect(rows.map((r) => r.codeKeyId)).toEqual(codes.map(() => "legacy"));
      expect(rows.map((r) => r.codeLast4)).toEqual(codes.map((c) => c.slice(-4)));
      expect(openStoredCode([legacy], { ...rows[0], codeSealed: rows[0].codeSealed! })).toBe(
        cards.unsent,
      );
      expect(rows.slice(1).map((r) => r.codeSealed)).toEqual([null, null]);
      expectNowhere(await everything(old), codes);

      // every look-up by code goes through the hash
      const userId = await newUserIn(old);
      expect(await waitingGiftCardProblem(cards.sent, new Date(), old)).toBeNull();
      expect(await waitingGiftCardProblem(cards.claimed, new Date(), old)).toMatch(
        /already been activated/,
      );
      expect(await claimGiftCardCode(old, { userId, code: formatCode(cards.sent) })).toMatchObject({
        ok: true,
        card: { id: rows[1].id, codeLast4: cards.sent.slice(-4) },
      });
      expect(await claimGiftCardCode(old, { userId, code: cards.claimed })).toEqual({
        ok: false,
        reason: "claimed",
      });
      // the unsent card's e-mail is written from its sealed copy, with its code
      await runDueJobs({ db: old, kinds: [giftCardMailJob], origin, log: false });
      const mail = await old
        .selectFrom("emailOutbox")
        .select("text")
        .where("template", "=", "gift-card")
        .executeTakeFirstOrThrow();
      expect(mail.text).toContain(`Your code: ${formatCode(cards.unsent)}`);
      expect(mail.text).toContain(`${origin}/gift-cards/activate/${formatCode(cards.unsent)}`);
      expect(
        (
          await old
            .selectFrom("giftCards")
            .select("codeSealed")
            .where("id", "=", rows[0].id)
            .executeTakeFirstOrThrow()
        ).codeSealed,
      ).toBeNull();
    } finally {
      await old.destroy();
    }
    // SQLite: not even the file's free space keeps the overwritten codes (the unsent card's code is in
    // its e-mail's outbox row, waiting to be sent; the two others are in no byte of the file)
    if (url.startsWith("file:")) {
      const file = url.slice("file:".length);
      const bytes = [file, `${file}-wal`]
        .filter((f) => fs.existsSync(f))
        .map((f) => fs.readFileSync(f).toString("latin1"))
        .join("\n");
      expectNowhere(bytes, [cards.sent, cards.claimed]);
    }
  });
});
