import { randomBytes } from "node:crypto";
import { db } from "~/db/client.server";
import { changeAddon, changeItem, getCart } from "~/box/cart.server";
import {
  chooseBoxType,
  chooseCuratedRange,
  choosePackage,
  FlowError,
  readFlow,
  requireFlow,
  requireGetStarted,
} from "~/box/flow.server";
import { saveDelivery, savePostcode } from "~/box/delivery-step.server";
import { productListing } from "~/box/catalogue.server";
import { lookupPostcode } from "~/delivery/lookup.server";
import { POSTCODE_INVALID, POSTCODE_UNDELIVERABLE } from "~/delivery/postcode";
import type { FlowStep } from "~/box/steps";
import { createUser } from "../factories";
import { newSession as newTestSession } from "./sessions";

const ts = () => new Date().toISOString();

async function newSession(userId: number | null = null) {
  const { id, cookie } = await newTestSession(userId);
  const request = (path = "/get-started") =>
    new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
  return { id, request };
}

async function newUser(
  email: string,
  opts: { password?: boolean; orderedAt?: string | null } = {},
) {
  return (
    await createUser(db, {
      email,
      lastName: null,
      orderedAt: opts.orderedAt,
      ...(opts.password ? {} : { password: null }),
    })
  ).id;
}

async function firstDate(postcode: string) {
  const l = await lookupPostcode(postcode);
  if (l.status !== "ok") throw new Error(`no delivery to ${postcode}`);
  return {
    date: l.dates[0].value,
    suburbId: l.suburbs[0].id,
    window: l.windows[0].code,
    lookup: l,
  };
}

async function redirectOf(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (e instanceof Response) return e.headers.get("Location");
    throw e;
  }
}

