// The setup most checkout tests start from: a visitor's (or a signed-in user's) box draft with a
// delivery saved and the small beef box chosen, ready for checkout. Integration only: it runs the
// app's box flow on the suite's database.
import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { choosePackage, readFlow } from "~/box/flow.server";
import { saveDelivery } from "~/box/delivery-step.server";
import { lookupPostcode } from "~/delivery/lookup.server";
import { newSession } from "./sessions";

const ORIGIN = "http://localhost";

/** A curated box draft (beef, small, every 28 days) delivered to `postcode` (default 2000). */
export async function createCheckoutDraft(opts: { postcode?: string; user?: User } = {}) {
  const postcode = opts.postcode ?? "2000";
  const session = await newSession(opts.user?.id ?? null);
  const lookup = await lookupPostcode(postcode);
  if (lookup.status !== "ok") throw new Error("undeliverable");
  const request = new Request(`${ORIGIN}/get-started`, { headers: { Cookie: session.cookie } });
  const flow = await readFlow(request);
  const email = opts.user?.email ?? `buyer.${randomBytes(4).toString("hex")}@example.com`;
  const saved = await saveDelivery(
    { ...flow, session },
    {
      email,
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
  const live = { ...session, subscriptionId: draft.id };
  return {
    session: live,
    draft,
    email,
    suburb: lookup.suburbs[0].name,
    date: lookup.dates[0].value,
    user: opts.user ?? null,
  };
}
