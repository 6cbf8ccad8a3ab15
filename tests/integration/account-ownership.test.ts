// An account opens only for its owner (issue 33 item 8, decision 039), against a
// real database (SQLite, or PostgreSQL with DATABASE_URL_TEST): typing an
// e-mail never ties an order to an account with history, nor signs anyone in
// to it, until the e-mail is proved with a code sent to it; a subscriber is
// asked about a second box; a waiting gift card that can't be used says so.
import { randomUUID } from "node:crypto";
import { afterEach, vi } from "vitest";
import { db } from "~/db/client.server";
import { accountHasHistory } from "~/accounts/account-history.server";
import { PROOF_MAX_ATTEMPTS, verifyEmailProof } from "~/accounts/email-proof.server";
import {
  InvalidResetTokenError,
  createResetToken,
  resetPassword,
} from "~/accounts/password-reset.server";
import { choosePackage, readFlow, requireFlow } from "~/box/flow.server";
import { saveDelivery } from "~/box/delivery-step.server";
import {
  accountStepAction,
  accountStepForPage,
  PROOF_NEEDED,
} from "~/checkout/account-step.server";
import type { CheckoutInput } from "~/checkout/checkout-schema";
import { claimWaitingGiftCard, waitingGiftCardProblem } from "~/checkout/gift-credit.server";
import { ACCOUNT_DISABLED, placeOrder } from "~/checkout/place-order.server";
import { SECOND_BOX_NEEDED } from "~/checkout/second-box.server";
import { lookupPostcode } from "~/delivery/lookup.server";
import { claimGiftCardCode } from "~/gift-cards/claim.server";
import { purchaseGiftCard } from "~/gift-cards/purchase.server";
import { sydneyToday } from "~/gift-cards/rules";
import { paymentGateway } from "~/payments/sandbox-gateway.server";
import type { User } from "~/db/schema";
import {
  addCredit,
  createAddress,
  createCard,
  createOrder,
  createSubscription,
  createUser,
  TEST_CARD,
} from "../factories";
import { boxSubscriber } from "./next-box-fixtures";
import { newSession } from "./sessions";
import { testClientIp } from "./client-ip";
import { codeOf } from "./gift-fixtures";

const ORIGIN = "http://shop.test";
const ts = () => new Date().toISOString();
const unique = (p: string) => `${p}.${randomUUID().slice(0, 8)}@example.com`;
const visa = {
  kind: "new" as const,
  card: { ...TEST_CARD },
};
const billing = {
  addressType: "house" as const,
  line1: "1 Harbour St",
  line2: undefined,
  company: undefined,
  city: "Sydney",
  state: "NSW" as const,
  postcode: "2000",
  country: "AU" as const,
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** Step 1: a visitor buys a gift card with e-mail X; the shop keeps it on an account without a password. */
async function giftCardBuyer(email = unique("owner")) {
  const outcome = await purchaseGiftCard(
    { user: null, clientIp: testClientIp() },
    {
      amountCents: 5000,
      personalise: {
        sender: { firstName: "Olive", email },
        receiver: { firstName: "Jordan", email: unique("jordan"), message: "Enjoy" },
        deliverOn: sydneyToday(),
        bonusReceiver: null,
      },
      checkout: { idempotencyKey: randomUUID(), email, billing, card: visa },
    },
    ORIGIN,
  );
  if (outcome.kind !== "placed") throw new Error(outcome.kind);
  const user = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return { email, user, reference: outcome.reference };
}

const requestOf = (cookie: string, path = "/get-started/checkout") =>
  new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });

