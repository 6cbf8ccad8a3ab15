// Rotating SESSION_SECRET (issue 44 item 5, decision 060), on SQLite and PostgreSQL: the app's
// modules are loaded afresh for each setting of SESSION_SECRET and SESSION_SECRET_PREVIOUS, as a
// restart with the new environment loads them, against the same database.
//   (a) a cookie signed under the old secret is accepted while SESSION_SECRET_PREVIOUS is it, and
//       refused once it is dropped; so is a CSRF token
//   (b) a gift card issued under the old secret can still be activated, and mailed, during the
//       rotation; after keys:reseal and the previous secret dropped, a card not yet mailed still can
//   (c) a staff member's authenticator secret is kept sealed and survives the rotation
import { createCookie } from "@remix-run/node";
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { formatCode, sydneyToday } from "~/gift-cards/rules";
import {
  lastFour,
  legacyGiftCodeHash,
  legacySealGiftCode,
  newGiftCardCode,
} from "~/gift-cards/stored-code.server";
import { createDb, migrateToLatest, migrator } from "~/db/connection.server";
import { emptyDatabaseUrl } from "./databases";
import { codeAt } from "~/admin/totp.server";
import { createStaff, createUser } from "../factories";
import {
  call,
  getRequest,
  ORIGIN,
  postRequest,
  setCookies,
  withCookies,
  type Answer,
  type Client,
} from "./http-helpers";

const A = "rotation-secret-a-0123456789abcdef";
const B = "rotation-secret-b-0123456789abcdef";
const saved = {
  current: process.env.SESSION_SECRET,
  previous: process.env.SESSION_SECRET_PREVIOUS,
};

function setEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** The app's modules as a start with SESSION_SECRET=current (and SESSION_SECRET_PREVIOUS=previous) loads them. */
async function appAt(current: string, previous?: string) {
  setEnv("SESSION_SECRET", current);
  setEnv("SESSION_SECRET_PREVIOUS", previous);
  vi.resetModules();
  return {
    session: await import("~/accounts/session.server"),
    csrf: (await import("~/security/csrf.server")).csrf,
    secrets: await import("~/security/secrets.server"),
    codes: await import("~/gift-cards/codes.server"),
    claim: await import("~/gift-cards/claim.server"),
    mailJob: await import("~/gift-cards/mail-job.server"),
    jobs: await import("~/jobs/runner.server"),
    rekey: await import("~/security/rekey.server"),
    keys: await import("~/security/keys.server"),
    totpSeal: await import("~/staff/totp-seal.server"),
    signIn: await import("~/routes/admin_.sign-in"),
    staffSession: await import("~/staff/staff-session.server"),
  };
}
type App = Awaited<ReturnType<typeof appAt>>;

afterAll(() => {
  setEnv("SESSION_SECRET", saved.current);
  setEnv("SESSION_SECRET_PREVIOUS", saved.previous);
  vi.resetModules();
});

const cookiePair = (setCookie: string) => setCookie.split(";")[0];
const withCookie = (cookie: string) =>
  new Request(`${ORIGIN}/account`, { headers: { Cookie: cookie } });

