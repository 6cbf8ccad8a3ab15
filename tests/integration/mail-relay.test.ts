// The mail relay (app/email/relay.server.ts) against a real SMTP server started
// here (smtp-server), on SQLite or PostgreSQL (DATABASE_URL_TEST): every outbox
// row leaves once, with two runners at once in one process and in two
// `npm run jobs` processes; a refused try is retried on the backoff schedule;
// after the last try the row is failed with the error; a sent or failed row
// keeps no usable secret; /healthz reports the oldest unsent mail.
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { db } from "~/db/client.server";
import { SmtpMailer, queueEmail, sendEmail, setMailer } from "~/email/mailer.server";
import {
  MAIL_LEASE_MINUTES,
  MAIL_MAX_TRIES,
  MAIL_RETRY_MINUTES,
  mailRelayJob,
  resumeRelay,
} from "~/email/relay.server";
import { defineTemplate } from "~/email/template";
import { deliveryReminderEmail } from "~/email/templates/delivery-reminder";
import { giftCardEmail } from "~/email/templates/gift-card";
import { passwordResetEmail } from "~/email/templates/password-reset";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { runDueJobs } from "~/jobs/runner.server";
import { loader as healthz } from "~/routes/healthz";
import { createUser } from "../factories";

type Received = { from: string; to: string[]; messageId: string; subject: string; raw: string };