/** Step 2: in another browser someone starts a curated box with this e-mail (or signed in, as `user`). */
async function boxWithEmail(email: string | null, user: User | null = null) {
  const session = await newSession(user?.id ?? null);
  const lookup = await lookupPostcode("2000");
  if (lookup.status !== "ok") throw new Error("undeliverable");
  const flow = await readFlow(requestOf(session.cookie, "/get-started"));
  const saved = await saveDelivery(
    { ...flow, session },
    {
      email: email ?? undefined,
      postcode: "2000",
      suburbId: lookup.suburbs[0].id,
      deliveryDate: lookup.dates[0].value,
      deliveryWindow: "day",
    },
  );
  if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
  const pkg = await db
    .selectFrom("packages")
    .select(["id", "parentId"])
    .where("slug", "=", "beef-small")
    .executeTakeFirstOrThrow();
  let draft = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", saved.subscriptionId)
    .executeTakeFirstOrThrow();
  await choosePackage(draft, { typeId: pkg.parentId!, packageId: pkg.id, frequencyDays: 28 });
  draft = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", draft.id)
    .executeTakeFirstOrThrow();
  return {
    session: { ...session, subscriptionId: draft.id },
    draft,
    suburb: lookup.suburbs[0].name,
    date: lookup.dates[0].value,
  };
}

function order(
  d: { suburb: string; date: string },
  over: Partial<CheckoutInput> = {},
): CheckoutInput {
  const shipping = {
    addressType: "house" as const,
    line1: "9 Stranger Lane",
    line2: undefined,
    company: undefined,
    city: d.suburb,
    state: "NSW" as const,
    postcode: "2000",
    country: "AU" as const,
  };
  return {
    idempotencyKey: randomUUID(),
    contact: {
      firstName: "Stan",
      lastName: "Ranger",
      phone: "+61412345678",
      sms: false,
      newsletter: false,
    },
    password: "Stranger-Pass-42",
    shipping,
    billing: shipping,
    billingSameAsShipping: true,
    deliveryNotes: null,
    frequencyDays: 28,
    deliveryDate: d.date,
    deliveryWindow: "day",
    discountCode: null,
    choiceId: null,
    knifeConfirmed: false,
    card: visa,
    addressConfirmed: null,
    overnightAccepted: false,
    ...over,
  };
}

