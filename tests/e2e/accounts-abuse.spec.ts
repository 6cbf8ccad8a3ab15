// Sign-in limits that cannot be turned against a customer, and a password reset
// that tells nobody whether an account exists (issue 34 item 5). This spec
// starts its own app (tests/e2e/app-process.ts) per Playwright worker:
// - TRUST_PROXY=loopback, so X-Forwarded-For names the client and one test
//   process can be an attacker at one address and the owner at another;
// - RATE_LIMIT_IP_MAX=8, so the per-address limit is reached in a few tries;
// - SMTP_URL pointing at a real SMTP server in this process, which a test can
//   make slow or refuse every mail.
import net from "node:net";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import * as factories from "../factories";
import { createDb } from "../../app/db/connection.server";
import { slowdownSeconds, SLOWDOWN } from "../../app/accounts/sign-in-slowdown";
import { spawnApp } from "./app-process";
import { expect, test as base, uniqueEmail } from "./fixtures";

type SmtpMode = "ok" | "slow" | "refuse";
/** how long the slow server takes to greet: far above any request's own time */
const SMTP_DELAY_MS = 4000;
const IP_MAX = 8;
const PASSWORD = "Correct-Horse-42";

type AbuseApp = {
  base: string;
  db: ReturnType<typeof createDb>;
  setSmtp: (mode: SmtpMode) => void;
};

async function startSmtp() {
  let mode: SmtpMode = "ok";
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, cb) {
      if (mode === "slow") setTimeout(() => cb(), SMTP_DELAY_MS);
      else cb();
    },
    onRcptTo(_address, _session, cb) {
      if (mode !== "refuse") return cb();
      cb(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, _session, cb) {
      stream.on("data", () => {});
      stream.on("end", () => cb());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    server,
    port: (server.server.address() as net.AddressInfo).port,
    setMode: (next: SmtpMode) => void (mode = next),
  };
}

const test = base.extend<object, { abuseApp: AbuseApp }>({
  abuseApp: [
    async ({}, use) => {
      const smtp = await startSmtp();
      const app = await spawnApp("abuse", {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        TRUST_PROXY: "loopback",
        RATE_LIMIT_IP_MAX: String(IP_MAX),
      });
      await app.serving();
      const db = createDb(`file:${app.dbFile}`);
      await use({ base: app.base, db, setSmtp: smtp.setMode });
      await db.destroy();
      await app.stop();
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ abuseApp }, use) => use(abuseApp.base),
});

test.describe.configure({ timeout: 90_000 });

async function createUser(db: AbuseApp["db"], password: string | null = PASSWORD) {
  return (
    await factories.createUser(db, {
      email: uniqueEmail("abuse"),
      password,
      firstName: "Ada",
      lastName: "Owner",
    })
  ).email;
}

/** A CSRF token from `path`; the request context keeps its cookie. */
async function csrfToken(request: APIRequestContext, path: string): Promise<string> {
  const token = (await (await request.get(path)).text()).match(/name="csrf" value="([^"]+)"/)?.[1];
  expect(token, `${path} carries a CSRF token`).toBeTruthy();
  return token!;
}

/** A form post from the client `from` (X-Forwarded-For, believed from the loopback proxy), timed. */
async function post(
  request: APIRequestContext,
  path: string,
  from: string,
  form: Record<string, string>,
) {
  const started = Date.now();
  const response = await request.post(path, {
    form,
    headers: { "X-Forwarded-For": from },
    maxRedirects: 0,
  });
  return { response, ms: Date.now() - started, body: await response.text() };
}

/** The page without what differs on every answer: the CSP nonce and the CSRF token. */
const comparable = (html: string) =>
  html.replace(/nonce="[^"]*"/g, "").replace(/name="csrf" value="[^"]*"/g, "");

const status = (r: APIResponse) => r.status();

/**
 * Asks, from `from`, for a reset for a new account (without a password) and for an unknown address;
 * both must get status 200 and the same page. Returns the account's e-mail and its answer.
 */
async function resetForBoth(request: APIRequestContext, db: AbuseApp["db"], from: string) {
  const known = await createUser(db, null);
  const unknown = uniqueEmail("nobody");
  const csrf = await csrfToken(request, "/forgot-password");
  const forKnown = await post(request, "/forgot-password", from, { csrf, email: known });
  const forUnknown = await post(request, "/forgot-password", from, { csrf, email: unknown });
  expect(status(forKnown.response)).toBe(200);
  expect(status(forUnknown.response)).toBe(200);
  expect(comparable(forKnown.body).replaceAll(known, unknown)).toBe(comparable(forUnknown.body));
  return { known, forKnown };
}

