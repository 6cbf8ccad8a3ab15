// Issue 33 item 7, "What the shopper agrees to is computed from what they chose", on a real
// database (SQLite, or PostgreSQL with DATABASE_URL_TEST): the checkout's agreement, the order
// confirmation and the subscription follow the date and frequency POSTED (not the draft's), on the
// region's run days; a region is offered and accepts only the frequencies it delivers (Perth
// fortnightly, Darwin every 4 weeks), at checkout, in the box flow and in "change what comes next".
import { randomBytes, randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, vi } from "vitest";
import { db } from "~/db/client.server";
import { FlowError, choosePackage, readFlow } from "~/box/flow.server";
import { saveDelivery } from "~/box/delivery-step.server";
import { AgreementBox } from "~/checkout/components/agreement-box";
import { placeOrder } from "~/checkout/place-order.server";
import type { CheckoutInput } from "~/checkout/checkout-schema";
import { lookupPostcode, type PostcodeLookup } from "~/delivery/lookup.server";
import { addDays, formatCutoff, formatDeliveryDate } from "~/delivery/schedule";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import { upcomingDeliveries } from "~/subscriptions/changes.server";
import {
  ChangeRefusedError,
  changeAddress,
  changeFrequency,
  loadNextBox,
} from "~/subscriptions/next-box.server";
import { isRunDay, nextDeliveryDate } from "~/subscriptions/schedule";
import { listActivity } from "~/subscriptions/subscriber-actions.server";
import * as gsBoxSize from "~/routes/get-started.box-size";
import * as gsCheckout from "~/routes/get-started.checkout";
import { boxSubscriber } from "./next-box-fixtures";
import { call, csrfPair, postRequest, type Client } from "./http-helpers";
import { testClientIp } from "./client-ip";
import { createAddress, TEST_CARD, TEST_CARDS } from "../factories";
import { createCheckoutDraft } from "./checkout-draft";

const ORIGIN = "http://localhost";
const PERTH_REFUSAL =
  "We deliver to WA every 2 weeks, so your box can come every 2, 4 or 8 weeks. Please choose one of those.";

afterEach(() => {
  vi.restoreAllMocks();
});

type Ok = Extract<PostcodeLookup, { status: "ok" }>;

/** A visitor's curated box in `postcode`, saved with the first date offered and a 4-weekly frequency, ready for checkout. */
async function draftIn(postcode: string) {
  const { session, draft, email, lookup, pkg } = await createCheckoutDraft({
    postcode,
    email: `agree.${randomBytes(4).toString("hex")}@example.com`,
  });
  expect(lookup.status).toBe("ok");
  const csrf = await csrfPair();
  const client: Client = {
    cookie: `${csrf.cookie}; ${session.cookie}`,
    token: csrf.token,
    userId: null,
    email,
  };
  return { session, draft, email, lookup, client, pkg };
}

function input(
  d: Awaited<ReturnType<typeof draftIn>>,
  over: Partial<CheckoutInput>,
): CheckoutInput {
  const shipping = {
    addressType: "house" as const,
    line1: "1 Hay Street",
    line2: undefined,
    company: undefined,
    city: d.lookup.suburbs[0].name,
    state: d.lookup.region.state as CheckoutInput["shipping"]["state"],
    postcode: d.lookup.postcode,
    country: "AU" as const,
  };
  return {
    idempotencyKey: randomUUID(),
    contact: {
      firstName: "Ava",
      lastName: "Tester",
      phone: "+61412345678",
      sms: false,
      newsletter: false,
    },
    password: "Correct-Horse-42",
    shipping,
    billing: shipping,
    billingSameAsShipping: true,
    deliveryNotes: "",
    frequencyDays: 28,
    deliveryDate: d.lookup.dates[0].value,
    deliveryWindow: "day",
    discountCode: null,
    choiceId: null,
    knifeConfirmed: false,
    card: {
      kind: "new",
      card: { ...TEST_CARD },
    },
    addressConfirmed: null,
    overnightAccepted: false,
    ...over,
  };
}

