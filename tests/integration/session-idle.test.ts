// Sessions end after 14 days unused as well as 30 days after they began (issue 34 item 6, decision
// 044), through the real route loaders with the clock set by the test: each use slides the idle limit,
// a use is written down at most once an hour, and an idle or worn-out session is refused (the
// session-expired state on a signed-in page, the sign-in form for a signed-out visitor on /sign-in).
// Runs on SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import { db } from "~/db/client.server";
import { SESSION_DAYS, SESSION_IDLE_DAYS } from "~/accounts/session-lifetime";
import { sessionCookie } from "~/accounts/session.server";
import * as myDeliveries from "~/routes/dashboard.my-deliveries";
import * as signIn from "~/routes/sign-in";
import { call, getRequest, signInDemo, type Client } from "./http-helpers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.now();
let clock = start;
/** moves the server's clock (Date only: timers and the database drivers keep real time) */
const advance = (ms: number) => vi.setSystemTime((clock += ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock = start;
  vi.setSystemTime(clock);
});
afterEach(() => vi.useRealTimers());

const dashboard = (client: Client) =>
  call(myDeliveries.loader, getRequest("/dashboard/my-deliveries", client));
const signInPage = (client: Client) => call(signIn.loader, getRequest("/sign-in", client));
const lastSeenAt = async (client: Client) =>
  (
    await db
      .selectFrom("sessions")
      .select("lastSeenAt")
      .where("id", "=", await sessionCookie.parse(client.cookie))
      .executeTakeFirstOrThrow()
  ).lastSeenAt;

describe("session idle limit", () => {
  it("refuses a session unused for 14 days: the dashboard says the session expired and /sign-in shows its form", async () => {
    const client = await signInDemo();
    expect((await dashboard(client)).status).toBe(200);
    expect((await signInPage(client)).location).toBe("/dashboard/my-deliveries");

    advance(SESSION_IDLE_DAYS * DAY + 60_000);
    const refused = await dashboard(client);
    expect(refused.status).toBe(401);
    expect(refused.text).toContain("Your session has expired");
    const form = await signInPage(client);
    expect(form.status).toBe(200);
    expect(form.location).toBeNull();
  });

  it("slides with each use, writing the use down at most once an hour", async () => {
    const client = await signInDemo();
    expect(await lastSeenAt(client)).toBeNull();
    advance(30 * 60_000);
    expect((await dashboard(client)).status).toBe(200);
    expect(await lastSeenAt(client)).toBeNull(); // used half an hour after signing in: nothing written

    advance(SESSION_IDLE_DAYS * DAY - 2 * HOUR); // 13 days 22.5 hours after signing in
    expect((await dashboard(client)).status).toBe(200);
    const slid = await lastSeenAt(client);
    expect(slid).toBe(new Date(clock).toISOString());
    advance(59 * 60_000);
    expect((await dashboard(client)).status).toBe(200);
    expect(await lastSeenAt(client)).toBe(slid); // within the hour: no write

    advance(SESSION_IDLE_DAYS * DAY - 2 * HOUR); // 28 days after signing in, under 14 days since the last use
    expect((await dashboard(client)).status).toBe(200);
  });

  it("keeps the 30-day maximum for a session used every day", async () => {
    const client = await signInDemo();
    for (let day = 1; day < SESSION_DAYS; day++) {
      advance(DAY);
      expect((await dashboard(client)).status, `day ${day}`).toBe(200);
    }
    advance(DAY);
    expect((await dashboard(client)).status).toBe(401);
  });
});
