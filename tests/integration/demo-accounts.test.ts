// No demo data in production (issue 44 item 1, decision 062), against a real database (SQLite, or
// PostgreSQL with DATABASE_URL_TEST): a production first start seeds the shop's own data and no
// account; a production start over a database that holds the README's demo accounts disables each
// once (sessions ended, reset links retired, an audit entry, one log line) and deletes nothing; and a
// disabled account opens nowhere on the shop side (sessions, password reset).
import { afterEach, onTestFinished, vi } from "vitest";
import type { Kysely } from "kysely";
import { InvalidCredentialsError, verifyCredentials } from "~/accounts/auth.server";
import {
  InvalidResetTokenError,
  createResetToken,
  requestPasswordReset,
  resetPassword,
} from "~/accounts/password-reset.server";
import { getUser, readSession, requireUser } from "~/accounts/session.server";
import { createDb, db, prepareDatabase } from "~/db/client.server";
import { captureLogs } from "~/log/logger.mjs";
import type { DB } from "~/db/schema";
import {
  DEMO_ACCOUNT_EMAILS,
  DEMO_CUSTOMER_EMAILS,
  DEMO_PASSWORDS,
  DEMO_STAFF_EMAILS,
} from "~/db/seed/demo-accounts";
import { createSession, createStaffSession, createUser, uniqueEmail } from "../factories";
import { emptyDatabaseUrl } from "./databases";
import { newSession } from "./sessions";

const ORIGIN = "http://shop.test";

afterEach(() => {
  vi.restoreAllMocks();
});

const countOf = async (
  executor: Kysely<DB>,
  table:
    | "users"
    | "orders"
    | "paymentMethods"
    | "creditLedger"
    | "giftCards"
    | "subscriptions"
    | "sessions"
    | "products"
    | "packages"
    | "posts"
    | "faqItems"
    | "pages"
    | "discounts"
    | "deliveryRegions"
    | "suburbs"
    | "auditEntries",
) =>
  Number(
    (
      await executor
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the first start's seed", () => {
  it("in production is the shop's own data only: no customer, order, card, credit, gift card or staff", async () => {
    const other = createDb(await emptyDatabaseUrl("_prod"));
    try {
      const logs = captureLogs();
      onTestFinished(() => logs.stop());
      await prepareDatabase(other, { appEnv: "production" });
      for (const table of [
        "users",
        "orders",
        "paymentMethods",
        "creditLedger",
        "giftCards",
        "subscriptions",
        "sessions",
      ] as const)
        expect(await countOf(other, table), table).toBe(0);
      for (const table of [
        "products",
        "packages",
        "posts",
        "faqItems",
        "pages",
        "discounts",
        "deliveryRegions",
        "suburbs",
      ] as const)
        expect(await countOf(other, table), table).toBeGreaterThan(0);
      const codes = await other.selectFrom("discounts").select("code").execute();
      expect(codes.map((c) => c.code)).toEqual(
        expect.arrayContaining(["WELCOME20", "FREEBREAKFAST", "SALMONGIFT"]),
      );
      const legal = await other.selectFrom("pages").select("key").execute();
      expect(legal.length).toBeGreaterThan(2);
      // nothing to disable, so nothing said
      expect(logs.lines().filter((l) => l.level === "warn")).toEqual([]);
    } finally {
      await other.destroy();
    }
  });

  it("in development and test has every README demo account", async () => {
    const found = await db
      .selectFrom("users")
      .select(["email", "staffRole", "disabledAt"])
      .where("email", "in", [...DEMO_ACCOUNT_EMAILS])
      .execute();
    expect(found.map((u) => u.email).sort()).toEqual([...DEMO_ACCOUNT_EMAILS].sort());
    expect(found.every((u) => u.disabledAt === null)).toBe(true);
    expect(DEMO_CUSTOMER_EMAILS).toHaveLength(2);
    expect(DEMO_STAFF_EMAILS).toHaveLength(4);
  });
});

