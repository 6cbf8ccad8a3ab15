// "Change what comes next" (app/subscriptions/next-box.server.ts): owner
// scoping (a foreign subscription answers like a missing one), the custom
// box's cut limit (exactly its maximum to save), Tasmania's salmon rule, and a
// frequency change that re-plans the deliveries after the next one, each
// saved change an event with a reference in the activity list.
import { db } from "~/db/client.server";
import { activeFrequencies } from "~/box/catalogue.server";
import { addDays } from "~/delivery/schedule";
import { sydneyToday } from "~/subscriptions/schedule";
import { listActivity } from "~/subscriptions/subscriber-actions.server";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  changeAddress,
  changeDeliveryDay,
  changeFrequency,
  changeWindow,
  loadNextBox,
  saveBox,
  stepPending,
  type PendingBox,
} from "~/subscriptions/next-box.server";
import { upcomingDeliveries } from "~/subscriptions/changes.server";
import { createAddress, createOrder } from "../factories";
import { boxSubscriber } from "./next-box-fixtures";
import { formatDeliveryDate } from "~/accounts/format";
import { getAddress, updateAddress } from "~/accounts/account.server";
import { getDeliveriesPage } from "~/subscriptions/deliveries-summary.server";

const ORIGIN = "http://shop.test";

const productId = async (slug: string) =>
  (await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow())
    .id;

/** A subscriber with a small custom box (2 cuts × 4 = 8) whose next delivery is `daysAhead` days away. */
const subscriber = (opts: { postcode?: string; daysAhead?: number } = {}) => boxSubscriber(opts);

const items = async (subscriptionId: number) =>
  Object.fromEntries(
    (
      await db
        .selectFrom("subscriptionItems")
        .select(["productId", "quantity"])
        .where("subscriptionId", "=", subscriptionId)
        .execute()
    ).map((r) => [r.productId, r.quantity]),
  );

