// The box flow's guards as the server applies them to each step's page (was
// tests/e2e/box-guards.spec.ts; decision 076): a request for a step the draft has not reached
// is redirected, followed here as the browser followed it. The run's production build served in
// this process (./built-server.ts); the drafts are built through the flow's own services, the
// steps' forms being box-flow.spec.ts's. The guards' rules one by one: box-flow.test.ts.
// SQLite, and PostgreSQL with DATABASE_URL_TEST.
import { cookieJar, builtServerForThisFile } from "./built-server";
const { db } = await import("~/db/client.server");
const { changeItem } = await import("~/box/cart.server");
const { chooseBoxType, chooseCuratedRange, choosePackage } = await import("~/box/flow.server");
const { createUser, firstCuts } = await import("../factories");
const { draftClient } = await import("./http-helpers");

const server = builtServerForThisFile();

/** Opens `path` as a browser would, following redirects: where it ends, and that page. */
async function visit(path: string, cookie = "") {
  let at = path;
  for (let hops = 0; hops < 10; hops++) {
    const res = await server.send(at, cookie ? { headers: { Cookie: cookie } } : {});
    const location = res.headers["location"];
    if (res.status < 300 || res.status >= 400 || !location) return { url: at, html: res.text() };
    const next = new URL(location, `${server.base}${at}`);
    at = next.pathname + next.search;
  }
  throw new Error(`${path}: too many redirects`);
}

const draftOf = (id: number) =>
  db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Marks the client's draft with a subscription event, as checkout does. */
const markDraft = (subscriptionId: number, type: "checked_out" | "checkout_error") =>
  db
    .insertInto("subscriptionEvents")
    .values({ subscriptionId, type, data: null, createdAt: new Date().toISOString() })
    .execute();

describe("box flow guards (was tests/e2e/box-guards.spec.ts)", () => {
  // box-guards.spec.ts: "without a subscription every step goes back to get-started; add-ons adds v=20250707"
  it("without a subscription every step goes back to get-started; add-ons adds v=20250707", async () => {
    for (const path of [
      "/get-started/your-box",
      "/get-started/curated-box",
      "/get-started/box-size",
      "/get-started/your-items",
      "/get-started/checkout",
    ])
      expect((await visit(path)).url, path).toMatch(/\/get-started$/);
    const addons = await visit("/get-started/addons");
    expect(addons.url).toMatch(/\/get-started\?v=20250707$/);
    expect(addons.html).toMatch(/<h\d\b[^>]*>\s*Where and when should we deliver\?\s*<\/h\d>/);
  });

  // box-guards.spec.ts: "a subscription without a package goes to your-box"
  it("a subscription without a package goes to your-box", async () => {
    const { cookie } = await draftClient("started");
    for (const path of ["/get-started/your-items", "/get-started/addons", "/get-started/checkout"])
      expect((await visit(path, cookie)).url, path).toMatch(/\/get-started\/your-box$/);
  });

  // box-guards.spec.ts: "custom boxes need a full selection before add-ons; curated boxes skip the cuts"
  it("custom boxes need a full selection before add-ons; curated boxes skip the cuts", async () => {
    const { cookie, draftId } = await draftClient("custom");
    await chooseBoxType(await draftOf(draftId!), "custom");
    for (const productId of await firstCuts(db, 3))
      await changeItem(draftId!, { intent: "add", productId });
    for (const path of ["/get-started/addons", "/get-started/checkout"])
      expect((await visit(path, cookie)).url, path).toMatch(/\/get-started\/your-items$/);

    // the Mixed curated box, small, at the frequency offered first
    await chooseBoxType(await draftOf(draftId!), "curated");
    const mixed = await db
      .selectFrom("packages as p")
      .innerJoin("packages as root", "root.id", "p.parentId")
      .select("p.id")
      .where("p.name", "=", "Mixed")
      .where("root.kind", "=", "curated")
      .where("p.size", "is", null)
      .executeTakeFirstOrThrow();
    await chooseCuratedRange(await draftOf(draftId!), mixed.id);
    const small = await db
      .selectFrom("packages")
      .select("id")
      .where("parentId", "=", mixed.id)
      .where("size", "=", "small")
      .executeTakeFirstOrThrow();
    await choosePackage(await draftOf(draftId!), {
      typeId: mixed.id,
      packageId: small.id,
      frequencyDays: 28,
    });
    expect((await visit("/get-started/your-items", cookie)).url).toMatch(/\/get-started\/addons$/);
  });

  // box-guards.spec.ts: "a checked-out subscription goes to my deliveries"
  it("a checked-out subscription goes to my deliveries", async () => {
    const { cookie, draftId } = await draftClient("started");
    await markDraft(draftId!, "checked_out");
    for (const path of ["/get-started", "/get-started/your-box", "/get-started/addons"])
      expect((await visit(path, cookie)).url, path).toMatch(/my-deliveries/);
  });

  // box-guards.spec.ts: "a checkout error also ends the flow"
  it("a checkout error also ends the flow", async () => {
    const { cookie, draftId } = await draftClient("started");
    await markDraft(draftId!, "checkout_error");
    expect((await visit("/get-started/box-size", cookie)).url).toMatch(/my-deliveries/);
  });

  // box-guards.spec.ts: "a customer who already ordered and has no subscription goes to my deliveries"
  it("a customer who already ordered and has no subscription goes to my deliveries", async () => {
    const user = await createUser(db, {
      password: "Correct-Horse-42",
      orderedAt: new Date().toISOString(),
    });
    // signed in through the sign-in form, which sends this customer to my deliveries
    const client = cookieJar(server);
    const csrf = await client.csrfToken();
    const signedIn = await client.send("/sign-in", {
      form: { csrf, email: user.email, password: "Correct-Horse-42" },
    });
    expect((await visit(signedIn.headers["location"]!, client.cookie())).url).toMatch(
      /\/dashboard\/my-deliveries/,
    );
    const cookie = client.cookie();
    for (const path of ["/get-started", "/get-started/addons", "/get-started/your-box"])
      expect((await visit(path, cookie)).url, path).toMatch(/\/dashboard\/my-deliveries$/);
  });
});
