import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { verifyPassword } from "~/accounts/password.server";
import { InvalidCredentialsError, verifyCredentials } from "~/accounts/auth.server";
import {
  InvalidResetTokenError,
  RESET_MAILS_PER_EMAIL,
  RESET_TOKEN_MINUTES,
  createResetToken,
  hashToken,
  requestPasswordReset,
  resetMailsCappedMessage,
  resetPassword,
} from "~/accounts/password-reset.server";
import { changePassword } from "~/accounts/account.server";
import { SLOWDOWN } from "~/accounts/sign-in-slowdown";
import { waitText } from "~/utils/wait-text";
import { getUser, sessionCookie } from "~/accounts/session.server";
import { rootLogger, runWithLog } from "~/log/logger.mjs";
import { getMyDeliveries } from "~/subscriptions/deliveries-summary.server";
import { sendEmail, setMailer, type Mailer, type OutgoingEmail } from "~/email/mailer.server";
import { listOutbox } from "~/email/outbox.server";
import { defineTemplate } from "~/email/template";
import {
  RATE_LIMIT,
  RateLimitedError,
  accountLimits,
  assertUnderLimits,
  clearHits,
  consume,
  countHits,
  getClientIp,
  rateLimitConfig,
  recordHits,
  type Attempt,
} from "~/security/rate-limit.server";
import { createSession, createSubscription, createUser } from "../factories";

const uniq = () => randomBytes(5).toString("hex");

const makeUser = ({
  password = "Correct-Horse-42" as string | null,
  email = `user.${uniq()}@example.com`,
} = {}) => createUser(db, { email, password });

const makeSession = (userId: number) => createSession(db, { userId });

const sessionsOf = async (userId: number) =>
  (await db.selectFrom("sessions").select("id").where("userId", "=", userId).execute()).map(
    (s) => s.id,
  );

