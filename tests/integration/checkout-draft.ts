// The setup most checkout tests start from: a visitor's (or a signed-in user's) box draft with a
// delivery saved and the small beef box chosen, ready for checkout. Integration only: it runs the
// app's box flow on the suite's database. Shared by checkout, reliability, account-ownership,
// agreement, crash-recovery and the payment fixtures (decision 076).
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { choosePackage, readFlow } from "~/box/flow.server";
import { changeAddon } from "~/box/cart.server";
import { saveDelivery } from "~/box/delivery-step.server";
import { lookupPostcode, type PostcodeLookup } from "~/delivery/lookup.server";
import { newSession } from "./sessions";

const ORIGIN = "http://localhost";

export type DraftOptions = {
  /** the delivery postcode; 2000 unless told */
  postcode?: string;
  /** the account the draft is for: signed in as it, its e-mail typed, unless `guest` */
  user?: User | null;
  /** a visitor who typed the user's e-mail, not signed in */
  guest?: boolean;
  /** the e-mail typed at get-started: the user's, else a new one; null: none typed */
  email?: string | null;
  /** add-ons put in the box, by product id */
  addons?: number[];
};

/** A curated box draft (beef, small, every 28 days) delivered to `postcode` (default 2000). */
export async function createCheckoutDraft(opts: DraftOptions = {}) {
  const postcode = opts.postcode ?? "2000";
  const user = opts.user ?? null;
  const session = await newSession(opts.guest ? null : (user?.id ?? null));
  const lookup = await lookupPostcode(postcode);
  if (lookup.status !== "ok") throw new Error("undeliverable");
  const request = new Request(`${ORIGIN}/get-started`, { headers: { Cookie: session.cookie } });
  const flow = await readFlow(request);
  const email =
    opts.email === null
      ? null
      : (opts.email ?? user?.email ?? `buyer.${randomBytes(4).toString("hex")}@example.com`);
  const saved = await saveDelivery(
    { ...flow, session },
    {
      email: email ?? undefined,
      postcode,
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
  const chosen = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", saved.subscriptionId)
    .executeTakeFirstOrThrow();
  await choosePackage(chosen, { typeId: pkg.parentId!, packageId: pkg.id, frequencyDays: 28 });
  for (const productId of opts.addons ?? [])
    await changeAddon(chosen.id, { intent: "add", productId });
  const draft = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", chosen.id)
    .executeTakeFirstOrThrow();
  const live = { ...session, subscriptionId: draft.id };
  return {
    session: live,
    draft,
    email: email as string,
    pkg,
    lookup: lookup as Extract<PostcodeLookup, { status: "ok" }>,
    suburb: lookup.suburbs[0].name,
    date: lookup.dates[0].value,
    user: opts.guest ? null : user,
  };
}