async function packageId(slug: string) {
  return await db
    .selectFrom("packages")
    .select(["id", "parentId"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
}
async function productId(slug: string) {
  return (
    await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
  ).id;
}

/** A session whose draft has passed get-started for `postcode`. */
async function startedDraft(
  postcode = "2000",
  email = `visitor.${randomBytes(4).toString("hex")}@example.com`,
) {
  const s = await newSession();
  const { date, suburbId, window } = await firstDate(postcode);
  const flow = await readFlow(s.request());
  const saved = await saveDelivery(
    { ...flow, session: { id: s.id, userId: null, subscriptionId: null } },
    {
      email,
      postcode,
      suburbId,
      deliveryDate: date,
      deliveryWindow: window,
      flowVersion: "2",
    },
  );
  if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
  const draft = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", saved.subscriptionId)
    .executeTakeFirstOrThrow();
  return { ...s, draft, email };
}

async function customDraft(size: "small" | "large" = "small", postcode = "2000") {
  const s = await startedDraft(postcode);
  const pkg = await packageId(`custom-${size}`);
  await choosePackage(s.draft, { typeId: pkg.parentId!, packageId: pkg.id, frequencyDays: 28 });
  const draft = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", s.draft.id)
    .executeTakeFirstOrThrow();
  return { ...s, draft };
}

describe("postcode look-up", () => {
  it("finds Darwin for 800 and 0800 with monthly dates and day windows only", async () => {
    for (const pc of ["800", "0800"]) {
      const l = await lookupPostcode(pc);
      expect(l.status).toBe("ok");
      if (l.status !== "ok") continue;
      expect(l.postcode).toBe("0800");
      expect(l.region.name).toBe("NT");
      expect(l.suburbs.map((s) => s.name)).toContain("Darwin");
      expect(l.dates).toHaveLength(6);
      expect(l.windows.map((w) => w.code)).toEqual(["day"]);
    }
  });

  it("offers overnight silent delivery where the region has it", async () => {
    const l = await lookupPostcode("2000");
    expect(l.status === "ok" && l.windows.map((w) => w.code)).toEqual(["day", "overnight"]);
  });

  it("answers undeliverable outside every region or for an unknown postcode, invalid for bad input", async () => {
    expect((await lookupPostcode("6725")).status).toBe("undeliverable"); // Broome: a real locality, no region
    expect((await lookupPostcode("9999")).status).toBe("undeliverable");
    expect((await lookupPostcode("0001")).status).toBe("undeliverable");
    expect((await lookupPostcode("12")).status).toBe("invalid");
  });
});

describe("get-started: the draft subscription", () => {
  it("creates a draft for a visitor, points the session at it and creates an identified user without a password", async () => {
    const s = await startedDraft("2000", "New.Person@Example.com");
    expect(s.draft).toMatchObject({
      status: "draft",
      email: "new.person@example.com",
      postcode: "2000",
      userId: null,
      flowVersion: "2",
    });
    const session = await db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", s.id)
      .executeTakeFirstOrThrow();
    expect(session.subscriptionId).toBe(s.draft.id);
    expect(session.userId).toBeNull();
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "new.person@example.com")
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toBeNull();
  });

  it("never links the draft or the session to an existing account typed by a visitor", async () => {
    const ownerId = await newUser("owner@example.com", { password: true, orderedAt: ts() });
    const s = await startedDraft("2000", "owner@example.com");
    expect(s.draft.userId).toBeNull();
    const session = await db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", s.id)
      .executeTakeFirstOrThrow();
    expect(session.userId).toBeNull();
    const owner = await db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", ownerId)
      .executeTakeFirstOrThrow();
    expect(owner.passwordHash).toBe("scrypt$not-a-real-hash");
    // the visitor is not treated as the account holder by the guards either
    expect(await redirectOf(requireFlow(s.request(), "your-box"))).toBeNull();
  });

  it("gives a signed-in user's draft their user id and e-mail", async () => {
    const userId = await newUser("signed.in@example.com", { password: true });
    const s = await newSession(userId);
    const { date, suburbId, window } = await firstDate("3000");
    const flow = await readFlow(s.request());
    const saved = await saveDelivery(
      { ...flow, session: { id: s.id, userId, subscriptionId: null } },
      { postcode: "3000", suburbId, deliveryDate: date, deliveryWindow: window },
    );
    expect(saved.ok).toBe(true);
    const draft = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", saved.ok ? saved.subscriptionId : 0)
      .executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ userId, email: "signed.in@example.com" });
  });

  it("refuses undeliverable and invalid postcodes, unknown suburbs, dates and times without saving", async () => {
    const s = await newSession();
    const flow = {
      ...(await readFlow(s.request())),
      session: { id: s.id, userId: null, subscriptionId: null },
    };
    const { date, window } = await firstDate("2000");
    const base = { email: "x@example.com", deliveryDate: date, deliveryWindow: window };
    expect(await saveDelivery(flow, { ...base, postcode: "6725" })).toEqual({
      ok: false,
      fieldErrors: { postcode: POSTCODE_UNDELIVERABLE },
    });
    expect(await saveDelivery(flow, { ...base, postcode: "99" })).toEqual({
      ok: false,
      fieldErrors: { postcode: POSTCODE_INVALID },
    });
    const res = await saveDelivery(flow, {
      ...base,
      postcode: "2000",
      suburbId: 1,
      deliveryDate: "2020-01-01",
      deliveryWindow: "teatime",
    });
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(Object.keys(res.fieldErrors).sort()).toEqual([
        "deliveryDate",
        "deliveryWindow",
        "suburbId",
      ]);
    const nt = await saveDelivery(flow, {
      ...base,
      postcode: "0800",
      suburbId: (await firstDate("0800")).suburbId,
      deliveryWindow: "overnight",
      deliveryDate: (await firstDate("0800")).date,
    });
    expect(nt.ok === false && nt.fieldErrors.deliveryWindow).toBeTruthy(); // no overnight in the NT
    const session = await db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", s.id)
      .executeTakeFirstOrThrow();
    expect(session.subscriptionId).toBeNull();
  });

  it("keeps the postcode of a no-JS look-up and clears date and time when it changes", async () => {
    const s = await startedDraft("2000");
    const flow = {
      ...(await readFlow(s.request())),
      session: { id: s.id, userId: null, subscriptionId: s.draft.id },
    };
    await savePostcode(flow, { postcode: "2000" });
    let draft = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", s.draft.id)
      .executeTakeFirstOrThrow();
    expect(draft.deliveryDate).toBe(s.draft.deliveryDate);
    await savePostcode(flow, { postcode: "800" });
    draft = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", s.draft.id)
      .executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ postcode: "0800", deliveryDate: null, deliveryWindow: null });
    expect(await redirectOf(requireFlow(s.request(), "your-box"))).toBe("/get-started");
  });
});

