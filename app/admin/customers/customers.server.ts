// Customer care (issue 36): find a customer by e-mail, name, phone or postcode (50 a page, each
// filter on an index), and everything their page shows in a few queries, none per row.
import { sql } from "kysely";
import { PAGE_SIZE, offsetOf } from "~/admin/pagination";
import { sentEmails, type SentEmail } from "~/admin/sent-emails.server";
import { formatAddressLine } from "~/accounts/format";
import { db } from "~/db/client.server";
import { getDeliveriesPage, type DeliveriesPage } from "~/subscriptions/deliveries-summary.server";
import { creditBalance } from "~/orders/credit.server";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  loadNextBox,
} from "~/subscriptions/next-box.server";

export type CustomerRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  createdAt: string;
};

/** What a search box string means: an e-mail (prefix), a postcode, a phone number, or a name. */
export type CustomerQuery =
  | { kind: "all" }
  | { kind: "email"; prefix: string }
  | { kind: "postcode"; postcode: string }
  | { kind: "phone"; phone: string }
  | { kind: "name"; words: string[] };

/** Australian numbers as the shop stores them: "+61412345678" from "0412 345 678" or "+61 412…". */
export function normalisePhone(raw: string): string | null {
  const digits = raw.replace(/[\s().-]/g, "");
  if (!/^\+?\d{6,15}$/.test(digits)) return null;
  if (digits.startsWith("+")) return digits;
  if (digits.startsWith("61")) return `+${digits}`;
  if (digits.startsWith("0")) return `+61${digits.slice(1)}`;
  return `+61${digits}`;
}

export function parseCustomerQuery(raw: string): CustomerQuery {
  const q = raw.trim().slice(0, 200);
  if (!q) return { kind: "all" };
  if (q.includes("@")) return { kind: "email", prefix: q.toLowerCase() };
  if (/^\d{4}$/.test(q)) return { kind: "postcode", postcode: q };
  const phone = /^[+\d][\d\s().-]{5,}$/.test(q) ? normalisePhone(q) : null;
  if (phone) return { kind: "phone", phone };
  return { kind: "name", words: q.split(/\s+/).filter(Boolean).slice(0, 3) };
}

/** "sam" → ["sam", "Sam"]: names are stored as typed, so a prefix is looked up as typed and capitalised. */
const cases = (w: string) => [
  ...new Set([w, w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(), w.toLowerCase()]),
];
// the highest character that can follow a prefix: a range on the index instead of LIKE
const END = "\u{10FFFF}";

function customers(query: CustomerQuery) {
  let q = db.selectFrom("users").where("users.staffRole", "is", null);
  switch (query.kind) {
    case "email":
      q = q.where("users.email", ">=", query.prefix).where("users.email", "<", query.prefix + END);
      break;
    case "postcode":
      q = q.where("users.id", "in", (eb) =>
        eb
          .selectFrom("addresses")
          .select("addresses.userId")
          .where("addresses.postcode", "=", query.postcode),
      );
      break;
    case "phone":
      q = q.where("users.phone", "=", query.phone);
      break;
    case "name": {
      const prefix = (column: "users.lastName" | "users.firstName", word: string) =>
        q.where((eb) =>
          eb.or(cases(word).map((w) => eb.and([eb(column, ">=", w), eb(column, "<", w + END)]))),
        );
      if (query.words.length >= 2) {
        q = prefix("users.firstName", query.words[0]);
        q = prefix("users.lastName", query.words[query.words.length - 1]);
      } else {
        // one word: a last or first name, or the beginning of an e-mail typed without its "@"
        const [w] = query.words;
        q = q.where((eb) =>
          eb.or([
            ...cases(w).flatMap((c) => [
              eb.and([eb("users.lastName", ">=", c), eb("users.lastName", "<", c + END)]),
              eb.and([eb("users.firstName", ">=", c), eb("users.firstName", "<", c + END)]),
            ]),
            eb.and([
              eb("users.email", ">=", w.toLowerCase()),
              eb("users.email", "<", w.toLowerCase() + END),
            ]),
          ]),
        );
      }
      break;
    }
  }
  return q;
}

/** One page (50) of customers matching `raw`, and how many match. */
export async function searchCustomers(
  raw: string,
  page: number,
): Promise<{ rows: CustomerRow[]; total: number; query: CustomerQuery }> {
  const query = parseCustomerQuery(raw);
  const base = customers(query);
  const [rows, count] = await Promise.all([
    base
      .select([
        "users.id",
        "users.email",
        "users.firstName",
        "users.lastName",
        "users.phone",
        "users.createdAt",
      ])
      .orderBy(
        query.kind === "name" ? "users.lastName" : "users.id",
        query.kind === "name" ? "asc" : "desc",
      )
      .orderBy("users.id", "desc")
      .limit(PAGE_SIZE)
      .offset(offsetOf(page))
      .execute(),
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
  ]);
  return {
    query,
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      id: r.id,
      name: nameOf(r),
      email: r.email,
      phone: r.phone,
      createdAt: r.createdAt,
    })),
  };
}

