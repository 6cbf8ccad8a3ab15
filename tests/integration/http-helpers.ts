// In-process HTTP helpers for the route-level suites: sign a seeded subscriber
// in, get a CSRF token and cookie, build real Requests (form posts with
// cookies), call a route module's loader or action, and read the answer
// whatever form it takes (a plain object, `data()`, a Response, or a thrown
// Response).
import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { DEMO_SECOND_SUBSCRIBER, DEMO_SUBSCRIBER } from "~/db/seed/catalogue";
import { startUserSession } from "~/accounts/session.server";
import { choosePackage, readFlow } from "~/box/flow.server";
import { saveDelivery } from "~/box/delivery-step.server";
import { lookupPostcode } from "~/delivery/lookup.server";
import { csrf } from "~/security/csrf.server";
import { newSession } from "./sessions";

export const ORIGIN = "http://localhost";

export type Client = {
  cookie: string;
  token: string;
  userId: number | null;
  email: string | null;
  draftId?: number;
};

const cookiePair = (setCookie: string) => setCookie.split(";")[0];

/** A fresh CSRF token and its cookie (the pair the root loader hands a browser). */
export async function csrfPair(): Promise<{ token: string; cookie: string }> {
  const [token, setCookie] = await csrf.commitToken(new Request(`${ORIGIN}/`));
  return { token, cookie: cookiePair(setCookie!) };
}

/** A visitor with no session, only a CSRF pair. */
export async function anonymous(): Promise<Client> {
  const { token, cookie } = await csrfPair();
  return { cookie, token, userId: null, email: null };
}

/** Signs `email` in the way sign-in does (a new session row and its signed cookie), plus a CSRF pair. */
export async function signInAs(email: string): Promise<Client> {
  const user = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  const sessionCookie = cookiePair(
    await startUserSession(new Request(`${ORIGIN}/sign-in`), user.id),
  );
  const { token, cookie } = await csrfPair();
  return { cookie: `${cookie}; ${sessionCookie}`, token, userId: user.id, email: user.email };
}

export const DEMO = DEMO_SUBSCRIBER;
export const SECOND = DEMO_SECOND_SUBSCRIBER;
export const signInDemo = () => signInAs(DEMO_SUBSCRIBER.email);
export const signInSecond = () => signInAs(DEMO_SECOND_SUBSCRIBER.email);

/**
 * A visitor whose box flow has passed get-started (postcode 2000) and chosen a
 * package: a curated box (ready for add-ons and checkout) or a custom one
 * (still picking its cuts); "started": no package yet. Its draft id is `draftId`.
 */
export async function draftClient(
  kind: "curated" | "custom" | "started" = "curated",
): Promise<Client> {
  const { id, cookie: session } = await newSession();
  const lookup = await lookupPostcode("2000");
  if (lookup.status !== "ok") throw new Error("no delivery to 2000");
  const flow = await readFlow(
    new Request(`${ORIGIN}/get-started`, { headers: { Cookie: session } }),
  );
  const email = `visitor.${randomBytes(4).toString("hex")}@example.com`;
  const saved = await saveDelivery(
    { ...flow, session: { id, userId: null, subscriptionId: null } },
    {
      email,
      postcode: "2000",
      suburbId: lookup.suburbs[0].id,
      deliveryDate: lookup.dates[0].value,
      deliveryWindow: "day",
    },
  );
  if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
  const { token, cookie } = await csrfPair();
  const client = { cookie: `${cookie}; ${session}`, token, userId: null, email };
  if (kind === "started") return { ...client, draftId: saved.subscriptionId };
  const pkg = await db
    .selectFrom("packages")
    .select(["id", "parentId"])
    .where("slug", "=", kind === "curated" ? "beef-small" : "custom-small")
    .executeTakeFirstOrThrow();
  const draft = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", saved.subscriptionId)
    .executeTakeFirstOrThrow();
  await choosePackage(draft, { typeId: pkg.parentId!, packageId: pkg.id, frequencyDays: 28 });
  return { ...client, draftId: draft.id };
}
export const curatedDraftClient = () => draftClient("curated");

/** Adds cookies (`name=value` pairs) to a client, e.g. one a previous answer set. */
export function withCookies(client: Client, ...pairs: string[]): Client {
  return { ...client, cookie: [client.cookie, ...pairs.filter(Boolean)].join("; ") };
}

export type Fields =
  Record<string, string | number | boolean | null | undefined> | [string, string | Blob][];

export type PostOptions = {
  /** false: send no csrf field; a string: send that value instead of the client's token */
  csrf?: boolean | string;
  headers?: Record<string, string>;
  method?: string;
};

export function formData(fields: Fields): FormData {
  const body = new FormData();
  const entries = Array.isArray(fields) ? fields : Object.entries(fields);
  for (const [k, v] of entries) {
    if (v === undefined || v === null) continue;
    if (typeof v === "object" && v instanceof Blob) body.append(k, v);
    else body.append(k, String(v));
  }
  return body;
}

/** A form POST to `path` with the client's cookies and (unless told otherwise) its CSRF token. */
export function postRequest(
  path: string,
  client: Client | null,
  fields: Fields = {},
  opts: PostOptions = {},
): Request {
  const body = formData(fields);
  if (client && opts.csrf !== false)
    body.append("csrf", typeof opts.csrf === "string" ? opts.csrf : client.token);
  const headers: Record<string, string> = { ...opts.headers };
  if (client?.cookie) headers.Cookie = client.cookie;
  return new Request(new URL(path, ORIGIN), { method: opts.method ?? "POST", body, headers });
}