async function lastCodeTo(email: string): Promise<string> {
  const mail = await db
    .selectFrom("emailOutbox")
    .select(["text", "subject"])
    .where("toAddress", "=", email)
    .where("template", "=", "email-proof")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  expect(mail.subject).not.toMatch(/\d{6}/);
  return /\n(\d{6})\n/.exec(mail.text)![1];
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe("the three steps of the report", () => {
  it("a stranger who types the gift-card buyer's e-mail gets no order on the account, no password on it and no session for it", async () => {
    const owner = await giftCardBuyer();
    expect(owner.user.passwordHash).toBeNull();
    const stranger = await boxWithEmail(owner.email);
    const charge = vi.spyOn(paymentGateway(), "charge");

    const outcome = await placeOrder(
      { session: stranger.session, user: null, draft: stranger.draft, clientIp: testClientIp() },
      order(stranger),
      ORIGIN,
    );

    expect(outcome).toEqual({ kind: "error", message: PROOF_NEEDED });
    expect(charge).not.toHaveBeenCalled();
    const after = await db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", owner.user.id)
      .executeTakeFirstOrThrow();
    expect(after.passwordHash).toBeNull();
    expect(after.firstName).toBe(owner.user.firstName);
    const orders = await db
      .selectFrom("orders")
      .select(["kind"])
      .where("userId", "=", owner.user.id)
      .execute();
    expect(orders.map((o) => o.kind)).toEqual(["gift_card"]);
    const sessions = await db
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", owner.user.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const draft = await db
      .selectFrom("subscriptions")
      .select(["status", "userId"])
      .where("id", "=", stranger.draft.id)
      .executeTakeFirstOrThrow();
    expect(draft).toEqual({ status: "draft", userId: null });
  });

  it("the checkout asks for a code sent to the e-mail; with it the order is placed on the account and the owner signed in", async () => {
    const owner = await giftCardBuyer();
    const shopper = await boxWithEmail(owner.email);
    const flow = await requireFlow(requestOf(shopper.session.cookie), "checkout");

    const page = await accountStepForPage(flow);
    expect(page.proof).toMatchObject({ email: owner.email, codeSent: true });
    // a second view sends nothing more
    await accountStepForPage(flow);
    const mails = await db
      .selectFrom("emailOutbox")
      .select("id")
      .where("toAddress", "=", owner.email)
      .where("template", "=", "email-proof")
      .execute();
    expect(mails).toHaveLength(1);
    const code = await lastCodeTo(owner.email);
    // only a hash is kept
    const rows = await db
      .selectFrom("emailProofs")
      .selectAll()
      .where("userId", "=", owner.user.id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(code);

    const wrong = await accountStepAction(
      flow,
      form({ intent: "email-code", emailCode: code === "000000" ? "111111" : "000000" }),
    );
    expect(wrong).toMatchObject({ kind: "notice", status: 422, notice: { ok: false } });
    const right = await accountStepAction(
      flow,
      form({ intent: "email-code", emailCode: ` ${code.slice(0, 3)} ${code.slice(3)} ` }),
    );
    expect(right).toMatchObject({ kind: "notice", status: 200, notice: { ok: true } });
    expect((await accountStepForPage(flow)).proof).toBeNull();

    const outcome = await placeOrder(
      { session: shopper.session, user: null, draft: shopper.draft, clientIp: testClientIp() },
      order(shopper),
      ORIGIN,
    );
    expect(outcome.kind).toBe("placed");
    if (outcome.kind !== "placed") return;
    expect(outcome.setCookie).toMatch(/^__session=/);
    const box = await db
      .selectFrom("orders")
      .select(["userId", "kind"])
      .where("reference", "=", outcome.reference)
      .executeTakeFirstOrThrow();
    expect(box).toEqual({ userId: owner.user.id, kind: "box" });
    const after = await db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", owner.user.id)
      .executeTakeFirstOrThrow();
    expect(after.passwordHash).toMatch(/^scrypt\$/);
  });

  // issue 44, decision 062: a disabled account (a README demo account in production) opens for no one
  it("a disabled account gets no code, a code proved before it was disabled opens nothing, and no order is placed on it", async () => {
    const owner = await giftCardBuyer();
    const shopper = await boxWithEmail(owner.email);
    const flow = await requireFlow(requestOf(shopper.session.cookie), "checkout");
    expect((await accountStepForPage(flow)).proof).toMatchObject({ codeSent: true });
    const code = await lastCodeTo(owner.email);
    const right = await accountStepAction(flow, form({ intent: "email-code", emailCode: code }));
    expect(right).toMatchObject({ kind: "notice", status: 200, notice: { ok: true } });

    await db
      .updateTable("users")
      .set({ disabledAt: ts() })
      .where("id", "=", owner.user.id)
      .execute();
    const charge = vi.spyOn(paymentGateway(), "charge");
    const outcome = await placeOrder(
      { session: shopper.session, user: null, draft: shopper.draft, clientIp: testClientIp() },
      order(shopper),
      ORIGIN,
    );
    expect(outcome).toEqual({ kind: "error", message: ACCOUNT_DISABLED });
    expect(charge).not.toHaveBeenCalled();

    // another browser is sent no code for it at all, and is refused the same way
    const other = await boxWithEmail(owner.email);
    const otherFlow = await requireFlow(requestOf(other.session.cookie), "checkout");
    expect((await accountStepForPage(otherFlow)).proof).toBeNull();
    for (const intent of ["email-code", "email-code-resend"])
      expect(await accountStepAction(otherFlow, form({ intent, emailCode: code }))).toEqual({
        kind: "notice",
        notice: { ok: false, message: ACCOUNT_DISABLED },
        status: 422,
      });
    const codes = await db
      .selectFrom("emailProofs")
      .select("id")
      .where("userId", "=", owner.user.id)
      .execute();
    expect(codes).toHaveLength(1);
    expect(
      await placeOrder(
        { session: other.session, user: null, draft: other.draft, clientIp: testClientIp() },
        order(other),
        ORIGIN,
      ),
    ).toEqual({ kind: "error", message: ACCOUNT_DISABLED });

    const after = await db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", owner.user.id)
      .executeTakeFirstOrThrow();
    expect(after.passwordHash).toBeNull();
    const sessions = await db
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", owner.user.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const boxes = await db
      .selectFrom("orders")
      .select("kind")
      .where("userId", "=", owner.user.id)
      .execute();
    expect(boxes.map((o) => o.kind)).toEqual(["gift_card"]);
  });

  it("a code proves the e-mail for the browser it was sent for only", async () => {
    const owner = await giftCardBuyer();
    const first = await boxWithEmail(owner.email);
    await accountStepForPage(await requireFlow(requestOf(first.session.cookie), "checkout"));
    const code = await lastCodeTo(owner.email);
    const other = await boxWithEmail(owner.email);
    expect(
      await verifyEmailProof({ userId: owner.user.id, sessionId: other.session.id, code }),
    ).toEqual({ ok: false, reason: "none" });
    const outcome = await placeOrder(
      { session: other.session, user: null, draft: other.draft, clientIp: testClientIp() },
      order(other),
      ORIGIN,
    );
    expect(outcome).toEqual({ kind: "error", message: PROOF_NEEDED });
  });

  it("an e-mail without history still goes through with a password chosen at checkout (SPEC §6), which retires open reset links", async () => {
    const email = unique("fresh");
    const shopper = await boxWithEmail(email);
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toBeNull();
    const resetToken = await createResetToken(user.id);
    expect(await accountHasHistory(user.id)).toBe(false);
    expect(
      (await accountStepForPage(await requireFlow(requestOf(shopper.session.cookie), "checkout")))
        .proof,
    ).toBeNull();

    const outcome = await placeOrder(
      { session: shopper.session, user: null, draft: shopper.draft, clientIp: testClientIp() },
      order(shopper),
      ORIGIN,
    );
    expect(outcome.kind).toBe("placed");
    if (outcome.kind !== "placed") return;
    expect(outcome.setCookie).toMatch(/^__session=/);
    const after = await db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(after.passwordHash).toMatch(/^scrypt\$/);
    const mail = await db
      .selectFrom("emailOutbox")
      .select("id")
      .where("toAddress", "=", email)
      .where("template", "=", "email-proof")
      .execute();
    expect(mail).toHaveLength(0);
    // a reset link sent before cannot change the password chosen here
    await expect(
      resetPassword({ token: resetToken, email, password: "set by an old link" }),
    ).rejects.toBeInstanceOf(InvalidResetTokenError);
  });
});

describe("history", () => {
  async function bare() {
    return (
      await createUser(db, {
        email: unique("bare"),
        password: null,
        firstName: null,
        lastName: null,
      })
    ).id;
  }

  it("is orders, cards, addresses, credit, placed subscriptions or gift cards; not a draft nor a declined attempt", async () => {
    const none = await bare();
    await createSubscription(db, { userId: none, status: "draft" });
    await db
      .insertInto("payments")
      .values({
        userId: none,
        orderId: null,
        giftCardId: null,
        amountCents: 100,
        status: "declined",
        gatewayChargeId: null,
        idempotencyKey: `k-${randomUUID()}`,
        failureMessage: "declined",
        createdAt: ts(),
      })
      .execute();
    expect(await accountHasHistory(none)).toBe(false);

    const withCredit = await bare();
    await addCredit(db, withCredit, 500);
    const withCard = await bare();
    await createCard(db, withCard);
    const withAddress = await bare();
    await createAddress(db, withAddress, { kind: "billing" });
    const withOrder = await bare();
    await createOrder(db, withOrder, { deliveryDate: null, deliveryWindow: null });
    for (const id of [withCredit, withCard, withAddress, withOrder])
      expect(await accountHasHistory(id)).toBe(true);
    const subscriber = await boxSubscriber();
    expect(await accountHasHistory(subscriber.owner.userId)).toBe(true);
  });
});

describe("the code", () => {
  it(`allows ${PROOF_MAX_ATTEMPTS} tries in all, also when guesses arrive at once`, async () => {
    const owner = await giftCardBuyer();
    const shopper = await boxWithEmail(owner.email);
    await accountStepForPage(await requireFlow(requestOf(shopper.session.cookie), "checkout"));
    const code = await lastCodeTo(owner.email);
    const wrong = code === "999999" ? "999998" : "999999";
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        verifyEmailProof({ userId: owner.user.id, sessionId: shopper.session.id, code: wrong }),
      ),
    );
    expect(results.filter((r) => !r.ok && r.reason === "wrong")).toHaveLength(PROOF_MAX_ATTEMPTS);
    expect(results.filter((r) => !r.ok && r.reason === "too-many")).toHaveLength(
      8 - PROOF_MAX_ATTEMPTS,
    );
    // the right code no longer works either: a new one must be sent
    expect(
      await verifyEmailProof({ userId: owner.user.id, sessionId: shopper.session.id, code }),
    ).toEqual({ ok: false, reason: "too-many" });
    const flow = await requireFlow(requestOf(shopper.session.cookie), "checkout");
    expect((await accountStepForPage(flow)).proof).toMatchObject({ codeSent: false });
    const resent = await accountStepAction(flow, form({ intent: "email-code-resend" }));
    expect(resent).toMatchObject({ kind: "notice", status: 200, notice: { ok: true } });
    const fresh = await lastCodeTo(owner.email);
    expect(
      await verifyEmailProof({ userId: owner.user.id, sessionId: shopper.session.id, code: fresh }),
    ).toEqual({ ok: true });
  });

  it("expires", async () => {
    const owner = await giftCardBuyer();
    const shopper = await boxWithEmail(owner.email);
    await accountStepForPage(await requireFlow(requestOf(shopper.session.cookie), "checkout"));
    const code = await lastCodeTo(owner.email);
    const later = new Date(Date.now() + 21 * 60_000);
    expect(
      await verifyEmailProof({
        userId: owner.user.id,
        sessionId: shopper.session.id,
        code,
        now: later,
      }),
    ).toEqual({ ok: false, reason: "expired" });
  });

  it("a code typed and sent with 'Place order' is checked, and nothing is placed", async () => {
    const owner = await giftCardBuyer();
    const shopper = await boxWithEmail(owner.email);
    const flow = await requireFlow(requestOf(shopper.session.cookie), "checkout");
    await accountStepForPage(flow);
    const answer = await accountStepAction(
      flow,
      form({ intent: "place", emailCode: await lastCodeTo(owner.email) }),
    );
    expect(answer).toMatchObject({ kind: "notice", notice: { ok: true } });
    expect(
      await db
        .selectFrom("orders")
        .select("id")
        .where("subscriptionId", "=", shopper.draft.id)
        .execute(),
    ).toHaveLength(0);
  });
});

