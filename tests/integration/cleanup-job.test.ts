// The cleanup job (app/jobs/cleanup.server.ts, issue 34 item 6, decision 044), run by the job runner
// as registered, on SQLite or PostgreSQL (DATABASE_URL_TEST): rows nothing can use any more go
// (ended and idle sessions, expired e-mail-proof codes of ended sessions, expired reset tokens,
// rate-limit hits older than the longest window, new-card attempts out of their window, anonymous
// drafts older than their session cookie),
// and every row still of use stays. It deletes in bounded batches, and a run for a future instant
// deletes nothing that is live today.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { db } from "~/db/client.server";
import { SESSION_DAYS, SESSION_IDLE_DAYS } from "~/accounts/session-lifetime";
import { hashToken } from "~/accounts/password-reset.server";
import { RATE_LIMIT_HITS_KEPT_MINUTES, makeCleanupJob } from "~/jobs/cleanup.server";
import { JOB_KINDS } from "~/jobs/registry.server";
import { CARD_LIMITS } from "~/payments/card-attempt-limits.server";
import { runDueJobs } from "~/jobs/runner.server";
import { DEMO, draftClient } from "./http-helpers";
import { createOrder, createSession, createStaff } from "../factories";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
const rand = () => randomBytes(12).toString("base64url");

const cleanup = JOB_KINDS.filter((k) => k.name === "cleanup");
const runCleanup = (now?: Date) => runDueJobs({ now, kinds: cleanup, log: false });

let userId: number;
beforeAll(async () => {
  userId = (
    await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO.email)
      .executeTakeFirstOrThrow()
  ).id;
});

const session = (times: { createdAt: string; expiresAt: string; lastSeenAt?: string | null }) =>
  createSession(db, { userId, ...times });
const sessionsLeft = async (ids: string[]) =>
  (await db.selectFrom("sessions").select("id").where("id", "in", ids).execute())
    .map((r) => r.id)
    .sort();

