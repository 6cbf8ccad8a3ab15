// The back office's first page: one live figure per section the role may open, so a member of
// staff sees at a glance where work waits. (The owner's numbers dashboard comes with part 2.)
import { db } from "~/db/client.server";
import { sydneyDayRange, sydneyToday } from "~/utils/sydney-time.server";
import { can, type Permission, type StaffRole } from "~/staff/permissions";

export type OverviewCard = { href: string; title: string; figure: string; detail: string };

const count = (n: unknown) => Number(n ?? 0);

/** Paid boxes for the next delivery day that has any. */
async function packingDayCard(today: string): Promise<OverviewCard> {
  const next = await db
    .selectFrom("orders")
    .select(["deliveryDate", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", "box")
    .where("status", "=", "paid")
    .where("deliveryDate", ">=", today)
    .groupBy("deliveryDate")
    .orderBy("deliveryDate")
    .limit(1)
    .executeTakeFirst();
  return {
    href: next?.deliveryDate ? `/admin/deliveries/${next.deliveryDate}` : "/admin/deliveries",
    title: "Packing day",
    figure: next ? String(count(next.n)) : "0",
    detail: next?.deliveryDate
      ? `paid boxes for ${next.deliveryDate}, the next delivery day`
      : "paid boxes waiting: none",
  };
}

const ordersCard = (today: string) =>
  db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("createdAt", ">=", sydneyDayRange(today)[0])
    .executeTakeFirstOrThrow()
    .then((r) => ({
      href: "/admin/orders",
      title: "Orders",
      figure: String(count(r.n)),
      detail: "orders placed today",
    }));

const customersCard = () =>
  db
    .selectFrom("subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "active")
    .executeTakeFirstOrThrow()
    .then((r) => ({
      href: "/admin/customers",
      title: "Customers",
      figure: String(count(r.n)),
      detail: "active subscriptions",
    }));

const failedPaymentsCard = () =>
  db
    .selectFrom("deliveries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "payment_failed")
    .executeTakeFirstOrThrow()
    .then((r) => ({
      href: "/admin/payments",
      title: "Failed payments",
      figure: String(count(r.n)),
      detail: "renewals that could not be charged",
    }));

const giftCardsCard = () =>
  db
    .selectFrom("giftCards")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("claimedAt", "is", null)
    .where("cancelledAt", "is", null)
    .executeTakeFirstOrThrow()
    .then((r) => ({
      href: "/admin/gift-cards",
      title: "Gift cards",
      figure: String(count(r.n)),
      detail: "cards not claimed yet",
    }));

const auditCard = (today: string) =>
  db
    .selectFrom("auditEntries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("createdAt", ">=", sydneyDayRange(today)[0])
    .executeTakeFirstOrThrow()
    .then((r) => ({
      href: "/admin/audit",
      title: "Audit",
      figure: String(count(r.n)),
      detail: "changes made by staff today",
    }));

/** Each section's card, in the page's order, behind the permission that opens the section. */
const CARDS: [Permission, (today: string) => Promise<OverviewCard>][] = [
  ["deliveries", packingDayCard],
  ["orders", ordersCard],
  ["customers", customersCard],
  ["payments", failedPaymentsCard],
  ["gift_cards", giftCardsCard],
  ["audit", auditCard],
];

export async function overviewFor(role: StaffRole, now = new Date()): Promise<OverviewCard[]> {
  const today = sydneyToday(now);
  return Promise.all(CARDS.filter(([p]) => can(role, p)).map(([, card]) => card(today)));
}