describe("a subscriber who signs in at checkout", () => {
  async function signedInSubscriber() {
    const s = await boxSubscriber();
    await db
      .updateTable("users")
      .set({ passwordHash: "scrypt$x" })
      .where("id", "=", s.owner.userId)
      .execute();
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", s.owner.userId)
      .executeTakeFirstOrThrow();
    return { ...s, user };
  }

  it("is asked before a second subscription is made; 'Add a second box' then places it", async () => {
    const s = await signedInSubscriber();
    const box = await boxWithEmail(null, s.user);
    const flow = await requireFlow(requestOf(box.session.cookie), "checkout");
    expect((await accountStepForPage(flow)).secondBox).toMatchObject({
      subscriptionId: s.owner.id,
      status: "active",
    });

    const refused = await placeOrder(
      { session: box.session, user: s.user, draft: box.draft, clientIp: testClientIp() },
      order(box, { password: null }),
      ORIGIN,
    );
    expect(refused).toEqual({ kind: "error", message: SECOND_BOX_NEEDED });
    const live = () =>
      db
        .selectFrom("subscriptions")
        .select("id")
        .where("userId", "=", s.owner.userId)
        .where("status", "=", "active")
        .execute();
    expect(await live()).toHaveLength(1);

    expect(await accountStepAction(flow, form({ intent: "second-box" }))).toEqual({
      kind: "redirect",
      to: "/get-started/checkout",
    });
    const again = await requireFlow(requestOf(box.session.cookie), "checkout");
    expect((await accountStepForPage(again)).secondBox).toBeNull();
    const placed = await placeOrder(
      { session: box.session, user: s.user, draft: again.draft, clientIp: testClientIp() },
      order(box, { password: null }),
      ORIGIN,
    );
    expect(placed.kind).toBe("placed");
    expect(await live()).toHaveLength(2);
  });

  it("'Change my current box' takes the draft's add-ons to the change page unsaved, and lets go of the draft", async () => {
    const s = await signedInSubscriber();
    const box = await boxWithEmail(null, s.user);
    const addon = await db
      .selectFrom("products")
      .select("id")
      .where("kind", "=", "addon")
      .where("active", "=", 1)
      .where("isKnife", "=", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("subscriptionAddons")
      .values({ subscriptionId: box.draft.id, productId: addon.id, quantity: 2 })
      .execute();
    const flow = await requireFlow(requestOf(box.session.cookie), "checkout");

    const answer = await accountStepAction(flow, form({ intent: "change-box" }));
    expect(answer).toMatchObject({
      kind: "redirect",
      to: `/dashboard/my-deliveries/change?subscription=${s.owner.id}`,
    });
    if (answer?.kind !== "redirect") return;
    const { readPending } = await import("~/subscriptions/next-box-cookie.server");
    const pending = await readPending(
      new Request(`${ORIGIN}/dashboard/my-deliveries/change`, {
        headers: { Cookie: answer.setCookie!.split(";")[0] },
      }),
      s.owner,
    );
    // a curated draft has no cuts: the current box keeps its own
    expect(pending).toEqual({ items: s.items, addons: { [addon.id]: 2 } });
    const session = await db
      .selectFrom("sessions")
      .select("subscriptionId")
      .where("id", "=", box.session.id)
      .executeTakeFirstOrThrow();
    expect(session.subscriptionId).toBeNull();
    // nothing is saved on the current box until the subscriber saves there
    expect(
      await db
        .selectFrom("subscriptionAddons")
        .select("id")
        .where("subscriptionId", "=", s.owner.id)
        .execute(),
    ).toHaveLength(0);
  });
});

describe("a waiting gift card", () => {
  async function card(opts: { claimed?: boolean; expiresOn?: string } = {}) {
    const bought = await giftCardBuyer();
    const row = await db
      .selectFrom("giftCards")
      .select(["id", "codeHash", "codeSealed", "codeKeyId"])
      .where("purchaserUserId", "=", bought.user.id)
      .executeTakeFirstOrThrow();
    const code = codeOf(row);
    if (opts.expiresOn)
      await db
        .updateTable("giftCards")
        .set({ expiresOn: opts.expiresOn })
        .where("id", "=", row.id)
        .execute();
    if (opts.claimed) {
      const claimed = await claimGiftCardCode(db, { userId: bought.user.id, code });
      expect(claimed.ok).toBe(true);
    }
    return code;
  }
  const withCookie = (code: string) =>
    new Request(`${ORIGIN}/get-started/checkout`, {
      headers: { Cookie: `giftCardActivationCode=${encodeURIComponent(code)}` },
    });

  it("that was already activated is said so at checkout, by its last four characters, and the cookie goes with that answer", async () => {
    const code = await card({ claimed: true });
    const result = await claimWaitingGiftCard(withCookie(code), {} as never, null);
    expect(result.clearCookie).toBe(true);
    expect(result.notice).toEqual({
      ok: false,
      message: `The gift card waiting for you (…${code.slice(-4)}) couldn't be used: it has already been activated. Nothing from it is taken off this order.`,
    });
  });

  it("that expired or does not exist is said so too; a usable one is promised", async () => {
    const expired = await card({ expiresOn: "2020-01-31" });
    expect(await waitingGiftCardProblem(expired)).toMatch(
      /couldn't be used: it expired on 31 January 2020\./,
    );
    expect(await waitingGiftCardProblem("ZZZZ-ZZZZ-ZZZZ-ZZZZ")).toMatch(
      /\(…ZZZZ\) couldn't be used: we couldn't find a gift card with that code\./,
    );
    const good = await card();
    expect(await waitingGiftCardProblem(good)).toBeNull();
    const result = await claimWaitingGiftCard(withCookie(good), {} as never, null);
    expect(result).toEqual({
      notice: {
        ok: true,
        message:
          "Your gift card will be added to your account as credit when you place this order.",
      },
      clearCookie: false,
    });
  });

  it("a signed-in customer is told why, not a generic failure", async () => {
    const code = await card({ claimed: true });
    const user = await createUser(db, {
      email: unique("signed"),
      firstName: "Sig",
      lastName: null,
    });
    const result = await claimWaitingGiftCard(withCookie(code), {} as never, user);
    expect(result.notice?.message).toMatch(/couldn't be used: it has already been activated\./);
  });
});
