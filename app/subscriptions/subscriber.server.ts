// Whether a signed-in user is a subscriber (a box that is active or paused): the header's main
// call to action is then their deliveries, not "Get started" again.
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";

const subscriptionOfUser = preparedQuery(
  () => db,
  (q, userId: number) =>
    q
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", userId)
      .where("status", "in", ["active", "paused"])
      .limit(1),
);

export async function isSubscriber(userId: number): Promise<boolean> {
  return (await subscriptionOfUser(userId)).length > 0;
}
