// The GET forms' schemas (decision 075): the audit filter, the orders search and the mailbox's
// recipient read any query without refusing it, dropping what they cannot use, as the loaders did.
import { describe, expect, it } from "vitest";
import { auditFilterValidator, isFiltered } from "~/admin/audit/audit-filter-schema";
import { orderSearchValidator } from "~/admin/orders/order-search-schema";
import { mailboxFilterValidator } from "~/email/mailbox-filter-schema";

const query = (q: string) => new URLSearchParams(q);

describe("the audit filter", () => {
  it("reads the query's filters, trimmed and cut to length", async () => {
    const { data } = await auditFilterValidator.validate(
      query(
        `staff=12&action=+order.refund+&entity=order&record=${"x".repeat(70)}&from=2026-11-01&to=2026-11-30`,
      ),
    );
    expect(data).toEqual({
      staffId: 12,
      action: "order.refund",
      entityType: "order",
      entityId: "x".repeat(60),
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(isFiltered(data!)).toBe(true);
  });

  it("drops what it cannot use and refuses no query", async () => {
    const { data, error } = await auditFilterValidator.validate(
      query("staff=abc&from=yesterday&to=2026-02-30x&staff=3&action=a&action=b"),
    );
    expect(error).toBeUndefined();
    expect(data).toEqual({
      staffId: null,
      action: "a",
      entityType: "",
      entityId: "",
      from: "",
      to: "",
    });
    const empty = await auditFilterValidator.validate(query(""));
    expect(isFiltered(empty.data!)).toBe(false);
  });
});

describe("the orders search", () => {
  it("keeps the words as typed (200 characters at most) and a real day only", async () => {
    expect(
      (await orderSearchValidator.validate(query("q=+PT-7K3M+&date=2026-11-29"))).data,
    ).toEqual({ q: " PT-7K3M ", date: "2026-11-29" });
    expect(
      (await orderSearchValidator.validate(query(`q=${"a".repeat(250)}&date=2026-13-45`))).data,
    ).toEqual({ q: "a".repeat(200), date: "" });
  });
});

describe("the mailbox's recipient filter", () => {
  it("reads the recipient trimmed, empty when missing", async () => {
    expect((await mailboxFilterValidator.validate(query("to=+ava@example.com+"))).data).toEqual({
      to: "ava@example.com",
    });
    expect((await mailboxFilterValidator.validate(query(""))).data).toEqual({ to: "" });
  });
});