export const nameOf = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || "(no name)";

export type CustomerPage = DeliveriesPage & {
  customer: {
    id: number;
    name: string;
    firstName: string | null;
    email: string;
    phone: string | null;
    createdAt: string;
    hasPassword: boolean;
  };
  balanceCents: number;
  ledger: {
    id: number;
    amountCents: number;
    reason: string;
    reference: string | null;
    createdAt: string;
  }[];
  cards: {
    id: number;
    brand: string;
    lastFour: string;
    expMonth: number;
    expYear: number;
    primary: boolean;
  }[];
  addresses: { id: number; kind: string; line: string; removed: boolean }[];
  emails: SentEmail[];
};

/** Everything a customer's page shows, or null for a missing id or a member of staff. */
export async function loadCustomer(userId: number, now = new Date()): Promise<CustomerPage | null> {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "firstName", "lastName", "phone", "createdAt", "passwordHash"])
    .where("id", "=", userId)
    .where("staffRole", "is", null)
    .executeTakeFirst();
  if (!user) return null;
  const [page, balanceCents, ledger, cards, addresses, emails] = await Promise.all([
    // the subscriber's own page's data: subscriptions with their next deliveries, orders, activity
    getDeliveriesPage({ userId, hasPassword: Boolean(user.passwordHash) }, now),
    creditBalance({ userId }),
    db
      .selectFrom("creditLedger")
      .select(["id", "amountCents", "reason", "reference", "createdAt"])
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(50)
      .execute(),
    db
      .selectFrom("paymentMethods")
      .select(["id", "brand", "lastFour", "expMonth", "expYear", "isPrimary"])
      .where("userId", "=", userId)
      .orderBy("isPrimary", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("addresses")
      .select(["id", "kind", "line1", "line2", "city", "state", "postcode", "removedAt"])
      .where("userId", "=", userId)
      .orderBy("id")
      .execute(),
    sentEmails({ to: user.email }),
  ]);
  return {
    ...page,
    customer: {
      id: user.id,
      name: nameOf(user),
      firstName: user.firstName,
      email: user.email,
      phone: user.phone,
      createdAt: user.createdAt,
      hasPassword: Boolean(user.passwordHash),
    },
    balanceCents,
    ledger,
    cards: cards.map((c) => ({
      id: c.id,
      brand: c.brand,
      lastFour: c.lastFour,
      expMonth: c.expMonth,
      expYear: c.expYear,
      primary: Boolean(c.isPrimary),
    })),
    addresses: addresses.map((a) => ({
      id: a.id,
      kind: a.kind,
      line: formatAddressLine(a),
      removed: Boolean(a.removedAt),
    })),
    emails,
  };
}

export type NextBoxForm = {
  subscriptionId: number;
  boxName: string;
  customizable: boolean;
  maximum: number;
  cuts: { id: number; name: string; quantity: number }[];
  addons: { id: number; name: string; quantity: number }[];
  appliesFrom: string | null;
};

/** The box editor of each live subscription: the subscriber's own "change what comes next" data. */
export async function nextBoxForms(
  userId: number,
  subscriptions: { id: number; status: string }[],
  now = new Date(),
): Promise<NextBoxForm[]> {
  const live = subscriptions.filter((s) => s.status === "active" || s.status === "paused");
  const forms = await Promise.all(
    live.map(async (s): Promise<NextBoxForm | null> => {
      // cancelled meanwhile: no editor (the subscription's card says so)
      const page = await loadNextBox({ id: s.id, userId }, null, now).catch((error) => {
        if (error instanceof ChangeRefusedError || error instanceof SubscriptionNotFoundError)
          return null;
        throw error;
      });
      if (!page) return null;
      const flat = (groups: typeof page.cuts, chosen: Record<number, number>) =>
        groups
          .flatMap((g) => g.products)
          .map((p) => ({ id: p.id, name: p.name, quantity: chosen[p.id] ?? 0 }));
      return {
        subscriptionId: s.id,
        boxName: page.subscription.boxName,
        customizable: page.customizable,
        maximum: page.maximum,
        cuts: flat(page.cuts, page.pending.items),
        addons: flat(page.addons, page.pending.addons),
        appliesFrom: page.appliesFrom,
      };
    }),
  );
  return forms.filter((f): f is NextBoxForm => f !== null);
}
