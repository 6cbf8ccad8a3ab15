// The box's contents (steps 5 and 6 of the flow, ./flow.server.ts): one cut or add-on more or fewer,
// each in a transaction that holds the draft, within the package's maximum, the stock and the
// add-on limit; and the cart the pages and the quote read.
import type { Transaction } from "kysely";
import { db } from "~/db/client.server";
import type { DB, Subscription } from "~/db/schema";
import { preparedQuery } from "~/db/prepared.server";
import { getPackage, type PackageSummary } from "./catalogue.server";
import { ADDON_MAX_QUANTITY, isInStock, isListable } from "./rules";
import { notInTasmania } from "./tasmania";
import { FlowError, lockDraft, selectionCount } from "./flow.server";

type StepperInput = { intent: "add" | "remove"; productId: number };

async function currentQuantity(
  trx: Transaction<DB>,
  table: "subscriptionItems" | "subscriptionAddons",
  subscriptionId: number,
  productId: number,
) {
  const row = await trx
    .selectFrom(table)
    .select(["id", "quantity"])
    .where("subscriptionId", "=", subscriptionId)
    .where("productId", "=", productId)
    .executeTakeFirst();
  return row ?? null;
}

async function writeQuantity(
  trx: Transaction<DB>,
  table: "subscriptionItems" | "subscriptionAddons",
  subscriptionId: number,
  productId: number,
  row: { id: number; quantity: number } | null,
  quantity: number,
) {
  if (quantity <= 0) {
    if (row) await trx.deleteFrom(table).where("id", "=", row.id).execute();
  } else if (row) {
    await trx.updateTable(table).set({ quantity }).where("id", "=", row.id).execute();
  } else {
    await trx.insertInto(table).values({ subscriptionId, productId, quantity }).execute();
  }
}

async function productFor(trx: Transaction<DB>, productId: number, kind: "cut" | "addon") {
  return trx
    .selectFrom("products")
    .select(["id", "name", "inventory", "kind", "active"])
    .where("id", "=", productId)
    .where("kind", "=", kind)
    .where("active", "=", 1)
    .executeTakeFirst();
}

/** Step 5: one cut more or fewer, within the package's selection maximum and the stock. */
export async function changeItem(
  subscriptionId: number,
  input: StepperInput,
): Promise<{ quantity: number; count: number; maximum: number }> {
  return db.transaction().execute(async (trx) => {
    const draft = await lockDraft(trx, subscriptionId);
    const pkg = draft.packageId ? await getPackage(draft.packageId, trx) : null;
    if (!pkg || !pkg.selectionCustomizable || !pkg.selectionMaximum)
      throw new FlowError(
        "This box's contents are chosen by our butchers, so there are no cuts to pick.",
      );
    const product = await productFor(trx, input.productId, "cut");
    if (!product) throw new FlowError("That cut is not available. Please choose another.");
    const row = await currentQuantity(trx, "subscriptionItems", subscriptionId, product.id);
    const quantity = row?.quantity ?? 0;
    const count = await selectionCount(subscriptionId, trx);
    if (input.intent === "remove") {
      await writeQuantity(trx, "subscriptionItems", subscriptionId, product.id, row, quantity - 1);
      return {
        quantity: Math.max(0, quantity - 1),
        count: Math.max(0, count - (quantity > 0 ? 1 : 0)),
        maximum: pkg.selectionMaximum,
      };
    }
    if (!isInStock(product.inventory))
      throw new FlowError(
        `Sorry, ${product.name} just went out of stock. Please choose another cut.`,
      );
    if (!isListable(product, draft.postcode)) throw new FlowError(notInTasmania(product.name));
    if (count >= pkg.selectionMaximum) {
      throw new FlowError(
        `Your box is full: you have chosen ${count} of ${pkg.selectionMaximum}. Remove a cut to add another.`,
      );
    }
    if (product.inventory !== null && quantity + 1 > product.inventory) {
      throw new FlowError(`Sorry, we only have ${product.inventory} of ${product.name} in stock.`);
    }
    await writeQuantity(trx, "subscriptionItems", subscriptionId, product.id, row, quantity + 1);
    return { quantity: quantity + 1, count: count + 1, maximum: pkg.selectionMaximum };
  });
}

/** Step 6: one add-on more or fewer, within stock and ADDON_MAX_QUANTITY. */
export async function changeAddon(
  subscriptionId: number,
  input: StepperInput,
): Promise<{ quantity: number }> {
  return db.transaction().execute(async (trx) => {
    const draft = await lockDraft(trx, subscriptionId);
    const product = await productFor(trx, input.productId, "addon");
    if (!product) throw new FlowError("That add-on is not available. Please choose another.");
    const row = await currentQuantity(trx, "subscriptionAddons", subscriptionId, product.id);
    const quantity = row?.quantity ?? 0;
    if (input.intent === "remove") {
      await writeQuantity(trx, "subscriptionAddons", subscriptionId, product.id, row, quantity - 1);
      return { quantity: Math.max(0, quantity - 1) };
    }
    if (!isInStock(product.inventory))
      throw new FlowError(`Sorry, ${product.name} just went out of stock.`);
    if (!isListable(product, draft.postcode)) throw new FlowError(notInTasmania(product.name));
    const limit = Math.min(ADDON_MAX_QUANTITY, product.inventory ?? ADDON_MAX_QUANTITY);
    if (quantity + 1 > limit) {
      throw new FlowError(
        limit < ADDON_MAX_QUANTITY
          ? `Sorry, we only have ${limit} of ${product.name} in stock.`
          : `You can add up to ${ADDON_MAX_QUANTITY} of ${product.name} to one delivery.`,
      );
    }
    await writeQuantity(trx, "subscriptionAddons", subscriptionId, product.id, row, quantity + 1);
    return { quantity: quantity + 1 };
  });
}

export type CartLine = {
  productId: number;
  name: string;
  weight: string | null;
  quantity: number;
  priceCents: number;
};

export type Cart = {
  subscriptionId: number;
  pkg: PackageSummary | null;
  items: CartLine[];
  addons: CartLine[];
  addonsCents: number;
  totalCents: number;
};

const cartLines = (table: "subscriptionItems" | "subscriptionAddons") =>
  preparedQuery(
    () => db,
    (q, subscriptionId: number) =>
      q
        .selectFrom(`${table} as l` as "subscriptionItems as l")
        .innerJoin("products as p", "p.id", "l.productId")
        .select(["l.productId", "p.name", "p.weight", "l.quantity", "p.priceCents"])
        .where("l.subscriptionId", "=", subscriptionId)
        .orderBy("p.name"),
  );

const cartLinesIn = {
  subscriptionItems: cartLines("subscriptionItems"),
  subscriptionAddons: cartLines("subscriptionAddons"),
};

export async function getCart(
  draft: Pick<Subscription, "id" | "packageId">,
  pkg?: PackageSummary | null,
): Promise<Cart> {
  const thePkg =
    pkg !== undefined ? pkg : draft.packageId ? await getPackage(draft.packageId) : null;
  const [items, addons] = await Promise.all([
    cartLinesIn.subscriptionItems(draft.id),
    cartLinesIn.subscriptionAddons(draft.id),
  ]);
  const addonsCents = addons.reduce((sum, a) => sum + a.priceCents * a.quantity, 0);
  return {
    subscriptionId: draft.id,
    pkg: thePkg,
    items,
    addons,
    addonsCents,
    totalCents: (thePkg?.priceCents ?? 0) + addonsCents,
  };
}
