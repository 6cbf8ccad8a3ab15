// The back office's sections, each behind its permission: the navigation lists only what the role may open.
import { can, type Permission, type StaffRole } from "~/staff/permissions";

export type Section = { href: string; label: string; permission: Permission | null };

export const SECTIONS: readonly Section[] = [
  { href: "/admin", label: "Overview", permission: null },
  { href: "/admin/deliveries", label: "Packing day", permission: "deliveries" },
  { href: "/admin/orders", label: "Orders", permission: "orders" },
  { href: "/admin/customers", label: "Customers", permission: "customers" },
  { href: "/admin/payments", label: "Failed payments", permission: "payments" },
  { href: "/admin/gift-cards", label: "Gift cards", permission: "gift_cards" },
  { href: "/admin/catalogue", label: "Catalogue", permission: "catalogue" },
  { href: "/admin/discounts", label: "Discounts", permission: "discounts" },
  { href: "/admin/content", label: "Content", permission: "content" },
  { href: "/admin/staff", label: "Staff", permission: "staff" },
  { href: "/admin/audit", label: "Audit", permission: "audit" },
];

export const sectionsFor = (role: StaffRole) =>
  SECTIONS.filter((s) => s.permission === null || can(role, s.permission)).map(
    ({ href, label }) => ({ href, label }),
  );