export function getRequest(
  path: string,
  client: Client | null = null,
  headers: Record<string, string> = {},
): Request {
  return new Request(new URL(path, ORIGIN), {
    headers: client?.cookie ? { ...headers, Cookie: client.cookie } : headers,
  });
}

export type Answer = {
  status: number;
  headers: Headers;
  /** parsed JSON, text, or the object a data function returned */
  body: unknown;
  /** the body as text (JSON encoded for objects), for "contains" checks */
  text: string;
  location: string | null;
  thrown: boolean;
};

type DataFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

function isDataWithInit(
  v: unknown,
): v is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return Boolean(
    v && typeof v === "object" && (v as { type?: string }).type === "DataWithResponseInit",
  );
}

/** Turns whatever a data function returned or threw into a status, headers and body. */
export async function toAnswer(value: unknown, thrown: boolean): Promise<Answer> {
  if (value instanceof Response) {
    const raw = await value.text();
    let body: unknown = raw;
    if (/json/.test(value.headers.get("Content-Type") ?? "") || /^[[{]/.test(raw)) {
      try {
        body = JSON.parse(raw);
      } catch {
        /* text */
      }
    }
    return {
      status: value.status,
      headers: value.headers,
      body,
      text: raw,
      location: value.headers.get("Location"),
      thrown,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      headers,
      body: value.data,
      text: JSON.stringify(value.data ?? null),
      location: headers.get("Location"),
      thrown,
    };
  }
  if (thrown) throw value;
  return {
    status: 200,
    headers: new Headers(),
    body: value,
    text: JSON.stringify(value ?? null),
    location: null,
    thrown,
  };
}

/** Calls a loader or action; a thrown Response becomes the answer, any other throw propagates. */
export async function call(
  fn: unknown,
  request: Request,
  params: Record<string, string | undefined> = {},
  context: Record<string, unknown> = {},
): Promise<Answer> {
  // Let the worker's event loop reach its poll phase before each call. On SQLite a loader or an
  // action runs synchronously between promise steps, so a file that calls them in a loop (the
  // fuzz test: thousands of calls) never polled for seconds on end; on a loaded CI machine that
  // passed vitest's fixed 60 s wait for the reply to the worker's "onTaskUpdate", which fails the
  // run with every test passing (the reply had arrived, unread).
  await new Promise((resolve) => setImmediate(resolve));
  let value: unknown;
  try {
    value = await (fn as DataFunction)({ request, params, context } as LoaderFunctionArgs);
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return toAnswer(error, true);
    throw error;
  }
  return toAnswer(value, false);
}

/** The `name=value` pairs of an answer's Set-Cookie headers. */
export function setCookies(answer: Answer): string[] {
  return answer.headers.getSetCookie().map(cookiePair);
}

/** Row counts of tables (one query), to show that nothing was written. */
export async function rowCounts(tables: readonly string[]): Promise<Record<string, number>> {
  const row = await db
    .selectNoFrom((eb) =>
      tables.map((t) =>
        eb
          .selectFrom(t as "users")
          .select((e) => e.fn.countAll<number>().as("n"))
          .as(t),
      ),
    )
    .executeTakeFirstOrThrow();
  return Object.fromEntries(tables.map((t) => [t, Number((row as Record<string, unknown>)[t])]));
}

/** The tables any form of the shop writes to (sessions and rate-limit hits excepted). */
export const WRITTEN_TABLES = [
  "users",
  "addresses",
  "subscriptions",
  "subscriptionItems",
  "subscriptionAddons",
  "subscriptionEvents",
  "orders",
  "invoices",
  "invoiceLines",
  "paymentMethods",
  "payments",
  "giftCards",
  "creditLedger",
  "deliveries",
  "emailOutbox",
  "passwordResets",
] as const;

/** A digest of rows that an update (not an insert) could change, for "nothing changed" checks. */
export async function snapshot(): Promise<string> {
  const [users, subs, orders, cards, addresses, gifts, deliveries] = await Promise.all([
    db
      .selectFrom("users")
      .select([
        "id",
        "email",
        "passwordHash",
        "firstName",
        "lastName",
        "phone",
        "sms",
        "newsletter",
      ])
      .orderBy("id")
      .execute(),
    db
      .selectFrom("subscriptions")
      .select([
        "id",
        "userId",
        "status",
        "deliveryDate",
        "deliveryWindow",
        "frequencyDays",
        "shippingAddressId",
        "billingAddressId",
        "deliveryNotes",
        "pausedUntil",
        "endedAt",
        "discountCode",
      ])
      .orderBy("id")
      .execute(),
    db.selectFrom("orders").select(["id", "status", "paidAt", "userId"]).orderBy("id").execute(),
    db.selectFrom("paymentMethods").select(["id", "userId", "isPrimary"]).orderBy("id").execute(),
    db
      .selectFrom("addresses")
      .select(["id", "userId", "line1", "line2", "city", "state", "postcode", "addressType"])
      .orderBy("id")
      .execute(),
    db
      .selectFrom("giftCards")
      .select(["id", "claimedByUserId", "claimedAt"])
      .orderBy("id")
      .execute(),
    db
      .selectFrom("deliveries")
      .select(["id", "status", "deliveryDate", "oneTapUsedAt"])
      .orderBy("id")
      .execute(),
  ]);
  return JSON.stringify({
    users,
    subs,
    orders,
    cards,
    addresses,
    gifts,
    deliveries,
    counts: await rowCounts(WRITTEN_TABLES),
  });
}
