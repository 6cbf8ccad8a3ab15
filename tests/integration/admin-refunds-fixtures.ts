// Fixtures of the orders and refunds suites (issue 36): a paid order with a card payment (and credit
// when told), staff signed in with their cookies and CSRF token, and posts to the order page's action.
import type { StaffRole } from "~/db/schema";
import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { staffCookie } from "~/staff/staff-session.server";
import { db } from "~/db/client.server";
import { csrf } from "~/security/csrf.server";
import * as orderRoute from "~/routes/admin.orders.$reference";
import {
  addCredit,
  createOrder,
  createStaff,
  createStaffSession,
  createUser,
  productId,
} from "../factories";
import { newSession } from "./sessions";

const rand = () => randomBytes(4).toString("hex");

export const BOX_CENTS = 27900;
export const KNIFE_CENTS = 8900;
/** one eleventh of the knife, the only taxable line */
export const KNIFE_GST = Math.round(KNIFE_CENTS / 11);

export type PaidOrder = {
  orderId: number;
  reference: string;
  userId: number;
  email: string;
  paymentId: number;
  totalCents: number;
  cardCents: number;
  creditCents: number;
  lineIds: { box: number; knife: number };
};

/** A paid order: a large box ($279, GST-free) and a knife ($89, taxable), `creditCents` of it paid with credit, the rest by a Visa ending in 4242. */
export async function paidOrder({ creditCents = 0 } = {}): Promise<PaidOrder> {
  const user = await createUser(db, {
    email: `refund.${rand()}@example.com`,
    firstName: "Ava",
    lastName: `Nguyen${rand()}`,
  });
  const knife = await productId(db, "addon-chef-knife");
  const order = await createOrder(db, user.id, {
    status: "paid",
    lines: [
      { sellableType: "package", name: "Custom box (large)", quantity: 1, priceCents: BOX_CENTS },
      {
        sellableType: "addon",
        sellableId: knife,
        name: "Chef's knife",
        quantity: 1,
        priceCents: KNIFE_CENTS,
      },
    ],
  });
  if (creditCents) {
    await db
      .updateTable("invoices")
      .set({ creditCents })
      .where("id", "=", order.invoiceId!)
      .execute();
    await addCredit(db, user.id, creditCents, "Gift card");
    await addCredit(db, user.id, -creditCents, "Spent");
  }
  const cardCents = order.totalCents - creditCents;
  const { id: paymentId } = await db
    .insertInto("payments")
    .values({
      userId: user.id,
      orderId: order.id,
      giftCardId: null,
      amountCents: cardCents,
      status: "succeeded",
      gatewayChargeId: `sandbox_ch_${rand()}${rand()}`,
      cardBrand: "Visa",
      cardLastFour: "4242",
      idempotencyKey: `pay-${rand()}${rand()}`,
      failureMessage: null,
      createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("invoiceLines")
    .select(["id", "name"])
    .where("invoiceId", "=", order.invoiceId!)
    .orderBy("id")
    .execute();
  return {
    orderId: order.id,
    reference: order.reference,
    userId: user.id,
    email: user.email,
    paymentId,
    totalCents: order.totalCents,
    cardCents,
    creditCents,
    lineIds: { box: lines[0].id, knife: lines[1].id },
  };
}

export type StaffAuth = { cookie: string; token: string; userId: number };

/** A member of staff signed in (both steps), with the CSRF cookie and token a page would give them. */
export async function staffAuth(role: StaffRole): Promise<StaffAuth> {
  const staff = await createStaff(db, { role });
  const session = await createStaffSession(db, staff.id);
  const [token, csrfCookie] = await csrf.commitToken(new Request("http://localhost/"));
  const cookie = [
    csrfCookie!.split(";")[0],
    (await staffCookie.serialize(session)).split(";")[0],
  ].join("; ");
  return { cookie, token, userId: staff.id };
}

/** A signed-in customer, as staffAuth (a customer must not reach the back office). */
export async function customerAuth(userId: number): Promise<StaffAuth> {
  const [token, csrfCookie] = await csrf.commitToken(new Request("http://localhost/"));
  const cookie = [csrfCookie!.split(";")[0], (await newSession(userId)).cookie].join("; ");
  return { cookie, token, userId };
}

export async function asResponse(p: Promise<unknown>): Promise<Response> {
  try {
    return (await p) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** The order page's loader as `auth` sees it. */
export async function getOrderPage(reference: string, auth: StaffAuth, search = "") {
  const request = new Request(`http://localhost/admin/orders/${reference}${search}`, {
    headers: { Cookie: auth.cookie },
  });
  return asResponse(
    Promise.resolve(
      orderRoute.loader({ request, params: { reference }, context: {} } as LoaderFunctionArgs),
    ),
  );
}

/** Posts the order page's form (`intent` refund or resend) as `auth`. */
export async function postOrder(
  reference: string,
  auth: StaffAuth,
  intent: "refund" | "resend",
  fields: Record<string, string>,
) {
  const body = new FormData();
  body.append("csrf", auth.token);
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const request = new Request(`http://localhost/admin/orders/${reference}?intent=${intent}`, {
    method: "POST",
    body,
    headers: { Cookie: auth.cookie },
  });
  const res = await asResponse(
    orderRoute.action({ request, params: { reference }, context: {} } as ActionFunctionArgs),
  );
  return res;
}

/** The body of a route answer made with data(): its JSON, or its data for Remix's single fetch. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, each test reads what it expects
type Json = any;

export async function answerOf(res: Response | unknown): Promise<{ status: number; body: Json }> {
  if (res instanceof Response) {
    const text = await res.text();
    return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : text };
  }
  const d = res as { data?: unknown; init?: { status?: number } | null; type?: string };
  if (d.type !== "DataWithResponseInit") return { status: 200, body: d };
  return { status: d.init?.status ?? 200, body: d.data };
}

export const newKey = () => `k-${randomBytes(12).toString("hex")}`;

export const refundsOf = (orderId: number) =>
  db.selectFrom("refunds").selectAll().where("orderId", "=", orderId).orderBy("id").execute();

export const refundedOf = async (orderId: number) =>
  (
    await db
      .selectFrom("orders")
      .select("refundedCents")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow()
  ).refundedCents;
