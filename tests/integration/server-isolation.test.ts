// One customer reaches nothing of another's (decision 076): the account page's address and cards,
// an order to pay and a tax invoice answer as missing ones do. Checked without a browser through
// the run's production build served in this process (./built-server.ts); these were page tests
// that ran in both e2e projects for answers that are the same either way. Each keeps its
// assertions, and its old spec and name are given above it. SQLite, and PostgreSQL with
// DATABASE_URL_TEST.
import { cookieJar, builtServerForThisFile } from "./built-server";
const { db } = await import("~/db/client.server");
const factories = await import("../factories");
const { signInAs } = await import("./http-helpers");

const server = builtServerForThisFile();

/** e2e's createSubscriber (tests/e2e/dashboard-helpers.ts): a region of its own, a paid order 14 days ago. */
const createSubscriber = (firstName: string, cards = 1) =>
  factories.createSubscriber(db, {
    user: { firstName, password: "Correct-Horse-42" },
    region: { name: "E2E", leadDays: 2, overnight: false },
    daysAhead: 10,
    cards,
    orders: [
      {
        status: "paid",
        deliveryDate: factories.addDays(factories.sydneyToday(), -14),
        invoiceCents: 16900,
      },
    ],
  });

/** Where `path` ends for this client, redirects followed as a browser follows them. */
async function landsOn(client: ReturnType<typeof cookieJar>, path: string) {
  let at = path;
  for (let hops = 0; hops < 10; hops++) {
    const res = await client.send(at);
    const location = res.headers["location"];
    if (res.status < 300 || res.status >= 400 || !location) return at;
    const next = new URL(location, `${server.base}${at}`);
    at = next.pathname + next.search + next.hash;
  }
  throw new Error(`${path}: too many redirects`);
}

describe("another customer's data (was tests/e2e/dashboard-account.spec.ts, orders-pay.spec.ts)", () => {
  // dashboard-account.spec.ts: "subscriber A reaches nothing of B's: B's address and cards answer 404 like missing ones"
  it("subscriber A reaches nothing of B's: B's address and cards answer 404 like missing ones", async () => {
    const a = await createSubscriber("Ava");
    const b = await createSubscriber("Ben", 2);
    // signed in as the e2e session hook does: a session row and its cookie
    const { cookie } = await signInAs(a.email);
    const get = (path: string) => server.send(path, { headers: { Cookie: cookie } });
    for (const id of [b.addressId, 99999999])
      expect((await get(`/dashboard/account?address=${id}`)).status).toBe(404);
    for (const id of [b.cardIds[1], 99999999, "x"])
      expect((await get(`/dashboard/account?remove=${id}`)).status).toBe(404);
    const account = await get("/dashboard/account");
    const profile = /id="account-profile"[\s\S]*?name="csrf" value="([^"]+)"/.exec(account.text());
    const csrf = profile![1];
    const post = (form: Record<string, string>) =>
      server.send("/dashboard/account", { headers: { Cookie: cookie }, form: { csrf, ...form } });
    for (const intent of ["card-primary", "card-remove"])
      for (const cardId of [b.cardIds[1], 99999999])
        expect((await post({ intent, cardId: String(cardId) })).status).toBe(404);
    const res = await post({
      intent: "address",
      addressId: String(b.addressId),
      "address.addressType": "house",
      "address.line1": "1 Hack St",
      "address.city": "Haymarket",
      "address.state": "NSW",
      "address.postcode": "2000",
    });
    expect(res.status).toBe(404);
    const bCards = await db
      .selectFrom("paymentMethods")
      .select(["id", "isPrimary"])
      .where("userId", "=", b.userId)
      .orderBy("id")
      .execute();
    expect(bCards.map((c) => c.isPrimary)).toEqual([1, 0]);
    const bAddress = await db
      .selectFrom("addresses")
      .select("line1")
      .where("id", "=", b.addressId!)
      .executeTakeFirstOrThrow();
    expect(bAddress.line1).toBe("7 Bay Road");
    const main = /<main\b[\s\S]*<\/main>/.exec(account.text())![0];
    expect(main).not.toContain("Ben");
  });

  // orders-pay.spec.ts: "someone else's order, or one that does not exist, goes to my deliveries"
  it("someone else's order, or one that does not exist, goes to my deliveries", async () => {
    const payer = await factories.createPayer(db);
    const other = await factories.createUser(db, { password: "Correct-Horse-42" });
    // signed in through the sign-in form, as the browser did
    const client = cookieJar(server);
    const csrf = await client.csrfToken();
    const signedIn = await client.send("/sign-in", {
      form: { csrf, email: other.email, password: "Correct-Horse-42" },
    });
    expect(signedIn.status).toBe(302);
    for (const path of [
      `/checkout/${payer.reference}`,
      "/checkout/PT-100458",
      "/checkout/PT-NOPE-0000",
    ])
      expect(await landsOn(client, path), path).toMatch(/\/dashboard\/my-deliveries$/);
    // nor is their tax invoice there
    expect((await client.send("/dashboard/orders/PT-100231")).status).toBe(404);
  });
});
