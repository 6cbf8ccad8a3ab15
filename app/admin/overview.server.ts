// The back office's first page: one live figure per section the role may open, so a member of
// staff sees at a glance where work waits. (The owner's numbers dashboard comes with part 2.)
import { db } from "~/db/client.server";
import { sydneyDayRange, sydneyToday } from "~/utils/sydney-time.server";
import { can, type StaffRole } from "~/staff/permissions";

export type OverviewCard = { href: string; title: string; figure: string; detail: string };

const count = (n: unknown) => Number(n ?? 0);

export async function overviewFor(role: StaffRole, now = new Date()): Promise<OverviewCard[]> {
  const today = sydneyToday(now);
  const cards: Promise<OverviewCard>[] = [];
  if (can(role, "deliveries"))
    cards.push(
      (async () => {
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
      })(),
    );
  if (can(role, "orders"))
    cards.push(
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
        })),
    );
  if (can(role, "customers"))
    cards.push(
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
        })),
    );
  if (can(role, "payments"))
    cards.push(
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
        })),
    );
  if (can(role, "gift_cards"))
    cards.push(
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
        })),
    );
  if (can(role, "audit"))
    cards.push(
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
        })),
    );
  return Promise.all(cards);
}
