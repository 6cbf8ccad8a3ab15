// Who on the staff may do what (issue 36). Pure, shared by the server's checks and the
// navigation, which shows only what the role may open. Every check that matters runs on the
// server: requireStaff(request, context, permission) in each loader and action.
import type { StaffRole } from "~/db/schema";

export type { StaffRole };

export const STAFF_ROLES: readonly StaffRole[] = ["owner", "support", "packer", "editor"];

export type Permission =
  /** packing day: the pick list, slips, the manifest, packed and dispatched */
  | "deliveries"
  /** find orders, see their payments and e-mails, resend e-mails */
  | "orders"
  /** refund an order (support: up to REFUND_LIMIT_CENTS.support each, DAY_MONEY_LIMIT_CENTS a day) */
  | "refunds"
  /** find customers and see their page */
  | "customers"
  /** act for a customer: skip, pause, cancel, change the next box, credit */
  | "act_for_customer"
  /** failed renewal payments: retry, send the pay link again */
  | "payments"
  /** find, resend and cancel gift cards */
  | "gift_cards"
  /** the audit log */
  | "audit"
  /** products, boxes, curated contents, prices, images, stock and its forecast (issue 37) */
  | "catalogue"
  /** discount codes and their usage */
  | "discounts"
  /** blog posts, recipes, FAQ, legal pages, the home page's hero slides and ticker */
  | "content"
  /** the numbers: subscriptions, recurring revenue, churn, revenue, recovery */
  | "numbers"
  /** the staff: invite, roles, disable and enable, reset a second factor (issue 44) */
  | "staff";

const GRANTS: Record<StaffRole, readonly Permission[]> = {
  owner: [
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
    "staff",
  ],
  support: ["orders", "refunds", "customers", "act_for_customer", "payments", "gift_cards"],
  packer: ["deliveries"],
  editor: ["content"],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The most one press may move, in cents, on every route that moves money (a refund, credit added, a
 * gift card cancelled with a refund): support up to $200, the owner without a limit.
 */
export const REFUND_LIMIT_CENTS: Record<StaffRole, number> = {
  owner: Number.POSITIVE_INFINITY,
  support: 20_000,
  packer: 0,
  editor: 0,
};

/** The most a member of staff may move in one Sydney day, all those routes together (decision 071). */
export const DAY_MONEY_LIMIT_CENTS: Record<StaffRole, number> = {
  owner: Number.POSITIVE_INFINITY,
  support: 50_000,
  packer: 0,
  editor: 0,
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  support: "Support",
  packer: "Packer",
  editor: "Editor",
};

/** How the customer's activity names a member of staff acting for them. */
export const staffActor = (firstName: string | null) =>
  `Paddock & Tide (${firstName?.trim() || "staff"})`;

/** The first page a role lands on after signing in. */
export function homeOf(role: StaffRole): string {
  if (role === "packer") return "/admin/deliveries";
  if (role === "support") return "/admin/orders";
  if (role === "editor") return "/admin/content";
  return "/admin";
}
