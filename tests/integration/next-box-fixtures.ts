// A subscriber with a small custom box, for the "Change what comes next" tests: a region that
// delivers every day with three days' lead (dates follow the frequency exactly), a shipping
// address, 2 cuts × 4 (the box's 8) saved, and any add-ons asked for; no saved card.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { createRegion, createSubscriber, firstCuts } from "../factories";

const uniq = () => randomBytes(4).toString("hex");

let regionId: number | null = null;
export async function everyDayRegion() {
  regionId ??= await createRegion(db, { leadDays: 3 });
  return regionId;
}

export type BoxSubscriber = {
  owner: { id: number; userId: number };
  email: string;
  items: Record<number, number>;
  cutIds: number[];
};

/** `cutIds`: three cuts, the first two on the box (the third is free to add). */
export async function boxSubscriber({
  postcode = "2000",
  daysAhead = 10,
  addons = {} as Record<number, number>,
} = {}): Promise<BoxSubscriber> {
  const s = await createSubscriber(db, {
    user: { email: `nb.${uniq()}@example.com`, password: null, phone: null },
    region: await everyDayRegion(),
    postcode,
    daysAhead,
    cards: 0,
    addons: Object.entries(addons).map(([productId, quantity]) => [Number(productId), quantity]),
  });
  return {
    owner: { id: s.subscriptionId, userId: s.userId },
    email: s.email,
    items: s.items,
    cutIds: await firstCuts(db, 3),
  };
}