describe("(a) cookies across a rotation", () => {
  it("a session cookie signed under the old secret is accepted while it is SESSION_SECRET_PREVIOUS, refused once dropped", async () => {
    const user = await createUser(db);
    let app = await appAt(A);
    const cookie = cookiePair(
      await app.session.startUserSession(new Request(`${ORIGIN}/sign-in`), user.id),
    );
    expect((await app.session.getSession(withCookie(cookie)))?.userId).toBe(user.id);

    app = await appAt(B, A);
    expect((await app.session.getSession(withCookie(cookie)))?.userId).toBe(user.id);
    // new cookies are signed under the new secret, and outlive the previous one
    const fresh = cookiePair(
      await app.session.startUserSession(new Request(`${ORIGIN}/sign-in`), user.id),
    );

    app = await appAt(B);
    expect(await app.session.getSession(withCookie(cookie))).toBeNull();
    expect((await app.session.getSession(withCookie(fresh)))?.userId).toBe(user.id);
    // nor does another secret's key open it
    app = await appAt("yet-another-secret-0123456789abcdef", B);
    expect((await app.session.getSession(withCookie(fresh)))?.userId).toBe(user.id);
    app = await appAt("yet-another-secret-0123456789abcdef");
    expect(await app.session.getSession(withCookie(fresh))).toBeNull();
  });

  it("a cookie signed with the raw secret, as before per-purpose keys, still signs in (the upgrade signs nobody out)", async () => {
    const user = await createUser(db);
    const app = await appAt(A);
    const id = (await app.session.getOrCreateSession(new Request(`${ORIGIN}/`))).session.id;
    await db.updateTable("sessions").set({ userId: user.id }).where("id", "=", id).execute();
    const before = await createCookie("__session", { secrets: [A] }).serialize(id);
    expect((await app.session.getSession(withCookie(cookiePair(before))))?.userId).toBe(user.id);
  });

  it("a CSRF token issued under the old secret passes while it is SESSION_SECRET_PREVIOUS, and not once dropped", async () => {
    let app = await appAt(A);
    const [token, setCookie] = await app.csrf.commitToken(new Request(`${ORIGIN}/`));
    const cookie = cookiePair(setCookie!);
    const post = () => {
      const form = new FormData();
      form.set("csrf", token);
      return [form, new Headers({ Cookie: cookie })] as const;
    };
    app = await appAt(B, A);
    await expect(app.csrf.validate(...post())).resolves.toBeUndefined();
    app = await appAt(B);
    await expect(app.csrf.validate(...post())).rejects.toThrow(/CSRF/);
  });
});

const unique = (p: string) => `${p}.${randomUUID().slice(0, 8)}@example.com`;

