// Security through the real route modules, in process (ARCHITECTURE §5, issue 13):
// (a) owner scoping (IDOR), (b) CSRF on every action, (c) open redirects,
// (d) rate limits, (e) stored XSS. Runs on SQLite, and on PostgreSQL with
// DATABASE_URL_TEST.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Parser } from "htmlparser2";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { db } from "~/db/client.server";
import { afterSignInPath } from "~/accounts/sign-in.server";
import { sanitiseHtml } from "~/content/sanitize.server";
import { FaqList } from "~/content/components/faq-list";
import { giftCardEmail } from "~/email/templates/gift-card";
import { tooManyAttemptsMessage } from "~/security/rate-limit.server";
import { safeRedirect } from "~/utils/safe-redirect";
import {
  anonymous,
  call,
  curatedDraftClient,
  getRequest,
  postRequest,
  setCookies,
  signInAs,
  signInDemo,
  signInSecond,
  snapshot,
  withCookies,
  type Answer,
  type Client,
  type Fields,
} from "./http-helpers";
import { insertGiftCard } from "./gift-fixtures";
import { staffClient } from "./admin-helpers";
import { createOrder, createUser, TEST_CARDS } from "../factories";
import * as apiBreakdown from "~/routes/api.orders.$order.checkout.breakdown";
import * as apiFaq from "~/routes/api.faq";
import * as apiPay from "~/routes/api.orders.$order.checkout";
import * as blogPost from "~/routes/blog-post.$slug";
import * as checkoutOrder from "~/routes/checkout.$order";
import * as account from "~/routes/dashboard.account";
import * as myDeliveries from "~/routes/dashboard.my-deliveries";
import * as change from "~/routes/dashboard.my-deliveries_.change";
import * as invoice from "~/routes/dashboard.orders.$reference";
import * as oneTap from "~/routes/deliveries.one-tap.$token";
import * as faq from "~/routes/faq";
import * as forgotPassword from "~/routes/forgot-password";
import * as gsIndex from "~/routes/get-started._index";
import * as gsAddons from "~/routes/get-started.addons";
import * as gsBoxSize from "~/routes/get-started.box-size";
import * as gsCheckout from "~/routes/get-started.checkout";
import * as gsCurated from "~/routes/get-started.curated-box";
import * as gsYourBox from "~/routes/get-started.your-box";
import * as gsYourItems from "~/routes/get-started.your-items";
import * as activate from "~/routes/gift-cards.activate.($code)";
import * as give from "~/routes/gift-cards.give";
import * as giftCheckout from "~/routes/gift-cards_.checkout";
import * as personalise from "~/routes/gift-cards_.personalise";
import * as resetPassword from "~/routes/reset-password";
import * as adminDay from "~/routes/admin.deliveries.$date";
import * as adminGiftCard from "~/routes/admin.gift-cards.$id";
import * as adminOrder from "~/routes/admin.orders.$reference";
import * as staffSignIn from "~/routes/admin_.sign-in";
import * as staffList from "~/routes/admin.staff._index";
import * as staffMemberPage from "~/routes/admin.staff.$id";
import * as staffSetUp from "~/routes/admin_.set-up.$token";
import * as recoveryCodes from "~/routes/admin.recovery-codes";
import { addStaffFromCommandLine } from "~/admin/staff/staff.server";
import * as staffSignOut from "~/routes/admin_.sign-out";
import * as careCustomer from "~/routes/admin.customers.$customerId";
import * as carePayments from "~/routes/admin.payments._index";
// catalogue (issue 37)
import * as catalogueProduct from "~/routes/admin.catalogue.products.$productId";
import * as catalogueNewProduct from "~/routes/admin.catalogue.products.new";
import * as catalogueBox from "~/routes/admin.catalogue.boxes.$packageId";
// discount codes (issue 37)
import * as discountNew from "~/routes/admin.discounts.new";
import * as discountPage from "~/routes/admin.discounts.$id";
// content editing (issue 37)
import * as contentFaqEdit from "~/routes/admin.content.faq.$id";
import * as contentFaqList from "~/routes/admin.content.faq._index";
import * as contentFaqNew from "~/routes/admin.content.faq.new";
import * as contentHome from "~/routes/admin.content.home";
import * as contentLegal from "~/routes/admin.content.pages.$key";
import * as contentPostEdit from "~/routes/admin.content.posts.$postId";
import * as contentPostNew from "~/routes/admin.content.posts.new";
import * as signIn from "~/routes/sign-in";
import * as signOut from "~/routes/sign-out";
import * as hookDraft from "~/routes/test-hooks.draft";
import * as hookJobs from "~/routes/test-hooks.jobs";
import * as hookRenewals from "~/routes/test-hooks.renewals";
import * as hookSession from "~/routes/test-hooks.session";
// issue 37, helper D (seo): the content-edit hook and the stock page
import * as hookContent from "~/routes/test-hooks.content";
import * as adminStock from "~/routes/admin.catalogue.stock";

const ts = () => new Date().toISOString();
const rand = () => randomBytes(4).toString("hex");

let A: Client;
let B: Client;
/** What subscriber B owns. */
const b = {
  userId: 0,
  subscriptionId: 0,
  deliveryDate: "",
  cardId: 0,
  addressId: 0,
  paidRef: "PT-200117",
  unpaidRef: "",
  giftCode: "",
  giftCardId: 0,
};
/** What subscriber A owns. */
const a = { subscriptionId: 0, addressId: 0, cardIds: [] as number[] };

beforeAll(async () => {
  A = await signInDemo();
  B = await signInSecond();
  b.userId = B.userId!;
  const sub = await db
    .selectFrom("subscriptions")
    .select(["id", "deliveryDate"])
    .where("userId", "=", b.userId)
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  b.subscriptionId = sub.id;
  b.deliveryDate = sub.deliveryDate!;
  b.cardId = (
    await db
      .selectFrom("paymentMethods")
      .select("id")
      .where("userId", "=", b.userId)
      .executeTakeFirstOrThrow()
  ).id;
  b.addressId = (
    await db
      .selectFrom("addresses")
      .select("id")
      .where("userId", "=", b.userId)
      .executeTakeFirstOrThrow()
  ).id;
  // an order of B's awaiting payment, so the pay page and API have something payable to refuse
  b.unpaidRef = (
    await createOrder(db, b.userId, {
      reference: `PT-B${rand().toUpperCase()}`,
      subscriptionId: b.subscriptionId,
      lines: [
        {
          sellableType: "package",
          sellableId: 1,
          name: "Custom box - small",
          quantity: 1,
          priceCents: 5000,
        },
      ],
    })
  ).reference;
  // a gift card B has already claimed
  b.giftCode = "B2CDEFGHJKLMNPQR";
  b.giftCardId = (
    await insertGiftCard(
      {
        valueCents: 10000,
        bonusOfId: null,
        purchaserUserId: b.userId,
        senderName: "Jack",
        senderEmail: "jack@example.com",
        receiverName: "Jack",
        receiverEmail: "second.subscriber@paddockandtide.com.au",
        receiverMessage: null,
        deliverOn: "2026-01-01",
        sentAt: ts(),
        claimedByUserId: b.userId,
        claimedAt: ts(),
        createdAt: ts(),
        expiresOn: "2035-01-01",
      },
      b.giftCode,
    )
  ).id;
  const aSub = await db
    .selectFrom("subscriptions")
    .select("id")
    .where("userId", "=", A.userId!)
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  a.subscriptionId = aSub.id;
  a.addressId = (
    await db
      .selectFrom("addresses")
      .select("id")
      .where("userId", "=", A.userId!)
      .executeTakeFirstOrThrow()
  ).id;
  a.cardIds = (
    await db
      .selectFrom("paymentMethods")
      .select("id")
      .where("userId", "=", A.userId!)
      .orderBy("id")
      .execute()
  ).map((r) => r.id);
});

