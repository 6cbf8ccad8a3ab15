import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { hashPassword, verifyPassword } from "~/accounts/password.server";
import { InvalidCredentialsError, verifyCredentials } from "~/accounts/auth.server";
import {
  InvalidResetTokenError, RESET_TOKEN_MINUTES, createResetToken, hashToken, requestPasswordReset, resetPassword,
} from "~/accounts/password-reset.server";
import { getUser, sessionCookie } from "~/accounts/session.server";
import { getMyDeliveries } from "~/subscriptions/deliveries-summary.server";
import { sendEmail, setMailer, type Mailer, type OutgoingEmail } from "~/email/mailer.server";
import { listOutbox } from "~/email/outbox.server";
import { defineTemplate } from "~/email/template";
import {
  RATE_LIMIT, RateLimitedError, accountLimits, assertUnderLimits, clearHits, consume, countHits, getClientIp, rateLimitConfig, recordHits,
} from "~/security/rate-limit.server";

const uniq = () => randomBytes(5).toString("hex");

async function makeUser({ password = "Correct-Horse-42" as string | null, email = `user.${uniq()}@example.com` } = {}) {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("users")
    .values({
      email, passwordHash: password ? await hashPassword(password) : null, firstName: "Sam", lastName: "Tester", phone: null,
      sms: null, newsletter: null, gatewayCustomerId: null, orderedAt: null, createdAt: now, updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, email, password };
}

async function makeSession(userId: number) {
  const id = randomBytes(16).toString("hex");
  await db.insertInto("sessions").values({ id, userId, subscriptionId: null, createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 86400000).toISOString() }).execute();
  return id;
}

const sessionsOf = async (userId: number) => (await db.selectFrom("sessions").select("id").where("userId", "=", userId).execute()).map((s) => s.id);