async function proof(sessionId: string, expiresAt: string, provedAt: string | null = null) {
  const { id } = await db
    .insertInto("emailProofs")
    .values({
      userId,
      sessionId,
      codeHash: rand(),
      expiresAt,
      provedAt,
      createdAt: ago(30 * MINUTE),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
async function reset(expiresAt: string, usedAt: string | null = null) {
  const { id } = await db
    .insertInto("passwordResets")
    .values({
      userId,
      tokenHash: hashToken(rand()),
      expiresAt,
      usedAt,
      createdAt: ago(2 * 60 * MINUTE),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
async function hit(createdAt: string) {
  const { id } = await db
    .insertInto("rateLimitHits")
    .values({ key: `cleanup-test:${rand()}`, createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
const idsLeft = async (
  table: "emailProofs" | "passwordResets" | "rateLimitHits" | "subscriptions",
  ids: number[],
) =>
  (await db.selectFrom(table).select("id").where("id", "in", ids).execute())
    .map((r) => r.id)
    .sort((a, b) => a - b);

/** A draft made by the real box flow by a visitor who never signed in, made `daysAgo` days ago. */
async function anonymousDraft(daysAgo: number) {
  const { draftId } = await draftClient("custom");
  await sql`update subscriptions set created_at = ${ago(daysAgo * DAY)} where id = ${draftId!}`.execute(
    db,
  );
  return draftId!;
}

describe("the cleanup job", () => {
  it("deletes ended and idle sessions and keeps live ones", async () => {
    const ended = await session({
      createdAt: ago(31 * DAY),
      expiresAt: ago(DAY),
      lastSeenAt: ago(2 * DAY),
    });
    const idle = await session({
      createdAt: ago(20 * DAY),
      expiresAt: ahead(10 * DAY),
      lastSeenAt: ago((SESSION_IDLE_DAYS + 1) * DAY),
    });
    const neverUsed = await session({
      createdAt: ago((SESSION_IDLE_DAYS + 1) * DAY),
      expiresAt: ahead(15 * DAY),
    });
    const fresh = await session({ createdAt: ago(MINUTE), expiresAt: ahead(SESSION_DAYS * DAY) });
    const usedLately = await session({
      createdAt: ago(20 * DAY),
      expiresAt: ahead(10 * DAY),
      lastSeenAt: ago(DAY),
    });
    const checkoutGrace = await session({ createdAt: ago(DAY), expiresAt: ahead(3 * MINUTE) });

    const summary = await runCleanup();
    expect(summary.cleanup.failed).toBe(0);
    expect(await sessionsLeft([ended, idle, neverUsed, fresh, usedLately, checkoutGrace])).toEqual(
      [fresh, usedLately, checkoutGrace].sort(),
    );
  });

  it("deletes staff sessions past 12 hours, idle 30 minutes, or left at the password step, and keeps live ones", async () => {
    const staff = await createStaff(db, { role: "packer" });
    const row = async (
      over: Partial<{
        createdAt: string;
        lastSeenAt: string;
        expiresAt: string;
        secondFactorAt: string | null;
      }>,
    ) => {
      const id = randomBytes(16).toString("hex");
      await db
        .insertInto("staffSessions")
        .values({
          id,
          userId: staff.id,
          createdAt: ago(HOUR),
          lastSeenAt: ago(MINUTE),
          expiresAt: ahead(11 * HOUR),
          secondFactorAt: ago(HOUR),
          enrolSecret: null,
          ip: "127.0.0.1",
          ...over,
        })
        .execute();
      return id;
    };
    const live = await row({});
    const pendingNow = await row({ createdAt: ago(MINUTE), secondFactorAt: null });
    await row({ createdAt: ago(13 * HOUR), expiresAt: ago(HOUR) });
    await row({ lastSeenAt: ago(31 * MINUTE) });
    await row({ createdAt: ago(11 * MINUTE), lastSeenAt: ago(11 * MINUTE), secondFactorAt: null });
    expect((await runCleanup()).cleanup.failed).toBe(0);
    const left = await db
      .selectFrom("staffSessions")
      .select("id")
      .where("userId", "=", staff.id)
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([live, pendingNow].sort());
  });

  it("deletes an expired e-mail-proof code once its session has ended, and no other", async () => {
    const live = await session({ createdAt: ago(DAY), expiresAt: ahead(DAY) });
    const idle = await session({
      createdAt: ago(20 * DAY),
      expiresAt: ahead(DAY),
      lastSeenAt: ago((SESSION_IDLE_DAYS + 1) * DAY),
    });
    const gone = `signed-out-${rand()}`;
    const ofGoneSession = await proof(gone, ago(MINUTE));
    const provedOfGoneSession = await proof(gone, ago(MINUTE), ago(5 * MINUTE));
    const ofIdleSession = await proof(idle, ago(MINUTE));
    const stillUsable = await proof(gone, ahead(10 * MINUTE));
    const ofLiveSession = await proof(live, ago(MINUTE));
    const provedOfLiveSession = await proof(live, ago(MINUTE), ago(10 * MINUTE));

    await runCleanup();
    const all = [
      ofGoneSession,
      provedOfGoneSession,
      ofIdleSession,
      stillUsable,
      ofLiveSession,
      provedOfLiveSession,
    ];
    expect(await idsLeft("emailProofs", all)).toEqual(
      [stillUsable, ofLiveSession, provedOfLiveSession].sort((a, b) => a - b),
    );
  });

  it("deletes expired reset tokens, used or not, and keeps open ones", async () => {
    const expired = await reset(ago(MINUTE));
    const usedAndExpired = await reset(ago(MINUTE), ago(30 * MINUTE));
    const open = await reset(ahead(30 * MINUTE));
    await runCleanup();
    expect(await idsLeft("passwordResets", [expired, usedAndExpired, open])).toEqual([open]);
  });

  it("deletes rate-limit hits older than the longest window and keeps those inside it", async () => {
    expect(RATE_LIMIT_HITS_KEPT_MINUTES).toBe(60); // the e-mail-proof sends' hour outlasts the 15-minute default window
    const old = await hit(ago((RATE_LIMIT_HITS_KEPT_MINUTES + 1) * MINUTE));
    const inLongestWindow = await hit(ago((RATE_LIMIT_HITS_KEPT_MINUTES - 1) * MINUTE));
    const recent = await hit(ago(MINUTE));
    await runCleanup();
    expect(await idsLeft("rateLimitHits", [old, inLongestWindow, recent])).toEqual([
      inLongestWindow,
      recent,
    ]);
  });

  it("deletes new-card attempts out of the card limits' window and keeps those a budget still counts", async () => {
    const attempt = async (createdAt: string) =>
      (
        await db
          .insertInto("cardAttempts")
          .values({ scope: `address:cleanup-${rand()}`, attempt: rand(), weight: 3, createdAt })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const old = await attempt(ago((CARD_LIMITS.windowHours * 60 + 1) * MINUTE));
    const counted = await attempt(ago((CARD_LIMITS.windowHours * 60 - 1) * MINUTE));
    await runCleanup();
    expect(
      (
        await db.selectFrom("cardAttempts").select("id").where("id", "in", [old, counted]).execute()
      ).map((r) => r.id),
    ).toEqual([counted]);
  });

  it("deletes an anonymous draft older than its session cookie, with its cuts, and keeps every other draft", async () => {
    const old = await anonymousDraft(SESSION_DAYS + 1);
    await db
      .insertInto("subscriptionItems")
      .values({
        subscriptionId: old,
        productId: (await db.selectFrom("products").select("id").executeTakeFirstOrThrow()).id,
        quantity: 1,
      })
      .execute();
    const young = await anonymousDraft(SESSION_DAYS - 1);
    const owned = await anonymousDraft(SESSION_DAYS + 1);
    await db.updateTable("subscriptions").set({ userId }).where("id", "=", owned).execute();
    const atCheckout = await anonymousDraft(SESSION_DAYS + 1);
    await db
      .updateTable("subscriptions")
      .set({ checkoutKey: `checkout:${rand()}` })
      .where("id", "=", atCheckout)
      .execute();
    const ordered = await anonymousDraft(SESSION_DAYS + 1);
    await createOrder(db, userId, {
      subscriptionId: ordered,
      status: "failed",
      deliveryDate: null,
      deliveryWindow: null,
      createdAt: ago(DAY),
    });

    await runCleanup();
    expect(await idsLeft("subscriptions", [old, young, owned, atCheckout, ordered])).toEqual(
      [young, owned, atCheckout, ordered].sort((a, b) => a - b),
    );
    expect(
      await db
        .selectFrom("subscriptionItems")
        .select("id")
        .where("subscriptionId", "=", old)
        .execute(),
    ).toEqual([]);
  });

  it("deletes in bounded batches: a run stops after its last batch and the next run goes on", async () => {
    const hits = await Promise.all(
      Array.from({ length: 5 }, () => hit(ago(2 * RATE_LIMIT_HITS_KEPT_MINUTES * MINUTE))),
    );
    const job = makeCleanupJob({ batchRows: 2, batchesPerRun: 2 });
    const first = await runDueJobs({ kinds: [job], log: false });
    expect(first.cleanup.done).toBe(1);
    expect(await idsLeft("rateLimitHits", hits)).toHaveLength(1);
    await runDueJobs({ kinds: [job], log: false });
    expect(await idsLeft("rateLimitHits", hits)).toEqual([]);
  });

  it("deletes nothing still live today when run for a future instant", async () => {
    const fresh = await session({ createdAt: ago(MINUTE), expiresAt: ahead(SESSION_DAYS * DAY) });
    const hitNow = await hit(ago(MINUTE));
    const draft = await anonymousDraft(1);
    await runCleanup(new Date(Date.now() + 60 * DAY));
    expect(await sessionsLeft([fresh])).toEqual([fresh]);
    expect(await idsLeft("rateLimitHits", [hitNow])).toEqual([hitNow]);
    expect(await idsLeft("subscriptions", [draft])).toEqual([draft]);
  });
});
