// The knife age check on "Change what comes next" (SPEC §5, §6): saving a box
// that adds a knife the saved subscription does not have needs both ticks
// (adult, disclaimer), else nothing is written; a knife already on the box, or
// no knife, needs neither. Service level (saveBox, loadNextBox) and the
// route's action (a 422 with the field errors, the pending box kept).
import { db } from "~/db/client.server";
import { KNIFE_ADULT, KNIFE_DISCLAIMER } from "~/box/knife-check";
import {
  KnifeConfirmationError,
  loadNextBox,
  saveBox,
  type PendingBox,
} from "~/subscriptions/next-box.server";
import { writePending } from "~/subscriptions/next-box-cookie.server";
import * as change from "~/routes/dashboard.my-deliveries_.change";
import { boxSubscriber } from "./next-box-fixtures";
import { call, getRequest, postRequest, setCookies, signInAs, withCookies } from "./http-helpers";

const ORIGIN = "http://shop.test";

const knifeId = async () =>
  (
    await db
      .selectFrom("products")
      .select("id")
      .where("isKnife", "=", 1)
      .where("active", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).id;
const otherAddonId = async () =>
  (
    await db
      .selectFrom("products")
      .select("id")
      .where("kind", "=", "addon")
      .where("isKnife", "=", 0)
      .where("active", "=", 1)
      .where("name", "not like", "%almon%")
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).id;

/** A subscriber with a full small custom box (2 cuts × 4) and `addons` saved on it. */
const subscriber = (addons: Record<number, number> = {}) => boxSubscriber({ addons });

const savedAddons = async (subscriptionId: number) =>
  Object.fromEntries(
    (
      await db
        .selectFrom("subscriptionAddons")
        .select(["productId", "quantity"])
        .where("subscriptionId", "=", subscriptionId)
        .execute()
    ).map((r) => [r.productId, r.quantity]),
  );
const boxEvents = async (subscriptionId: number) =>
  db
    .selectFrom("subscriptionEvents")
    .select("data")
    .where("subscriptionId", "=", subscriptionId)
    .where("type", "=", "box_changed")
    .execute();
const mails = async (to: string) =>
  db.selectFrom("emailOutbox").select("subject").where("toAddress", "=", to).execute();

/** Expects `promise` to be the knife refusal with exactly `fieldErrors`. */
async function expectKnifeRefusal(promise: Promise<unknown>, fieldErrors: Record<string, string>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KnifeConfirmationError);
  expect((error as KnifeConfirmationError).fieldErrors).toEqual(fieldErrors);
}