describe("change what comes next", () => {
  it("answers another user's subscription exactly like a missing one", async () => {
    const a = await subscriber();
    const b = await subscriber();
    const foreign = { id: b.owner.id, userId: a.owner.userId };
    await expect(loadNextBox(foreign, null)).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    await expect(
      loadNextBox({ id: 999_999_999, userId: a.owner.userId }, null),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    await expect(
      stepPending(foreign, null, { intent: "add", productId: a.cutIds[2] }),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    await expect(
      changeFrequency({ ...foreign, frequencyDays: 28 }, { origin: ORIGIN }),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    await expect(
      changeWindow({ ...foreign, window: "day" }, { origin: ORIGIN }),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    await expect(
      saveBox(foreign, { items: {}, addons: {} }, { origin: ORIGIN }),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    // nothing of B's changed, and A sees none of it
    expect(
      (
        await db
          .selectFrom("subscriptions")
          .select("frequencyDays")
          .where("id", "=", b.owner.id)
          .executeTakeFirstOrThrow()
      ).frequencyDays,
    ).toBe(14);
    expect(await listActivity({ userId: a.owner.userId })).toEqual([]);
    const page = await loadNextBox(b.owner, null);
    expect(page).toMatchObject({ customizable: true, maximum: 8, cutCount: 8, dirty: false });
  });

  it("keeps a custom box to its maximum: full refuses another cut, and only exactly the maximum saves", async () => {
    const a = await subscriber();
    const [first, , third] = a.cutIds;
    await expect(stepPending(a.owner, null, { intent: "add", productId: third })).rejects.toThrow(
      /Your box is full: you have chosen 8 of 8/,
    );
    const removed = await stepPending(a.owner, null, { intent: "remove", productId: first });
    expect(removed).toMatchObject({ kind: "cut", quantity: 3, count: 7, maximum: 8 });
    // 7 of 8 is not saved
    await expect(saveBox(a.owner, removed.pending, { origin: ORIGIN })).rejects.toThrow(
      /you have chosen 7. Add 1 more to save/,
    );
    const over: PendingBox = { items: { ...removed.pending.items, [third]: 2 }, addons: {} };
    await expect(saveBox(a.owner, over, { origin: ORIGIN })).rejects.toThrow(
      /you have chosen 9. Remove 1 to save/,
    );
    expect(await items(a.owner.id)).toEqual({ [a.cutIds[0]]: 4, [a.cutIds[1]]: 4 });
    const added = await stepPending(a.owner, removed.pending, { intent: "add", productId: third });
    expect(added.count).toBe(8);
    const page = await loadNextBox(a.owner, added.pending);
    expect(page).toMatchObject({ dirty: true, cutCount: 8 });
    const { reference } = await saveBox(a.owner, added.pending, { origin: ORIGIN });
    expect(reference).toMatch(/^CH-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await items(a.owner.id)).toEqual({ [a.cutIds[0]]: 3, [a.cutIds[1]]: 4, [third]: 1 });
    const [entry] = await listActivity({ userId: a.owner.userId });
    expect(entry).toMatchObject({ reference, type: "box_changed" });
    expect(entry.what).toMatch(/^Changed the box, from the delivery on /);
    const mail = await db
      .selectFrom("emailOutbox")
      .select("subject")
      .where("toAddress", "=", a.email)
      .execute();
    expect(mail.map((m) => m.subject)).toEqual([
      `Box changed: Paddock & Tide reference ${reference}`,
    ]);
  });

  it("refuses wild salmon (cut or add-on) for a Tasmanian postcode and does not list it", async () => {
    const tas = await subscriber({ postcode: "7000" });
    const salmonCut = await productId("wild-salmon-portions");
    const salmonAddon = await productId("addon-salmon-portions");
    const removed = await stepPending(tas.owner, null, {
      intent: "remove",
      productId: tas.cutIds[0],
    });
    await expect(
      stepPending(tas.owner, removed.pending, { intent: "add", productId: salmonCut }),
    ).rejects.toThrow(/not available in Tasmania/);
    await expect(
      stepPending(tas.owner, null, { intent: "add", productId: salmonAddon }),
    ).rejects.toThrow(/not available in Tasmania/);
    // a tampered pending box is refused at saving too
    const tampered: PendingBox = {
      items: { ...removed.pending.items, [salmonCut]: 1 },
      addons: { [salmonAddon]: 1 },
    };
    await expect(saveBox(tas.owner, tampered, { origin: ORIGIN })).rejects.toThrow(
      /not available in Tasmania/,
    );
    const page = await loadNextBox(tas.owner, null);
    const listed = [...page.cuts, ...page.addons].flatMap((g) =>
      g.products.map((p) => p.name.toLowerCase()),
    );
    expect(listed.some((n) => n.includes("salmon"))).toBe(false);
    // the same add-on is fine in Sydney
    const syd = await subscriber();
    const res = await stepPending(syd.owner, null, { intent: "add", productId: salmonAddon });
    expect(res).toMatchObject({ kind: "addon", quantity: 1 });
  });

  it("changes the frequency: the next delivery keeps its date and the ones after it follow the new frequency", async () => {
    const a = await subscriber({ daysAhead: 10 });
    const scope = { subscriptionId: a.owner.id, userId: a.owner.userId };
    const before = (await upcomingDeliveries(scope, 3)).map((d) => d.date);
    expect(before[1]).toBe(addDays(before[0], 14));
    const offered = await activeFrequencies();
    const days = offered.find((d) => d !== 14)!;
    await expect(
      changeFrequency({ ...a.owner, frequencyDays: 14 }, { origin: ORIGIN }),
    ).rejects.toBeInstanceOf(ChangeRefusedError);
    await expect(
      changeFrequency({ ...a.owner, frequencyDays: 15 }, { origin: ORIGIN }),
    ).rejects.toThrow(/frequencies offered/);
    const { reference, lockedDate } = await changeFrequency(
      { ...a.owner, frequencyDays: days },
      { origin: ORIGIN },
    );
    expect(lockedDate).toBeNull();
    const after = (await upcomingDeliveries(scope, 3)).map((d) => d.date);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(addDays(before[0], days));
    expect(after[2]).toBe(addDays(before[0], 2 * days));
    expect(
      (
        await db
          .selectFrom("subscriptions")
          .select("frequencyDays")
          .where("id", "=", a.owner.id)
          .executeTakeFirstOrThrow()
      ).frequencyDays,
    ).toBe(days);
    const [entry] = await listActivity({ userId: a.owner.userId });
    expect(entry).toMatchObject({ reference, type: "frequency_changed", who: "You" });
    expect(entry.what).toMatch(/^Changed the frequency to every/);
  });

  it("moves the next delivery to another day; the ones after it follow from the new day", async () => {
    const a = await subscriber({ daysAhead: 10 });
    const scope = { subscriptionId: a.owner.id, userId: a.owner.userId };
    const before = (await upcomingDeliveries(scope, 3)).map((d) => d.date);
    const page = await loadNextBox(a.owner, null);
    expect(page.days.find((d) => d.current)?.date).toBe(before[0]);
    // only days whose cut-off (2pm Sydney, 2 lead days before) is still ahead
    expect(page.days.every((d) => d.date >= addDays(sydneyToday(new Date()), 2))).toBe(true);
    const target = addDays(before[0], 3);
    expect(page.days.map((d) => d.date)).toContain(target);
    await expect(
      changeDeliveryDay({ ...a.owner, date: before[0] }, { origin: ORIGIN }),
    ).rejects.toThrow(/already comes on/);
    await expect(
      changeDeliveryDay({ ...a.owner, date: addDays(before[0], 40) }, { origin: ORIGIN }),
    ).rejects.toThrow(/days offered/);
    await expect(
      changeDeliveryDay({ ...a.owner, date: "not-a-date" }, { origin: ORIGIN }),
    ).rejects.toThrow(/days offered/);
    const b = await subscriber();
    await expect(
      changeDeliveryDay(
        { id: b.owner.id, userId: a.owner.userId, date: target },
        { origin: ORIGIN },
      ),
    ).rejects.toBeInstanceOf(SubscriptionNotFoundError);
    const { reference } = await changeDeliveryDay({ ...a.owner, date: target }, { origin: ORIGIN });
    const after = (await upcomingDeliveries(scope, 3)).map((d) => d.date);
    expect(after).toEqual([target, addDays(target, 14), addDays(target, 28)]);
    const rows = await db
      .selectFrom("deliveries")
      .select("deliveryDate")
      .where("subscriptionId", "=", a.owner.id)
      .execute();
    expect(rows.map((r) => r.deliveryDate)).not.toContain(before[0]);
    const [entry] = await listActivity({ userId: a.owner.userId });
    expect(entry).toMatchObject({ reference, type: "day_changed", who: "You" });
    expect(entry.what).toMatch(/^Moved the delivery on .+ to /);
    const mail = await db
      .selectFrom("emailOutbox")
      .select(["subject", "text"])
      .where("toAddress", "=", a.email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/Delivery day changed/);
    expect(mail.text).toContain(reference);
  });

  it("moves to an address in another delivery area: the open deliveries follow that area's run days", async () => {
    const a = await subscriber({ daysAhead: 10 });
    const wa = await db
      .selectFrom("deliveryRegions")
      .selectAll()
      .where("slug", "=", "wa")
      .executeTakeFirstOrThrow();
    const perth = await createAddress(db, a.owner.userId, {
      line1: "1 Hay Street",
      city: "Perth",
      state: "WA",
      postcode: "6000",
    });
    const nowhere = await createAddress(db, a.owner.userId, {
      line1: "1 Station Road",
      city: "Nowhere",
      state: "NT",
      postcode: "0872",
    });
    await expect(
      changeAddress({ ...a.owner, addressId: nowhere }, { origin: ORIGIN }),
    ).rejects.toThrow(/don't deliver to that address's postcode/);
    const { reference } = await changeAddress({ ...a.owner, addressId: perth }, { origin: ORIGIN });
    const sub = await db
      .selectFrom("subscriptions")
      .select(["regionId", "postcode", "shippingAddressId"])
      .where("id", "=", a.owner.id)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ regionId: wa.id, postcode: "6000", shippingAddressId: perth });
    const weekdays = wa.weekdays.split(",").map(Number);
    const upcoming = await upcomingDeliveries(
      { subscriptionId: a.owner.id, userId: a.owner.userId },
      2,
    );
    for (const d of upcoming) {
      const iso = new Date(`${d.date}T12:00:00Z`).getUTCDay() || 7;
      expect(weekdays).toContain(iso);
    }
    const [entry] = await listActivity({ userId: a.owner.userId });
    expect(entry).toMatchObject({ reference, type: "address_changed" });
    const mail = await db
      .selectFrom("emailOutbox")
      .select("text")
      .where("toAddress", "=", a.email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("delivery area, so your deliveries there start on");
  });

  it("moving between areas keeps the next delivery near its date: there and back again returns to the same day", async () => {
    const a = await subscriber({ daysAhead: 10 });
    const address = (line1: string, city: string, state: string, postcode: string) =>
      createAddress(db, a.owner.userId, { line1, city, state, postcode });
    const canberra = await address("2 Mort Street", "Braddon", "ACT", "2612"); // Wednesdays
    const sydney = await address("9 Crown Street", "Surry Hills", "NSW", "2010"); // Tuesdays and Thursdays
    const scope = { subscriptionId: a.owner.id, userId: a.owner.userId };
    const next = async () => (await upcomingDeliveries(scope, 1))[0].date;
    const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
    const start = await next();

    await changeAddress({ ...a.owner, addressId: canberra }, { origin: ORIGIN });
    const wednesday = await next();
    expect(weekday(wednesday)).toBe(3);
    expect(Math.abs(Date.parse(wednesday) - Date.parse(start))).toBeLessThanOrEqual(3 * 86_400_000);
    const [moved] = await listActivity({ userId: a.owner.userId });
    // the confirmation names the new date, not only the address
    expect(moved.what).toBe(
      `Changed the delivery address to 2 Mort Street, Braddon ACT 2612; deliveries there start on ${formatDeliveryDate(wednesday)}`,
    );

    await changeAddress({ ...a.owner, addressId: sydney }, { origin: ORIGIN });
    const back = await next();
    // Tuesday and Thursday are a day either side: with no delivery yet to go by, the earlier one
    expect(back).toBe(addDays(wednesday, -1));

    await changeAddress({ ...a.owner, addressId: canberra }, { origin: ORIGIN });
    // the first Wednesday on or after the Thursday would be a week later
    expect(await next()).toBe(wednesday);
  });

  it("moving back between areas keeps the weekday of the last delivery when two days are as near", async () => {
    const a = await subscriber({ daysAhead: 10 });
    const address = (line1: string, city: string, state: string, postcode: string) =>
      createAddress(db, a.owner.userId, { line1, city, state, postcode });
    const canberra = await address("2 Mort Street", "Braddon", "ACT", "2612");
    const sydney = await address("9 Crown Street", "Surry Hills", "NSW", "2010");
    // the last box came on a Thursday
    let thursday = addDays(sydneyToday(new Date()), -7);
    while (new Date(`${thursday}T12:00:00Z`).getUTCDay() !== 4) thursday = addDays(thursday, -1);
    await createOrder(db, a.owner.userId, {
      subscriptionId: a.owner.id,
      kind: "box",
      status: "paid",
      deliveryDate: thursday,
    });
    const next = async () =>
      (await upcomingDeliveries({ subscriptionId: a.owner.id, userId: a.owner.userId }, 1))[0].date;
    await changeAddress({ ...a.owner, addressId: canberra }, { origin: ORIGIN });
    const wednesday = await next();
    await changeAddress({ ...a.owner, addressId: sydney }, { origin: ORIGIN });
    expect(await next()).toBe(addDays(wednesday, 1));
  });

  it("an order already made for the next delivery keeps its address when the subscription moves", async () => {
    const a = await subscriber({ daysAhead: 10 });
    const { shippingAddressId: home } = await db
      .selectFrom("subscriptions")
      .select("shippingAddressId")
      .where("id", "=", a.owner.id)
      .executeTakeFirstOrThrow();
    const { date } = (
      await upcomingDeliveries({ subscriptionId: a.owner.id, userId: a.owner.userId }, 1)
    )[0];
    const { id: orderId, reference } = await createOrder(db, a.owner.userId, {
      subscriptionId: a.owner.id,
      kind: "box",
      status: "paid",
      deliveryDate: date,
      shippingAddressId: home,
      invoiceCents: 16900,
    });
    const flat = await createAddress(db, a.owner.userId, {
      addressType: "apartment",
      line1: "40 Pitt Street",
      line2: "Unit 5",
      city: "Sydney",
    });

    const done = await changeAddress({ ...a.owner, addressId: flat }, { origin: ORIGIN });
    expect(done.lockedDate).toBe(date);
    expect(
      (
        await db
          .selectFrom("orders")
          .select("shippingAddressId")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).shippingAddressId,
    ).toBe(home);
    const s = (await getDeliveriesPage({ userId: a.owner.userId, hasPassword: false }))
      .subscriptions[0];
    expect(s.address).toBe("Unit 5, 40 Pitt Street, Sydney NSW 2000");
    expect(s.nextOrder).toMatchObject({
      reference,
      address: "7 Bay Road, Haymarket NSW 2000",
      windowLabel: expect.any(String),
    });
    // the order is still to come there, so that address's postcode stays
    const old = await getAddress({ userId: a.owner.userId, addressId: home! });
    await expect(
      updateAddress({ userId: a.owner.userId, addressId: home! }, {
        ...old,
        line2: old.line2 ?? undefined,
        company: undefined,
        postcode: "2010",
      } as never),
    ).rejects.toThrow(`Order ${reference} is on its way to this address`);
  });

  it("after the next delivery's cut-off, a change applies to the delivery after it", async () => {
    const a = await subscriber({ daysAhead: 2 });
    const page = await loadNextBox(a.owner, null);
    expect(page.lockedDate).toBe(page.next?.date);
    expect(page.appliesFrom && page.appliesFrom > page.lockedDate!).toBe(true);
    const res = await changeWindow({ ...a.owner, window: "day" }, { origin: ORIGIN }).catch(
      (e: Error) => e,
    );
    expect(res).toBeInstanceOf(ChangeRefusedError); // already "day"
    const days = (await activeFrequencies()).find((d) => d !== 14)!;
    const done = await changeFrequency({ ...a.owner, frequencyDays: days }, { origin: ORIGIN });
    expect(done.lockedDate).toBe(page.lockedDate);
  });
});
