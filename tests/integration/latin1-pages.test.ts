// The pages rendered for each shopper hold no character above U+00FF in their markup (decision 091):
// one such character (a "✓" typed into a component) makes V8 widen the whole rendered page to two
// bytes a character, then encode it to UTF-8 the slow way: the box-flow steps and the checkout cost
// 1.5 to 1.9 times the server's CPU a request with one. Marks are drawn (app/components/glyph.tsx).
// A shopper's own text (a name, an address) may still hold any character: these pages show the
// seed's and the factories' data, which is Latin-1. SQLite, and PostgreSQL with DATABASE_URL_TEST.
import { builtServerForThisFile } from "./built-server";
const { db } = await import("~/db/client.server");
const { changeItem } = await import("~/box/cart.server");
const { chooseBoxType } = await import("~/box/flow.server");
const factories = await import("../factories");
const { draftClient, signInAs } = await import("./http-helpers");

const server = builtServerForThisFile();

/** The page's characters above U+00FF, each with a little of the markup before it. */
async function wideCharacters(path: string, cookie: string) {
  const res = await server.send(path, { headers: { Cookie: cookie } });
  expect(res.status, path).toBe(200);
  const html = res.text();
  // eslint-disable-next-line no-control-regex -- every character from U+0000 to U+00FF is allowed
  return [...html.matchAll(/[^\u0000-\u00ff]/g)].map(
    (m) => `${path}: ${html.slice(Math.max(0, m.index - 60), m.index + 1)}`,
  );
}

const draftOf = (id: number) =>
  db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A box type's page of sizes: the custom box's, as the flow links it. */
const customSizes = async () => {
  const custom = await db
    .selectFrom("packages")
    .select("id")
    .where("slug", "=", "custom")
    .executeTakeFirstOrThrow();
  return `/get-started/box-size?type=${custom.id}`;
};

describe("pages rendered per shopper are Latin-1 (decision 091)", () => {
  it("the box flow's steps and checkout, with cuts and a done step", async () => {
    const custom = await draftClient("custom");
    await chooseBoxType(await draftOf(custom.draftId!), "custom");
    for (const productId of await factories.firstCuts(db, 3))
      await changeItem(custom.draftId!, { intent: "add", productId });
    const curated = await draftClient("curated");
    const wide = [
      ...(await wideCharacters("/get-started/your-box", custom.cookie)),
      ...(await wideCharacters(await customSizes(), custom.cookie)),
      ...(await wideCharacters("/get-started/your-items", custom.cookie)),
      ...(await wideCharacters("/get-started/addons", curated.cookie)),
      ...(await wideCharacters("/get-started/checkout", curated.cookie)),
    ];
    expect(wide).toEqual([]);
  });

  it("a subscriber's deliveries, the change page and the account", async () => {
    const a = await factories.createSubscriber(db, {
      user: { password: "Correct-Horse-42" },
      cards: 1,
      orders: [
        {
          status: "paid",
          deliveryDate: factories.addDays(factories.sydneyToday(), -14),
          invoiceCents: 16900,
        },
      ],
    });
    const { cookie } = await signInAs(a.email);
    const wide: string[] = [];
    for (const path of [
      "/dashboard/my-deliveries",
      "/dashboard/my-deliveries/change",
      "/dashboard/account",
      `/dashboard/orders/${a.orders[0].reference}`,
    ])
      wide.push(...(await wideCharacters(path, cookie)));
    expect(wide).toEqual([]);
  });
});
