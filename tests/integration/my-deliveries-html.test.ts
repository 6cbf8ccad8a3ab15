// What my deliveries says in its server HTML, checked without a browser (decision 090): the next
// delivery, a delivery past its cut-off, the activity list and the welcome. These were the @reads
// tests of tests/e2e/dashboard-deliveries.spec.ts (JS project only: they open the page and submit
// nothing); each keeps its assertions, and its old name is given above it. The spec keeps what the
// page does: skip, pause, cancel, isolation and axe. SQLite, and PostgreSQL with DATABASE_URL_TEST.
import { db } from "~/db/client.server";
import * as factories from "../factories";
import { dayName, longDate } from "../printed-dates";
import { builtServerForThisFile } from "./built-server";
import { dom, type Element } from "./html-dom";
import { signInAs } from "./http-helpers";

const server = builtServerForThisFile();

/**
 * A subscriber as the e2e specs make one (tests/e2e/fixtures.ts): a delivery region of its own, the
 * next delivery `daysAhead` days away with a 2pm cut-off `leadDays` before, one saved card and a
 * paid order from two weeks ago.
 */
function subscriber({ daysAhead = 10, leadDays = 2 } = {}) {
  return factories.createSubscriber(db, {
    user: { firstName: "Mia", password: "Correct-Horse-42" },
    region: { name: "E2E", leadDays, overnight: false },
    daysAhead,
    cards: 1,
    orders: [
      {
        status: "paid",
        deliveryDate: factories.addDays(factories.sydneyToday(), -14),
        invoiceCents: 16900,
      },
    ],
  });
}

/** My deliveries (or `path`) as the subscriber's browser gets it. */
async function myDeliveries(email: string, path = "/dashboard/my-deliveries") {
  const { cookie } = await signInAs(email);
  const res = await server.get(path, { Cookie: cookie });
  expect(res.status).toBe(200);
  return dom(await res.text());
}

/** A control's accessible name as these pages give it: its aria-label, else its text. */
const nameOf = (text: (e: Element) => string, e: Element) => e.attribs["aria-label"] ?? text(e);

describe("my deliveries in its server HTML (was tests/e2e/dashboard-deliveries.spec.ts)", () => {
  // "shows the next delivery with its box, total and change cut-off"
  it("shows the next delivery with its box, total and change cut-off", async () => {
    const a = await subscriber();
    const { all, text, region } = await myDeliveries(a.email);
    const next = region("Your next delivery");
    for (const wanted of [
      longDate(a.deliveryDate),
      "8am to 6pm",
      "7 Bay Road, Haymarket NSW 2000",
      `Change, skip or pause by 2pm Sydney time, ${dayName(factories.addDays(a.deliveryDate, -2))}.`,
      "Custom box (small)",
      "Total$169",
    ])
      expect(text(next)).toContain(wanted);
    const listItems = (within: Element) =>
      all((e) => e.name === "li" || e.attribs.role === "listitem", [within]);
    expect(listItems(next)).toHaveLength(2);
    const upcoming = listItems(region("Upcoming deliveries"));
    expect(upcoming).toHaveLength(4);
    expect(text(upcoming[1])).toContain(longDate(factories.addDays(a.deliveryDate, 14)));
    // past orders link to their tax invoice
    const invoice = all(
      (e) => e.name === "a" && nameOf(text, e) === `Tax invoice for order ${a.orders[0].reference}`,
    );
    expect(invoice.map((e) => e.attribs.href)).toEqual([
      `/dashboard/orders/${a.orders[0].reference}`,
    ]);
    // /dashboard/orders is the orders list on this page, not a 404
    const { cookie } = await signInAs(a.email);
    const orders = await server.get("/dashboard/orders", { Cookie: cookie });
    expect([301, 302, 303, 307, 308]).toContain(orders.status);
    expect(orders.headers.get("location")).toMatch(/\/dashboard\/my-deliveries#orders-title$/);
  });

  // "a delivery past its cut-off offers no skip and says why"
  it("a delivery past its cut-off offers no skip and says why", async () => {
    const a = await subscriber({ daysAhead: 2, leadDays: 3 });
    const { all, one, text, region } = await myDeliveries(a.email);
    const skipButtons = (day: string) =>
      all(
        (e) => e.name === "button" && nameOf(text, e) === `Skip the delivery on ${longDate(day)}`,
      );
    expect(skipButtons(a.deliveryDate)).toHaveLength(0);
    expect(text(region("Your next delivery"))).toContain(
      "this box is being packed and is charged as it stands",
    );
    const item = one(
      (e) =>
        (e.name === "li" || e.attribs.role === "listitem") &&
        (e.attribs["aria-label"] ?? "").startsWith(`${longDate(a.deliveryDate)}: `),
    );
    expect(text(item)).toContain("Past its change cut-off");
    // the next one is still before its cut-off: the name above is the one the page gives
    expect(skipButtons(factories.addDays(a.deliveryDate, 14))).toHaveLength(1);
  });

  // "the activity list names one-tap e-mail link changes"
  it("the activity list names one-tap e-mail link changes", async () => {
    const a = await subscriber();
    await db
      .insertInto("subscriptionEvents")
      .values({
        subscriptionId: a.subscriptionId,
        type: "skipped",
        createdAt: new Date().toISOString(),
        data: JSON.stringify({
          reference: "CH-MAIL-LINK",
          deliveryDate: a.deliveryDate,
          by: "email-link",
        }),
      })
      .execute();
    const { all, one, text } = await myDeliveries(a.email);
    const rows = all((e) => e.name === "tr", [one((e) => e.name === "table")]);
    const row = text(rows[1]);
    expect(row).toContain(`Skipped the delivery on ${longDate(a.deliveryDate)}`);
    expect(row).toContain("You, with a one-tap e-mail link");
    expect(row).toContain("CH-MAIL-LINK");
  });

  // "welcomes a new subscriber with the order reference"
  it("welcomes a new subscriber with the order reference", async () => {
    const a = await subscriber();
    const reference = a.orders[0].reference;
    const { one, text } = await myDeliveries(
      a.email,
      `/dashboard/my-deliveries?newuser=${reference}`,
    );
    const welcome = text(one((e) => e.attribs.role === "status" || e.name === "output"));
    expect(welcome).toContain(`Order ${reference} is confirmed`);
    expect(welcome).toContain(`We sent a confirmation e-mail to ${a.email}`);
  });
});