/** A real SMTP server on a free port; `refuse(n)` decides the answer to the n-th RCPT TO (1-based). */
class TestSmtp {
  received: Received[] = [];
  rcptTries = 0;
  refuse: (n: number) => { code: number; message: string } | null = () => null;
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo: (_address, _session, cb) => {
      const refusal = this.refuse(++this.rcptTries);
      if (!refusal) return cb();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      cb(error);
    },
    onData: (stream, session, cb) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        // quoted-printable undone (soft line breaks, =XX), so a test can read the links as sent
        const raw = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        const header = (name: string) =>
          new RegExp(`^${name}:\\s*(.+)$`, "im").exec(raw)?.[1].trim() ?? "";
        this.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: header("Message-ID"),
          subject: header("Subject"),
          raw,
        });
        cb();
      });
    },
  });
  port = 0;
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }
  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
  to(address: string) {
    return this.received.filter((m) => m.to.includes(address));
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const hello = defineTemplate<{ n: number }>({
  name: "relay-test",
  render: ({ n }) => ({
    subject: `Relay test ${n}`,
    text: `Message ${n}`,
    html: `<p>Message ${n}</p>`,
  }),
});

let smtp: TestSmtp;
const relay = (now: Date) => runDueJobs({ now, kinds: [mailRelayJob], log: false });
const minutes = (at: Date, m: number) => new Date(at.getTime() + m * 60_000);
const rowsTo = (to: string) =>
  db.selectFrom("emailOutbox").selectAll().where("toAddress", "=", to).orderBy("id").execute();
let seq = 0;
const address = (p: string) => `${p}.${Date.now().toString(36)}.${++seq}@example.com`;

beforeAll(async () => {
  smtp = await new TestSmtp().start();
});
afterAll(async () => {
  setMailer(null);
  await smtp.stop();
});
beforeEach(async () => {
  // each test starts from an empty outbox, so no row of another test is due
  await db.deleteFrom("emailOutbox").execute();
  smtp.received = [];
  smtp.rcptTries = 0;
  smtp.refuse = () => null;
  setMailer(new SmtpMailer(smtp.url, "Paddock & Tide <hello@paddockandtide.com.au>"));
  resumeRelay();
});

describe("mail relay", () => {
  it("sends every unsent row exactly once when two runners run at once, and records sent_at", async () => {
    const to = address("once");
    for (let n = 0; n < 20; n++) await queueEmail(db, hello, to, { n });
    const now = new Date();
    const summaries = await Promise.all([relay(now), relay(now)]);
    expect(summaries.reduce((n, s) => n + s["mail-relay"].done, 0)).toBe(20);
    expect(summaries.every((s) => s["mail-relay"].failed === 0)).toBe(true);
    const got = smtp.to(to);
    expect(got).toHaveLength(20);
    expect(new Set(got.map((m) => m.subject))).toEqual(
      new Set(Array.from({ length: 20 }, (_, n) => `Relay test ${n}`)),
    );
    expect(new Set(got.map((m) => m.messageId)).size).toBe(20);
    expect(got[0].from).toBe("hello@paddockandtide.com.au");
    const rows = await rowsTo(to);
    expect(
      rows.every((r) => r.sentAt === now.toISOString() && r.attempts === 1 && r.claimedAt === null),
    ).toBe(true);
    // a later run finds nothing left to send
    await relay(minutes(now, 60));
    expect(smtp.to(to)).toHaveLength(20);
  });

  it("sends every row once when two `npm run jobs` processes run at once", async () => {
    const to = address("processes");
    for (let n = 0; n < 12; n++) await queueEmail(db, hello, to, { n });
    setMailer(null); // this process does not relay; the two workers do
    const run = () =>
      new Promise<string>((resolve, reject) => {
        execFile(
          path.resolve("node_modules/.bin/tsx"),
          ["--tsconfig", "tsconfig.json", "app/bin/jobs.ts", "--once"],
          { env: { ...process.env, SMTP_URL: smtp.url }, timeout: 60_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        );
      });
    const outputs = await Promise.all([run(), run()]);
    const relayRuns = outputs.map(
      (o) =>
        JSON.parse(
          o
            .trim()
            .split("\n")
            .filter((l) => l.includes('"jobs.run"'))
            .pop()!,
        ).summary["mail-relay"],
    );
    expect(relayRuns.reduce((n, r) => n + r.done, 0)).toBe(12);
    expect(smtp.to(to)).toHaveLength(12);
    expect(new Set(smtp.to(to).map((m) => m.messageId)).size).toBe(12);
    expect((await rowsTo(to)).every((r) => r.sentAt !== null)).toBe(true);
  }, 90_000);

  it("retries a refused mail after a minute, then sends it once", async () => {
    const to = address("retry");
    smtp.refuse = (n) => (n === 1 ? { code: 451, message: "Greylisted, try again later" } : null);
    await queueEmail(db, hello, to, { n: 1 });
    const t0 = new Date();
    const first = await relay(t0);
    expect(first["mail-relay"]).toMatchObject({ done: 0, failed: 1 });
    let [row] = await rowsTo(to);
    expect(row).toMatchObject({
      sentAt: null,
      failedAt: null,
      attempts: 1,
      claimedAt: null,
      nextAttemptAt: minutes(t0, MAIL_RETRY_MINUTES[0]).toISOString(),
    });
    expect(row.lastError).toContain("Greylisted");
    // not before its time
    await relay(minutes(t0, 0.5));
    expect(smtp.rcptTries).toBe(1);
    const later = minutes(t0, 1);
    await relay(later);
    expect(smtp.to(to)).toHaveLength(1);
    [row] = await rowsTo(to);
    expect(row).toMatchObject({
      sentAt: later.toISOString(),
      attempts: 2,
      lastError: null,
      failedAt: null,
    });
    await relay(minutes(t0, 24 * 60));
    expect(smtp.to(to)).toHaveLength(1);
    expect(smtp.rcptTries).toBe(2);
  });

  it("gives up after the last try, marks the row failed with the error, and never tries again", async () => {
    const to = address("failed");
    smtp.refuse = () => ({ code: 451, message: "Mailbox busy" });
    await sendEmail(passwordResetEmail, to, {
      firstName: "Ada",
      resetUrl:
        "https://shop.test/reset-password?token=SECRETRESETTOKEN123&email=ada%40example.com",
      expiresInMinutes: 60,
    });
    // sendEmail made the first try at once (after its caller went on); the relay makes the rest on the schedule
    await vi.waitFor(async () => expect((await rowsTo(to))[0]?.nextAttemptAt).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(smtp.rcptTries).toBe(1);
    const [first] = await rowsTo(to);
    let at = new Date(first.nextAttemptAt!);
    expect(at.getTime() - Date.parse(first.createdAt)).toBeGreaterThanOrEqual(
      MAIL_RETRY_MINUTES[0] * 60_000,
    );
    expect(at.getTime() - Date.parse(first.createdAt)).toBeLessThan(
      MAIL_RETRY_MINUTES[0] * 60_000 + 5000,
    );
    for (let tryNo = 2; tryNo <= MAIL_MAX_TRIES; tryNo++) {
      // a run just before the try is due does nothing
      await relay(minutes(at, -0.1));
      expect(smtp.rcptTries).toBe(tryNo - 1);
      await relay(at);
      expect(smtp.rcptTries).toBe(tryNo);
      const [row] = await rowsTo(to);
      expect(row.attempts).toBe(tryNo);
      if (tryNo < MAIL_MAX_TRIES) {
        expect(row.nextAttemptAt).toBe(minutes(at, MAIL_RETRY_MINUTES[tryNo - 1]).toISOString());
        at = new Date(row.nextAttemptAt!);
      } else {
        expect(row.failedAt).toBe(at.toISOString());
      }
    }
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({
      sentAt: null,
      attempts: MAIL_MAX_TRIES,
      claimedAt: null,
      html: null,
    });
    expect(row.lastError).toContain("Mailbox busy");
    // the schedule is 1 min, 5 min, 30 min, 2 h and 12 h: the last try about 14 h 56 min after the first
    expect(Date.parse(row.failedAt!) - Date.parse(first.createdAt)).toBeGreaterThanOrEqual(
      (1 + 5 + 30 + 120 + 720) * 60_000,
    );
    // a failed reset link is of no use to anyone: not kept
    expect(row.text).not.toContain("SECRETRESETTOKEN123");
    expect(row.text).toContain("token=[redacted]");
    await relay(minutes(at, 7 * 24 * 60));
    expect(smtp.rcptTries).toBe(MAIL_MAX_TRIES);
    expect(smtp.received).toHaveLength(0);
  });

  it("keeps no usable secret once a mail is sent: reset links, one-tap links, gift-card codes", async () => {
    const to = address("secrets");
    const reminder = {
      firstName: "Ada",
      boxName: "Value box",
      deliveryDate: "Tuesday 2 December",
      window: null,
      cutoff: "2pm Sydney time, Sunday 30 November",
      lines: [{ name: "Value box (small)", quantity: 1, lineCents: 16900 }],
      discountedCents: 0,
      creditCents: 0,
      chargeCents: 16900,
      card: "Visa ending in 4242",
      notes: [],
      skipUrl: "https://shop.test/deliveries/one-tap/ONETAPTOKENabcdefghijklmnopqrstuv?action=skip",
      keepUrl: "https://shop.test/deliveries/one-tap/ONETAPTOKENabcdefghijklmnopqrstuv?action=keep",
      manageUrl: "https://shop.test/dashboard/my-deliveries",
    };
    const gift = {
      receiverName: "Jo",
      senderName: "Ada",
      valueCents: 5000,
      message: null,
      code: "ABCDEFGHJKLMNPQR",
      expiresOn: "2029-12-01",
      activateUrl: "https://shop.test/gift-cards/activate/ABCD-EFGH-JKLM-NPQR",
      bonus: false,
    };
    await queueEmail(db, deliveryReminderEmail, to, reminder);
    await queueEmail(db, giftCardEmail, to, gift);
    await sendEmail(passwordResetEmail, to, {
      firstName: "Ada",
      resetUrl: "https://shop.test/reset-password?token=RESETTOKENxyz&email=ada%40example.com",
      expiresInMinutes: 60,
    });
    await relay(new Date());
    // the reset may still be on its way through sendEmail's own try (the relay skips a row claimed there)
    await vi.waitFor(
      async () =>
        expect((await rowsTo(to)).map((r) => Boolean(r.sentAt))).toEqual([true, true, true]),
      { timeout: 10_000 },
    );
    // what left had the secrets
    const got = smtp.to(to);
    expect(got).toHaveLength(3);
    const raw = got.map((m) => m.raw).join("\n");
    for (const secret of [
      "ONETAPTOKENabcdefghijklmnopqrstuv",
      "ABCD-EFGH-JKLM-NPQR",
      "RESETTOKENxyz",
    ])
      expect(raw).toContain(secret);
    // what stayed does not
    const rows = await rowsTo(to);
    expect(rows.every((r) => r.sentAt !== null && r.html === null)).toBe(true);
    const kept = rows.map((r) => r.text).join("\n");
    for (const secret of [
      "ONETAPTOKEN",
      "ABCD-EFGH-JKLM-NPQR",
      "ABCDEFGHJKLMNPQR",
      "RESETTOKENxyz",
    ])
      expect(kept).not.toContain(secret);
    expect(kept).toContain("/deliveries/one-tap/[redacted]?action=skip");
    expect(kept).toContain("/gift-cards/activate/[redacted]");
    expect(kept).toContain("Your code: [redacted]");
    expect(kept).toContain("Value box");
  });

  it("sends a password reset at once (after the answer) through the same relay, keeping only a redacted copy", async () => {
    const to = address("reset");
    await createUser(db, { email: to, password: null, firstName: "Ada", lastName: null });
    await requestPasswordReset({ email: to, ip: "192.0.2.7", origin: "https://shop.test" });
    // no job run: it leaves right after the request's answer
    await vi.waitFor(async () => expect((await rowsTo(to))[0]?.sentAt).toBeTruthy(), {
      timeout: 10_000,
    });
    const [mail] = smtp.to(to);
    expect(mail.subject).toContain("Reset your");
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.raw)?.[1];
    expect(token).toBeTruthy();
    const [row] = await rowsTo(to);
    expect(row.sentAt).not.toBeNull();
    expect(mail.messageId).toBe(
      `<outbox.${row.id}.${Date.parse(row.createdAt).toString(36)}@paddockandtide.com.au>`,
    );
    expect(row.text).not.toContain(token!);
  });

  it("sends a mail whose runner died after claiming it again after the lease, with the same Message-ID", async () => {
    const to = address("lease");
    const id = await queueEmail(db, hello, to, { n: 7 });
    const t0 = new Date();
    // a runner claimed it and died before sending (or before recording sent_at)
    await db
      .updateTable("emailOutbox")
      .set({ claimedAt: t0.toISOString(), attempts: 1 })
      .where("id", "=", id)
      .execute();
    await relay(minutes(t0, MAIL_LEASE_MINUTES - 1));
    expect(smtp.to(to)).toHaveLength(0);
    await relay(minutes(t0, MAIL_LEASE_MINUTES));
    const [row] = await rowsTo(to);
    expect(smtp.to(to).map((m) => m.messageId)).toEqual([
      `<outbox.${id}.${Date.parse(row.createdAt).toString(36)}@paddockandtide.com.au>`,
    ]);
    expect(row).toMatchObject({ attempts: 2 });
    expect(row.sentAt).not.toBeNull();
  });

  it("leaves a mail more than a day old when the relay first sees it as failed, unsent", async () => {
    const to = address("stale");
    const { id } = await db
      .insertInto("emailOutbox")
      .values({
        toAddress: to,
        subject: "Old",
        text: "Old",
        html: null,
        template: "relay-test",
        createdAt: minutes(new Date(), -25 * 60).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // a fresh mail relayed for an instant two days ahead (`npm run jobs -- --now`) is not old
    const fresh = address("fresh");
    await queueEmail(db, hello, fresh, { n: 10 });
    await relay(minutes(new Date(), 2 * 24 * 60));
    expect(smtp.to(fresh)).toHaveLength(1);
    const [row] = await rowsTo(to);
    expect(row.id).toBe(id);
    expect(row.failedAt).not.toBeNull();
    expect(row.lastError).toContain("24 hours");
    expect(smtp.rcptTries).toBe(1);
  });

  it("with the server unreachable, tries one mail and leaves the rest for later, untouched", async () => {
    const to = address("down");
    for (let n = 0; n < 5; n++) await queueEmail(db, hello, to, { n });
    // nothing listens there
    setMailer(new SmtpMailer("smtp://127.0.0.1:9", "Paddock & Tide <hello@paddockandtide.com.au>"));
    const started = Date.now();
    const summary = await relay(new Date());
    expect(summary["mail-relay"]).toMatchObject({ done: 0, failed: 1 });
    const rows = await rowsTo(to);
    expect(rows.map((r) => r.attempts)).toEqual([1, 0, 0, 0, 0]);
    expect(rows[0].lastError).toMatch(/ECONNREFUSED/);
    expect(
      rows.every((r) => r.sentAt === null && r.failedAt === null && r.claimedAt === null),
    ).toBe(true);
    // a reset asked for meanwhile is written and waits; the request does not wait on the server
    await sendEmail(hello, to, { n: 5 });
    // its own try, right after, is skipped too: the relay is paused
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await rowsTo(to))[5].attempts).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    // the server is back, and the pause over: everything leaves
    setMailer(new SmtpMailer(smtp.url, "Paddock & Tide <hello@paddockandtide.com.au>"));
    resumeRelay();
    await relay(minutes(new Date(), MAIL_RETRY_MINUTES[0]));
    expect(smtp.to(to)).toHaveLength(6);
  });

  it("reports the oldest unsent mail and the failed ones in /healthz", async () => {
    const body = async () => (await healthz()).json();
    expect((await body()).mail).toEqual({
      relay: "smtp",
      oldestUnsentAt: null,
      oldestUnsentAgeSeconds: 0,
      failedLastDay: 0,
    });
    const to = address("health");
    smtp.refuse = () => ({ code: 451, message: "Down for maintenance" });
    // written ten minutes ago and not sent since (the relay was down): the oldest unsent mail, and a due job
    const tenAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const { id } = await db
      .insertInto("emailOutbox")
      .values({
        toAddress: to,
        subject: "Late",
        text: "Late",
        html: null,
        template: "relay-test",
        createdAt: tenAgo,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await queueEmail(db, hello, to, { n: 1 });
    let health = await body();
    expect(health.mail.oldestUnsentAt).toBe(tenAgo);
    expect(health.mail.oldestUnsentAgeSeconds).toBeGreaterThanOrEqual(600);
    expect(health.jobs.oldestDueAt <= tenAgo).toBe(true);
    await db.deleteFrom("emailOutbox").where("id", "!=", id).execute();
    // given up on: no longer unsent, counted as failed
    await db
      .updateTable("emailOutbox")
      .set({ attempts: MAIL_MAX_TRIES - 1 })
      .where("id", "=", id)
      .execute();
    await relay(new Date());
    health = await body();
    expect(health.mail).toMatchObject({ relay: "smtp", oldestUnsentAt: null, failedLastDay: 1 });
    // without SMTP_URL the outbox is the mailbox: nothing is relayed or reported late
    setMailer(null);
    await queueEmail(db, hello, to, { n: 2 });
    expect((await body()).mail).toEqual({
      relay: "off",
      oldestUnsentAt: null,
      oldestUnsentAgeSeconds: 0,
      failedLastDay: 0,
    });
    expect((await relay(new Date()))["mail-relay"]).toEqual({ done: 0, skipped: 0, failed: 0 });
    expect(smtp.rcptTries).toBe(1);
  });
});