describe("guards", () => {
  const guard = (request: Request, step: FlowStep) =>
    redirectOf(step === "get-started" ? requireGetStarted(request) : requireFlow(request, step));

  it("sends a visitor without a subscription to get-started, from add-ons with v=20250707", async () => {
    const s = await newSession();
    expect(await guard(s.request(), "your-box")).toBe("/get-started");
    expect(await guard(s.request(), "checkout")).toBe("/get-started");
    expect(await guard(s.request(), "addons")).toBe("/get-started?v=20250707");
    expect(await guard(new Request("http://localhost/get-started/addons"), "addons")).toBe(
      "/get-started?v=20250707",
    );
    expect(await guard(s.request(), "get-started")).toBeNull();
  });

  it("sends a customer who already ordered but has no subscription to my deliveries", async () => {
    const userId = await newUser("ordered@example.com", { password: true, orderedAt: ts() });
    const s = await newSession(userId);
    expect(await guard(s.request(), "get-started")).toBe("/dashboard/my-deliveries");
    expect(await guard(s.request(), "addons")).toBe("/dashboard/my-deliveries");
  });

  it("sends a subscription without a package to your-box", async () => {
    const s = await startedDraft();
    expect(await guard(s.request(), "your-box")).toBeNull();
    expect(await guard(s.request(), "box-size")).toBeNull();
    expect(await guard(s.request(), "your-items")).toBe("/get-started/your-box");
    expect(await guard(s.request(), "addons")).toBe("/get-started/your-box");
    expect(await guard(s.request(), "checkout")).toBe("/get-started/your-box");
  });

  it("sends checked-out subscriptions (status or checked_out / checkout_error events) to my deliveries", async () => {
    for (const mark of ["checked_out", "checkout_error", "active"] as const) {
      const s = await customDraft();
      if (mark === "active")
        await db
          .updateTable("subscriptions")
          .set({ status: "active" })
          .where("id", "=", s.draft.id)
          .execute();
      else
        await db
          .insertInto("subscriptionEvents")
          .values({ subscriptionId: s.draft.id, type: mark, data: null, createdAt: ts() })
          .execute();
      expect(await guard(s.request(), "get-started")).toBe("/dashboard/my-deliveries");
      expect(await guard(s.request(), "addons")).toBe("/dashboard/my-deliveries");
      await expect(
        changeAddon(s.draft.id, { intent: "add", productId: await productId("addon-bacon") }),
      ).rejects.toBeInstanceOf(FlowError);
    }
  });

  it("keeps the flow order: cuts before add-ons for custom boxes, no cuts page for curated ones", async () => {
    const custom = await customDraft();
    expect(await guard(custom.request(), "your-items")).toBeNull();
    expect(await guard(custom.request(), "addons")).toBe("/get-started/your-items");
    expect(await guard(custom.request(), "checkout")).toBe("/get-started/your-items");

    const curated = await startedDraft();
    const beef = await packageId("beef-small");
    expect(
      await choosePackage(curated.draft, {
        typeId: beef.parentId!,
        packageId: beef.id,
        frequencyDays: 14,
      }),
    ).toBe("/get-started/addons");
    expect(await guard(curated.request(), "your-items")).toBe("/get-started/addons");
    expect(await guard(curated.request(), "addons")).toBeNull();
    expect(await guard(curated.request(), "checkout")).toBeNull();
  });

  it("hides another account's draft from this session", async () => {
    const other = await newUser("someone.else@example.com", { password: true });
    const s = await startedDraft();
    await db
      .updateTable("subscriptions")
      .set({ userId: other })
      .where("id", "=", s.draft.id)
      .execute();
    expect((await readFlow(s.request())).draft).toBeNull();
  });
});

describe("box choices refuse tampered ids", () => {
  it("chooses box types and curated ranges, refusing unknown ones", async () => {
    const s = await startedDraft();
    expect(await chooseBoxType(s.draft, "custom")).toMatch(/^\/get-started\/box-size\?type=\d+$/);
    expect(await chooseBoxType(s.draft, "curated")).toMatch(
      /^\/get-started\/curated-box\?type=\d+$/,
    );
    const salmon = await packageId("salmon");
    expect(await chooseCuratedRange(s.draft, salmon.id)).toBe(
      `/get-started/box-size?type=${salmon.id}`,
    );
    await expect(chooseCuratedRange(s.draft, 999999)).rejects.toBeInstanceOf(FlowError);
    await expect(
      chooseCuratedRange(s.draft, (await packageId("custom")).id),
    ).rejects.toBeInstanceOf(FlowError);
    await expect(
      chooseCuratedRange(s.draft, (await packageId("beef-small")).id),
    ).rejects.toBeInstanceOf(FlowError);
  });

  it("refuses the salmon box for a Tasmanian postcode", async () => {
    const s = await startedDraft("7000");
    const salmon = await packageId("salmon-small");
    await expect(chooseCuratedRange(s.draft, salmon.parentId!)).rejects.toThrow(/Tasmania/);
    await expect(
      choosePackage(s.draft, { typeId: salmon.parentId!, packageId: salmon.id, frequencyDays: 28 }),
    ).rejects.toThrow(/Tasmania/);
  });

  it("refuses a size of another box, a missing package and a frequency we do not offer, saving nothing", async () => {
    const s = await startedDraft();
    const beef = await packageId("beef-small");
    const custom = await packageId("custom-small");
    await expect(
      choosePackage(s.draft, { typeId: custom.parentId!, packageId: beef.id, frequencyDays: 28 }),
    ).rejects.toMatchObject({ field: "packageId" });
    await expect(
      choosePackage(s.draft, { typeId: custom.parentId!, packageId: 999999, frequencyDays: 28 }),
    ).rejects.toMatchObject({ field: "packageId" });
    await expect(
      choosePackage(s.draft, { typeId: custom.parentId!, packageId: custom.id, frequencyDays: 3 }),
    ).rejects.toMatchObject({ field: "frequencyDays" });
    const draft = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", s.draft.id)
      .executeTakeFirstOrThrow();
    expect(draft.packageId).toBeNull();
    expect(draft.frequencyDays).toBeNull();
  });
});