describe("verifyCredentials", () => {
  it("returns the user for the right password, e-mail case-insensitively", async () => {
    const u = await makeUser();
    const user = await verifyCredentials({ email: u.email.toUpperCase(), password: u.password!, ip: "203.0.113.1" });
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
      await expect(verifyCredentials({ ...attempt, ip: "203.0.113.2" })).rejects.toThrowError(new InvalidCredentialsError());
    }
  });

  it("locks an e-mail after RATE_LIMIT_MAX failures, even for the right password", async () => {
    const u = await makeUser();
    for (let i = 0; i < RATE_LIMIT.max; i++) {
      await expect(verifyCredentials({ email: u.email, password: `wrong-${i}`, ip: `198.51.100.${i + 1}` })).rejects.toBeInstanceOf(InvalidCredentialsError);
    }
    const err = await verifyCredentials({ email: u.email, password: u.password!, ip: "198.51.100.200" }).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    // another account from the same addresses is unaffected
    const other = await makeUser();
    expect((await verifyCredentials({ email: other.email, password: other.password!, ip: "198.51.100.1" })).id).toBe(other.id);
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
    expect(rateLimitConfig({ RATE_LIMIT_MAX: "3", RATE_LIMIT_IP_MAX: "50", RATE_LIMIT_WINDOW_MINUTES: "5" })).toEqual({ max: 3, ipMax: 50, windowMinutes: 5 });
    expect(() => rateLimitConfig({ RATE_LIMIT_MAX: "lots" })).toThrow(/RATE_LIMIT_MAX/);
  });

  it("allows max hits in the window, then refuses with a retry time", async () => {
    const key = `test:${uniq()}`;
    const now = new Date("2026-11-22T10:00:00.000Z");
    for (let i = 0; i < 3; i++) await consume([{ key, max: 3 }], new Date(now.getTime() + i * 1000));
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
    await expect(assertUnderLimits([{ key, max: 3 }], new Date(start.getTime() + 10 * 60_000))).rejects.toBeInstanceOf(RateLimitedError);
    await expect(assertUnderLimits([{ key, max: 3 }], new Date(start.getTime() + 15 * 60_000 + 1))).resolves.toBeUndefined();
    // recording later prunes the expired rows of that key
    await recordHits([key], new Date(start.getTime() + 16 * 60_000));
    expect(Number((await db.selectFrom("rateLimitHits").select((eb) => eb.fn.countAll<number>().as("n")).where("key", "=", key).executeTakeFirstOrThrow()).n)).toBe(1);
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

  it("keys on the socket address from the load context, 'unknown' without one (header parsing: tests/unit/security-client-address.test.ts)", () => {
    const r = new Request("http://x.test/", { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(getClientIp(r, { clientAddress: "::ffff:198.51.100.20" })).toBe("198.51.100.20");
    expect(getClientIp(r, {})).toBe("unknown");
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
    const row = await db.selectFrom("passwordResets").selectAll().where("userId", "=", u.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    expect(new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()).toBe(RESET_TOKEN_MINUTES * 60_000);

    const before = (await listOutbox({ limit: 500 })).length;
    await requestPasswordReset({ email: `nobody.${uniq()}@example.com`, ip: "203.0.113.20", origin });
    expect((await listOutbox({ limit: 500 })).length).toBe(before);

    await resetPassword({ token, email: u.email, password: "a brand new password" });
    const after = await db.selectFrom("users").select("passwordHash").where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(await verifyPassword("a brand new password", after.passwordHash)).toBe(true);
  });

  it("works once, then says the token is wrong", async () => {
    const u = await makeUser();
    const token = await createResetToken(u.id);
    await resetPassword({ token, email: u.email, password: "first new password" });
    await expect(resetPassword({ token, email: u.email, password: "second new password" })).rejects.toThrowError(new InvalidResetTokenError());
    const row = await db.selectFrom("users").select("passwordHash").where("id", "=", u.id).executeTakeFirstOrThrow();
    expect(await verifyPassword("first new password", row.passwordHash)).toBe(true);
  });

  it("expires after 60 minutes", async () => {
    const u = await makeUser();
    const issued = new Date("2026-11-22T10:00:00.000Z");
    const token = await createResetToken(u.id, issued);
    await expect(resetPassword({ token, email: u.email, password: "too late now", now: new Date(issued.getTime() + 60 * 60_000) })).rejects.toBeInstanceOf(InvalidResetTokenError);
    await expect(resetPassword({ token, email: u.email, password: "just in time", now: new Date(issued.getTime() + 59 * 60_000) })).resolves.toEqual({ userId: u.id });
  });

  it("refuses an unknown token or another user's e-mail", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const token = await createResetToken(u.id);
    await expect(resetPassword({ token: "made-up-token", email: u.email, password: "whatever-new" })).rejects.toBeInstanceOf(InvalidResetTokenError);
    await expect(resetPassword({ token, email: other.email, password: "whatever-new" })).rejects.toBeInstanceOf(InvalidResetTokenError);
    // still usable by its owner
    await expect(resetPassword({ token, email: u.email, password: "whatever-new" })).resolves.toEqual({ userId: u.id });
  });

  it("retires the user's other tokens and ends their other sessions", async () => {
    const u = await makeUser();
    const first = await createResetToken(u.id);
    const second = await createResetToken(u.id);
    const keep = await makeSession(u.id);
    await makeSession(u.id);
    await makeSession(u.id);
    await resetPassword({ token: second, email: u.email, password: "sessions be gone", keepSessionId: keep });
    expect(await sessionsOf(u.id)).toEqual([keep]);
    await expect(resetPassword({ token: first, email: u.email, password: "older token" })).rejects.toBeInstanceOf(InvalidResetTokenError);
  });

  it("limits reset requests per e-mail", async () => {
    const u = await makeUser();
    for (let i = 0; i < RATE_LIMIT.max; i++) await requestPasswordReset({ email: u.email, ip: `192.0.2.${i + 1}`, origin });
    await expect(requestPasswordReset({ email: u.email, ip: "192.0.2.99", origin })).rejects.toBeInstanceOf(RateLimitedError);
    expect((await listOutbox({ to: u.email, limit: 100 })).length).toBe(RATE_LIMIT.max);
  });
});

describe("mailer", () => {
  const hello = defineTemplate<{ name: string }>({
    name: "hello-test",
    render: ({ name }) => ({ subject: `Hello ${name}`, text: `Hi ${name}, see https://shop.test/a`, html: `<p>Hi ${name}</p>` }),
  });

  it("writes rendered templates to the outbox, newest first", async () => {
    const to = `mail.${uniq()}@example.com`;
    await sendEmail(hello, to, { name: "One" });
    await sendEmail(hello, to, { name: "Two" });
    const mails = await listOutbox({ to });
    expect(mails.map((m) => m.subject)).toEqual(["Hello Two", "Hello One"]);
    expect(mails[0]).toMatchObject({ to, template: "hello-test", text: "Hi Two, see https://shop.test/a", links: ["https://shop.test/a"] });
    const row = await db.selectFrom("emailOutbox").selectAll().where("id", "=", mails[0].id).executeTakeFirstOrThrow();
    expect(row.html).toBe("<p>Hi Two</p>");
    expect(row.sentAt).toBeNull();
  });

  it("with a transport configured, writes the outbox row and relays it at once through that transport", async () => {
    const sent: OutgoingEmail[] = [];
    const fake: Mailer = { send: async (m) => void sent.push(m) };
    const to = `relay.${uniq()}@example.com`;
    setMailer(fake);
    try {
      await sendEmail(hello, to, { name: "Fake" });
    } finally {
      setMailer(null);
    }
    expect(sent).toEqual([{ to, subject: "Hello Fake", text: "Hi Fake, see https://shop.test/a", html: "<p>Hi Fake</p>", template: "hello-test", messageId: expect.stringMatching(/^<outbox\.\d+\.[0-9a-z]+@paddockandtide\.com\.au>$/) }]);
    const [row] = await db.selectFrom("emailOutbox").selectAll().where("toAddress", "=", to).execute();
    expect(row).toMatchObject({ attempts: 1, claimedAt: null, failedAt: null, html: null });
    expect(row.sentAt).not.toBeNull();
  });
});

describe("my deliveries", () => {
  it("shows only the owner's subscriptions and orders, with invoice totals", async () => {
    const demo = await db.selectFrom("users").select("id").where("email", "=", "demo@paddockandtide.com.au").executeTakeFirstOrThrow();
    const mine = await getMyDeliveries({ userId: demo.id });
    expect(mine.subscriptions).toHaveLength(1);
    expect(mine.subscriptions[0]).toMatchObject({ boxName: expect.stringMatching(/Custom/i), frequencyDays: 28, status: "active" });
    expect(mine.subscriptions[0].nextDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(mine.orders.map((o) => o.reference).sort()).toEqual(["PT-100231", "PT-100458"]);
    for (const o of mine.orders) expect(o.totalCents).toBeGreaterThan(0);
    // newest delivery first
    expect(mine.orders[0].deliveryDate! >= mine.orders[1].deliveryDate!).toBe(true);

    const stranger = await makeUser();
    expect(await getMyDeliveries({ userId: stranger.id })).toEqual({ subscriptions: [], orders: [] });
  });

  it("leaves out draft subscriptions", async () => {
    const u = await makeUser();
    const now = new Date().toISOString();
    await db.insertInto("subscriptions").values({
      userId: u.id, status: "draft", email: u.email, packageId: null, boxType: null, postcode: "2000", suburbId: null, regionId: null,
      deliveryDate: null, deliveryWindow: null, frequencyDays: null, discountCode: null, shippingAddressId: null, billingAddressId: null,
      deliveryNotes: null, flowVersion: null, startedAt: null, endedAt: null, pausedUntil: null, createdAt: now, updatedAt: now,
    }).execute();
    expect((await getMyDeliveries({ userId: u.id })).subscriptions).toEqual([]);
  });
});

describe("session reads", () => {
  const requestWith = async (sessionId: string, method = "GET") =>
    new Request("http://localhost/dashboard", { method, headers: { Cookie: (await sessionCookie.serialize(sessionId)).split(";")[0] } });

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

  it("reads afresh on every call of a POST, whose action may sign in or out before the loaders run", async () => {
    const { id: userId } = await makeUser();
    const request = await requestWith(await makeSession(userId), "POST");
    expect((await getUser(request))?.id).toBe(userId);
    await db.deleteFrom("sessions").where("userId", "=", userId).execute();
    expect(await getUser(request)).toBeNull();
  });
});
