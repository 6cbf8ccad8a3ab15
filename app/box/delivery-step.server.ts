// Step 1 of the box flow (./flow.server.ts): the e-mail, postcode, suburb, date and time, checked
// against the postcode's look-up and saved to the draft; salmon leaves a draft bound for Tasmania.
// Also the delivery as the checkout page sums it up.
import type { Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB, Subscription } from "~/db/schema";
import { EMAIL_MESSAGE, normaliseEmail } from "~/accounts/email-address";
import { preparedQuery } from "~/db/prepared.server";
import { lookupPostcode } from "~/delivery/lookup.server";
import { normalisePostcode, POSTCODE_INVALID, POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import { formatDeliveryDate } from "~/delivery/schedule";
import { getPackage } from "./catalogue.server";
import { frequencyLabel } from "./rules";
import { barsSalmon, isSalmon } from "./tasmania";
import { CHOOSE_DATE, CHOOSE_SUBURB, CHOOSE_TIME } from "./schemas";
import { cleanFlowVersion } from "./steps";
import { draftForWrite, ensureIdentifiedUser, type Writable, frequencyChoice } from "./flow.server";

/** Salmon cannot go to Tasmania: drop it from a draft whose postcode is Tasmanian. */
async function dropSalmonForTasmania(
  trx: Transaction<DB>,
  draft: Pick<Subscription, "id" | "packageId">,
) {
  const chosen = await trx
    .selectFrom("products")
    .select(["id", "name"])
    .where((eb) =>
      eb.or([
        eb(
          "id",
          "in",
          eb
            .selectFrom("subscriptionItems")
            .select("productId")
            .where("subscriptionId", "=", draft.id),
        ),
        eb(
          "id",
          "in",
          eb
            .selectFrom("subscriptionAddons")
            .select("productId")
            .where("subscriptionId", "=", draft.id),
        ),
      ]),
    )
    .execute();
  const salmonIds = chosen.filter((p) => isSalmon(p.name)).map((p) => p.id);
  if (salmonIds.length) {
    await trx
      .deleteFrom("subscriptionItems")
      .where("subscriptionId", "=", draft.id)
      .where("productId", "in", salmonIds)
      .execute();
    await trx
      .deleteFrom("subscriptionAddons")
      .where("subscriptionId", "=", draft.id)
      .where("productId", "in", salmonIds)
      .execute();
  }
  if (draft.packageId) {
    const pkg = await getPackage(draft.packageId, trx);
    if (pkg && isSalmon(pkg.fullName, pkg.parentName)) {
      await trx
        .updateTable("subscriptions")
        .set({ packageId: null })
        .where("id", "=", draft.id)
        .execute();
    }
  }
}

export type DeliveryInput = {
  email?: string;
  postcode: string;
  suburbId?: number;
  deliveryDate: string;
  deliveryWindow: string;
  flowVersion?: string | null;
};

export type FieldErrors = Partial<
  Record<"email" | "postcode" | "suburbId" | "deliveryDate" | "deliveryWindow", string>
>;

/** Step 1: saves e-mail, postcode, suburb, date and time after checking them against the look-up. */
export async function saveDelivery(
  flow: Writable,
  input: DeliveryInput,
  at = new Date(),
): Promise<{ ok: true; subscriptionId: number } | { ok: false; fieldErrors: FieldErrors }> {
  const lookup = await lookupPostcode(input.postcode, at);
  if (lookup.status === "invalid")
    return { ok: false, fieldErrors: { postcode: POSTCODE_INVALID } };
  if (lookup.status === "undeliverable")
    return { ok: false, fieldErrors: { postcode: POSTCODE_UNDELIVERABLE } };
  const errors: FieldErrors = {};
  const suburbId = lookup.suburbs.length === 1 ? lookup.suburbs[0].id : input.suburbId;
  if (!suburbId || !lookup.suburbs.some((s) => s.id === suburbId)) errors.suburbId = CHOOSE_SUBURB;
  if (!lookup.dates.some((d) => d.value === input.deliveryDate)) errors.deliveryDate = CHOOSE_DATE;
  if (!lookup.windows.some((w) => w.code === input.deliveryWindow))
    errors.deliveryWindow = CHOOSE_TIME;
  const email = flow.user ? flow.user.email : normaliseEmail(input.email);
  if (!email) errors.email = EMAIL_MESSAGE;
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };

  const subscriptionId = await db.transaction().execute(async (trx) => {
    if (!flow.user) await ensureIdentifiedUser(email!, trx);
    const version = cleanFlowVersion(input.flowVersion);
    const id = await draftForWrite(trx, flow, {
      email: email!,
      postcode: lookup.postcode,
      suburbId: suburbId!,
      regionId: lookup.region.id,
      deliveryDate: input.deliveryDate,
      deliveryWindow: input.deliveryWindow,
      ...(flow.user ? { userId: flow.user.id } : {}),
      ...(version ? { flowVersion: version } : {}),
    });
    if (barsSalmon(lookup.postcode)) {
      const row = await trx
        .selectFrom("subscriptions")
        .select(["id", "packageId"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await dropSalmonForTasmania(trx, row);
    }
    return id;
  });
  return { ok: true, subscriptionId };
}

/** The no-JS "Check postcode" button: keeps the postcode (and a valid e-mail); a new postcode clears date and time. */
export async function savePostcode(
  flow: Writable,
  input: { postcode: string; email?: string; flowVersion?: string | null },
  at = new Date(),
) {
  const n = normalisePostcode(input.postcode);
  if (!n) return { ok: false as const, fieldErrors: { postcode: POSTCODE_INVALID } as FieldErrors };
  const lookup = await lookupPostcode(n.display, at);
  const changed = flow.draft?.postcode !== n.display;
  // the shared rule (decision 040): this used to be a pattern whose time grew with the square of the length
  const email = flow.user ? null : normaliseEmail(input.email);
  const version = cleanFlowVersion(input.flowVersion);
  await db.transaction().execute(async (trx) => {
    if (email) await ensureIdentifiedUser(email, trx);
    await draftForWrite(trx, flow, {
      postcode: n.display,
      ...(email ? { email } : {}),
      ...(version ? { flowVersion: version } : {}),
      ...(changed
        ? {
            regionId: lookup.status === "ok" ? lookup.region.id : null,
            suburbId:
              lookup.status === "ok" && lookup.suburbs.length === 1 ? lookup.suburbs[0].id : null,
            deliveryDate: null,
            deliveryWindow: null,
          }
        : {}),
    });
  });
  return { ok: true as const, lookup };
}

export type DeliverySummary = {
  postcode: string;
  place: string | null;
  dateLabel: string | null;
  windowLabel: string | null;
  overnight: boolean;
  frequencyLabel: string | null;
};

const suburbById = preparedQuery(
  () => db,
  (q, id: number) => q.selectFrom("suburbs").select(["name", "state"]).where("id", "=", id),
);

const windowByCode = preparedQuery(
  () => db,
  (q, code: string) =>
    q.selectFrom("deliveryWindows").select(["label", "isOvernight"]).where("code", "=", code),
);

/** The delivery details of a draft in words, for summaries and the review page. */
export async function deliverySummary(draft: Subscription): Promise<DeliverySummary> {
  const [[suburb], [window], frequency] = await Promise.all([
    draft.suburbId ? suburbById(draft.suburbId) : [],
    draft.deliveryWindow ? windowByCode(draft.deliveryWindow) : [],
    draft.frequencyDays ? frequencyChoice(draft) : null,
  ]);
  return {
    postcode: draft.postcode ?? "",
    place: suburb ? `${suburb.name} ${suburb.state}` : null,
    dateLabel: draft.deliveryDate ? formatDeliveryDate(draft.deliveryDate) : null,
    windowLabel: window?.label ?? null,
    overnight: window?.isOvernight === 1,
    // the one the region can deliver (the checkout form checks the same)
    frequencyLabel: frequency?.days ? frequencyLabel(frequency.days) : null,
  };
}