const newCardFields = {
  "card[number]": TEST_CARDS.good,
  "card[month]": "09",
  "card[year]": "2032",
  "card[cvc]": "123",
};
const billingFields = {
  billing_first_name: "Olivia",
  billing_last_name: "Nguyen",
  billing_phone: "0412 345 678",
  billing_address_line_1: "12 Harbour Street",
  billing_city: "Haymarket",
  billing_address_type: "house",
  billing_postcode: "2000",
  billing_country: "AU",
  billing_state: "NSW",
};

/** Runs `fn`, then checks that no owned row changed and nothing was inserted. */
async function unchanged<T>(fn: () => Promise<T>): Promise<T> {
  const before = await snapshot();
  const out = await fn();
  expect(await snapshot()).toBe(before);
  return out;
}

function expectNotFound(res: Answer) {
  expect(res.status).toBe(404);
}

describe("(a) IDOR: subscriber A cannot read or change what belongs to subscriber B", () => {
  it("B's tax invoice answers 404 to A, like a missing order (and 200 to B)", async () => {
    for (const ref of [b.paidRef, b.unpaidRef, "PT-999999"]) {
      const res = await call(invoice.loader, getRequest(`/dashboard/orders/${ref}`, A), {
        reference: ref,
      });
      expectNotFound(res);
      expect(res.text).not.toContain("Hobart");
    }
    const own = await call(invoice.loader, getRequest(`/dashboard/orders/${b.paidRef}`, B), {
      reference: b.paidRef,
    });
    expect(own.status).toBe(200);
  });

  it("the order API answers 404 for B's order exactly as for a missing one, and pays nothing", async () => {
    const missing = await call(
      apiBreakdown.loader,
      getRequest("/api/orders/PT-999999/checkout/breakdown", A),
      { order: "PT-999999" },
    );
    expect(missing.status).toBe(404);
    for (const ref of [b.paidRef, b.unpaidRef]) {
      const res = await call(
        apiBreakdown.loader,
        getRequest(`/api/orders/${ref}/checkout/breakdown`, A),
        { order: ref },
      );
      expect({ status: res.status, body: res.body }).toEqual({
        status: missing.status,
        body: missing.body,
      });
    }
    const payMissing = await call(
      apiPay.action,
      postRequest("/api/orders/PT-999999/checkout", A, { ...billingFields, ...newCardFields }),
      { order: "PT-999999" },
    );
    expect(payMissing.status).toBe(404);
    await unchanged(async () => {
      for (const fields of [
        { ...billingFields, ...newCardFields },
        { ...billingFields, payment_method: String(b.cardId) },
        { ...billingFields, payment_method: String(a.cardIds[0]) },
      ]) {
        const res = await call(
          apiPay.action,
          postRequest(`/api/orders/${b.unpaidRef}/checkout`, A, fields),
          { order: b.unpaidRef },
        );
        expect({ status: res.status, body: res.body }).toEqual({
          status: payMissing.status,
          body: payMissing.body,
        });
      }
    });
    const own = await call(
      apiBreakdown.loader,
      getRequest(`/api/orders/${b.unpaidRef}/checkout/breakdown`, B),
      { order: b.unpaidRef },
    );
    expect(own.status).toBe(200);
  });

  it("the pay page treats B's order like a missing one (SPEC §8: back to my deliveries) and charges nothing", async () => {
    const missing = await call(checkoutOrder.loader, getRequest("/checkout/PT-999999", A), {
      order: "PT-999999",
    });
    expect(missing.status).toBe(302);
    expect(missing.location).toBe("/dashboard/my-deliveries");
    const foreign = await call(checkoutOrder.loader, getRequest(`/checkout/${b.unpaidRef}`, A), {
      order: b.unpaidRef,
    });
    expect({ status: foreign.status, location: foreign.location }).toEqual({
      status: missing.status,
      location: missing.location,
    });
    expect(foreign.text).not.toContain("Morrison");
    await unchanged(async () => {
      const res = await call(
        checkoutOrder.action,
        postRequest(`/checkout/${b.unpaidRef}`, A, {
          idempotencyKey: `k-${rand()}`,
          paymentMethod: "saved",
          cardId: String(a.cardIds[0]),
        }),
        { order: b.unpaidRef },
      );
      expect({ status: res.status, location: res.location }).toEqual({
        status: missing.status,
        location: missing.location,
      });
    });
    expect(
      (
        await call(checkoutOrder.loader, getRequest(`/checkout/${b.unpaidRef}`, B), {
          order: b.unpaidRef,
        })
      ).status,
    ).toBe(200);
  });

  it("my-deliveries changes naming B's subscription answer 404, like a missing one, and change nothing", async () => {
    const intents: Fields[] = [
      { intent: "skip", subscriptionId: b.subscriptionId, deliveryDate: b.deliveryDate },
      { intent: "unskip", subscriptionId: b.subscriptionId, deliveryDate: b.deliveryDate },
      {
        intent: "pause",
        subscriptionId: b.subscriptionId,
        resumeOn: new Date(Date.now() + 40 * 86400000).toISOString().slice(0, 10),
      },
      { intent: "resume", subscriptionId: b.subscriptionId },
      { intent: "cancel", subscriptionId: b.subscriptionId, reason: "", comment: "bye" },
    ];
    await unchanged(async () => {
      for (const fields of intents) {
        expectNotFound(
          await call(myDeliveries.action, postRequest("/dashboard/my-deliveries", A, fields)),
        );
        expectNotFound(
          await call(
            myDeliveries.action,
            postRequest("/dashboard/my-deliveries", A, { ...fields, subscriptionId: 99999999 }),
          ),
        );
      }
    });
    // the same form works for its owner, so the 404 above is about ownership, not the payload
    const own = await call(
      myDeliveries.action,
      postRequest("/dashboard/my-deliveries", B, intents[0]),
    );
    expect(own.status).toBe(303);
    const ref = decodeURIComponent(/done=([^#&]+)/.exec(own.location ?? "")![1]);
    // B's change reference shows nothing to A
    const page = await call(
      myDeliveries.loader,
      getRequest(`/dashboard/my-deliveries?done=${encodeURIComponent(ref)}`, A),
    );
    expect(page.status).toBe(200);
    expect((page.body as { done: unknown }).done).toBeNull();
    const ownPage = await call(
      myDeliveries.loader,
      getRequest(`/dashboard/my-deliveries?done=${encodeURIComponent(ref)}`, B),
    );
    expect((ownPage.body as { done: { reference: string } }).done.reference).toBe(ref);
    // A's page lists none of B's subscriptions or orders
    const aPage = page.body as {
      subscriptions: { id: number }[];
      awaitingPayment: { reference: string }[];
      pastOrders: { reference: string }[];
    };
    expect(aPage.subscriptions.map((s) => s.id)).not.toContain(b.subscriptionId);
    expect([...aPage.awaitingPayment, ...aPage.pastOrders].map((o) => o.reference)).not.toContain(
      b.unpaidRef,
    );
  });

  it("'change what comes next' answers 404 for B's subscription and for B's address", async () => {
    expectNotFound(
      await call(
        change.loader,
        getRequest(`/dashboard/my-deliveries/change?subscription=${b.subscriptionId}`, A),
      ),
    );
    expectNotFound(
      await call(
        change.loader,
        getRequest("/dashboard/my-deliveries/change?subscription=99999999", A),
      ),
    );
    const url = `/dashboard/my-deliveries/change?subscription=${b.subscriptionId}`;
    const cut = await db
      .selectFrom("subscriptionItems")
      .select("productId")
      .where("subscriptionId", "=", b.subscriptionId)
      .executeTakeFirstOrThrow();
    await unchanged(async () => {
      for (const fields of [
        { intent: "frequency", frequencyDays: 28 },
        { intent: "window", window: "day" },
        { intent: "address", addressId: a.addressId },
        { step: `remove:${cut.productId}` },
        { step: `add:${cut.productId}`, via: "fetcher" },
        { intent: "discard" },
      ] as Fields[]) {
        const res = await call(change.action, postRequest(url, A, fields));
        expect(res.status === 404 || res.status === 303, JSON.stringify(fields)).toBe(true);
        if (res.status === 303) {
          // "discard" only clears this browser's own pending-box cookie, for any id: nothing of B's is read
          expect(fields).toEqual({ intent: "discard" });
          expect(res.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
        } else {
          expect(res.headers.get("Set-Cookie")).toBeNull();
        }
        // exactly what a missing subscription answers
        const missing = await call(
          change.action,
          postRequest(url.replace(String(b.subscriptionId), "99999999"), A, fields),
        );
        expect({ status: res.status, body: res.body }).toEqual({
          status: missing.status,
          body: missing.body,
        });
      }
      // saving with no pending box reads nothing of B's: the same refusal as for a missing subscription
      const save = await call(change.action, postRequest(url, A, { intent: "save-box" }));
      const saveMissing = await call(
        change.action,
        postRequest(url.replace(String(b.subscriptionId), "99999999"), A, { intent: "save-box" }),
      );
      expect({ status: save.status, body: save.body }).toEqual({
        status: saveMissing.status,
        body: saveMissing.body,
      });
      expect(save.status).toBeGreaterThanOrEqual(400);
      // A's own subscription cannot be moved to B's address
      expectNotFound(
        await call(
          change.action,
          postRequest(`/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`, A, {
            intent: "address",
            addressId: b.addressId,
          }),
        ),
      );
    });
    expect((await call(change.loader, getRequest(url, B))).status).toBe(200);
  });

  it("the account page answers 404 for B's address and cards, and changes nothing", async () => {
    expectNotFound(
      await call(account.loader, getRequest(`/dashboard/account?address=${b.addressId}`, A)),
    );
    expectNotFound(
      await call(account.loader, getRequest("/dashboard/account?address=99999999", A)),
    );
    // the confirmation before removing a card
    expectNotFound(
      await call(account.loader, getRequest(`/dashboard/account?remove=${b.cardId}`, A)),
    );
    expectNotFound(await call(account.loader, getRequest("/dashboard/account?remove=99999999", A)));
    expect(
      (await call(account.loader, getRequest(`/dashboard/account?remove=${a.cardIds[0]}`, A)))
        .status,
    ).toBe(200);
    // ... and before removing an address
    expectNotFound(
      await call(account.loader, getRequest(`/dashboard/account?removeAddress=${b.addressId}`, A)),
    );
    expectNotFound(
      await call(account.loader, getRequest("/dashboard/account?removeAddress=99999999", A)),
    );
    await unchanged(async () => {
      expectNotFound(
        await call(
          account.action,
          postRequest("/dashboard/account", A, {
            intent: "address-remove",
            addressId: b.addressId,
          }),
        ),
      );
      expectNotFound(
        await call(
          account.action,
          postRequest("/dashboard/account", A, { intent: "card-primary", cardId: b.cardId }),
        ),
      );
      expectNotFound(
        await call(
          account.action,
          postRequest("/dashboard/account", A, { intent: "card-remove", cardId: b.cardId }),
        ),
      );
      expectNotFound(
        await call(
          account.action,
          postRequest("/dashboard/account", A, { intent: "card-primary", cardId: 99999999 }),
        ),
      );
      expectNotFound(
        await call(
          account.action,
          postRequest("/dashboard/account", A, {
            intent: "address",
            addressId: b.addressId,
            "address.addressType": "house",
            "address.line1": "1 Evil Street",
            "address.city": "Hobart",
            "address.state": "TAS",
            "address.postcode": "7000",
            "address.country": "AU",
          }),
        ),
      );
    });
    const own = await call(account.loader, getRequest("/dashboard/account", A));
    const cards = (own.body as { account: { cards: { id: number }[] } }).account.cards.map(
      (c) => c.id,
    );
    expect(cards).not.toContain(b.cardId);
    expect(own.text).not.toContain("Davey Street");
  });

  it("B's gift-card order is not shown to A, nor to anyone who forges the 'placed here' cookie", async () => {
    const { id: orderId, reference } = await createOrder(db, b.userId, {
      reference: `PT-G${rand().toUpperCase()}`,
      status: "paid",
      kind: "gift_card",
      deliveryDate: null,
      deliveryWindow: null,
      invoiceCents: 15000,
    });
    await insertGiftCard({
      valueCents: 15000,
      bonusOfId: null,
      purchaserUserId: b.userId,
      senderName: "Jack",
      senderEmail: "jack@example.com",
      receiverName: "Secret Receiver",
      receiverEmail: "secret@example.com",
      receiverMessage: "Private",
      deliverOn: "2030-01-01",
      sentAt: null,
      claimedByUserId: null,
      claimedAt: null,
      createdAt: ts(),
      orderId,
      expiresOn: "2033-01-01",
    });
    const url = `/gift-cards/checkout?order=${reference}`;
    const success = (res: Answer) => (res.body as { kind?: string } | null)?.kind === "success";
    // B sees the order's success page
    expect(success(await call(giftCheckout.loader, getRequest(url, B)))).toBe(true);
    for (const who of [A, await anonymous()]) {
      for (const forged of [
        `giftCardOrder=${reference}`,
        `giftCardOrder=${reference}.${"A".repeat(32)}`,
      ]) {
        const res = await call(giftCheckout.loader, getRequest(url, withCookies(who, forged)));
        expect(success(res)).toBe(false);
        expect(res.text).not.toContain("Secret Receiver");
      }
    }
  });

  it("a gift card B claimed cannot be claimed again or shown to A", async () => {
    const balance = async (userId: number) =>
      Number(
        (
          await db
            .selectFrom("creditLedger")
            .select((eb) => eb.fn.sum<number>("amountCents").as("s"))
            .where("userId", "=", userId)
            .executeTakeFirst()
        )?.s ?? 0,
      );
    const before = await balance(A.userId!);
    const page = await call(
      activate.loader,
      getRequest(`/gift-cards/activate?activated=${b.giftCardId}`, A),
      {},
    );
    expect((page.body as { activated: unknown }).activated).toBeNull();
    const res = await call(
      activate.action,
      postRequest("/gift-cards/activate", A, { code: b.giftCode }),
    );
    expect(res.status).toBe(404);
    const missing = await call(
      activate.action,
      postRequest("/gift-cards/activate", A, { code: "Z2CDEFGHJKLMNPQR" }),
    );
    expect({ status: res.status, body: res.body }).toEqual({
      status: missing.status,
      body: { ...(missing.body as object), code: (res.body as { code: string }).code },
    });
    const card = await db
      .selectFrom("giftCards")
      .select(["claimedByUserId"])
      .where("id", "=", b.giftCardId)
      .executeTakeFirstOrThrow();
    expect(card.claimedByUserId).toBe(b.userId);
    expect(await balance(A.userId!)).toBe(before);
    // B sees their own claim
    const own = await call(
      activate.loader,
      getRequest(`/gift-cards/activate?activated=${b.giftCardId}`, B),
      {},
    );
    expect((own.body as { activated: { valueCents: number } }).activated.valueCents).toBe(10000);
  });
});

/* ------------------------------------------------------------------------------------------------ */

type ActionCase = {
  path: string;
  params?: Record<string, string>;
  fields: Fields;
  who: () => Promise<Client>;
};

/**
 * Every route module with an action, and a request that would otherwise be
 * accepted. The list is checked against app/routes below, so a new action
 * cannot be left out.
 */
const ACTIONS: Record<string, { mod: { action: unknown }; make: () => Promise<ActionCase> }> = {
  // catalogue (issue 37): the owner, so the CSRF check is what refuses
  "admin.catalogue.products.$productId.tsx": {
    mod: catalogueProduct,
    make: async () => ({
      path: "/admin/catalogue/products/1",
      params: { productId: "1" },
      fields: { name: "No token", price: "1.00", categoryId: "1", active: "on" },
      who: () => staffClient("owner"),
    }),
  },
  "admin.catalogue.products.new.tsx": {
    mod: catalogueNewProduct,
    make: async () => ({
      path: "/admin/catalogue/products/new",
      fields: { name: "No token", price: "1.00", categoryId: "1", active: "on" },
      who: () => staffClient("owner"),
    }),
  },
  "admin.catalogue.boxes.$packageId.tsx": {
    mod: catalogueBox,
    make: async () => ({
      path: "/admin/catalogue/boxes/1",
      params: { packageId: "1" },
      fields: { intent: "sizes", "price-2": "1.00" },
      who: () => staffClient("owner"),
    }),
  },
  // discount codes (issue 37): the owner, signed in, so the CSRF check is what refuses
  "admin.discounts.new.tsx": {
    mod: discountNew,
    make: async () => ({
      path: "/admin/discounts/new",
      fields: {
        code: "NOTOKEN1",
        description: "No token",
        kind: "percent",
        percent: "10",
        appliesTo: "first",
      },
      who: () => staffClient("owner"),
    }),
  },
  "admin.discounts.$id.tsx": {
    mod: discountPage,
    make: async () => ({
      path: "/admin/discounts/1",
      params: { id: "1" },
      fields: {
        code: "NOTOKEN2",
        description: "No token",
        kind: "percent",
        percent: "10",
        appliesTo: "first",
      },
      who: () => staffClient("owner"),
    }),
  },
  // customer care (issue 36): a signed-in member of staff, so the CSRF check is what refuses
  "admin.customers.$customerId.tsx": {
    mod: careCustomer,
    make: async () => ({
      path: "/admin/customers/1",
      fields: { intent: "credit", direction: "add", amount: "50", reason: "No token" },
      params: { customerId: "1" },
      who: () => staffClient("support"),
    }),
  },
  "admin.payments._index.tsx": {
    mod: carePayments,
    make: async () => ({
      path: "/admin/payments",
      fields: { intent: "pay_link", deliveryId: "1" },
      who: () => staffClient("owner"),
    }),
  },
  "api.orders.$order.checkout.ts": {
    mod: apiPay,
    make: async () => ({
      path: "/api/orders/PT-100458/checkout",
      params: { order: "PT-100458" },
      fields: { ...billingFields, payment_method: String(a.cardIds[0]) },
      who: signInDemo,
    }),
  },
  "checkout.$order.tsx": {
    mod: checkoutOrder,
    make: async () => ({
      path: "/checkout/PT-100458",
      params: { order: "PT-100458" },
      fields: { idempotencyKey: `k-${rand()}` },
      who: signInDemo,
    }),
  },
  "dashboard.account.tsx": {
    mod: account,
    make: async () => ({
      path: "/dashboard/account",
      fields: { intent: "profile", firstName: "Mallory", lastName: "X", phone: "0412 345 678" },
      who: signInDemo,
    }),
  },
  "dashboard.my-deliveries.tsx": {
    mod: myDeliveries,
    make: async () => ({
      path: "/dashboard/my-deliveries",
      fields: { intent: "cancel", subscriptionId: a.subscriptionId },
      who: signInDemo,
    }),
  },
  "dashboard.my-deliveries_.change.tsx": {
    mod: change,
    make: async () => ({
      path: `/dashboard/my-deliveries/change?subscription=${a.subscriptionId}`,
      fields: { intent: "frequency", frequencyDays: 14 },
      who: signInDemo,
    }),
  },
  "deliveries.one-tap.$token.tsx": {
    mod: oneTap,
    make: async () => ({
      path: "/deliveries/one-tap/abc",
      params: { token: "abc" },
      fields: { intent: "skip" },
      who: anonymous,
    }),
  },
  "forgot-password.tsx": {
    mod: forgotPassword,
    make: async () => ({
      path: "/forgot-password",
      fields: { email: "demo@paddockandtide.com.au" },
      who: anonymous,
    }),
  },
  "get-started._index.tsx": {
    mod: gsIndex,
    make: async () => ({
      path: "/get-started",
      fields: { intent: "lookup", postcode: "2000", email: "x@example.com" },
      who: anonymous,
    }),
  },
  "get-started.addons.tsx": {
    mod: gsAddons,
    make: async () => ({
      path: "/get-started/addons",
      fields: { step: "add:1" },
      who: curatedDraftClient,
    }),
  },
  "get-started.box-size.tsx": {
    mod: gsBoxSize,
    make: async () => ({
      path: "/get-started/box-size",
      fields: { type: "1", packageId: "1", frequencyDays: "28" },
      who: curatedDraftClient,
    }),
  },
  "get-started.checkout.tsx": {
    mod: gsCheckout,
    make: async () => ({
      path: "/get-started/checkout",
      fields: { intent: "discount", discountCode: "WELCOME20" },
      who: curatedDraftClient,
    }),
  },
  "get-started.curated-box.tsx": {
    mod: gsCurated,
    make: async () => ({
      path: "/get-started/curated-box",
      fields: { type: "1" },
      who: curatedDraftClient,
    }),
  },
  "get-started.your-box.tsx": {
    mod: gsYourBox,
    make: async () => ({
      path: "/get-started/your-box",
      fields: { boxType: "custom" },
      who: curatedDraftClient,
    }),
  },
  "get-started.your-items.tsx": {
    mod: gsYourItems,
    make: async () => ({
      path: "/get-started/your-items",
      fields: { step: "add:1" },
      who: curatedDraftClient,
    }),
  },
  "gift-cards.activate.($code).tsx": {
    mod: activate,
    make: async () => ({
      path: "/gift-cards/activate",
      fields: { code: "Z2CDEFGHJKLMNPQR" },
      who: signInDemo,
    }),
  },
  "gift-cards.give.tsx": {
    mod: give,
    make: async () => ({ path: "/gift-cards/give", fields: { amount: "10000" }, who: anonymous }),
  },
  "gift-cards_.checkout.tsx": {
    mod: giftCheckout,
    make: async () => ({
      path: "/gift-cards/checkout",
      fields: {
        intent: "sign-in",
        email: "demo@paddockandtide.com.au",
        password: "Paddock-Demo-2026",
      },
      who: anonymous,
    }),
  },
  "gift-cards_.personalise.tsx": {
    mod: personalise,
    make: async () => ({
      path: "/gift-cards/personalise",
      fields: { receiverName: "Sam" },
      who: anonymous,
    }),
  },
  "reset-password.tsx": {
    mod: resetPassword,
    make: async () => ({
      path: "/reset-password",
      fields: {
        token: "t",
        email: "demo@paddockandtide.com.au",
        password: "Another-Pass-2027",
        passwordConfirmation: "Another-Pass-2027",
      },
      who: anonymous,
    }),
  },
  "admin.deliveries.$date.tsx": {
    mod: adminDay,
    make: async () => ({
      path: "/admin/deliveries/2026-12-01",
      params: { date: "2026-12-01" },
      fields: { intent: "pack_all" },
      who: () => staffClient("packer"),
    }),
  },
  "admin.gift-cards.$id.tsx": {
    mod: adminGiftCard,
    make: async () => ({
      path: "/admin/gift-cards/1",
      params: { id: "1" },
      fields: { intent: "resend" },
      who: () => staffClient("support"),
    }),
  },
  "admin.orders.$reference.tsx": {
    mod: adminOrder,
    make: async () => ({
      path: "/admin/orders/PT-100458?intent=resend",
      params: { reference: "PT-100458" },
      fields: { kind: "receipt" },
      who: () => staffClient("support"),
    }),
  },
  // content editing (issue 37): a signed-in editor, so the CSRF check is what refuses
  "admin.content.posts.new.tsx": {
    mod: contentPostNew,
    make: async () => ({
      path: "/admin/content/posts/new?type=news",
      fields: {
        title: "No token",
        thumbnailUrl: "/images/news-farmers.svg",
        thumbnailAlt: "Farm",
        status: "published",
        body: "Body",
      },
      who: () => staffClient("editor"),
    }),
  },
  "admin.content.posts.$postId.tsx": {
    mod: contentPostEdit,
    make: async () => ({
      path: "/admin/content/posts/1",
      params: { postId: "1" },
      fields: {
        title: "No token",
        thumbnailUrl: "/images/news-farmers.svg",
        thumbnailAlt: "Farm",
        status: "draft",
        body: "Body",
      },
      who: () => staffClient("editor"),
    }),
  },
  "admin.content.faq._index.tsx": {
    mod: contentFaqList,
    make: async () => ({
      path: "/admin/content/faq",
      fields: { "order-1": "5" },
      who: () => staffClient("editor"),
    }),
  },
  "admin.content.faq.new.tsx": {
    mod: contentFaqNew,
    make: async () => ({
      path: "/admin/content/faq/new",
      fields: { category: "order", question: "No token?", answer: "No.", sortOrder: "1" },
      who: () => staffClient("editor"),
    }),
  },
  "admin.content.faq.$id.tsx": {
    mod: contentFaqEdit,
    make: async () => ({
      path: "/admin/content/faq/1",
      params: { id: "1" },
      fields: { intent: "delete" },
      who: () => staffClient("editor"),
    }),
  },
  "admin.content.pages.$key.tsx": {
    mod: contentLegal,
    make: async () => ({
      path: "/admin/content/pages/terms",
      params: { key: "terms" },
      fields: { header: "No token", content: "No token" },
      who: () => staffClient("editor"),
    }),
  },
  "admin.content.home.tsx": {
    mod: contentHome,
    make: async () => ({
      path: "/admin/content/home",
      fields: { intent: "ticker", lines: "No token" },
      who: () => staffClient("editor"),
    }),
  },
  "admin_.sign-in.tsx": {
    mod: staffSignIn,
    make: async () => ({
      path: "/admin/sign-in",
      fields: {
        intent: "password",
        email: "owner@paddockandtide.com.au",
        password: "Paddock-Owner-2026",
      },
      who: anonymous,
    }),
  },
  // staff managed by the owner (issue 44)
  "admin.staff._index.tsx": {
    mod: staffList,
    make: async () => ({
      path: "/admin/staff",
      fields: { email: "no-token@example.com", name: "No Token", role: "packer" },
      who: () => staffClient("owner"),
    }),
  },
  "admin.staff.$id.tsx": {
    mod: staffMemberPage,
    make: async () => {
      const member = await staffClient("packer");
      return {
        path: `/admin/staff/${member.userId}`,
        params: { id: String(member.userId) },
        fields: { intent: "disable" },
        who: () => staffClient("owner"),
      };
    },
  },
  "admin_.set-up.$token.tsx": {
    mod: staffSetUp,
    make: async () => {
      const { url } = await addStaffFromCommandLine(
        {
          email: `set-up-${Date.now()}-${Math.random()}@example.com`,
          name: "No Token",
          role: "packer",
        },
        "http://localhost",
      );
      const token = url.split("/admin/set-up/")[1];
      return {
        path: `/admin/set-up/${token}`,
        params: { token },
        fields: { password: "No-Token-4242", passwordConfirmation: "No-Token-4242" },
        who: anonymous,
      };
    },
  },
  "admin.recovery-codes.tsx": {
    mod: recoveryCodes,
    make: async () => ({
      path: "/admin/recovery-codes",
      fields: { intent: "new" },
      who: () => staffClient("support"),
    }),
  },
  "admin_.sign-out.tsx": {
    mod: staffSignOut,
    make: async () => ({ path: "/admin/sign-out", fields: {}, who: anonymous }),
  },
  "sign-in.tsx": {
    mod: signIn,
    make: async () => ({
      path: "/sign-in",
      fields: { email: "demo@paddockandtide.com.au", password: "Paddock-Demo-2026" },
      who: anonymous,
    }),
  },
  "sign-out.tsx": {
    mod: signOut,
    make: async () => ({ path: "/sign-out", fields: {}, who: signInDemo }),
  },
  // issue 37, helper D (seo)
  "admin.catalogue.stock.tsx": {
    mod: adminStock,
    make: async () => {
      const p = await db
        .selectFrom("products")
        .select("id")
        .where("inventory", "is not", null)
        .executeTakeFirstOrThrow();
      return {
        path: "/admin/catalogue/stock",
        fields: {
          productId: String(p.id),
          key: "0123456789abcdef-csrf",
          reason: "received",
          change: "5",
        },
        who: () => staffClient("owner"),
      };
    },
  },
};
/** Test-only hooks: no CSRF, but they answer 404 unless E2E_TEST_ROUTES is set (never in production). */
const TEST_HOOKS: Record<string, { action: unknown }> = {
  "test-hooks.draft.tsx": hookDraft,
  "test-hooks.jobs.tsx": hookJobs,
  "test-hooks.renewals.tsx": hookRenewals,
  "test-hooks.session.tsx": hookSession,
  "test-hooks.content.tsx": hookContent,
};

function routesWithAction(): string[] {
  const dir = path.resolve(__dirname, "../../app/routes");
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(tsx?|jsx?)$/.test(f))
    .filter((f) =>
      /export\s+(async\s+)?function\s+action\b|export\s+(const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(
        fs.readFileSync(path.join(dir, f), "utf8"),
      ),
    )
    .sort();
}

describe("(b) CSRF: a mutating POST without a valid token is refused everywhere", () => {
  it("the list of actions below is every route in app/routes that exports an action", () => {
    expect(routesWithAction()).toEqual(
      [...Object.keys(ACTIONS), ...Object.keys(TEST_HOOKS)].sort(),
    );
  });

  for (const [file, { mod, make }] of Object.entries(ACTIONS)) {
    it(`${file}: no token, a token of another browser, or an empty token answer 419 and write nothing`, async () => {
      const c = await make();
      const client = await c.who();
      const other = await anonymous();
      const sessionsBefore = await db.selectFrom("sessions").select("id").orderBy("id").execute();
      await unchanged(async () => {
        for (const csrf of [false, other.token, "", "x".repeat(200)] as const) {
          const res = await call(
            mod.action,
            postRequest(c.path, client, c.fields, { csrf }),
            c.params,
          );
          expect(res.status, `csrf=${String(csrf).slice(0, 20)}`).toBe(419);
          expect(res.text).toMatch(/session has expired/i);
          expect(res.headers.get("Set-Cookie")).toBeNull();
        }
        // the right token without its cookie
        const noCookie = {
          ...client,
          cookie: client.cookie
            .split("; ")
            .filter((p) => !p.startsWith("__csrf="))
            .join("; "),
        };
        expect(
          (await call(mod.action, postRequest(c.path, noCookie, c.fields), c.params)).status,
        ).toBe(419);
      });
      // no session was started or ended (sign-in, sign-out)
      expect(await db.selectFrom("sessions").select("id").orderBy("id").execute()).toEqual(
        sessionsBefore,
      );
    });
  }

  it("the test hooks answer 404 when E2E_TEST_ROUTES is not set", async () => {
    for (const mod of Object.values(TEST_HOOKS)) {
      expect(
        (
          await call(
            mod.action,
            postRequest("/test-hooks/jobs", null, { now: "2030-01-01T00:00:00Z" }),
          )
        ).status,
      ).toBe(404);
    }
  });
});

/* ------------------------------------------------------------------------------------------------ */

const EVIL = [
  "//evil.com",
  "https://evil.com",
  "http://evil.com/x",
  "/\\evil.com",
  "\\\\evil.com",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "%2F%2Fevil.com",
  "/%2F%2Fevil.com",
  "/%5Cevil.com",
  "///evil.com",
  " //evil.com",
  "\t//evil.com",
  "/\t/evil.com",
  "data:text/html,<script>alert(1)</script>",
  "//evil.com/%2e%2e",
  "https:evil.com",
  "/.//evil.com",
  "evil.com",
  "@evil.com",
  "/@evil.com",
];

/** A location stays on this site: a single-slash path, read by a browser against our origin. */
function expectOnSite(location: string | null | undefined) {
  expect(location, "a redirect location").toBeTruthy();
  const loc = location!;
  expect(loc.startsWith("/"), loc).toBe(true);
  expect(/^\/[/\\]/.test(loc), loc).toBe(false);
  // eslint-disable-next-line no-control-regex -- no control character may reach the Location header
  expect(/[\u0000-\u001f\\]/.test(loc), loc).toBe(false);
  expect(new URL(loc, "http://shop.example").origin, loc).toBe("http://shop.example");
}

describe("(c) open redirects: every redirect target stays on this site", () => {
  it("safeRedirect and afterSignInPath keep every payload on site", () => {
    for (const p of EVIL) {
      const target = safeRedirect(p, "/");
      expectOnSite(target);
      expectOnSite(afterSignInPath(new Request("http://localhost/sign-in"), p));
      expectOnSite(
        afterSignInPath(
          new Request("http://localhost/sign-in", {
            headers: { Cookie: `giftCardActivationCode=${encodeURIComponent(p)}` },
          }),
          p,
        ),
      );
    }
  });

  it("sign-in: the page's destination field, a signed-in visit and a successful sign-in stay on site", async () => {
    const password = "Correct-Horse-42";
    const email = `redirect.${rand()}@example.com`;
    await createUser(db, {
      email,
      password,
      firstName: "Red",
      lastName: "Irect",
      sms: 0,
      newsletter: 0,
    });
    const signedIn = await signInAs(email);
    for (const p of EVIL) {
      const page = await call(
        signIn.loader,
        getRequest(`/sign-in?destination=${encodeURIComponent(p)}`),
      );
      const destination = (page.body as { destination: string }).destination;
      if (destination !== "") expectOnSite(destination);
      const visit = await call(
        signIn.loader,
        getRequest(`/sign-in?destination=${encodeURIComponent(p)}`, signedIn),
      );
      expect(visit.status).toBe(302);
      expectOnSite(visit.location);
    }
    // every successful sign-in clears the per-e-mail count, so the payloads do not hit the limit
    for (const p of EVIL) {
      const res = await call(
        signIn.action,
        postRequest("/sign-in", await anonymous(), { email, password, destination: p }),
      );
      expect(res.status).toBeGreaterThanOrEqual(300);
      expect(res.status).toBeLessThan(400);
      expectOnSite(res.location);
    }
    // a good destination is kept
    const ok = await call(
      signIn.action,
      postRequest("/sign-in", await anonymous(), {
        email,
        password,
        destination: "/dashboard/account?x=1",
      }),
    );
    expect(ok.location).toBe("/dashboard/account?x=1");
  });

  it("sign-in inside gift-card activation and gift checkout, with a forged activation cookie, stays on site", async () => {
    for (const p of [
      "//evil.com",
      "https://evil.com",
      "/\\evil.com",
      "javascript:alert(1)",
      "%2F%2Fevil.com",
    ]) {
      const visitor = withCookies(
        await anonymous(),
        `giftCardActivationCode=${encodeURIComponent(p)}`,
      );
      for (const [mod, url] of [
        [activate, "/gift-cards/activate"],
        [giftCheckout, "/gift-cards/checkout"],
      ] as const) {
        const res = await call(
          mod.action,
          postRequest(url, visitor, {
            intent: "sign-in",
            email: DEMO_EMAIL,
            password: "Paddock-Demo-2026",
            destination: p,
            redirectTo: p,
            returnTo: p,
          }),
        );
        expect(res.status).toBe(303);
        expectOnSite(res.location);
      }
      const page = await call(
        activate.loader,
        getRequest(`/gift-cards/activate/${encodeURIComponent(p)}`, visitor),
        { code: p },
      );
      expect((page.body as { code: string }).code).not.toMatch(/[/:\\]/);
    }
  });

  it("sign-out, the sign-in wall and the one-tap links redirect only to our own paths", async () => {
    const res = await call(
      signOut.action,
      postRequest(
        "/sign-out?destination=//evil.com&redirectTo=https://evil.com",
        await signInDemo(),
        { destination: "//evil.com", redirectTo: "https://evil.com" },
      ),
    );
    expect(res.location).toBe("/");
    expect(
      (await call(signOut.loader, getRequest("/sign-out?destination=//evil.com"))).location,
    ).toBe("/");
    for (const p of ["//evil.com", "/\\evil.com"]) {
      const wall = await call(
        account.loader,
        getRequest(`/dashboard/account?x=${encodeURIComponent(p)}`),
      );
      expect(wall.status).toBe(302);
      expectOnSite(wall.location);
      const dest = new URL(wall.location!, "http://shop.example").searchParams.get("destination")!;
      expectOnSite(safeRedirect(dest));
      const tap = await call(
        oneTap.action,
        postRequest(`/deliveries/one-tap/x`, await anonymous(), { intent: "skip" }),
        { token: p },
      );
      expect(tap.status).toBe(303);
      expectOnSite(tap.location);
    }
  });
});

const DEMO_EMAIL = "demo@paddockandtide.com.au";

describe("(c) the password-reset link cannot be pointed at another site", () => {
  it("with APP_ORIGIN set, a forged Host (request origin) does not change the link in the e-mail", async () => {
    const email = `reset.${rand()}@example.com`;
    await createUser(db, {
      email,
      password: "Correct-Horse-42",
      firstName: "R",
      lastName: "P",
      sms: 0,
      newsletter: 0,
    });
    const saved = process.env.APP_ORIGIN;
    process.env.APP_ORIGIN = "https://shop.example";
    try {
      const c = await anonymous();
      const request = new Request("http://evil.com/forgot-password", {
        method: "POST",
        body: new URLSearchParams({ email, csrf: c.token }),
        headers: { Cookie: c.cookie, Host: "evil.com", "X-Forwarded-Host": "evil.com" },
      });
      expect((await call(forgotPassword.action, request)).status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.APP_ORIGIN;
      else process.env.APP_ORIGIN = saved;
    }
    const mail = await db
      .selectFrom("emailOutbox")
      .select(["text", "html"])
      .where("toAddress", "=", email)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("https://shop.example/reset-password");
    expect(`${mail.text}${mail.html}`).not.toContain("evil.com");
  });
});

/* ------------------------------------------------------------------------------------------------ */

describe("(d) rate limits answer 429 with a clear message past their limit", () => {
  const message = tooManyAttemptsMessage();

  it("sign-in: past five wrong passwords from one place the next try waits, even with the right password, and says how long", async () => {
    const email = `limit.${rand()}@example.com`;
    await createUser(db, {
      email,
      password: "Right-Pass-2026",
      firstName: "L",
      lastName: "R",
      sms: 0,
      newsletter: 0,
    });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call(
            signIn.action,
            postRequest("/sign-in", await anonymous(), { email, password: `wrong-${i}-password` }),
          )
        ).status,
      ).toBe(400);
    }
    // three more failures of this place (a request called here has no address: "unknown") just now: a 16-second wait
    await db
      .insertInto("rateLimitHits")
      .values([1, 2, 3].map(() => ({ key: `sign-in:email-ip:${email}|unknown`, createdAt: ts() })))
      .execute();
    for (const password of ["wrong-again-password", "Right-Pass-2026"]) {
      const res = await call(
        signIn.action,
        postRequest("/sign-in", await anonymous(), { email, password }),
      );
      expect(res.status).toBe(429);
      expect(res.text).toMatch(/Too many attempts\. Please wait 1[56] seconds and try again\./);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(15);
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("forgot-password: past three requests for one e-mail no mail is sent, and the answer says the links sent still work", async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (
          await call(
            forgotPassword.action,
            postRequest("/forgot-password", await anonymous(), { email: DEMO_EMAIL }),
          )
        ).status,
      ).toBe(200);
    const mails = await db.selectFrom("emailOutbox").select("id").execute();
    const res = await call(
      forgotPassword.action,
      postRequest("/forgot-password", await anonymous(), { email: DEMO_EMAIL }),
    );
    expect(res.status).toBe(429);
    expect(res.text).toContain(
      "Each works for 60 minutes: use the newest one, or ask again in 15 minutes.",
    );
    expect((await db.selectFrom("emailOutbox").select("id").execute()).length).toBe(mails.length);
  });

  it("gift-card activation: the 11th try of one subscriber is refused, even with a good code", async () => {
    const email = `gift.${rand()}@example.com`;
    await createUser(db, { email, firstName: "G", lastName: "C", sms: 0, newsletter: 0 });
    const c = await signInAs(email);
    for (let i = 0; i < 10; i++)
      expect(
        (
          await call(
            activate.action,
            postRequest("/gift-cards/activate", c, {
              code: `Z2CD-EFGH-JKLM-NP${"QRSTUVWXYZ"[i]}${"QRSTUVWXYZ"[i]}`,
            }),
          )
        ).status,
      ).toBe(404);
    const good = "G2CDEFGHJKLMNPQR";
    const { id: goodId } = await insertGiftCard(
      {
        valueCents: 5000,
        bonusOfId: null,
        purchaserUserId: null,
        senderName: "S",
        senderEmail: "s@example.com",
        receiverName: "R",
        receiverEmail: email,
        receiverMessage: null,
        deliverOn: "2026-01-01",
        sentAt: ts(),
        claimedByUserId: null,
        claimedAt: null,
        createdAt: ts(),
        expiresOn: "2035-01-01",
      },
      good,
    );
    const res = await call(activate.action, postRequest("/gift-cards/activate", c, { code: good }));
    expect(res.status).toBe(429);
    expect((res.body as { failed: string }).failed).toBe(message);
    expect(
      (
        await db
          .selectFrom("giftCards")
          .select("claimedByUserId")
          .where("id", "=", goodId)
          .executeTakeFirstOrThrow()
      ).claimedByUserId,
    ).toBeNull();
  });

  it("discount codes at checkout: the 11th look-up for one draft is refused and the code is not applied", async () => {
    const c = await curatedDraftClient();
    for (let i = 0; i < 10; i++) {
      const res = await call(
        gsCheckout.action,
        postRequest("/get-started/checkout", c, { intent: "discount", discountCode: `GUESS${i}` }),
      );
      expect(res.status).toBe(422);
    }
    const res = await call(
      gsCheckout.action,
      postRequest("/get-started/checkout", c, { intent: "discount", discountCode: "WELCOME20" }),
    );
    expect(res.status).toBe(429);
    expect(
      (res.body as { discountNotice: { ok: boolean; message: string } }).discountNotice,
    ).toEqual({ ok: false, message });
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    const draft = await db
      .selectFrom("subscriptions")
      .select("discountCode")
      .where("id", "=", c.draftId!)
      .executeTakeFirstOrThrow();
    expect(draft.discountCode).toBeNull();
  });

  it("?promo= links count as discount look-ups: past the limit the page still loads, says why, and ignores the link's code", async () => {
    const c = await curatedDraftClient();
    type Page = { quote: { discount: { code: string } | null; discountMessage: string | null } };
    const first = await call(
      gsCheckout.loader,
      getRequest("/get-started/checkout?promo=WELCOME20", c),
    );
    expect(first.status).toBe(200);
    expect((first.body as Page).quote.discount?.code).toBe("WELCOME20");
    // the link's usable code is kept in a cookie: reloading that page costs nothing
    const kept = withCookies(c, ...setCookies(first));
    for (let i = 0; i < 12; i++)
      expect(
        (await call(gsCheckout.loader, getRequest("/get-started/checkout?promo=WELCOME20", kept)))
          .status,
      ).toBe(200);
    for (let i = 0; i < 9; i++)
      expect(
        (await call(gsCheckout.loader, getRequest(`/get-started/checkout?promo=GUESS${i}`, c)))
          .status,
      ).toBe(200);
    const limited = await call(
      gsCheckout.loader,
      getRequest("/get-started/checkout?promo=WELCOME20", c),
    );
    expect(limited.status).toBe(429);
    expect((limited.body as Page).quote.discount).toBeNull();
    expect((limited.body as Page).quote.discountMessage).toBe(message);
  });
});

/* ------------------------------------------------------------------------------------------------ */

const XSS = `<script>alert("x1")</script><img src=x onerror="alert('x2')"><a href="javascript:alert(3)">link</a><svg onload=alert(4)>`;

/** HTML that a browser could run: script, img, svg, iframe or object elements, event handlers, javascript: URLs. */
function expectInert(html: string) {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (["script", "img", "svg", "iframe", "object", "embed", "math", "base"].includes(name))
          found.push(`<${name}>`);
        for (const [k, v] of Object.entries(attribs)) {
          if (/^on/i.test(k)) found.push(`${name}[${k}]`);
          if (/^\s*(javascript|vbscript|data):/i.test(v)) found.push(`${name}[${k}=${v}]`);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  expect(found, html.slice(0, 400)).toEqual([]);
}

describe("(e) stored XSS renders inert", () => {
  it("a FAQ answer is sanitised by the page loader and the API; its question renders as text", async () => {
    await db
      .insertInto("faqItems")
      .values({
        category: "product",
        question: `Is it safe? ${XSS}`,
        answer: `<p>Yes.</p>${XSS}`,
        sortOrder: 0,
      })
      .execute();
    const page = await call(faq.loader, getRequest("/faq"));
    const items = (
      page.body as { groups: { items: { question: string; answer: string }[] }[] }
    ).groups.flatMap((g) => g.items);
    const item = items.find((i) => i.question.startsWith("Is it safe?"))!;
    expectInert(item.answer);
    expect(item.answer).toContain("<p>Yes.</p>");
    const html = renderToString(createElement(FaqList, { items: [item] }));
    expectInert(html);
    expect(html).toContain("Is it safe? &lt;script&gt;alert(&quot;x1&quot;)&lt;/script&gt;");
    const api = await call(apiFaq.loader, getRequest("/api/faq"));
    expect(api.text).toContain("Is it safe?");
    for (const i of (api.body as { data: { answer: string }[] }).data) expectInert(i.answer);
  });

  it("a post's content is sanitised by the page loader", async () => {
    const post = await db
      .selectFrom("posts")
      .select(["id", "slug"])
      .where("postType", "=", "news")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("posts")
      .set({
        content: `<p>Hello</p>${XSS}<iframe src="https://evil.com"></iframe><p style="x" onclick="alert(5)">para</p>`,
      })
      .where("id", "=", post.id)
      .execute();
    const res = await call(blogPost.loader, getRequest(`/blog-post/${post.slug}`), {
      slug: post.slug,
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain("<p>Hello</p>");
    expect(res.text).toContain("para");
    expectInert(res.text.replace(/\\"/g, '"'));
    expect(res.text).not.toMatch(/<iframe/i);
  });

  it("the sanitiser keeps safe markup and drops every active payload", () => {
    for (const payload of [
      XSS,
      `<IMG SRC=x OnErRoR=alert(1)>`,
      `<a href=" javascript:alert(1)">x</a>`,
      `<a href="//evil.com">x</a>`,
      `<style>*{}</style><object data=x></object>`,
      `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
    ]) {
      const out = sanitiseHtml(payload);
      expectInert(out);
      expect(out).not.toMatch(/<(style|object|iframe|math|table)/i);
      expect(out).not.toMatch(/href="\/\//);
    }
    expect(sanitiseHtml(`<p><strong>Beef</strong> <a href="/faq">FAQ</a></p>`)).toBe(
      `<p><strong>Beef</strong> <a href="/faq">FAQ</a></p>`,
    );
  });

  it("a name and a delivery note come back from the loaders as plain text, and only sanitised CMS HTML is rendered as HTML", async () => {
    const me = await signInDemo();
    const res = await call(
      account.action,
      postRequest("/dashboard/account", me, {
        intent: "profile",
        firstName: `<img src=x onerror=alert(1)>`,
        lastName: "<script>alert(2)</script>",
        phone: "0412 345 678",
      }),
    );
    expect(res.status).toBe(303);
    await db
      .updateTable("subscriptions")
      .set({ deliveryNotes: XSS })
      .where("id", "=", a.subscriptionId)
      .execute();
    const page = await call(myDeliveries.loader, getRequest("/dashboard/my-deliveries", me));
    expect((page.body as { firstName: string }).firstName).toBe("<img src=x onerror=alert(1)>");
    const acc = await call(account.loader, getRequest("/dashboard/account", me));
    expect(acc.text).toContain("<script>alert(2)</script>");
    // React escapes text; the only raw-HTML sinks are the sanitised CMS block and the escaped JSON-LD
    const sinks: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /\.tsx?$/.test(e.name) &&
          fs.readFileSync(p, "utf8").includes("dangerouslySetInnerHTML")
        )
          sinks.push(path.relative(path.resolve(__dirname, "../.."), p));
      }
    };
    walk(path.resolve(__dirname, "../../app"));
    const allowed = [
      "app/content/components/html.tsx", // CMS HTML that the content services sanitised
      "app/content/components/recipe-json-ld.tsx", // JSON with "<" escaped
      "app/root.tsx", // the app's own stylesheets, inlined from the build
      "app/components/layout/static-markup.tsx", // the header's and footer's HTML as React rendered it
    ];
    expect(sinks.filter((f) => !allowed.includes(f))).toEqual([]);
    expect(sinks).toContain("app/content/components/html.tsx");
  });

  it("a gift message and a sender's name are escaped in the gift-card e-mail", () => {
    const mail = giftCardEmail.render({
      receiverName: "<b>Sam</b>",
      senderName: `<img src=x onerror=alert(1)>`,
      message: XSS,
      valueCents: 5000,
      code: "ABCD-EFGH-JKLM-NPQR",
      expiresOn: "2029-01-01",
      activateUrl: "http://localhost/gift-cards/activate/ABCDEFGHJKLMNPQR",
      bonus: false,
    });
    expectInert(mail.html);
    expect(mail.html).toContain("&lt;script&gt;");
  });
});