/** The checkout form as a browser without JS posts it. */
function formFields(d: Awaited<ReturnType<typeof draftIn>>, over: Record<string, string>) {
  return {
    idempotencyKey: randomUUID(),
    intent: "place",
    firstName: "Ava",
    lastName: "Tester",
    phone: "0412 345 678",
    password: "Correct-Horse-42",
    passwordConfirmation: "Correct-Horse-42",
    "shipping.addressType": "house",
    "shipping.line1": "1 Hay Street",
    "shipping.city": d.lookup.suburbs[0].name,
    "shipping.state": d.lookup.region.state,
    "shipping.postcode": d.lookup.postcode,
    billingSameAsShipping: "on",
    deliveryNotes: "Leave it by the side gate",
    deliveryWindow: "day",
    paymentMethod: "new",
    "card.number": TEST_CARDS.good,
    "card.expiration": "12/30",
    "card.cvc": "123",
    ...over,
  };
}

const confirmation = (email: string) =>
  db
    .selectFrom("emailOutbox")
    .select(["text", "html"])
    .where("toAddress", "=", email)
    .where("template", "=", "order-confirmation")
    .executeTakeFirstOrThrow();

/** What the renewals will do: the first delivery they plan after the first box. */
async function firstRenewal(subscriptionId: number, userId: number, first: string) {
  const next = (await upcomingDeliveries({ subscriptionId, userId }, 3)).find(
    (u) => u.date > first,
  );
  return next!.date;
}

describe("what the shopper agrees to follows what they posted", () => {
  it("the confirmation e-mail and the subscription use the posted date and frequency, on the region's run days (Sydney)", async () => {
    const d = await draftIn("2000");
    const date = d.lookup.dates[2].value;
    expect(date).not.toBe(d.draft.deliveryDate);
    const outcome = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, { deliveryDate: date, frequencyDays: 14 }),
      ORIGIN,
    );
    expect(outcome.kind).toBe("placed");
    const sub = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", d.draft.id)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: "active", deliveryDate: date, frequencyDays: 14 });

    const next = await firstRenewal(sub.id, sub.userId!, date);
    expect(next).toBe(nextDeliveryDate(d.lookup.region.schedule, date, 14));
    const mail = await confirmation(d.email);
    expect(mail.text).toContain(`First delivery: ${formatDeliveryDate(date)}, `);
    expect(mail.text).toContain(
      `Then every 2 weeks at $169 a delivery. Your next delivery is on ${formatDeliveryDate(next)}; it is charged at its change cut-off, ${formatCutoff(d.lookup.region.schedule, next)}, and we e-mail you a reminder before it.`,
    );
    expect(mail.html).toContain(`Your next delivery is on ${formatDeliveryDate(next)}`);
  });

  it("Perth: a fortnightly box posted over a 4-weekly draft is agreed, mailed and renewed a fortnight on, on a Perth Friday", async () => {
    const d = await draftIn("6000");
    const date = d.lookup.dates[1].value;
    const outcome = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, { deliveryDate: date, frequencyDays: 14 }),
      ORIGIN,
    );
    expect(outcome.kind).toBe("placed");
    const sub = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", d.draft.id)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ deliveryDate: date, frequencyDays: 14 });
    const next = await firstRenewal(sub.id, sub.userId!, date);
    expect(next).toBe(addDays(date, 14));
    expect(isRunDay(d.lookup.region.schedule, next)).toBe(true);
    const mail = await confirmation(d.email);
    expect(mail.text).toContain(`Then every 2 weeks at`);
    expect(mail.text).toContain(
      `Your next delivery is on ${formatDeliveryDate(next)}; it is charged at its change cut-off, ${formatCutoff(d.lookup.region.schedule, next)},`,
    );
  });

  it("the page's agreement after 'Update delivery dates' (no JS) is drawn from the posted date and frequency, not the draft's", async () => {
    const d = await draftIn("6000");
    const date = d.lookup.dates[2].value;
    const res = await call(
      gsCheckout.action,
      postRequest(
        "/get-started/checkout",
        d.client,
        formFields(d, { intent: "postcode", deliveryDate: date, frequencyDays: "56" }),
      ),
    );
    expect(res.status).toBe(200);
    const body = res.body as { lookup: Ok; repopulateFields: Record<string, string> };
    expect(body.repopulateFields).toMatchObject({ deliveryDate: date, frequencyDays: "56" });
    // the form draws the agreement from these (app/checkout/components/checkout-form.tsx)
    const html = renderToStaticMarkup(
      createElement(AgreementBox, {
        boxName: "Beef Box",
        recurringCents: 16900,
        totalCents: 16900,
        schedule: body.lookup.region.schedule,
        firstDate: body.repopulateFields.deliveryDate,
        frequencyDays: Number(body.repopulateFields.frequencyDays),
      }),
    ).replace(/<[^>]+>/g, "");
    const next = addDays(date, 56);
    expect(html).toContain("every 8 weeks, with free delivery");
    expect(html).toContain(`Your first delivery is on ${formatDeliveryDate(date)}`);
    expect(html).toContain(
      `Your next delivery is on ${formatDeliveryDate(next)}. It is charged at its change cut-off, ${formatCutoff(body.lookup.region.schedule, next)}`,
    );
    expect(html).not.toContain("every 4 weeks");
  });
});