describe("a production start over a database with the demo accounts", () => {
  it("disables each once, ends its sessions and reset links, audits it and says so in one log line; deletes nothing", async () => {
    const ids = await db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "in", [...DEMO_ACCOUNT_EMAILS])
      .execute();
    const demo = Object.fromEntries(ids.map((u) => [u.email, u.id]));
    const customer = demo[DEMO_CUSTOMER_EMAILS[0]];
    const owner = demo[DEMO_STAFF_EMAILS[0]];
    const shopSession = await newSession(customer);
    await createStaffSession(db, owner);
    const token = await createResetToken(customer);
    const someoneElse = await createUser(db, { email: uniqueEmail("real") });
    const elseSession = await createSession(db, { userId: someoneElse.id });
    const ordersBefore = await countOf(db, "orders");
    const usersBefore = await countOf(db, "users");
    const auditBefore = await countOf(db, "auditEntries");

    const logs = captureLogs();
    onTestFinished(() => logs.stop());
    await prepareDatabase(db, { appEnv: "production" });
    const warnings = logs.lines().filter((l) => l.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ type: "demo_accounts.disabled" });
    expect([...(warnings[0].accounts as string[])].sort()).toEqual([...DEMO_ACCOUNT_EMAILS].sort());

    const after = await db
      .selectFrom("users")
      .select(["email", "disabledAt"])
      .where("email", "in", [...DEMO_ACCOUNT_EMAILS])
      .execute();
    expect(after.every((u) => u.disabledAt !== null)).toBe(true);
    const other = await db
      .selectFrom("users")
      .select("disabledAt")
      .where("id", "=", someoneElse.id)
      .executeTakeFirstOrThrow();
    expect(other.disabledAt).toBeNull();

    const sessions = await db
      .selectFrom("sessions")
      .select(["id", "userId"])
      .where("userId", "in", Object.values(demo))
      .execute();
    expect(sessions).toEqual([]);
    const staffSessions = await db
      .selectFrom("staffSessions")
      .select("id")
      .where("userId", "in", Object.values(demo))
      .execute();
    expect(staffSessions).toEqual([]);
    expect(
      await db.selectFrom("sessions").select("id").where("id", "=", elseSession).execute(),
    ).toHaveLength(1);

    const entries = await db
      .selectFrom("auditEntries")
      .selectAll()
      .where("action", "=", "user.disable")
      .execute();
    expect(entries).toHaveLength(DEMO_ACCOUNT_EMAILS.length);
    for (const id of Object.values(demo)) {
      const entry = entries.find((e) => e.entityId === String(id));
      expect(entry).toMatchObject({ staffUserId: id, staffRole: "system", entityType: "user" });
      expect(JSON.parse(entry!.after!)).toMatchObject({
        reason: expect.stringContaining("demo account"),
      });
    }
    // deletes nothing
    expect(await countOf(db, "orders")).toBe(ordersBefore);
    expect(await countOf(db, "users")).toBe(usersBefore);

    // the next start finds nothing more to do: no second entry, no second line
    const again = captureLogs();
    onTestFinished(() => again.stop());
    await prepareDatabase(db, { appEnv: "production" });
    expect(again.lines().filter((l) => l.level === "warn")).toEqual([]);
    expect(await countOf(db, "auditEntries")).toBe(auditBefore + DEMO_ACCOUNT_EMAILS.length);

    // nothing usable is left: the README passwords, the old cookie and the reset link open nothing
    for (const email of DEMO_ACCOUNT_EMAILS)
      await expect(
        verifyCredentials({ email, password: DEMO_PASSWORDS[email], ip: "203.0.113.44" }),
        email,
      ).rejects.toBeInstanceOf(InvalidCredentialsError);
    const request = new Request(`${ORIGIN}/dashboard`, {
      headers: { Cookie: shopSession.cookie },
    });
    expect(await getUser(request)).toBeNull();
    await expect(
      resetPassword({ token, email: DEMO_CUSTOMER_EMAILS[0], password: "Taken-Over-2026!" }),
    ).rejects.toBeInstanceOf(InvalidResetTokenError);
  });
});

describe("a disabled account on the shop side", () => {
  async function customer() {
    const user = await createUser(db, { password: "Correct-Horse-42" });
    return user;
  }
  const disable = (id: number) =>
    db
      .updateTable("users")
      .set({ disabledAt: new Date().toISOString() })
      .where("id", "=", id)
      .execute();

  it("a session it held before opens nothing: the page reads it as ended", async () => {
    const user = await customer();
    const session = await newSession(user.id);
    const request = () =>
      new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: session.cookie } });
    expect((await getUser(request()))?.id).toBe(user.id);
    await disable(user.id);
    expect(await getUser(request())).toBeNull();
    expect(await readSession(request())).toEqual({ session: null, stale: true });
    const refused = await requireUser(request()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(401);
  });

  it("asks for a reset link get none (the same answer as an unknown address), and an open link no longer works", async () => {
    const user = await customer();
    const token = await createResetToken(user.id);
    await disable(user.id);
    await requestPasswordReset({ email: user.email, ip: "203.0.113.45", origin: ORIGIN });
    const mails = await db
      .selectFrom("emailOutbox")
      .select("id")
      .where("toAddress", "=", user.email)
      .execute();
    expect(mails).toEqual([]);
    await expect(
      resetPassword({ token, email: user.email, password: "Taken-Over-2026!" }),
    ).rejects.toBeInstanceOf(InvalidResetTokenError);
  });
});
