// A packing day of its own for e2e specs: two paid orders and an unpaid one in a region made for it.
import * as factories from "../factories";
import { e2eDb } from "./fixtures";

/** A day of its own, years ahead, so no other test's orders are on it. */
function ownDay(): string {
  const d = new Date(Date.UTC(2031 + Math.floor(Math.random() * 8), 0, 1));
  d.setUTCDate(d.getUTCDate() + Math.floor(Math.random() * 360));
  return d.toISOString().slice(0, 10);
}

export async function dayWithOrders() {
  const db = e2eDb();
  const date = ownDay();
  const region = `E2E Pack ${Math.random().toString(36).slice(2, 6)}`;
  const mince = await factories.productId(db, "beef-mince");
  const bacon = await factories
    .productId(db, "addon-smoked-bacon")
    .catch(
      async () =>
        (
          await db
            .selectFrom("products")
            .select("id")
            .where("kind", "=", "addon")
            .where("isKnife", "=", 0)
            .orderBy("id")
            .executeTakeFirstOrThrow()
        ).id,
    );
  const baconName = (
    await db.selectFrom("products").select("name").where("id", "=", bacon).executeTakeFirstOrThrow()
  ).name;
  const regionId = await factories.createRegion(db, { name: region });
  const order = async (status: "paid" | "unpaid", minceQ: number, baconQ: number) => {
    const sub = await factories.createSubscriber(db, {
      user: { password: "Correct-Horse-42" },
      region: regionId,
      deliveryDate: date,
    });
    const o = await factories.createOrder(db, sub.userId, {
      subscriptionId: sub.subscriptionId,
      status,
      deliveryDate: date,
      shippingAddressId: sub.addressId,
      lines: [
        { sellableType: "package", name: "Custom box (small)", quantity: 1, priceCents: 16900 },
        {
          sellableType: "product",
          sellableId: mince,
          name: "Beef mince",
          quantity: minceQ,
          priceCents: 0,
        },
        {
          sellableType: "addon",
          sellableId: bacon,
          name: baconName,
          quantity: baconQ,
          priceCents: 1200,
        },
      ],
    });
    return { ...o, userId: sub.userId };
  };
  const a = await order("paid", 2, 1);
  const b = await order("paid", 3, 2);
  const unpaid = await order("unpaid", 40, 40);
  return { date, region, a, b, unpaid, baconName };
}
