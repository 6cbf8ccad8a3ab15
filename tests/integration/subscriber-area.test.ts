// The subscriber area's services: account (profile, password, cards,
// addresses), the deliveries summary and the subscriber's changes (skip,
// unskip, pause, resume, cancel) with cut-off refusals, references, e-mails
// and the activity list; and owner scoping: subscriber A reaches nothing of
// B's, and a foreign id answers exactly like a missing one. Runs on SQLite,
// and on PostgreSQL with DATABASE_URL_TEST.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import { verifyPassword } from "~/accounts/password.server";
import {
  ADDRESS_IN_USE_MESSAGE,
  ADDRESS_ON_FILE,
  AddressLimitError,
  CardInUseError,
  MAX_ADDRESSES,
  NotFoundError,
  PostcodeLockedError,
  WrongPasswordError,
  addAddress,
  addCard,
  changePassword,
  getAccount,
  getAddress,
  removeAddress,
  removeCard,
  setPrimaryCard,
  updateAddress,
  updateProfile,
} from "~/accounts/account.server";
import { getDeliveriesPage, findOrderForWelcome } from "~/subscriptions/deliveries-summary.server";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  cancel,
  pause,
  resume,
  skipDelivery,
  upcomingDeliveries as engineUpcoming,
} from "~/subscriptions/changes.server";
import { listActivity } from "~/subscriptions/subscriber-actions.server";
import { loadTaxInvoice } from "~/orders/invoice.server";
import { changeAddress, loadNextBox } from "~/subscriptions/next-box.server";
import { changeOutcome, runChange } from "~/subscriptions/my-deliveries-actions.server";
import { sydneyToday } from "~/subscriptions/schedule";
import { addDays } from "~/delivery/schedule";
import { createOrder, createRegion, createSession, createSubscriber } from "../factories";
import { testClientIp } from "./client-ip";

const upcomingDeliveries = (scope: { userId: number; subscriptionId: number }) =>
  engineUpcoming(scope, 4);

const ts = () => new Date().toISOString();
const uniq = () => randomBytes(4).toString("hex");
const ORIGIN = "http://shop.test";

type Subscriber = {
  userId: number;
  email: string;
  subscriptionId: number;
  addressId: number;
  cardIds: number[];
  sessionId: string;
};

// one region for the file that delivers every day with three days' lead, so dates follow the frequency exactly
let regionId: number | null = null;

/** A subscriber whose next delivery is `daysAhead` days from today (cut-off 2pm three days before), signed in. */
async function subscriber({
  daysAhead = 10,
  cards = 1,
  password = "Correct-Horse-42" as string | null,
} = {}): Promise<Subscriber> {
  regionId ??= await createRegion(db, { leadDays: 3 });
  const s = await createSubscriber(db, {
    user: { email: `sub.${uniq()}@example.com`, password },
    region: regionId,
    daysAhead,
    cards,
    cuts: [],
  });
  const sessionId = await createSession(db, { userId: s.userId });
  return {
    userId: s.userId,
    email: s.email,
    subscriptionId: s.subscriptionId,
    addressId: s.addressId!,
    cardIds: s.cardIds,
    sessionId,
  };
}

const mails = (to: string) =>
  db
    .selectFrom("emailOutbox")
    .select(["subject", "text", "template"])
    .where("toAddress", "=", to)
    .orderBy("id")
    .execute();