describe("a region is offered only the frequencies it delivers", () => {
  it("Perth weekly is refused at checkout with a clear message: nothing charged, no order, the draft kept", async () => {
    const d = await draftIn("6000");
    const charge = vi.spyOn(paymentGateway(), "charge");
    const outcome = await placeOrder(
      { session: d.session, user: null, draft: d.draft, clientIp: testClientIp() },
      input(d, { frequencyDays: 7 }),
      ORIGIN,
    );
    expect(outcome).toEqual({ kind: "fields", fieldErrors: { frequencyDays: PERTH_REFUSAL } });
    expect(charge).not.toHaveBeenCalled();
    const sub = await db
      .selectFrom("subscriptions")
      .select(["status", "checkoutKey"])
      .where("id", "=", d.draft.id)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: "draft", checkoutKey: null });
    expect(
      await db.selectFrom("orders").select("id").where("subscriptionId", "=", d.draft.id).execute(),
    ).toHaveLength(0);
  });

  it("the checkout page answers a posted Perth weekly with the message and everything typed (not a 500)", async () => {
    const d = await draftIn("6000");
    const res = await call(
      gsCheckout.action,
      postRequest(
        "/get-started/checkout",
        d.client,
        formFields(d, { deliveryDate: d.lookup.dates[0].value, frequencyDays: "7" }),
      ),
    );
    expect(res.status).toBe(422);
    const body = res.body as {
      fieldErrors: Record<string, string>;
      repopulateFields: Record<string, unknown>;
    };
    expect(body.fieldErrors).toEqual({ frequencyDays: PERTH_REFUSAL });
    expect(body.repopulateFields).toMatchObject({
      firstName: "Ava",
      deliveryNotes: "Leave it by the side gate",
      frequencyDays: "7",
      shipping: { line1: "1 Hay Street", postcode: "6000" },
    });
    expect(JSON.stringify(body)).not.toContain(TEST_CARDS.good);
  });

  it("the box-size step offers Perth 2, 4 and 8 weeks and refuses weekly with the message", async () => {
    const d = await draftIn("6000");
    const page = await call(
      gsBoxSize.loader,
      new Request(`${ORIGIN}/get-started/box-size?type=${d.pkg.parentId}`, {
        headers: { Cookie: d.client.cookie },
      }),
    );
    expect(page.status).toBe(200);
    expect(
      (page.body as { frequencies: { days: number }[] }).frequencies.map((f) => f.days),
    ).toEqual([14, 28, 56]);
    await expect(
      choosePackage(d.draft, { typeId: d.pkg.parentId!, packageId: d.pkg.id, frequencyDays: 7 }),
    ).rejects.toThrow(new FlowError(PERTH_REFUSAL, "frequencyDays"));
    const res = await call(
      gsBoxSize.action,
      postRequest(`/get-started/box-size?type=${d.pkg.parentId}`, d.client, {
        type: String(d.pkg.parentId),
        packageId: String(d.pkg.id),
        frequencyDays: "7",
      }),
    );
    expect(res.status).toBe(422);
    expect(res.text).toContain(PERTH_REFUSAL);
    expect(
      (
        await db
          .selectFrom("subscriptions")
          .select("frequencyDays")
          .where("id", "=", d.draft.id)
          .executeTakeFirstOrThrow()
      ).frequencyDays,
    ).toBe(28);
  });

  it("a draft whose frequency the new area can't deliver shows the nearest one and says so", async () => {
    const d = await draftIn("2000");
    await choosePackage(d.draft, {
      typeId: d.pkg.parentId!,
      packageId: d.pkg.id,
      frequencyDays: 7,
    });
    const flow = await readFlow(
      new Request(`${ORIGIN}/get-started`, { headers: { Cookie: d.client.cookie } }),
    );
    const darwin = (await lookupPostcode("0800")) as Ok;
    await saveDelivery(flow as Parameters<typeof saveDelivery>[0], {
      email: d.email,
      postcode: "0800",
      suburbId: darwin.suburbs[0].id,
      deliveryDate: darwin.dates[0].value,
      deliveryWindow: "day",
    });
    const page = await call(
      gsBoxSize.loader,
      new Request(`${ORIGIN}/get-started/box-size?type=${d.pkg.parentId}`, {
        headers: { Cookie: d.client.cookie },
      }),
    );
    const body = page.body as {
      frequencies: { days: number }[];
      defaults: { frequencyDays: string };
      frequencyChanged: string | null;
    };
    expect(body.frequencies.map((f) => f.days)).toEqual([28, 56]);
    expect(body.defaults.frequencyDays).toBe("28");
    expect(body.frequencyChanged).toBe(
      "We deliver to NT every 4 weeks, so your box will come every 4 weeks instead of every week.",
    );
  });

  it("'change what comes next' offers and accepts only the area's frequencies; moving to Darwin picks the nearest and says so", async () => {
    const a = await boxSubscriber({ daysAhead: 10 });
    const wa = await db
      .selectFrom("deliveryRegions")
      .select("id")
      .where("slug", "=", "wa")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("subscriptions")
      .set({ regionId: wa.id, postcode: "6000" })
      .where("id", "=", a.owner.id)
      .execute();
    const page = await loadNextBox(a.owner, null);
    expect(page.frequencies.map((f) => f.days)).toEqual([14, 28, 56]);
    await expect(
      changeFrequency({ ...a.owner, frequencyDays: 7 }, { origin: ORIGIN }),
    ).rejects.toThrow(new ChangeRefusedError(PERTH_REFUSAL, "not_allowed"));
    expect(
      (
        await db
          .selectFrom("subscriptions")
          .select("frequencyDays")
          .where("id", "=", a.owner.id)
          .executeTakeFirstOrThrow()
      ).frequencyDays,
    ).toBe(14);

    const darwin = await createAddress(db, a.owner.userId, {
      line1: "3 Smith Street",
      city: "Darwin City",
      state: "NT",
      postcode: "0800",
    });
    const { reference } = await changeAddress(
      { ...a.owner, addressId: darwin },
      { origin: ORIGIN },
    );
    const sub = await db
      .selectFrom("subscriptions")
      .select(["frequencyDays", "postcode"])
      .where("id", "=", a.owner.id)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ frequencyDays: 28, postcode: "0800" });
    const [first, second] = await upcomingDeliveries(
      { subscriptionId: a.owner.id, userId: a.owner.userId },
      2,
    );
    expect(second.date).toBe(addDays(first.date, 28));
    const [entry] = await listActivity({ userId: a.owner.userId });
    expect(entry).toMatchObject({ reference, type: "address_changed" });
    expect(entry.what).toContain(
      "; your box now comes every 4 weeks instead of every 2 weeks, as we deliver there less often",
    );
    const mail = await db
      .selectFrom("emailOutbox")
      .select("text")
      .where("toAddress", "=", a.email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(
      "We deliver to NT every 4 weeks, so your box will come every 4 weeks instead of every 2 weeks.",
    );
    expect((await loadNextBox(a.owner, null)).frequencies.map((f) => f.days)).toEqual([28, 56]);
  });
});