describe("custom cuts", () => {
  it("adds up to the selection maximum and refuses one more", async () => {
    const s = await customDraft("small");
    const mince = await productId("beef-mince");
    for (let i = 0; i < 8; i++) await changeItem(s.draft.id, { intent: "add", productId: mince });
    await expect(
      changeItem(s.draft.id, { intent: "add", productId: await productId("bacon") }),
    ).rejects.toThrow("Your box is full: you have chosen 8 of 8. Remove a cut to add another.");
    expect(
      await db
        .selectFrom("subscriptionItems")
        .selectAll()
        .where("subscriptionId", "=", s.draft.id)
        .execute(),
    ).toEqual([expect.objectContaining({ productId: mince, quantity: 8 })]);
    expect(await redirectOf(requireFlow(s.request(), "addons"))).toBeNull();
    await changeItem(s.draft.id, { intent: "remove", productId: mince });
    expect(await redirectOf(requireFlow(s.request(), "addons"))).toBe("/get-started/your-items");
  });

  it("allows 16 in a large box", async () => {
    const s = await customDraft("large");
    const mince = await productId("beef-mince");
    for (let i = 0; i < 16; i++) await changeItem(s.draft.id, { intent: "add", productId: mince });
    await expect(changeItem(s.draft.id, { intent: "add", productId: mince })).rejects.toThrow(
      /16 of 16/,
    );
  });

  it("refuses out-of-stock, unknown, add-on and Tasmanian salmon ids", async () => {
    const s = await customDraft();
    await expect(
      changeItem(s.draft.id, { intent: "add", productId: await productId("wagyu-rump-cap") }),
    ).rejects.toThrow(/out of stock/);
    await expect(
      changeItem(s.draft.id, { intent: "add", productId: 999999 }),
    ).rejects.toBeInstanceOf(FlowError);
    await expect(
      changeItem(s.draft.id, { intent: "add", productId: await productId("addon-bacon") }),
    ).rejects.toBeInstanceOf(FlowError);
    const tas = await customDraft("small", "7000");
    await expect(
      changeItem(tas.draft.id, {
        intent: "add",
        productId: await productId("wild-salmon-portions"),
      }),
    ).rejects.toThrow(/Tasmania/);
    expect(
      await db
        .selectFrom("subscriptionItems")
        .selectAll()
        .where("subscriptionId", "in", [s.draft.id, tas.draft.id])
        .execute(),
    ).toEqual([]);
  });

  it("refuses cuts for a curated box", async () => {
    const s = await startedDraft();
    const beef = await packageId("beef-small");
    await choosePackage(s.draft, { typeId: beef.parentId!, packageId: beef.id, frequencyDays: 28 });
    await expect(
      changeItem(s.draft.id, { intent: "add", productId: await productId("beef-mince") }),
    ).rejects.toBeInstanceOf(FlowError);
  });

  it("drops the cuts when the box changes to a curated one", async () => {
    const s = await customDraft();
    await changeItem(s.draft.id, { intent: "add", productId: await productId("beef-mince") });
    const beef = await packageId("beef-small");
    await choosePackage(s.draft, { typeId: beef.parentId!, packageId: beef.id, frequencyDays: 28 });
    expect(
      await db
        .selectFrom("subscriptionItems")
        .selectAll()
        .where("subscriptionId", "=", s.draft.id)
        .execute(),
    ).toEqual([]);
  });

  it("serialises concurrent adds so the maximum holds (transaction with a row lock)", async () => {
    const s = await customDraft("small");
    const mince = await productId("beef-mince");
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => changeItem(s.draft.id, { intent: "add", productId: mince })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(8);
    const cart = await getCart(s.draft);
    expect(cart.items.reduce((n, i) => n + i.quantity, 0)).toBe(8);
  });
});