describe("verifyCredentials", () => {
  it("returns the user for the right password, e-mail case-insensitively", async () => {
    const u = await makeUser();
    const user = await verifyCredentials({
      email: u.email.toUpperCase(),
      password: u.password!,
      ip: "203.0.113.1",
    });
    expect(user.id).toBe(u.id);
  });

  it("fails the same way for a wrong password, an unknown e-mail and an account without a password", async () => {
    const u = await makeUser();
    const noPassword = await makeUser({ password: null });
    for (const attempt of [
      { email: u.email, password: "wrong-password" },
      { email: `nobody.${uniq()}@example.com`, password: "whatever-it-is" },
      { email: noPassword.email, password: "" },
      { email: noPassword.email, password: "anything-at-all" },
    ]) {
      await expect(verifyCredentials({ ...attempt, ip: "203.0.113.2" })).rejects.toThrowError(
        new InvalidCredentialsError(),
      );
    }
  });

  it("counts a try before hashing its password: of 30 wrong passwords sent at once from one place, at most the free ones are checked", async () => {
    const u = await makeUser();
    const now = new Date("2026-11-22T10:00:00.000Z");
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        verifyCredentials({
          email: u.email,
          password: `wrong-${i}`,
          ip: "198.51.100.1",
          now,
        }).catch((e: Error) => e),
      ),
    );
    const checked = outcomes.filter((e) => e instanceof InvalidCredentialsError).length;
    const waiting = outcomes.filter((e) => e instanceof RateLimitedError) as RateLimitedError[];
    expect(checked + waiting.length).toBe(30);
    // each try counts every try recorded before its count, its burst's included: those that land
    // together may all be told to wait (here on SQLite all 30 are), but never more than the free
    // ones are checked (the one that counts last sees all the others)
    expect(checked).toBeLessThanOrEqual(SLOWDOWN.pairFree);
    // the refused ones left no trace: only the checked tries count as failures
    expect(await countHits(`sign-in:email:${u.email}`, 15, now)).toBe(checked);
    for (const w of waiting) expect(w.retryAfterSeconds).toBeLessThanOrEqual(SLOWDOWN.capSeconds);
  });

  it("slows one place down with growing delays, capped at a minute, even for the right password", async () => {
    const u = await makeUser();
    const t0 = Date.parse("2026-11-22T10:00:00.000Z");
    const at = (seconds: number) => new Date(t0 + seconds * 1000);
    const attempt = (seconds: number, password = "wrong-password") =>
      verifyCredentials({ email: u.email, password, ip: "198.51.100.2", now: at(seconds) }).catch(
        (e) => e,
      );
    for (let i = 0; i < SLOWDOWN.pairFree; i++)
      expect(await attempt(0)).toBeInstanceOf(InvalidCredentialsError);
    let clock = 0;
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await attempt(clock, u.password!);
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect(refused.message).toBe(
        `Too many attempts. Please wait ${waitText(refused.retryAfterSeconds)} and try again.`,
      );
      waits.push(refused.retryAfterSeconds);
      clock += refused.retryAfterSeconds;
      expect(await attempt(clock)).toBeInstanceOf(InvalidCredentialsError);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60]);
    // after the wait, the right password works, and this place starts afresh
    expect(await attempt(clock, u.password!)).toBeInstanceOf(RateLimitedError);
    expect((await attempt(clock + 60, u.password!)).id).toBe(u.id);
    expect(await countHits(`sign-in:email-ip:${u.email}|198.51.100.2`, 15, at(clock + 60))).toBe(0);
  });

  it("failures from everywhere never keep the owner out: a new place is checked at once, one with failures waits at most a minute", async () => {
    const u = await makeUser();
    const t0 = Date.parse("2026-11-22T11:00:00.000Z");
    const at = (seconds: number) => new Date(t0 + seconds * 1000);
    // forty wrong passwords from forty addresses, and a typo from the owner's own
    for (let i = 0; i < 40; i++) {
      await expect(
        verifyCredentials({
          email: u.email,
          password: `wrong-${i}`,
          ip: `203.0.113.${i + 1}`,
          now: at(i),
        }),
      ).rejects.toBeInstanceOf(InvalidCredentialsError);
    }
    await expect(
      verifyCredentials({ email: u.email, password: "typo", ip: "192.0.2.50", now: at(40) }),
    ).rejects.toBeInstanceOf(InvalidCredentialsError);
    // from a new place: in at once
    expect(
      (
        await verifyCredentials({
          email: u.email,
          password: u.password!,
          ip: "192.0.2.51",
          now: at(41),
        })
      ).id,
    ).toBe(u.id);
    // from the place of the typo: the e-mail's failures lengthen its wait to the cap, no more
    const refused = await verifyCredentials({
      email: u.email,
      password: u.password!,
      ip: "192.0.2.50",
      now: at(41),
    }).catch((e) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused.retryAfterSeconds).toBe(59);
    expect(
      (
        await verifyCredentials({
          email: u.email,
          password: u.password!,
          ip: "192.0.2.50",
          now: at(100),
        })
      ).id,
    ).toBe(u.id);
  });

  it("a browser that signed in before owes only its own failures' delays", async () => {
    const u = await makeUser();
    const device = { id: "A".repeat(22), userIds: [u.id] };
    const now = new Date("2026-11-22T12:00:00.000Z");
    // the owner's address is also an attacker's (one office, one carrier)
    for (let i = 0; i < SLOWDOWN.pairFree; i++) {
      await expect(
        verifyCredentials({ email: u.email, password: `wrong-${i}`, ip: "198.51.100.3", now }),
      ).rejects.toBeInstanceOf(InvalidCredentialsError);
    }
    await expect(
      verifyCredentials({ email: u.email, password: u.password!, ip: "198.51.100.3", now }),
    ).rejects.toBeInstanceOf(RateLimitedError);
    expect(
      (
        await verifyCredentials({
          email: u.email,
          password: u.password!,
          ip: "198.51.100.3",
          device,
          now,
        })
      ).id,
    ).toBe(u.id);
    // the cookie counts only for the accounts it names
    const other = await makeUser();
    for (let i = 0; i < SLOWDOWN.pairFree; i++) {
      await expect(
        verifyCredentials({
          email: other.email,
          password: `wrong-${i}`,
          ip: "198.51.100.3",
          device,
          now,
        }),
      ).rejects.toBeInstanceOf(InvalidCredentialsError);
    }
    await expect(
      verifyCredentials({
        email: other.email,
        password: other.password!,
        ip: "198.51.100.3",
        device,
        now,
      }),
    ).rejects.toBeInstanceOf(RateLimitedError);
    // and its own failures slow it down like any place
    for (let i = 0; i < SLOWDOWN.pairFree; i++) {
      await expect(
        verifyCredentials({
          email: u.email,
          password: `typo-${i}`,
          ip: "198.51.100.3",
          device,
          now,
        }),
      ).rejects.toBeInstanceOf(InvalidCredentialsError);
    }
    await expect(
      verifyCredentials({ email: u.email, password: u.password!, ip: "198.51.100.3", device, now }),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("does not count successful sign-ins", async () => {
    const u = await makeUser();
    for (let i = 0; i < RATE_LIMIT.max + 2; i++) {
      await verifyCredentials({ email: u.email, password: u.password!, ip: "203.0.113.9" });
    }
    expect(await countHits(`sign-in:email:${u.email}`)).toBe(0);
  });
});

describe("rate limiter", () => {
  it("reads its limits from the environment with sensible defaults", () => {
    expect(rateLimitConfig({})).toEqual({ max: 10, ipMax: 100, windowMinutes: 15 });
    expect(
      rateLimitConfig({
        RATE_LIMIT_MAX: "3",
        RATE_LIMIT_IP_MAX: "50",
        RATE_LIMIT_WINDOW_MINUTES: "5",
      }),
    ).toEqual({ max: 3, ipMax: 50, windowMinutes: 5 });
    expect(() => rateLimitConfig({ RATE_LIMIT_MAX: "lots" })).toThrow(/RATE_LIMIT_MAX/);
  });

  it("allows max hits in the window, then refuses with a retry time", async () => {
    const key = `test:${uniq()}`;
    const now = new Date("2026-11-22T10:00:00.000Z");
    for (let i = 0; i < 3; i++)
      await consume([{ key, max: 3 }], new Date(now.getTime() + i * 1000));
    const err = await consume([{ key, max: 3 }], new Date(now.getTime() + 60_000)).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    // the oldest hit leaves the 15-minute window 14 minutes from now
    expect(err.retryAfterSeconds).toBe(14 * 60);
    expect(await countHits(key, 15, new Date(now.getTime() + 60_000))).toBe(3);
  });

  it("forgets hits older than the window", async () => {
    const key = `test:${uniq()}`;
    const start = new Date("2026-11-22T10:00:00.000Z");
    for (let i = 0; i < 3; i++) await recordHits([key], start);
    await expect(
      assertUnderLimits([{ key, max: 3 }], new Date(start.getTime() + 10 * 60_000)),
    ).rejects.toBeInstanceOf(RateLimitedError);
    await expect(
      assertUnderLimits([{ key, max: 3 }], new Date(start.getTime() + 15 * 60_000 + 1)),
    ).resolves.toBeUndefined();
    // recording later prunes the expired rows of that key
    await recordHits([key], new Date(start.getTime() + 16 * 60_000));
    expect(
      Number(
        (
          await db
            .selectFrom("rateLimitHits")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("key", "=", key)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
  });

  it("keys e-mail and IP limits separately, and clears a key", async () => {
    const [byEmail, byIp] = accountLimits("sign-in", " Sam@Example.com ", "203.0.113.5");
    expect(byEmail).toEqual({ key: "sign-in:email:sam@example.com", max: RATE_LIMIT.max });
    expect(byIp).toEqual({ key: "sign-in:ip:203.0.113.5", max: RATE_LIMIT.ipMax });
    const key = `test:${uniq()}`;
    await recordHits([key]);
    await clearHits(key);
    expect(await countHits(key)).toBe(0);
  });

  it("keys on the socket address from the load context, IPv6 by /64, 'unknown' without one (header parsing: tests/unit/security-client-address.test.ts)", () => {
    const r = new Request("http://x.test/", { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(getClientIp(r, { clientAddress: "::ffff:198.51.100.20" })).toBe("198.51.100.20");
    expect(getClientIp(r, { clientAddress: "2001:db8:5:6:7:8:9:a" })).toBe("2001:db8:5:6::/64");
    expect(getClientIp(r, {})).toBe("unknown");
  });

  it("lets at most `max` of the tries sent at once through, and un-counts a forgotten one", async () => {
    const key = `test:${uniq()}`;
    const now = new Date("2026-11-22T10:00:00.000Z");
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => consume([{ key, max: 4 }], now).catch((e: Error) => e)),
    );
    const passed = outcomes.filter((o) => !(o instanceof Error));
    expect(passed.length).toBeLessThanOrEqual(4);
    expect(outcomes.filter((o) => o instanceof RateLimitedError)).toHaveLength(12 - passed.length);
    expect(await countHits(key, 15, now)).toBe(passed.length);
    if (passed.length) {
      await (passed[0] as Attempt).forget();
      expect(await countHits(key, 15, now)).toBe(passed.length - 1);
    }
  });

  it("keeps a longer window's hits when it prunes (an hourly limit)", async () => {
    const key = `test:${uniq()}`;
    const start = new Date("2026-11-22T10:00:00.000Z");
    await consume([{ key, max: 2, windowMinutes: 60 }], start);
    await consume([{ key, max: 2, windowMinutes: 60 }], new Date(start.getTime() + 30 * 60_000));
    await expect(
      consume([{ key, max: 2, windowMinutes: 60 }], new Date(start.getTime() + 40 * 60_000)),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe("password reset lifecycle", () => {
  const origin = "https://shop.test";

  it("e-mails a one-time link for an account (also one without a password) and nothing for an unknown address", async () => {
    const u = await makeUser({ password: null });
    await requestPasswordReset({ email: u.email.toUpperCase(), ip: "203.0.113.20", origin });
    const [mail] = await listOutbox({ to: u.email });
    expect(mail.template).toBe("password-reset");
    expect(mail.subject).toBe("Reset your Paddock & Tide password");
    expect(mail.links).toHaveLength(1);
    const link = new URL(mail.links[0]);
    expect(link.origin + link.pathname).toBe("https://shop.test/reset-password");
    expect(link.searchParams.get("email")).toBe(u.email);
    const token = link.searchParams.get("token")!;
    // stored only as a hash
    const row = await db
      .selectFrom("passwordResets")
      .selectAll()
      .where("userId", "=", u.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    expect(new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()).toBe(
      RESET_TOKEN_MINUTES * 60_000,
    );

    const before = (await listOutbox({ limit: 500 })).length;
    await requestPasswordReset({
      email: `nobody.${uniq()}@example.com`,
      ip: "203.0.113.20",
      origin,
    });
    expect((await listOutbox({ limit: 500 })).length).toBe(before);

    await resetPassword({ token, email: u.email, password: "a brand new password" });
    const after = await db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", u.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("a brand new password", after.passwordHash)).toBe(true);
  });

  it("works once, then says the token is wrong", async () => {
    const u = await makeUser();
    const token = await createResetToken(u.id);
    await resetPassword({ token, email: u.email, password: "first new password" });
    await expect(
      resetPassword({ token, email: u.email, password: "second new password" }),
    ).rejects.toThrowError(new InvalidResetTokenError());
    const row = await db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", u.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("first new password", row.passwordHash)).toBe(true);
  });

  it("expires after 60 minutes", async () => {
    const u = await makeUser();
    const issued = new Date("2026-11-22T10:00:00.000Z");
    const token = await createResetToken(u.id, issued);
    await expect(
      resetPassword({
        token,
        email: u.email,
        password: "too late now",
        now: new Date(issued.getTime() + 60 * 60_000),
      }),
    ).rejects.toBeInstanceOf(InvalidResetTokenError);
    await expect(
      resetPassword({
        token,
        email: u.email,
        password: "just in time",
        now: new Date(issued.getTime() + 59 * 60_000),
      }),
    ).resolves.toEqual({ userId: u.id });
  });

  it("refuses an unknown token or another user's e-mail", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const token = await createResetToken(u.id);
    await expect(
      resetPassword({ token: "made-up-token", email: u.email, password: "whatever-new" }),
    ).rejects.toBeInstanceOf(InvalidResetTokenError);
    await expect(
      resetPassword({ token, email: other.email, password: "whatever-new" }),
    ).rejects.toBeInstanceOf(InvalidResetTokenError);
    // still usable by its owner
    await expect(
      resetPassword({ token, email: u.email, password: "whatever-new" }),
    ).resolves.toEqual({ userId: u.id });
  });

  it("retires the user's other tokens and ends their other sessions", async () => {
    const u = await makeUser();
    const first = await createResetToken(u.id);
    const second = await createResetToken(u.id);
    const keep = await makeSession(u.id);
    await makeSession(u.id);
    await makeSession(u.id);
    await resetPassword({
      token: second,
      email: u.email,
      password: "sessions be gone",
      keepSessionId: keep,
    });
    expect(await sessionsOf(u.id)).toEqual([keep]);
    await expect(
      resetPassword({ token: first, email: u.email, password: "older token" }),
    ).rejects.toBeInstanceOf(InvalidResetTokenError);
  });

  it("limits reset mails per e-mail on a budget of its own, and the links already sent keep working", async () => {
    const u = await makeUser();
    const now = new Date();
    // sign-in failures for the address do not touch its recovery
    for (let i = 0; i < 12; i++)
      await verifyCredentials({
        email: u.email,
        password: `wrong-${i}`,
        ip: `192.0.2.${i + 1}`,
        now,
      }).catch(() => {});
    for (let i = 0; i < RESET_MAILS_PER_EMAIL; i++)
      await requestPasswordReset({ email: u.email, ip: `192.0.2.${i + 1}`, origin, now });
    const capped = await requestPasswordReset({
      email: u.email,
      ip: "192.0.2.99",
      origin,
      now,
    }).catch((e) => e);
    expect(capped).toBeInstanceOf(RateLimitedError);
    expect(capped.message).toBe(resetMailsCappedMessage(capped.retryAfterSeconds));
    expect(capped.message).toContain("use the newest one");
    // the same for an address without an account
    const nobody = `nobody.${uniq()}@example.com`;
    for (let i = 0; i < RESET_MAILS_PER_EMAIL; i++)
      await requestPasswordReset({ email: nobody, ip: "192.0.2.98", origin, now });
    const cappedNobody = await requestPasswordReset({
      email: nobody,
      ip: "192.0.2.98",
      origin,
      now,
    }).catch((e) => e);
    expect(cappedNobody.message).toBe(capped.message);

    const mails = await listOutbox({ to: u.email, limit: 100 });
    expect(mails).toHaveLength(RESET_MAILS_PER_EMAIL);
    const token = new URL(mails[mails.length - 1].links[0]).searchParams.get("token")!;
    await expect(
      resetPassword({ token, email: u.email, password: "recovered at last" }),
    ).resolves.toEqual({ userId: u.id });
  });

  it("retires open reset links when the password is changed in the account area", async () => {
    const u = await makeUser();
    const token = await createResetToken(u.id);
    const keep = await makeSession(u.id);
    await changePassword(
      { userId: u.id, sessionId: keep },
      { currentPassword: u.password!, password: "changed in the account" },
    );
    await expect(
      resetPassword({ token, email: u.email, password: "changed by an old link" }),
    ).rejects.toBeInstanceOf(InvalidResetTokenError);
    const row = await db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", u.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("changed in the account", row.passwordHash)).toBe(true);
  });
});

describe("mailer", () => {
  const hello = defineTemplate<{ name: string }>({
    name: "hello-test",
    render: ({ name }) => ({
      subject: `Hello ${name}`,
      text: `Hi ${name}, see https://shop.test/a`,
      html: `<p>Hi ${name}</p>`,
    }),
  });

  it("writes rendered templates to the outbox, newest first", async () => {
    const to = `mail.${uniq()}@example.com`;
    await sendEmail(hello, to, { name: "One" });
    await sendEmail(hello, to, { name: "Two" });
    const mails = await listOutbox({ to });
    expect(mails.map((m) => m.subject)).toEqual(["Hello Two", "Hello One"]);
    expect(mails[0]).toMatchObject({
      to,
      template: "hello-test",
      text: "Hi Two, see https://shop.test/a",
      links: ["https://shop.test/a"],
    });
    const row = await db
      .selectFrom("emailOutbox")
      .selectAll()
      .where("id", "=", mails[0].id)
      .executeTakeFirstOrThrow();
    expect(row.html).toBe("<p>Hi Two</p>");
    expect(row.sentAt).toBeNull();
  });

  it("with a transport configured, writes the outbox row and relays it at once, after the caller goes on, through that transport", async () => {
    const sent: OutgoingEmail[] = [];
    const fake: Mailer = { send: async (m) => void sent.push(m) };
    const to = `relay.${uniq()}@example.com`;
    setMailer(fake);
    try {
      await sendEmail(hello, to, { name: "Fake" });
      // relayed after the caller's answer, not before it
      expect(sent).toEqual([]);
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      await vi.waitFor(async () =>
        expect(
          (
            await db
              .selectFrom("emailOutbox")
              .select("sentAt")
              .where("toAddress", "=", to)
              .executeTakeFirstOrThrow()
          ).sentAt,
        ).not.toBeNull(),
      );
    } finally {
      setMailer(null);
    }
    expect(sent).toEqual([
      {
        to,
        subject: "Hello Fake",
        text: "Hi Fake, see https://shop.test/a",
        html: "<p>Hi Fake</p>",
        template: "hello-test",
        messageId: expect.stringMatching(/^<outbox\.\d+\.[0-9a-z]+@paddockandtide\.com\.au>$/),
      },
    ]);
    const [row] = await db
      .selectFrom("emailOutbox")
      .selectAll()
      .where("toAddress", "=", to)
      .execute();
    expect(row).toMatchObject({ attempts: 1, claimedAt: null, failedAt: null, html: null });
    expect(row.sentAt).not.toBeNull();
  });
});

describe("my deliveries", () => {
  it("shows only the owner's subscriptions and orders, with invoice totals", async () => {
    const demo = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "demo@paddockandtide.com.au")
      .executeTakeFirstOrThrow();
    const mine = await getMyDeliveries({ userId: demo.id });
    expect(mine.subscriptions).toHaveLength(1);
    expect(mine.subscriptions[0]).toMatchObject({
      boxName: expect.stringMatching(/Custom/i),
      frequencyDays: 28,
      status: "active",
    });
    expect(mine.subscriptions[0].nextDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mine.orders.map((o) => o.reference).sort()).toEqual(["PT-100231", "PT-100458"]);
    for (const o of mine.orders) expect(o.totalCents).toBeGreaterThan(0);
    // newest delivery first
    expect(mine.orders[0].deliveryDate! >= mine.orders[1].deliveryDate!).toBe(true);

    const stranger = await makeUser();
    expect(await getMyDeliveries({ userId: stranger.id })).toEqual({
      subscriptions: [],
      orders: [],
    });
  });

  it("leaves out draft subscriptions", async () => {
    const u = await makeUser();
    await createSubscription(db, {
      userId: u.id,
      status: "draft",
      email: u.email,
      postcode: "2000",
    });
    expect((await getMyDeliveries({ userId: u.id })).subscriptions).toEqual([]);
  });
});

describe("session reads", () => {
  const requestWith = async (sessionId: string, method = "GET") =>
    new Request("http://localhost/dashboard", {
      method,
      headers: { Cookie: (await sessionCookie.serialize(sessionId)).split(";")[0] },
    });

  it("reads the session once per GET: the loaders of one page view see the same user", async () => {
    const { id: userId } = await makeUser();
    const request = await requestWith(await makeSession(userId));
    expect((await getUser(request))?.id).toBe(userId);
    await db.deleteFrom("sessions").where("userId", "=", userId).execute();
    // the root, layout and page loaders of the same page view share the first read
    expect((await getUser(request))?.id).toBe(userId);
    // the next page view (a new Request) reads again
    expect(await getUser(new Request(request.url, { headers: request.headers }))).toBeNull();
  });

  it("shares the read between the copies of the Request that Remix hands each loader of one request", async () => {
    const { id: userId } = await makeUser();
    const request = await requestWith(await makeSession(userId));
    const copy = () => new Request(request.url, { headers: request.headers });
    const served = { log: rootLogger(), reqId: "one-request" };
    expect((await runWithLog(served, () => getUser(copy())))?.id).toBe(userId);
    await db.deleteFrom("sessions").where("userId", "=", userId).execute();
    expect((await runWithLog(served, () => getUser(copy())))?.id).toBe(userId);
    // another request served, with the same cookie, reads again
    const next = { log: rootLogger(), reqId: "next-request" };
    expect(await runWithLog(next, () => getUser(copy()))).toBeNull();
  });

  it("reads afresh on every call of a POST, whose action may sign in or out before the loaders run", async () => {
    const { id: userId } = await makeUser();
    const request = await requestWith(await makeSession(userId), "POST");
    expect((await getUser(request))?.id).toBe(userId);
    await db.deleteFrom("sessions").where("userId", "=", userId).execute();
    expect(await getUser(request)).toBeNull();
  });
});
