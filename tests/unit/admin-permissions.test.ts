// Who on the staff may do what (issue 36), the staff session's two clocks, and the lists' pages.
import { describe, expect, it } from "vitest";
import { sectionsFor } from "~/admin/navigation";
import { pageHref, pageOf } from "~/admin/pagination";
import { can, homeOf, REFUND_LIMIT_CENTS, staffActor, type Permission } from "~/staff/permissions";

const ALL: Permission[] = [
  "deliveries",
  "orders",
  "refunds",
  "customers",
  "act_for_customer",
  "payments",
  "gift_cards",
  "audit",
  "catalogue",
  "discounts",
  "content",
  "numbers",
];

describe("permissions", () => {
  it("lets the owner do everything", () => {
    expect(ALL.filter((p) => !can("owner", p))).toEqual([]);
    expect(REFUND_LIMIT_CENTS.owner).toBe(Number.POSITIVE_INFINITY);
  });

  it("lets support handle customers, orders, refunds up to $200 and act for a customer, not packing or the audit", () => {
    expect(ALL.filter((p) => can("support", p))).toEqual([
      "orders",
      "refunds",
      "customers",
      "act_for_customer",
      "payments",
      "gift_cards",
    ]);
    expect(REFUND_LIMIT_CENTS.support).toBe(20_000);
  });

  it("lets a packer do deliveries only", () => {
    expect(ALL.filter((p) => can("packer", p))).toEqual(["deliveries"]);
  });

  it("lets an editor edit content only, and nothing of money or customers", () => {
    expect(ALL.filter((p) => can("editor", p))).toEqual(["content"]);
    expect(REFUND_LIMIT_CENTS.editor).toBe(0);
  });

  it("shows each role only the sections it may open, and lands it on its first one", () => {
    expect(sectionsFor("packer").map((s) => s.href)).toEqual(["/admin", "/admin/deliveries"]);
    expect(sectionsFor("support").map((s) => s.label)).not.toContain("Audit");
    expect(sectionsFor("editor").map((s) => s.href)).toEqual(["/admin", "/admin/content"]);
    expect(sectionsFor("owner")).toHaveLength(11);
    expect([homeOf("owner"), homeOf("support"), homeOf("packer"), homeOf("editor")]).toEqual([
      "/admin",
      "/admin/orders",
      "/admin/deliveries",
      "/admin/content",
    ]);
  });

  it("names a member of staff acting for a customer", () => {
    expect(staffActor("Sam")).toBe("Paddock & Tide (Sam)");
    expect(staffActor(null)).toBe("Paddock & Tide (staff)");
  });
});

describe("list pages", () => {
  it("reads the page from the URL, 1 when missing or not a page", () => {
    const page = (q: string) => pageOf(new URL(`http://x/admin/orders${q}`));
    expect([
      page(""),
      page("?page=3"),
      page("?page=0"),
      page("?page=-2"),
      page("?page=abc"),
    ]).toEqual([1, 3, 1, 1, 1]);
  });

  it("keeps the filters in the link to another page", () => {
    expect(pageHref("/admin/orders?q=smith&page=2", 3)).toBe("/admin/orders?q=smith&page=3");
    expect(pageHref("/admin/orders?q=smith&page=2", 1)).toBe("/admin/orders?q=smith");
  });
});