describe("add-ons", () => {
  it("lists add-ons by the rules: no out-of-stock, no salmon for 7xxx, sorted by name", async () => {
    const nsw = await productListing("addon", "2000");
    const names = nsw.flatMap((g) => g.products.map((p) => p.name));
    expect(names).not.toContain("Wagyu burgers");
    expect(names).toContain("Wild salmon portions");
    expect(nsw.map((g) => g.name)).toEqual(["Meat", "Seafood", "Pantry", "Kitchen"]);
    for (const g of nsw) {
      const sorted = [...g.products].sort((a, b) => a.name.localeCompare(b.name));
      expect(g.products.map((p) => p.name)).toEqual(sorted.map((p) => p.name));
    }
    const tas = (await productListing("addon", "7000")).flatMap((g) =>
      g.products.map((p) => p.name.toLowerCase()),
    );
    expect(tas.some((n) => n.includes("salmon"))).toBe(false);
  });

  it("adds, removes and prices add-ons in the cart", async () => {
    const s = await customDraft();
    const bacon = await productId("addon-bacon");
    await changeAddon(s.draft.id, { intent: "add", productId: bacon });
    await changeAddon(s.draft.id, { intent: "add", productId: bacon });
    let cart = await getCart(s.draft);
    expect(cart.addons).toEqual([
      expect.objectContaining({ name: "Smoked bacon", quantity: 2, priceCents: 1200 }),
    ]);
    expect(cart.totalCents).toBe(16900 + 2400);
    await changeAddon(s.draft.id, { intent: "remove", productId: bacon });
    await changeAddon(s.draft.id, { intent: "remove", productId: bacon });
    await changeAddon(s.draft.id, { intent: "remove", productId: bacon });
    cart = await getCart(s.draft);
    expect(cart.addons).toEqual([]);
  });

  it("refuses unknown, out-of-stock, cut and Tasmanian salmon ids, and more than the stock", async () => {
    const s = await customDraft("small", "7000");
    await expect(
      changeAddon(s.draft.id, {
        intent: "add",
        productId: await productId("addon-salmon-portions"),
      }),
    ).rejects.toThrow(/Tasmania/);
    await expect(
      changeAddon(s.draft.id, { intent: "add", productId: await productId("addon-smoked-salmon") }),
    ).rejects.toThrow(/Tasmania/);
    await expect(
      changeAddon(s.draft.id, { intent: "add", productId: await productId("addon-wagyu-burgers") }),
    ).rejects.toThrow(/out of stock/);
    await expect(
      changeAddon(s.draft.id, { intent: "add", productId: await productId("beef-mince") }),
    ).rejects.toBeInstanceOf(FlowError);
    await expect(
      changeAddon(s.draft.id, { intent: "add", productId: 424242 }),
    ).rejects.toBeInstanceOf(FlowError);
    await db
      .updateTable("products")
      .set({ inventory: 2 })
      .where("slug", "=", "addon-scallops")
      .execute();
    const scallops = await productId("addon-scallops");
    await changeAddon(s.draft.id, { intent: "add", productId: scallops });
    await changeAddon(s.draft.id, { intent: "add", productId: scallops });
    await expect(changeAddon(s.draft.id, { intent: "add", productId: scallops })).rejects.toThrow(
      /only have 2/,
    );
    const rows = await db
      .selectFrom("subscriptionAddons")
      .selectAll()
      .where("subscriptionId", "=", s.draft.id)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ productId: scallops, quantity: 2 })]);
  });

  it("drops chosen salmon when the postcode moves to Tasmania", async () => {
    const s = await customDraft("small", "2000");
    await changeAddon(s.draft.id, {
      intent: "add",
      productId: await productId("addon-salmon-portions"),
    });
    await changeItem(s.draft.id, {
      intent: "add",
      productId: await productId("hot-smoked-salmon"),
    });
    await changeAddon(s.draft.id, { intent: "add", productId: await productId("addon-bacon") });
    const { date, suburbId, window } = await firstDate("7000");
    const flow = {
      ...(await readFlow(s.request())),
      session: { id: s.id, userId: null, subscriptionId: s.draft.id },
    };
    const saved = await saveDelivery(flow, {
      email: s.email,
      postcode: "7000",
      suburbId,
      deliveryDate: date,
      deliveryWindow: window,
    });
    expect(saved.ok).toBe(true);
    const cart = await getCart(s.draft);
    expect(cart.addons.map((a) => a.name)).toEqual(["Smoked bacon"]);
    expect(cart.items).toEqual([]);
  });
});