/** The outbox row of the mail to `to`, once `column` is set. */
async function outboxRowOnce(db: AbuseApp["db"], to: string, column: "sentAt" | "lastError") {
  await expect
    .poll(
      async () =>
        (
          await db
            .selectFrom("emailOutbox")
            .select(column)
            .where("toAddress", "=", to)
            .executeTakeFirst()
        )?.[column] ?? null,
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return db
    .selectFrom("emailOutbox")
    .selectAll()
    .where("toAddress", "=", to)
    .executeTakeFirstOrThrow();
}

test.describe("a password reset tells nobody whether an account exists", () => {
  test(
    "the same answer, in the same time, for an account and an unknown address, with a slow mail server",
    { tag: "@http" },
    async ({ request, abuseApp }) => {
      abuseApp.setSmtp("slow");
      const { known, forKnown } = await resetForBoth(request, abuseApp.db, "192.0.2.10");
      // the one timed assertion the issue asks for: the mail server takes 4 s to greet, and the
      // answer for an account must not wait for it (3 s: generous for a loaded 2-core machine)
      expect(forKnown.ms, `answered in ${forKnown.ms} ms`).toBeLessThan(SMTP_DELAY_MS - 1000);
      // the mail still leaves, after the answer
      await outboxRowOnce(abuseApp.db, known, "sentAt");
    },
  );

  test(
    "the same answer for an account and an unknown address when the mail server refuses the mail",
    { tag: "@http" },
    async ({ request, abuseApp }) => {
      abuseApp.setSmtp("refuse");
      const { known } = await resetForBoth(request, abuseApp.db, "192.0.2.11");
      // the refusal is the relay's business: recorded on the row, retried later
      expect((await outboxRowOnce(abuseApp.db, known, "lastError")).lastError).toContain(
        "Mailbox unavailable",
      );
      abuseApp.setSmtp("ok");
    },
  );
});

/** Tries one place may have checked in `ms`: the free ones, then one more each time the growing delay has passed. */
function triesWithin(ms: number) {
  const policy = { ...SLOWDOWN, emailFree: Infinity };
  let tries = SLOWDOWN.pairFree;
  for (let waited = 0, step = 0; (waited += slowdownSeconds(step, policy) * 1000) <= ms; step++)
    tries++;
  return tries;
}

// a few seconds for the place; or minutes, when the tries still in flight filled the address's limit
const WAIT = /Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\./;

test.describe("sign-in limits that cannot be turned against a customer", () => {
  test(
    "a burst of wrong passwords from one place gets a few checked, and the owner elsewhere signs in at once",
    { tag: "@http" },
    async ({ request, abuseApp }) => {
      const email = await createUser(abuseApp.db);
      const csrf = await csrfToken(request, "/sign-in");
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post(request, "/sign-in", "203.0.113.66", {
            csrf,
            email,
            password: `Wrong-Password-${i}`,
          }),
        ),
      );
      const elapsed = Date.now() - started;
      const checked = answers.filter((a) => status(a.response) === 400);
      const waiting = answers.filter((a) => status(a.response) === 429);
      expect(checked.length + waiting.length).toBe(30);
      // counted before the password is hashed: the free tries, plus one per delay that passed during the burst
      expect(checked.length).toBeGreaterThan(0);
      expect(checked.length, `in ${elapsed} ms`).toBeLessThanOrEqual(triesWithin(elapsed));
      for (const w of waiting) {
        expect(w.body).toMatch(WAIT);
        expect(Number(w.response.headers()["retry-after"])).toBeGreaterThan(0);
        expect(Number(w.response.headers()["retry-after"])).toBeLessThanOrEqual(15 * 60);
      }
      // the owner, at another address, with the right password: no wait at all
      const owner = await post(request, "/sign-in", "198.51.100.7", {
        csrf,
        email,
        password: PASSWORD,
      });
      expect(status(owner.response), owner.body.match(/role="alert"[^]*?<\/p>/)?.[0]).toBe(302);
      expect(owner.response.headers()["set-cookie"]).toContain("__session=");
    },
  );

  test(
    "every address of one IPv6 /64 is one client, and an IPv4-mapped address is its IPv4 address",
    { tag: "@http" },
    async ({ request }) => {
      const csrf = await csrfToken(request, "/sign-in");
      // a new e-mail each time: only the per-address limit is in play
      const tryFrom = async (from: string) => {
        const answer = await post(request, "/sign-in", from, {
          csrf,
          email: uniqueEmail("nobody"),
          password: "Wrong-Password-1",
        });
        return status(answer.response) === 429
          ? (expect(answer.body).toMatch(
              /Too many attempts\. Please wait \d+ minutes? and try again\./,
            ),
            429)
          : status(answer.response);
      };
      for (let i = 1; i <= IP_MAX; i++)
        expect(await tryFrom(`2001:db8:34:5::${i.toString(16)}`)).toBe(400);
      expect(await tryFrom("2001:db8:34:5:ffff:ffff:ffff:fffe")).toBe(429);
      // the neighbouring /64 is someone else
      expect(await tryFrom("2001:db8:34:6::1")).toBe(400);

      // 198.51.100.77, written three ways
      const forms = ["198.51.100.77", "::ffff:198.51.100.77", "::ffff:c633:644d"];
      for (let i = 0; i < IP_MAX; i++) expect(await tryFrom(forms[i % forms.length])).toBe(400);
      for (const form of forms) expect(await tryFrom(form)).toBe(429);
    },
  );
});

test.describe("a malformed SMTP_URL", () => {
  test(
    "does not show in a reset's answer: the same for an account and an unknown address",
    { tag: "@http" },
    async ({ playwright }) => {
      // an smtp:// URL the start check takes (decision 040 refuses one that is not a URL at all) but the
      // mailer cannot read: its user name is not valid percent-encoding
      const app = await spawnApp("bad-smtp", { SMTP_URL: "smtp://%zz@smtp.example.com" });
      await app.serving();
      const db = createDb(`file:${app.dbFile}`);
      const request = await playwright.request.newContext({ baseURL: app.base });
      try {
        const { known } = await resetForBoth(request, db, "192.0.2.12");
        // the mail waits in the outbox
        expect(
          await db.selectFrom("emailOutbox").select("id").where("toAddress", "=", known).execute(),
        ).toHaveLength(1);
      } finally {
        await request.dispose();
        await db.destroy();
        await app.stop();
      }
    },
  );
});
