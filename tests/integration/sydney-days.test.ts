// The back office's Sydney day filters on the daylight-saving change days (issue 46 item 7,
// decision 073): a Sydney day runs from its own midnight, so 4 October 2026 starts at 00:00 AEST
// (14:00 UTC on the 3rd), not 23:00 on the 3rd, and 5 April 2026 at 00:00 AEDT (13:00 UTC on the
// 4th), not 01:00. The audit filter, the order search by date and the overview's "today" read it.
// Runs on SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import { describe, expect, it } from "vitest";
import { listAudit, type AuditFilters } from "~/admin/audit/audit-log.server";
import { searchOrders } from "~/admin/orders/search.server";
import { overviewFor } from "~/admin/overview.server";
import { db } from "~/db/client.server";
import { createOrder, createStaff, createUser } from "../factories";

/** 23:30 on Saturday 3 October 2026 in Sydney (AEST), half an hour before the 4th begins */
const LATE_OCT_3 = "2026-10-03T13:30:00.000Z";
/** 00:30 on Sunday 4 October 2026 in Sydney (AEST: clocks go forward at 2 am) */
const EARLY_OCT_4 = "2026-10-03T14:30:00.000Z";
/** 00:30 on Sunday 5 April 2026 in Sydney (AEDT: clocks go back at 3 am) */
const EARLY_APR_5 = "2026-04-04T13:30:00.000Z";
/** 23:30 on Saturday 4 April 2026 in Sydney (AEDT) */
const LATE_APR_4 = "2026-04-04T12:30:00.000Z";

const rand = () => Math.random().toString(36).slice(2, 10);

describe("the audit filter on a daylight-saving change day", () => {
  it("keeps each entry in its own Sydney day", async () => {
    const staff = await createStaff(db, { role: "owner" });
    const action = `clock.test.${rand()}`;
    for (const createdAt of [LATE_OCT_3, EARLY_OCT_4, LATE_APR_4, EARLY_APR_5])
      await db
        .insertInto("auditEntries")
        .values({
          staffUserId: staff.id,
          staffRole: "owner",
          action,
          entityType: "test",
          entityId: createdAt,
          before: null,
          after: null,
          ip: "127.0.0.1",
          createdAt,
        })
        .execute();
    const on = async (from: string, to = from) => {
      const filters: AuditFilters = {
        staffId: staff.id,
        action,
        entityType: "",
        entityId: "",
        from,
        to,
      };
      return (await listAudit(filters, 1)).entries.map((e) => e.entityId).sort();
    };
    expect(await on("2026-10-04")).toEqual([EARLY_OCT_4]);
    expect(await on("2026-10-03")).toEqual([LATE_OCT_3]);
    expect(await on("2026-04-05")).toEqual([EARLY_APR_5]);
    expect(await on("2026-04-04")).toEqual([LATE_APR_4]);
    expect(await on("2026-04-04", "2026-10-04")).toEqual(
      [LATE_APR_4, EARLY_APR_5, LATE_OCT_3, EARLY_OCT_4].sort(),
    );
  });
});

describe("the order search by date on a daylight-saving change day", () => {
  it("finds an order on the Sydney day it was placed", async () => {
    const user = await createUser(db, { email: `clock.${rand()}@example.com`, firstName: "Kai" });
    const placed: Record<string, string> = {};
    for (const createdAt of [LATE_OCT_3, EARLY_OCT_4, LATE_APR_4, EARLY_APR_5])
      placed[
        (await createOrder(db, user.id, { createdAt, deliveryDate: "2030-01-10" })).reference
      ] = createdAt;
    const on = async (date: string) =>
      (await searchOrders({ q: user.email, date }, 1)).rows.map((r) => placed[r.reference]).sort();
    expect(await on("2026-10-04")).toEqual([EARLY_OCT_4]);
    expect(await on("2026-10-03")).toEqual([LATE_OCT_3]);
    expect(await on("2026-04-05")).toEqual([EARLY_APR_5]);
    expect(await on("2026-04-04")).toEqual([LATE_APR_4]);
  });
});

describe("the overview's today on a daylight-saving change day", () => {
  it("counts the orders placed since Sydney's midnight, not an hour before", async () => {
    const now = new Date("2026-10-04T01:00:00.000Z"); // 12 noon AEDT on Sunday 4 October
    const ordersToday = async () =>
      (await overviewFor("owner", now)).find((c) => c.href === "/admin/orders")!.figure;
    const before = Number(await ordersToday());
    const user = await createUser(db, { email: `clock.${rand()}@example.com` });
    await createOrder(db, user.id, { createdAt: LATE_OCT_3 });
    expect(Number(await ordersToday())).toBe(before);
    await createOrder(db, user.id, { createdAt: EARLY_OCT_4 });
    expect(Number(await ordersToday())).toBe(before + 1);
  });
});
