// Mail leaves through SMTP (issue 33 item 1), and the logs keep no one-tap or
// reset token (item 9). The standard e2e server keeps mail in its outbox (other
// specs read /dev/mailbox), so this spec starts, per Playwright worker, a real
// SMTP server in the test process and its own app instance (the same built
// server through app/bin/start.mjs, its own SQLite file) with SMTP_URL pointing
// at it; `baseURL` points every page and request of the spec at that instance.
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { createDb } from "../../app/db/connection.server";
import { expect, test as base } from "./fixtures";
import { fillCheckout, placeOrder, reachCheckout } from "./checkout-helpers";
import { spawnApp } from "./app-process";

type Received = { to: string[]; subject: string; messageId: string; body: string };

type MailApp = {
  base: string;
  received: Received[];
  /** everything the app wrote to stdout and stderr */
  log: () => string;
  db: ReturnType<typeof createDb>;
};

async function startSmtp(received: Received[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        // quoted-printable undone, so the body reads as written
        const raw = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        const header = (name: string) =>
          new RegExp(`^${name}:\\s*(.+)$`, "im").exec(raw)?.[1].trim() ?? "";
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header("Subject"),
          messageId: header("Message-ID"),
          body: raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { server, port: (server.server.address() as net.AddressInfo).port };
}

async function startApp(smtpPort: number) {
  const app = await spawnApp("mail", {
    E2E_TEST_ROUTES: "1",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Paddock & Tide <hello@paddockandtide.com.au>",
    JOBS_INTERVAL_SECONDS: "5",
  });
  await app.serving();
  return { base: app.base, log: app.log, stop: app.stop, db: createDb(`file:${app.dbFile}`) };
}

const test = base.extend<object, { mailApp: MailApp }>({
  mailApp: [
    async ({}, use) => {
      const received: Received[] = [];
      const smtp = await startSmtp(received);
      const app = await startApp(smtp.port);
      await use({ base: app.base, received, log: app.log, db: app.db });
      await app.db.destroy();
      await app.stop();
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ mailApp }, use) => use(mailApp.base),
});

// the file's tests in order in one worker, not spread over three: the app above starts once per
// worker, and each start (migrations, seed, a forked worker) costs seconds of CPU
test.describe.configure({ mode: "default", timeout: 90_000 });

test.describe("mail through SMTP", () => {
  test("a box order's confirmation arrives at the SMTP server by itself, and the outbox records it sent", async ({
    page,
    mailApp,
  }) => {
    const { email } = await reachCheckout(page);
    await fillCheckout(page);
    const reference = await placeOrder(page);
    // no hook runs the jobs: the app's own runner relays the outbox (every 5 s here)
    await expect
      .poll(() => mailApp.received.filter((m) => m.to.includes(email!)).map((m) => m.subject), {
        timeout: 30_000,
      })
      .toContainEqual(expect.stringContaining(reference));
    const [mail] = mailApp.received.filter(
      (m) => m.to.includes(email!) && m.subject.includes(reference),
    );
    expect(mail.body).toContain(reference);
    expect(mail.messageId).toMatch(/^<outbox\.\d+\.[0-9a-z]+@paddockandtide\.com\.au>$/);
    const row = await mailApp.db
      .selectFrom("emailOutbox")
      .selectAll()
      .where("toAddress", "=", email!)
      .where("template", "=", "order-confirmation")
      .executeTakeFirstOrThrow();
    expect(row.sentAt).not.toBeNull();
    expect(row).toMatchObject({ attempts: 1, failedAt: null, lastError: null });
    // exactly one copy left
    expect(
      mailApp.received.filter((m) => m.to.includes(email!) && m.subject.includes(reference)),
    ).toHaveLength(1);
  });

  test(
    "/healthz reports the mail relay beside the oldest due job",
    { tag: "@http" },
    async ({ request }) => {
      const body = await (await request.get("/healthz")).json();
      expect(body.jobs.oldestDueAgeSeconds).toEqual(expect.any(Number));
      expect(body.mail).toMatchObject({
        relay: "smtp",
        oldestUnsentAgeSeconds: expect.any(Number),
        failedLastDay: 0,
      });
    },
  );

  test(
    "request and error logs never show a one-tap or reset token",
    { tag: "@http" },
    async ({ request, mailApp }) => {
      const oneTap = `OneTap${Date.now().toString(36)}abcdefghijklmnopqrstuvwxyz`.slice(0, 32);
      const reset = `Reset${Date.now().toString(36)}SecretToken0123456789`;
      const visits = [
        `/deliveries/one-tap/${oneTap}?action=skip`, // the page (a 404: no such token)
        `/deliveries/one-tap/${oneTap}/more`, // the catch-all 404
        `/DELIVERIES/One-Tap/${oneTap}?action=keep`, // the router matches any case
        `/reset-password?token=${reset}&email=ada%40example.com`,
        `/reset-password/more?token=${reset}`,
        `/test-hooks/error?status=500&token=${reset}`, // a loader that throws: handleError logs the address
      ];
      for (const path of visits) await request.get(path);
      // the request log line of the last visit has been written
      await expect
        .poll(() => mailApp.log().includes("/test-hooks/error?status=500&token=[redacted]"), {
          timeout: 10_000,
        })
        .toBe(true);
      const log = mailApp.log();
      expect(log).toContain("/deliveries/one-tap/[redacted]?action=skip");
      expect(log).toContain("/DELIVERIES/One-Tap/[redacted]?action=keep");
      expect(log).toContain("/reset-password?token=[redacted]&email=[redacted]");
      // handleError's line (decision 066: a JSON line with the request's id between the two)
      expect(log).toMatch(
        /"level":"error",[^\n]*"url":"http:\/\/127\.0\.0\.1:\d+\/test-hooks\/error\?status=500&token=\[redacted\]"/,
      );
      expect(log).not.toContain(oneTap);
      expect(log).not.toContain(reset);
      expect(log).not.toContain("ada%40example.com");
    },
  );
});
