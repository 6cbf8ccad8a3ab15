// A subscriber who started a box signed out and signed in at checkout is asked
// whether it is a second box or a change to the one they have (issue 33 item 8,
// decision 039); before, a second subscription was made without a word.
//   "Add a second box"       marks the draft (subscriptions.second_box_at) and
//                            the checkout goes on as before;
//   "Change my current box"  takes the draft's cuts and add-ons to "Change what
//                            comes next" of the current subscription as unsaved
//                            changes (its page cookie), and the draft is left.
//                            Nothing changes until the subscriber saves there;
//                            box size, day and frequency stay as they are there.
import { db } from "~/db/client.server";
import type { Subscription, User } from "~/db/schema";
import { getPackage } from "~/box/catalogue.server";
import { writePending } from "~/subscriptions/next-box-cookie.server";

export const SECOND_BOX_NEEDED =
  "You already have a box with us. Choose whether this is a second box or a change to your current one, then place your order.";
export const CHANGE_PATH = "/dashboard/my-deliveries/change";

export type CurrentBox = { subscriptionId: number; boxName: string; status: "active" | "paused" };

/** The subscriber's first active or paused subscription other than `draftId`, or null. */
export async function currentBoxOf(userId: number, draftId: number): Promise<CurrentBox | null> {
  const row = await db
    .selectFrom("subscriptions")
    .select(["id", "packageId", "status"])
    .where("userId", "=", userId)
    .where("id", "!=", draftId)
    .where("status", "in", ["active", "paused"])
    .orderBy("id")
    .executeTakeFirst();
  if (!row) return null;
  const pkg = row.packageId ? await getPackage(row.packageId) : null;
  return {
    subscriptionId: row.id,
    boxName: pkg?.fullName ?? "Your box",
    status: row.status as CurrentBox["status"],
  };
}

/** The subscriber must answer the question before this draft can be ordered. */
export async function secondBoxQuestion(
  user: User | null,
  draft: Pick<Subscription, "id" | "secondBoxAt">,
): Promise<CurrentBox | null> {
  if (!user || draft.secondBoxAt) return null;
  return currentBoxOf(user.id, draft.id);
}

export async function chooseSecondBox(draftId: number, userId: number): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ secondBoxAt: new Date().toISOString() })
    .where("id", "=", draftId)
    .where("userId", "=", userId)
    .where("status", "=", "draft")
    .execute();
}

/**
 * "Change my current box": where to go, and the change page's cookie holding
 * the draft's cuts and add-ons as unsaved changes. The session lets go of the
 * draft, so the box flow does not offer it again.
 */
export async function changeCurrentBoxInstead(
  user: User,
  draftId: number,
  sessionId: string,
): Promise<{ to: string; setCookie: string } | null> {
  const current = await currentBoxOf(user.id, draftId);
  if (!current) return null;
  const [items, addons] = await Promise.all([
    db
      .selectFrom("subscriptionItems")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", draftId)
      .execute(),
    db
      .selectFrom("subscriptionAddons")
      .select(["productId", "quantity"])
      .where("subscriptionId", "=", draftId)
      .execute(),
  ]);
  // a draft without cuts (a curated box) leaves the current box's cuts as they are
  const cuts = items.length
    ? items
    : await db
        .selectFrom("subscriptionItems")
        .select(["productId", "quantity"])
        .where("subscriptionId", "=", current.subscriptionId)
        .execute();
  const owner = { id: current.subscriptionId, userId: user.id };
  const setCookie = await writePending(owner, {
    items: Object.fromEntries(cuts.map((l) => [l.productId, l.quantity])),
    addons: Object.fromEntries(addons.map((l) => [l.productId, l.quantity])),
  });
  await db
    .updateTable("sessions")
    .set({ subscriptionId: null })
    .where("id", "=", sessionId)
    .where("subscriptionId", "=", draftId)
    .execute();
  return { to: `${CHANGE_PATH}?subscription=${current.subscriptionId}`, setCookie };
}