async function insertCard(app: App, code: string, mailed: boolean) {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("giftCards")
    .values({
      ...app.codes.newStoredCode(code, { sealed: !mailed }),
      valueCents: 5000,
      bonusOfId: null,
      purchaserUserId: null,
      senderName: "Alex",
      senderEmail: unique("alex"),
      receiverName: "Jordan",
      receiverEmail: unique("jordan"),
      receiverMessage: null,
      deliverOn: sydneyToday(),
      sentAt: mailed ? now : null,
      claimedByUserId: null,
      claimedAt: null,
      createdAt: now,
      expiresOn: "2035-01-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

describe("(b) gift cards across a rotation", () => {
  it("a card issued under secret A is activated and mailed under SESSION_SECRET=B, SESSION_SECRET_PREVIOUS=A; after keys:reseal a card not yet mailed outlives A", async () => {
    let app = await appAt(A);
    const codes = {
      mailed: newGiftCardCode(),
      mailedKept: newGiftCardCode(),
      unsent: newGiftCardCode(),
      unsentLater: newGiftCardCode(),
    };
    const ids = {
      mailed: await insertCard(app, codes.mailed, true),
      mailedKept: await insertCard(app, codes.mailedKept, true),
      unsent: await insertCard(app, codes.unsent, false),
      unsentLater: await insertCard(app, codes.unsentLater, false),
    };
    const keyA = app.keys.keyIdOf(A);
    const stored = await db
      .selectFrom("giftCards")
      .select("codeKeyId")
      .where("id", "=", ids.mailed)
      .executeTakeFirstOrThrow();
    expect(stored.codeKeyId).toBe(keyA);
    const userId = (await createUser(db)).id;

    // the rotation: B signs and seals, A still finds and opens
    app = await appAt(B, A);
    expect(
      await app.claim.claimGiftCardCode(db, { userId, code: formatCode(codes.mailed) }),
    ).toMatchObject({ ok: true, card: { id: ids.mailed } });
    // the unsent card's e-mail is written from its sealed copy, under A
    await db
      .updateTable("giftCards")
      .set({ deliverOn: "2035-01-01" })
      .where("id", "=", ids.unsentLater)
      .execute();
    await app.jobs.runDueJobs({
      db,
      kinds: [app.mailJob.giftCardMailJob],
      origin: ORIGIN,
      log: false,
    });
    const mail = await db
      .selectFrom("emailOutbox")
      .select("text")
      .where("template", "=", "gift-card")
      .where("text", "like", `%${formatCode(codes.unsent)}%`)
      .executeTakeFirst();
    expect(mail, "the unsent card's e-mail prints its code").toBeDefined();

    // finishing: the re-seal moves what it can to B and counts what still needs A
    const report = await app.rekey.rekey(db, app.secrets.keyRing);
    expect(report.currentKeyId).toBe(app.keys.keyIdOf(B));
    expect(report.giftCardsResealed).toBeGreaterThanOrEqual(1);
    const later = await db
      .selectFrom("giftCards")
      .select(["codeKeyId", "codeSealed"])
      .where("id", "=", ids.unsentLater)
      .executeTakeFirstOrThrow();
    expect(later.codeKeyId).toBe(app.keys.keyIdOf(B));
    // the two cards mailed under A and not activated (mailedKept, and unsent mailed just now)
    expect(report.mailedUnderOtherKeys).toContainEqual({
      keyId: keyA,
      cards: 2,
      latestExpiry: "2035-01-01",
    });
    // a second run has nothing more to move
    expect((await app.rekey.rekey(db, app.secrets.keyRing)).giftCardsResealed).toBe(0);

    // A dropped: the resealed card is mailed and activated under B alone
    app = await appAt(B);
    await db
      .updateTable("giftCards")
      .set({ deliverOn: sydneyToday() })
      .where("id", "=", ids.unsentLater)
      .execute();
    await app.jobs.runDueJobs({
      db,
      kinds: [app.mailJob.giftCardMailJob],
      origin: ORIGIN,
      log: false,
    });
    const laterMail = await db
      .selectFrom("emailOutbox")
      .select("text")
      .where("template", "=", "gift-card")
      .where("text", "like", `%${formatCode(codes.unsentLater)}%`)
      .executeTakeFirst();
    expect(laterMail, "the resealed card's e-mail prints its code").toBeDefined();
    expect(
      await app.claim.claimGiftCardCode(db, { userId, code: codes.unsentLater }),
    ).toMatchObject({ ok: true, card: { id: ids.unsentLater } });
    // what the report said: a card mailed under A and never activated is not found without A
    expect(await app.claim.claimGiftCardCode(db, { userId, code: codes.mailedKept })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });
});

describe("(c) staff authenticator secrets across a rotation", () => {
  /** Both steps of the staff sign-in; `code` gets the secret being enrolled, if any. */
  async function signInStaff(
    app: App,
    staff: { id: number; email: string },
    code: (enrolling: string | null) => string,
  ) {
    const [token, setCookie] = await app.csrf.commitToken(new Request(`${ORIGIN}/`));
    let client: Client = { cookie: cookiePair(setCookie!), token, userId: null, email: null };
    const after = (answer: Answer) => {
      const pairs = setCookies(answer);
      const names = new Set(pairs.map((p) => p.split("=")[0]));
      const kept = client.cookie
        .split("; ")
        .filter((p) => !names.has(p.split("=")[0]))
        .join("; ");
      client = withCookies({ ...client, cookie: kept }, ...pairs);
    };
    const password = await call(
      app.signIn.action,
      postRequest("/admin/sign-in", client, {
        intent: "password",
        email: staff.email,
        password: "Staff-Horse-42",
      }),
    );
    expect([password.status, password.location]).toEqual([302, "/admin/sign-in"]);
    after(password);
    const pending = await db
      .selectFrom("staffSessions")
      .select("enrolSecret")
      .where("userId", "=", staff.id)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    const done = await call(
      app.signIn.action,
      postRequest("/admin/sign-in", client, { intent: "code", code: code(pending.enrolSecret) }),
    );
    // an enrolment goes on to its recovery codes (decision 064); a sign-in to the role's first page
    expect([done.status, done.location], JSON.stringify(done.body)).toEqual([
      302,
      pending.enrolSecret ? "/admin/recovery-codes" : "/admin/orders",
    ]);
    after(done);
    return app.staffSession.getStaff(getRequest("/admin", client), {});
  }

  it("an enrolled secret is kept sealed under the current key, signs in during the rotation, and after keys:reseal without the previous secret", async () => {
    const staff = await createStaff(db, { role: "support", totpSecret: null });
    let app = await appAt(A);
    // enrolment: the pending session holds the new secret until its first code is right
    let base32 = "";
    const enrolled = await signInStaff(app, staff, (enrolling) => {
      base32 = enrolling!;
      return codeAt(base32);
    });
    expect(enrolled?.id).toBe(staff.id);

    const storedOf = async () =>
      (
        await db
          .selectFrom("users")
          .select(["totpSecret"])
          .where("id", "=", staff.id)
          .executeTakeFirstOrThrow()
      ).totpSecret!;
    const underA = await storedOf();
    // a copy of the database is not a copy of the second factor
    expect(underA).not.toContain(base32);
    expect(app.totpSeal.totpKeyIdOf(underA)).toBe(app.keys.keyIdOf(A));

    const nextCode = async () => {
      // each code is accepted once: the next sign-in in the same 30 seconds needs the step freed
      await db
        .updateTable("users")
        .set({ totpLastStep: null })
        .where("id", "=", staff.id)
        .execute();
      return codeAt(base32);
    };

    app = await appAt(B, A);
    const code = await nextCode();
    expect((await signInStaff(app, staff, () => code))?.id).toBe(staff.id);
    const report = await app.rekey.rekey(db, app.secrets.keyRing);
    expect(report.totpResealed).toBeGreaterThanOrEqual(1);
    const underB = await storedOf();
    expect(app.totpSeal.totpKeyIdOf(underB)).toBe(app.keys.keyIdOf(B));
    expect(underB).not.toContain(base32);

    app = await appAt(B);
    const again = await nextCode();
    expect((await signInStaff(app, staff, () => again))?.id).toBe(staff.id);
  });
});

describe("migration 034", () => {
  it("names existing cards legacy and seals plain authenticator secrets; both keep working through a rotation", async () => {
    const url = await emptyDatabaseUrl("_old034");
    const old = createDb(url);
    try {
      const moved = await migrator(old).migrateTo("032-revenue-by-week");
      if (moved.error) throw moved.error;
      // the secret the shop ran with before the upgrade
      await old.insertInto("meta").values({ key: "dev_session_secret", value: A }).execute();
      const codes = { mailed: newGiftCardCode(), unsent: newGiftCardCode() };
      const now = new Date().toISOString();
      for (const [kind, code] of Object.entries(codes)) {
        const hash = legacyGiftCodeHash(A, code);
        const sealed = kind === "unsent" ? legacySealGiftCode(A, code, hash) : null;
        await sql`insert into gift_cards (code_hash, code_last4, code_sealed, value_cents, sender_name, sender_email, receiver_name, receiver_email, deliver_on, sent_at, created_at, expires_on)
          values (${hash}, ${lastFour(code)}, ${sealed}, ${5000}, ${"Alex"}, ${unique("alex")}, ${"Jordan"}, ${unique(kind)}, ${sydneyToday()}, ${kind === "mailed" ? now : null}, ${now}, ${"2035-01-01"})`.execute(
          old,
        );
      }
      const staff = await createStaff(old, { role: "owner" });
      const plain = staff.totpSecret!;
      // the customer who claims a card later, made now: PostgreSQL's named statements keep a row's
      // shape per connection (decision 021), and the upgrade adds columns to users
      const userId = (await createUser(old)).id;

      // the upgrade starts with the secret the shop ran with (the migration reads the environment)
      setEnv("SESSION_SECRET", A);
      setEnv("SESSION_SECRET_PREVIOUS", undefined);
      await migrateToLatest(old);

      const cards = await old
        .selectFrom("giftCards")
        .select(["id", "codeHash", "codeSealed", "codeKeyId"])
        .orderBy("id")
        .execute();
      expect(cards.map((c) => c.codeKeyId)).toEqual(["legacy", "legacy"]);
      const { totpSecret } = await old
        .selectFrom("users")
        .select("totpSecret")
        .where("id", "=", staff.id)
        .executeTakeFirstOrThrow();
      expect(totpSecret).not.toContain(plain);

      // the rotation after the upgrade: A is the previous secret
      const app = await appAt(B, A);
      expect(app.totpSeal.openTotpSecret(app.secrets.keyRing, totpSecret!)).toBe(plain);
      expect(app.codes.openSealedCode({ ...cards[1], codeSealed: cards[1].codeSealed! })).toBe(
        codes.unsent,
      );
      expect(await app.claim.claimGiftCardCode(old, { userId, code: codes.mailed })).toMatchObject({
        ok: true,
        card: { id: cards[0].id },
      });
      // the re-seal moves the unsent card and the staff secret to B
      const report = await app.rekey.rekey(old, app.secrets.keyRing);
      expect([report.giftCardsResealed, report.totpResealed]).toEqual([1, 1]);
      const after = await appAt(B);
      expect(
        await after.claim.claimGiftCardCode(old, { userId, code: codes.unsent }),
      ).toMatchObject({ ok: true, card: { id: cards[1].id } });
    } finally {
      await old.destroy();
    }
  });
});