describe("the knife age check when saving the next box", () => {
  it("refuses a new knife without both ticks, writing nothing; saves it with both", async () => {
    const knife = await knifeId();
    const a = await subscriber();
    const box: PendingBox = { items: a.items, addons: { [knife]: 1 } };
    expect(await loadNextBox(a.owner, box)).toMatchObject({ dirty: true, knifeCheck: true });

    await expectKnifeRefusal(saveBox(a.owner, box, { origin: ORIGIN }), {
      knifeAdult: KNIFE_ADULT,
      knifeDisclaimer: KNIFE_DISCLAIMER,
    });
    await expectKnifeRefusal(
      saveBox(a.owner, box, { origin: ORIGIN, knife: { adult: false, disclaimer: false } }),
      { knifeAdult: KNIFE_ADULT, knifeDisclaimer: KNIFE_DISCLAIMER },
    );
    await expectKnifeRefusal(
      saveBox(a.owner, box, { origin: ORIGIN, knife: { adult: true, disclaimer: false } }),
      { knifeDisclaimer: KNIFE_DISCLAIMER },
    );
    await expectKnifeRefusal(
      saveBox(a.owner, box, { origin: ORIGIN, knife: { adult: false, disclaimer: true } }),
      { knifeAdult: KNIFE_ADULT },
    );
    expect(await savedAddons(a.owner.id)).toEqual({});
    expect(await boxEvents(a.owner.id)).toEqual([]);
    expect(await mails(a.email)).toEqual([]);

    const { reference } = await saveBox(a.owner, box, {
      origin: ORIGIN,
      knife: { adult: true, disclaimer: true },
    });
    expect(reference).toMatch(/^CH-/);
    expect(await savedAddons(a.owner.id)).toEqual({ [knife]: 1 });
    const [event] = await boxEvents(a.owner.id);
    expect(JSON.parse(String(event.data))).toMatchObject({ reference, knifeConfirmed: true });
    expect((await mails(a.email)).map((m) => m.subject)).toEqual([
      `Box changed: Paddock & Tide reference ${reference}`,
    ]);
    // saved: the page no longer asks
    expect(await loadNextBox(a.owner, null)).toMatchObject({ dirty: false, knifeCheck: false });
  });

  it("asks nothing when the knife is already on the saved box, or no knife is added", async () => {
    const knife = await knifeId();
    const other = await otherAddonId();
    const has = await subscriber({ [knife]: 1 });
    // another add-on next to the knife already there, and a second knife of the same kind
    const more: PendingBox = { items: has.items, addons: { [knife]: 2, [other]: 1 } };
    expect(await loadNextBox(has.owner, more)).toMatchObject({ knifeCheck: false });
    await saveBox(has.owner, more, { origin: ORIGIN });
    expect(await savedAddons(has.owner.id)).toEqual({ [knife]: 2, [other]: 1 });

    const none = await subscriber();
    const plain: PendingBox = { items: none.items, addons: { [other]: 1 } };
    expect(await loadNextBox(none.owner, plain)).toMatchObject({ knifeCheck: false });
    await saveBox(none.owner, plain, { origin: ORIGIN });
    expect(await savedAddons(none.owner.id)).toEqual({ [other]: 1 });
    expect(JSON.parse(String((await boxEvents(none.owner.id))[0].data))).not.toHaveProperty(
      "knifeConfirmed",
    );
  });

  it("asks again for a knife removed and added back after saving", async () => {
    const knife = await knifeId();
    const a = await subscriber({ [knife]: 1 });
    await saveBox(a.owner, { items: a.items, addons: {} }, { origin: ORIGIN });
    await expectKnifeRefusal(
      saveBox(a.owner, { items: a.items, addons: { [knife]: 1 } }, { origin: ORIGIN }),
      { knifeAdult: KNIFE_ADULT, knifeDisclaimer: KNIFE_DISCLAIMER },
    );
    expect(await savedAddons(a.owner.id)).toEqual({});
  });

  it("the page's action answers 422 with the field errors and keeps the pending box; both ticks save it", async () => {
    const knife = await knifeId();
    const a = await subscriber();
    const pending = (await writePending(a.owner, { items: a.items, addons: { [knife]: 1 } })).split(
      ";",
    )[0];
    const client = withCookies(await signInAs(a.email), pending);
    const url = `/dashboard/my-deliveries/change?subscription=${a.owner.id}`;

    const none = await call(change.action, postRequest(url, client, { intent: "save-box" }));
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({
      formId: "save-box",
      fieldErrors: { knifeAdult: KNIFE_ADULT, knifeDisclaimer: KNIFE_DISCLAIMER },
    });
    expect(setCookies(none)).toEqual([]); // the pending box stays as it was

    const one = await call(
      change.action,
      postRequest(url, client, { intent: "save-box", knifeAdult: "true" }),
    );
    expect(one.status).toBe(422);
    expect(one.body).toMatchObject({
      fieldErrors: { knifeDisclaimer: KNIFE_DISCLAIMER },
      repopulateFields: { knifeAdult: true, knifeDisclaimer: false },
    });
    expect((one.body as { fieldErrors: object }).fieldErrors).not.toHaveProperty("knifeAdult");
    expect(await savedAddons(a.owner.id)).toEqual({});

    const page = await call(change.loader, getRequest(url, client));
    expect(page.body).toMatchObject({ dirty: true, knifeCheck: true });

    const both = await call(
      change.action,
      postRequest(url, client, { intent: "save-box", knifeAdult: "true", knifeDisclaimer: "true" }),
    );
    expect(both.status).toBe(303);
    expect(both.location).toMatch(/\/dashboard\/my-deliveries\?done=CH-/);
    expect(await savedAddons(a.owner.id)).toEqual({ [knife]: 1 });
  });
});