const statusOf = async (id: number) =>
  await db
    .selectFrom("subscriptions")
    .select(["status", "pausedUntil", "endedAt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("account services", () => {
  it("updates the profile and reads it back", async () => {
    const a = await subscriber();
    await updateProfile(
      { userId: a.userId },
      {
        firstName: "Mia-Rose",
        lastName: "Kelly",
        phone: "+61298765432",
        sms: true,
        newsletter: false,
      },
    );
    const acc = await getAccount({ userId: a.userId });
    expect(acc).toMatchObject({
      firstName: "Mia-Rose",
      phone: "(02) 9876 5432",
      sms: true,
      newsletter: false,
      hasPassword: true,
    });
  });

  it("changes the password only with the right current one, and signs out the other sessions", async () => {
    const a = await subscriber();
    await createSession(db, { userId: a.userId }); // another device's
    await expect(
      changePassword(
        { userId: a.userId, sessionId: a.sessionId },
        { currentPassword: "wrong-one", password: "New-Password-77" },
      ),
    ).rejects.toBeInstanceOf(WrongPasswordError);
    await changePassword(
      { userId: a.userId, sessionId: a.sessionId },
      { currentPassword: "Correct-Horse-42", password: "New-Password-77" },
    );
    const user = await db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", a.userId)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("New-Password-77", user.passwordHash)).toBe(true);
    const sessions = (
      await db.selectFrom("sessions").select("id").where("userId", "=", a.userId).execute()
    ).map((s) => s.id);
    expect(sessions).toEqual([a.sessionId]);
  });

  it("lets an account without a password set one without a current password", async () => {
    const a = await subscriber({ password: null });
    await changePassword(
      { userId: a.userId, sessionId: a.sessionId },
      { password: "First-Password-1" },
    );
    expect((await getAccount({ userId: a.userId })).hasPassword).toBe(true);
  });

  it("adds a card through the sandbox, sets primary, and refuses to remove the only card of an active subscription", async () => {
    const a = await subscriber();
    expect((await getAccount({ userId: a.userId })).cards[0].removable).toBe(false);
    await expect(removeCard({ userId: a.userId, cardId: a.cardIds[0] })).rejects.toBeInstanceOf(
      CardInUseError,
    );
    const added = await addCard(
      { userId: a.userId, clientIp: testClientIp() },
      {
        card: { number: "5555555555554444", expMonth: 12, expYear: 2031, cvc: "123" },
        makePrimary: false,
      },
    );
    expect(added.label).toBe("Mastercard ending in 4444");
    const token = await db
      .selectFrom("paymentMethods")
      .select(["gatewayToken", "lastFour"])
      .where("id", "=", added.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(token)).not.toMatch(/5555555555554444/);
    await setPrimaryCard({ userId: a.userId, cardId: added.id });
    let cards = (await getAccount({ userId: a.userId })).cards;
    expect(cards.find((c) => c.primary)?.id).toBe(added.id);
    expect(cards.every((c) => c.removable)).toBe(true);
    await removeCard({ userId: a.userId, cardId: added.id });
    cards = (await getAccount({ userId: a.userId })).cards;
    expect(cards.map((c) => [c.id, c.primary])).toEqual([[a.cardIds[0], true]]);
  });

  it("refuses a declined-format card with the gateway's field error", async () => {
    const a = await subscriber();
    await expect(
      addCard(
        { userId: a.userId, clientIp: testClientIp() },
        {
          card: { number: "4242424242424241", expMonth: 12, expYear: 2031, cvc: "123" },
          makePrimary: false,
        },
      ),
    ).rejects.toMatchObject({ name: "CardError", field: "number" });
  });

  it("edits an address, but keeps the postcode of one a live subscription delivers to", async () => {
    const a = await subscriber();
    const base = {
      addressType: "apartment" as const,
      line1: "9 Bay Road",
      line2: "Unit 2",
      city: "Haymarket",
      state: "NSW" as const,
      postcode: "2000",
      country: "AU" as const,
      company: undefined,
    };
    await updateAddress({ userId: a.userId, addressId: a.addressId }, base);
    expect(await getAddress({ userId: a.userId, addressId: a.addressId })).toMatchObject({
      line1: "9 Bay Road",
      line2: "Unit 2",
      addressType: "apartment",
    });
    await expect(
      updateAddress(
        { userId: a.userId, addressId: a.addressId },
        { ...base, postcode: "3000", state: "VIC" },
      ),
    ).rejects.toBeInstanceOf(PostcodeLockedError);
  });

  it("adds delivery addresses of the user's own, up to the limit", async () => {
    const a = await subscriber();
    const address = {
      addressType: "house" as const,
      line1: "15 Kent Street",
      city: "Melbourne",
      state: "VIC" as const,
      postcode: "3000",
      country: "AU" as const,
      company: undefined,
    };
    const id = await addAddress({ userId: a.userId }, address);
    expect(await getAddress({ userId: a.userId, addressId: id })).toMatchObject({
      kind: "shipping",
      line1: "15 Kent Street",
      postcode: "3000",
      line2: null,
      company: null,
    });
    const count = async () =>
      (await db.selectFrom("addresses").select("id").where("userId", "=", a.userId).execute())
        .length;
    // the same address again (another case, spacing or leading zero) is refused, and so is one we cannot deliver to
    await expect(
      addAddress(
        { userId: a.userId },
        { ...address, line1: " 15  KENT street", city: "melbourne" },
      ),
    ).rejects.toThrow(ADDRESS_ON_FILE);
    await expect(
      addAddress(
        { userId: a.userId },
        { ...address, city: "Alice Springs", state: "NT", postcode: "0870" },
      ),
    ).rejects.toMatchObject({ field: "address.postcode", message: POSTCODE_UNDELIVERABLE });
    let n = 0;
    while ((await count()) < MAX_ADDRESSES)
      await addAddress({ userId: a.userId }, { ...address, line1: `${++n} Flinders Lane` });
    await expect(
      addAddress({ userId: a.userId }, { ...address, line1: "1 Collins Street" }),
    ).rejects.toBeInstanceOf(AddressLimitError);
    expect(await count()).toBe(MAX_ADDRESSES);
  });

  it("refuses a suburb that is not in the state and postcode given, naming the suburbs that are", async () => {
    const a = await subscriber();
    const base = {
      addressType: "house" as const,
      line1: "9 Collins Street",
      city: "Braddon",
      state: "QLD" as const,
      postcode: "3000",
      country: "AU" as const,
      company: undefined,
    };
    await expect(addAddress({ userId: a.userId }, base)).rejects.toMatchObject({
      field: "address.city",
      message: expect.stringMatching(
        /^We can't find Braddon in QLD 3000\. .*Suburbs with this postcode: .*Melbourne/,
      ),
    });
    // the suburb and state of the subscription's address cannot move it to another state behind its postcode
    const own = await getAddress({ userId: a.userId, addressId: a.addressId });
    await expect(
      updateAddress({ userId: a.userId, addressId: a.addressId }, {
        ...own,
        line2: own.line2 ?? undefined,
        company: undefined,
        city: "Melbourne",
        state: "VIC",
      } as never),
    ).rejects.toMatchObject({ field: "address.city" });
    expect(await getAddress({ userId: a.userId, addressId: a.addressId })).toMatchObject({
      city: own.city,
      state: own.state,
    });
  });

  it("an edit leaves delivered and paid orders (and their invoices) with the address they had; the subscription and coming orders take the new one", async () => {
    const a = await subscriber();
    const order = (deliveryDate: string, status: "paid" | "unpaid", invoiceCents?: number) =>
      createOrder(db, a.userId, {
        subscriptionId: a.subscriptionId,
        kind: "box",
        status,
        deliveryDate,
        shippingAddressId: a.addressId,
        billingAddressId: a.addressId,
        invoiceCents,
      });
    const { id: deliveredId, reference: delivered } = await order(
      addDays(sydneyToday(new Date()), -20),
      "paid",
      16900,
    );
    const { id: comingId } = await order(addDays(sydneyToday(new Date()), 5), "unpaid");
    const before = await getAddress({ userId: a.userId, addressId: a.addressId });

    await updateAddress(
      { userId: a.userId, addressId: a.addressId },
      {
        addressType: "apartment",
        line1: before.line1,
        line2: "Unit 9",
        city: before.city,
        state: before.state as "NSW",
        postcode: before.postcode,
        country: "AU",
        company: undefined,
      },
    );
    const [now] = (await getAccount({ userId: a.userId })).addresses;
    expect(now).toMatchObject({ line2: "Unit 9", usedBy: [expect.any(String)] });
    expect(now.id).not.toBe(a.addressId);
    const rows = await db
      .selectFrom("orders")
      .select(["id", "shippingAddressId", "billingAddressId"])
      .where("id", "in", [deliveredId, comingId])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: deliveredId, shippingAddressId: a.addressId, billingAddressId: a.addressId },
      { id: comingId, shippingAddressId: now.id, billingAddressId: a.addressId },
    ]);
    expect(
      await db
        .selectFrom("subscriptions")
        .select(["shippingAddressId", "billingAddressId"])
        .where("id", "=", a.subscriptionId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ shippingAddressId: now.id, billingAddressId: now.id });
    const invoice = await loadTaxInvoice({ userId: a.userId, reference: delivered });
    expect(
      invoice.status === "ok" && invoice.invoice.deliveryAddress?.lines.join(" | "),
    ).not.toContain("Unit 9");
    // with no settled order behind it, an edit is made in place
    await updateAddress(
      { userId: a.userId, addressId: now.id },
      {
        addressType: "apartment",
        line1: before.line1,
        line2: "Unit 10",
        city: before.city,
        state: before.state as "NSW",
        postcode: before.postcode,
        country: "AU",
        company: undefined,
      },
    );
    expect(await getAddress({ userId: a.userId, addressId: now.id })).toMatchObject({
      line2: "Unit 10",
    });
  });

  it("removes an address no subscription or coming order uses; it is kept for old orders but offered nowhere", async () => {
    const a = await subscriber();
    const b = await subscriber();
    const address = {
      addressType: "house" as const,
      line1: "15 Kent Street",
      city: "Melbourne",
      state: "VIC" as const,
      postcode: "3000",
      country: "AU" as const,
      company: undefined,
    };
    const id = await addAddress({ userId: a.userId }, address);
    // the subscription's own address stays, and B cannot touch A's
    await expect(removeAddress({ userId: a.userId, addressId: a.addressId })).rejects.toThrow(
      ADDRESS_IN_USE_MESSAGE,
    );
    await expect(removeAddress({ userId: b.userId, addressId: id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // an order still to come there keeps it
    const { id: orderId, reference } = await createOrder(db, a.userId, {
      subscriptionId: a.subscriptionId,
      kind: "box",
      status: "paid",
      deliveryDate: addDays(sydneyToday(new Date()), 3),
      shippingAddressId: id,
    });
    expect(
      (await getAccount({ userId: a.userId })).addresses.find((x) => x.id === id)?.comingOrders,
    ).toEqual([reference]);
    await expect(removeAddress({ userId: a.userId, addressId: id })).rejects.toThrow(
      `Order ${reference} is on its way to this address`,
    );
    // once delivered, it can go
    await db
      .updateTable("orders")
      .set({ deliveryDate: addDays(sydneyToday(new Date()), -1) })
      .where("id", "=", orderId)
      .execute();
    await removeAddress({ userId: a.userId, addressId: id });
    expect(
      (
        await db
          .selectFrom("addresses")
          .select("removedAt")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).removedAt,
    ).not.toBeNull();
    expect((await getAccount({ userId: a.userId })).addresses.map((x) => x.id)).toEqual([
      a.addressId,
    ]);
    await expect(getAddress({ userId: a.userId, addressId: id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(removeAddress({ userId: a.userId, addressId: id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // the change page neither offers it nor moves to it
    const page = await loadNextBox({ id: a.subscriptionId, userId: a.userId }, null);
    expect(page.addresses.map((x) => x.id)).not.toContain(id);
    await expect(
      changeAddress({ id: a.subscriptionId, userId: a.userId, addressId: id }, { origin: ORIGIN }),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    // and the same address can be added again
    expect(await addAddress({ userId: a.userId }, address)).not.toBe(id);
  });
});

describe("owner scoping: subscriber A reaches nothing of B's", () => {
  it("answers B's card, address and subscription like missing ones", async () => {
    const a = await subscriber();
    const b = await subscriber({ cards: 2 });
    const missing = 987654321;
    for (const cardId of [b.cardIds[1], missing]) {
      await expect(setPrimaryCard({ userId: a.userId, cardId })).rejects.toBeInstanceOf(
        NotFoundError,
      );
      await expect(removeCard({ userId: a.userId, cardId })).rejects.toBeInstanceOf(NotFoundError);
    }
    for (const addressId of [b.addressId, missing]) {
      await expect(getAddress({ userId: a.userId, addressId })).rejects.toBeInstanceOf(
        NotFoundError,
      );
      await expect(
        updateAddress(
          { userId: a.userId, addressId },
          {
            addressType: "house",
            line1: "1 Hack St",
            city: "X",
            state: "NSW",
            postcode: "2000",
            country: "AU",
            company: undefined,
          },
        ),
      ).rejects.toBeInstanceOf(NotFoundError);
    }
    const date = (
      await upcomingDeliveries({ userId: b.userId, subscriptionId: b.subscriptionId })
    )[0].date;
    for (const subscriptionId of [b.subscriptionId, missing]) {
      const scope = { userId: a.userId, subscriptionId };
      await expect(upcomingDeliveries(scope)).rejects.toBeInstanceOf(SubscriptionNotFoundError);
      await expect(
        skipDelivery({ ...scope, deliveryDate: date }, { origin: ORIGIN }),
      ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
      await expect(
        pause({ ...scope, until: addDays(date, 30) }, { origin: ORIGIN }),
      ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
      await expect(cancel(scope, { origin: ORIGIN })).rejects.toBeInstanceOf(
        SubscriptionNotFoundError,
      );
      const form = new FormData();
      form.set("intent", "cancel");
      form.set("subscriptionId", String(subscriptionId));
      expect(await runChange({ userId: a.userId, email: a.email }, form, ORIGIN)).toEqual({
        kind: "not_found",
      });
    }
    // B is untouched, and A's page shows nothing of B's
    expect((await statusOf(b.subscriptionId)).status).toBe("active");
    expect((await getAccount({ userId: b.userId })).cards.find((c) => c.primary)?.id).toBe(
      b.cardIds[0],
    );
    const pageA = await getDeliveriesPage({ userId: a.userId, hasPassword: true });
    expect(pageA.subscriptions.map((s) => s.id)).toEqual([a.subscriptionId]);
    expect((await getAccount({ userId: a.userId })).cards.map((c) => c.id)).toEqual(a.cardIds);
    // a change reference of B's shows nothing on A's page
    const r = await skipDelivery(
      { userId: b.userId, subscriptionId: b.subscriptionId, deliveryDate: date },
      { origin: ORIGIN },
    );
    expect(await changeOutcome({ userId: a.userId, reference: r.reference })).toBeNull();
    expect(await changeOutcome({ userId: b.userId, reference: r.reference })).toMatchObject({
      reference: r.reference,
      title: "Delivery skipped",
    });
    expect((await listActivity({ userId: a.userId })).map((e) => e.reference)).not.toContain(
      r.reference,
    );
  });

  it("shows the seeded second subscriber nothing of the demo subscriber's orders", async () => {
    const second = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "second.subscriber@paddockandtide.com.au")
      .executeTakeFirstOrThrow();
    const page = await getDeliveriesPage({ userId: second.id, hasPassword: true });
    expect(page.subscriptions).toHaveLength(1);
    expect(page.subscriptions[0].boxName).toMatch(/Custom box \(small\)/);
    expect([...page.pastOrders, ...page.awaitingPayment].map((o) => o.reference)).toEqual([
      "PT-200117",
    ]);
    expect(await findOrderForWelcome({ userId: second.id, reference: "PT-100231" })).toBeNull();
    expect(await findOrderForWelcome({ userId: second.id, reference: "PT-200117" })).toBe(
      "PT-200117",
    );
  });
});

describe("subscriber changes (the renewal engine's service, through the page's parser)", () => {
  const post = (a: Subscriber, fields: Record<string, string>) => {
    const form = new FormData();
    form.set("subscriptionId", String(a.subscriptionId));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return runChange({ userId: a.userId, email: a.email }, form, ORIGIN);
  };
  const mine = async (a: Subscriber) =>
    (await mails(a.email)).filter((m) => m.template === "subscription-change");

  it("skips and unskips a delivery with references, e-mails and activity; skipping twice is one change", async () => {
    const a = await subscriber();
    const scope = { userId: a.userId, subscriptionId: a.subscriptionId };
    const [first, second] = await upcomingDeliveries(scope);
    expect(first).toMatchObject({ status: "scheduled", changeable: true });
    expect(second.date).toBe(addDays(first.date, 14));
    const skip = await post(a, { intent: "skip", deliveryDate: first.date });
    expect(skip).toMatchObject({
      kind: "done",
      reference: expect.stringMatching(/^CH-[A-Z0-9]{4}-[A-Z0-9]{4}$/),
    });
    const skipRef = (skip as { reference: string }).reference;
    expect(await post(a, { intent: "skip", deliveryDate: first.date })).toEqual({
      kind: "done",
      reference: skipRef,
    });
    expect((await upcomingDeliveries(scope))[0].status).toBe("skipped");
    const unskip = (await post(a, { intent: "unskip", deliveryDate: first.date })) as {
      reference: string;
    };
    expect((await upcomingDeliveries(scope))[0].status).toBe("scheduled");
    const sent = await mine(a);
    expect(sent).toHaveLength(2);
    expect(sent[0].text).toContain(skipRef);
    expect(sent[1].text).toContain(unskip.reference);
    const activity = await listActivity({ userId: a.userId });
    expect(activity.map((e) => [e.reference, e.who])).toEqual([
      [unskip.reference, "You"],
      [skipRef, "You"],
    ]);
    expect(activity[1].what).toMatch(/^Skipped the delivery on /);
    expect(await changeOutcome({ userId: a.userId, reference: skipRef })).toMatchObject({
      title: "Delivery skipped",
      note: null,
    });
  });

  it("refuses a skip after the cut-off, saying why and when the next change is possible", async () => {
    const a = await subscriber({ daysAhead: 2 });
    const scope = { userId: a.userId, subscriptionId: a.subscriptionId };
    const [locked, next] = await upcomingDeliveries(scope);
    expect(locked.changeable).toBe(false);
    const refused = await post(a, { intent: "skip", deliveryDate: locked.date });
    expect(refused).toMatchObject({
      kind: "refused",
      refusal: { intent: "skip", subscriptionId: a.subscriptionId },
    });
    const message = (refused as { refusal: { message: string } }).refusal.message;
    expect(message).toMatch(/can no longer be changed: its change cut-off was 2pm Sydney time/);
    expect(message).toContain("You can change your next delivery, on");
    expect(await mine(a)).toEqual([]);
    await expect(
      skipDelivery({ ...scope, deliveryDate: locked.date }, { origin: ORIGIN }),
    ).rejects.toBeInstanceOf(ChangeRefusedError);
    expect(await post(a, { intent: "skip", deliveryDate: next.date })).toMatchObject({
      kind: "done",
    });
  });

  it("refuses dates that are not upcoming deliveries and bad input, with a message", async () => {
    const a = await subscriber();
    const [first] = await upcomingDeliveries({
      userId: a.userId,
      subscriptionId: a.subscriptionId,
    });
    expect(await post(a, { intent: "skip", deliveryDate: addDays(first.date, 1) })).toMatchObject({
      kind: "refused",
      refusal: { message: "That date is not one of your upcoming deliveries." },
    });
    expect(await post(a, { intent: "pause", resumeOn: "not-a-date" })).toMatchObject({
      kind: "refused",
      refusal: { message: "Choose the date your deliveries start again." },
    });
    expect(await post(a, { intent: "pause", resumeOn: sydneyToday(new Date()) })).toMatchObject({
      kind: "refused",
      refusal: { message: "Choose a date after today." },
    });
    expect(await post(a, { intent: "explode" })).toMatchObject({ kind: "refused" });
  });

  it("pauses until a date and resumes", async () => {
    const a = await subscriber();
    const scope = { userId: a.userId, subscriptionId: a.subscriptionId };
    const dates = (await upcomingDeliveries(scope)).map((d) => d.date);
    const p = (await post(a, { intent: "pause", resumeOn: dates[2] })) as { reference: string };
    expect(await statusOf(a.subscriptionId)).toMatchObject({
      status: "paused",
      pausedUntil: dates[2],
    });
    expect((await upcomingDeliveries(scope)).map((d) => d.status)).toEqual([
      "paused",
      "paused",
      "scheduled",
      "scheduled",
    ]);
    expect((await listActivity({ userId: a.userId }))[0].what).toMatch(/^Paused deliveries until /);
    const r = (await post(a, { intent: "resume" })) as { reference: string };
    expect(await statusOf(a.subscriptionId)).toMatchObject({ status: "active", pausedUntil: null });
    expect(await post(a, { intent: "resume" })).toMatchObject({
      kind: "refused",
      refusal: { message: "This subscription is not paused." },
    });
    expect((await mine(a)).map((m) => m.subject)).toEqual([
      `Deliveries paused: Paddock & Tide reference ${p.reference}`,
      `Deliveries resumed: Paddock & Tide reference ${r.reference}`,
    ]);
    await expect(resume(scope, { origin: ORIGIN })).rejects.toBeInstanceOf(ChangeRefusedError);
  });

  it("cancels at once with an optional reason; a delivery past its cut-off still comes; twice is one change", async () => {
    const a = await subscriber({ daysAhead: 2 });
    const scope = { userId: a.userId, subscriptionId: a.subscriptionId };
    const [locked] = await upcomingDeliveries(scope);
    const c = (await post(a, { intent: "cancel", reason: "moving", comment: "Off to Perth" })) as {
      reference: string;
    };
    expect((await statusOf(a.subscriptionId)).status).toBe("cancelled");
    expect((await cancel(scope, { origin: ORIGIN })).reference).toBe(c.reference);
    const [mail] = await mine(a);
    expect(mail.text).toContain("still arrives and is charged");
    const outcome = await changeOutcome({ userId: a.userId, reference: c.reference });
    expect(outcome).toMatchObject({
      title: "Subscription cancelled",
      what: "Cancelled the subscription (I'm moving: Off to Perth)",
    });
    expect(outcome?.note).toContain("was already past its change cut-off");
    expect(await post(a, { intent: "skip", deliveryDate: locked.date })).toMatchObject({
      kind: "refused",
    });
    await expect(
      pause({ ...scope, until: addDays(locked.date, 30) }, { origin: ORIGIN }),
    ).rejects.toBeInstanceOf(ChangeRefusedError);
  });

  it("names one-tap e-mail link changes in the activity list", async () => {
    const a = await subscriber();
    const [first] = await upcomingDeliveries({
      userId: a.userId,
      subscriptionId: a.subscriptionId,
    });
    await db
      .insertInto("subscriptionEvents")
      .values({
        subscriptionId: a.subscriptionId,
        type: "skipped",
        data: JSON.stringify({
          reference: "CH-ABCD-EFGH",
          deliveryDate: first.date,
          by: "email-link",
        }),
        createdAt: ts(),
      })
      .execute();
    const [entry] = await listActivity({ userId: a.userId });
    expect(entry).toMatchObject({
      reference: "CH-ABCD-EFGH",
      who: "You, with a one-tap e-mail link",
    });
  });
});

describe("deliveries page", () => {
  it("reads credit only for users with a password and splits orders", async () => {
    const demo = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "demo@paddockandtide.com.au")
      .executeTakeFirstOrThrow();
    const page = await getDeliveriesPage({ userId: demo.id, hasPassword: true });
    expect(page.creditCents).toBe(2500);
    expect(page.awaitingPayment.map((o) => o.reference)).toEqual(["PT-100458"]);
    expect(page.pastOrders.map((o) => o.reference)).toEqual(["PT-100231"]);
    const s = page.subscriptions[0];
    expect(s.items).toHaveLength(8);
    expect(s.addons).toEqual([
      { name: expect.stringMatching(/bacon/i), quantity: 1, lineCents: expect.any(Number) },
    ]);
    expect(s.totalCents).toBe(s.boxPriceCents + s.addons[0].lineCents);
    expect(
      (await getDeliveriesPage({ userId: demo.id, hasPassword: false })).creditCents,
    ).toBeNull();
  });

  it("shows a next delivery that is already an order as that order, not as the subscription's current box", async () => {
    const demo = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "demo@paddockandtide.com.au")
      .executeTakeFirstOrThrow();
    const s = (await getDeliveriesPage({ userId: demo.id, hasPassword: true })).subscriptions[0];
    const order = await db
      .selectFrom("orders")
      .select(["id", "deliveryDate"])
      .where("reference", "=", "PT-100458")
      .executeTakeFirstOrThrow();
    const invoice = await db
      .selectFrom("invoices")
      .select(["id", "subtotalCents", "totalCents"])
      .where("orderId", "=", order.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const lines = await db
      .selectFrom("invoiceLines")
      .select(["name", "quantity", "priceCents"])
      .where("invoiceId", "=", invoice.id)
      .orderBy("id")
      .execute();
    expect(s.upcoming.find((d) => d.date === order.deliveryDate)?.orderReference).toBe("PT-100458");
    expect(s.nextOrder).toEqual({
      reference: "PT-100458",
      status: "unpaid",
      subtotalCents: invoice.subtotalCents,
      discountedCents: 0,
      creditCents: 0,
      totalCents: invoice.totalCents,
      address: s.address,
      windowLabel: expect.any(String),
      lines: lines.map((l) => ({
        name: l.name,
        quantity: l.quantity,
        lineCents: l.priceCents * l.quantity,
        type: expect.any(String),
      })),
    });
    // a new subscriber's next delivery is still the subscription's to change
    const a = await subscriber();
    const fresh = (await getDeliveriesPage({ userId: a.userId, hasPassword: true }))
      .subscriptions[0];
    expect(fresh.upcoming[0].orderReference).toBeNull();
    expect(fresh.nextOrder).toBeNull();
  });
});
