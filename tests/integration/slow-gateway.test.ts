// One press, one charge, even when the gateway is slow (issue 33 item 4). The
// sandbox's slow test card answers after 25 s. A second press waits 20 s for
// the first and answers "already being placed"; that answer keeps the form's
// idempotency key, so a third press waits for the same payment again instead
// of charging a second time. Gift-card checkout (through its route, where the
// key is renewed), pay-an-order (the page's answer) and box checkout. The
// three run at once (about 26 s in all). SQLite, and PostgreSQL with
// DATABASE_URL_TEST.
import { randomUUID } from "node:crypto";
import { db } from "~/db/client.server";
import { amountCookie, personaliseCookie } from "~/gift-cards/cookie.server";
import { sydneyToday, toDisplayDate } from "~/gift-cards/rules";
import { ANOTHER_TAB as BOX_IN_PROGRESS, placeOrder } from "~/checkout/place-order.server";
import { payOrder } from "~/orders/pay-order.server";
import { payOutcomeAnswer } from "~/orders/pay-page.server";
import { PAYMENTS } from "~/config";
import { SLOW_TEST_CARD } from "~/payments/sandbox-gateway.server";
import * as giftCheckout from "~/routes/gift-cards_.checkout";
import { anonymous, call, getRequest, postRequest, withCookies } from "./http-helpers";
import {
  boxDraft,
  customer,
  gatewayRecord,
  payRequest,
  uniqueEmail,
  unpaidOrder,
  VISA,
} from "./payment-fixtures";

const slowCard = { ...VISA, number: SLOW_TEST_CARD };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SLOW_TEST_MS = 60_000;

/** Succeeded payments and gateway charges of a user: what "charged once" means. */
async function chargesOf(userId: number) {
  const payments = await db
    .selectFrom("payments")
    .select(["idempotencyKey", "status"])
    .where("userId", "=", userId)
    .execute();
  const charged = [];
  for (const p of payments)
    if ((await gatewayRecord(p.idempotencyKey)).charge?.status === "succeeded")
      charged.push(p.idempotencyKey);
  return {
    succeeded: payments.filter((p) => p.status === "succeeded").length,
    charged: charged.length,
  };
}

describe.concurrent("a second and third press while the gateway takes 25 s", () => {
  it(
    "gift-card checkout: the in-progress answer keeps the key, and the third press gets the first order",
    { timeout: SLOW_TEST_MS },
    async ({ expect }) => {
      expect(PAYMENTS.sandboxSlowCardMs).toBe(25_000);
      const buyer = uniqueEmail("slowgift");
      const client = withCookies(
        await anonymous(),
        amountCookie(5000).split(";")[0],
        personaliseCookie({
          senderFirstName: "Alex",
          senderEmail: uniqueEmail("alex"),
          receiverFirstName: "Jordan",
          receiverEmail: uniqueEmail("jordan"),
          receiverMessage: "",
          deliveryAt: toDisplayDate(sydneyToday()),
          isAnotherReceiver: "",
        }).split(";")[0],
      );
      // the quote the page signed and shows (decision 036), posted as the page does
      const { quote } = (
        await call(giftCheckout.loader, getRequest("/gift-cards/checkout", client))
      ).body as { quote: string };
      const fields = (key: string) => ({
        idempotencyKey: key,
        quote,
        email: buyer,
        "billing.addressType": "house",
        "billing.line1": "7 Bay Road",
        "billing.city": "Haymarket",
        "billing.state": "NSW",
        "billing.postcode": "2000",
        paymentMethod: "new",
        "card.number": SLOW_TEST_CARD,
        "card.expiration": "12/30",
        "card.cvc": "123",
      });
      const press = (key: string) =>
        call(giftCheckout.action, postRequest("/gift-cards/checkout", client, fields(key)));
      const key = randomUUID();

      const first = press(key);
      await pause(1_000);
      const second = await press(key);
      // the first is still charging: "already being placed", and the form keeps its key
      expect(second.status).toBe(409);
      expect(second.text).toContain("already being placed");
      // the page's form posts the key the answer gave (or the one it had)
      const nextKey = (second.body as { nextKey?: string }).nextKey ?? key;
      const third = await press(nextKey);
      const placed = await first;

      const user = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", buyer)
        .executeTakeFirstOrThrow();
      expect(await chargesOf(user.id)).toEqual({ succeeded: 1, charged: 1 });
      expect(nextKey).toBe(key);
      expect(placed.status).toBe(303);
      expect(placed.location).toMatch(/\/gift-cards\/checkout\?order=PT-/);
      expect(third.location).toBe(placed.location);
      expect(
        await db.selectFrom("orders").select("id").where("userId", "=", user.id).execute(),
      ).toHaveLength(1);
      expect(
        await db
          .selectFrom("giftCards")
          .select("id")
          .where("purchaserUserId", "=", user.id)
          .execute(),
      ).toHaveLength(1);
    },
  );

  it(
    "pay-an-order: the in-progress answer keeps the key, and the third press answers paid",
    { timeout: SLOW_TEST_MS },
    async ({ expect }) => {
      const user = await customer();
      const { reference, orderId } = await unpaidOrder(user);
      const request = payRequest(user, reference, { kind: "new", card: slowCard });
      const first = payOrder(request);
      await pause(1_000);
      const second = await payOrder(request);
      expect(second).toMatchObject({ status: "in_progress" });
      // what the page answers: the key the form carries next
      const answer = payOutcomeAnswer(second, {}, request.idempotencyKey) as unknown as {
        data: { idempotencyKey: string };
        init: { status: number };
      };
      expect(answer.init.status).toBe(409);
      expect(answer.data.idempotencyKey).toBe(request.idempotencyKey);
      const third = await payOrder({ ...request, idempotencyKey: answer.data.idempotencyKey });
      expect(await first).toMatchObject({ status: "paid" });
      expect(third).toMatchObject({ status: "paid", reference });
      expect(
        (
          await db
            .selectFrom("orders")
            .select("status")
            .where("id", "=", orderId)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe("paid");
      expect(await chargesOf(user.id)).toEqual({ succeeded: 1, charged: 1 });
    },
  );

  it(
    "box checkout: the in-progress answer keeps the key, and the third press gets the first order",
    { timeout: SLOW_TEST_MS },
    async ({ expect }) => {
      const user = await customer();
      const box = await boxDraft(user);
      const input = box.input({ card: { kind: "new", card: slowCard } });
      const first = placeOrder(box.actor, input, "http://localhost");
      await pause(1_000);
      const second = await placeOrder(box.actor, input, "http://localhost");
      expect(second).toEqual({ kind: "error", message: BOX_IN_PROGRESS });
      const third = await placeOrder(box.actor, input, "http://localhost");
      const placed = await first;
      expect(placed.kind).toBe("placed");
      expect(third).toMatchObject({
        kind: "placed",
        reference: placed.kind === "placed" ? placed.reference : "",
      });
      expect(await chargesOf(user.id)).toEqual({ succeeded: 1, charged: 1 });
    },
  );
});
