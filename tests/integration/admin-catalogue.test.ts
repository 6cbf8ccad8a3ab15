// The catalogue in the back office (issue 37), through its routes and services, on SQLite and on
// PostgreSQL (DATABASE_URL_TEST): a product's fields, image and price; a box's sizes and monthly
// contents; every change audited with before and after, in the price history and a new content
// version; checkout quotes the new price at once; a renewal whose reminder went out keeps the
// reminder's price, and the next reminder states the new one.
import { saveBoxSizes } from "~/admin/catalogue/boxes.server";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "~/catalogue/image-files.server";
import { pricesAt, recordPriceChange } from "~/catalogue/prices.server";
import { curatedRanges } from "~/box/catalogue.server";
import { listShowcaseBoxes } from "~/content/boxes.server";
import { quoteDraft } from "~/pricing/quote.server";
import { readContentVersion } from "~/content/content-version.server";
import { db } from "~/db/client.server";
import { runDueJobs } from "~/jobs/runner.server";
import * as boxPage from "~/routes/admin.catalogue.boxes.$packageId";
import * as landing from "~/routes/admin.catalogue._index";
import * as productPage from "~/routes/admin.catalogue.products.$productId";
import * as newProduct from "~/routes/admin.catalogue.products.new";
import * as imageRoute from "~/routes/images.uploads.$file";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { cutoffInstant, nextDeliveryDate, reminderInstant } from "~/subscriptions/schedule";
import { createStaff } from "../factories";
import { transparentPng } from "../photos";
import { refusalOf, staffClient, type StaffClient } from "./admin-helpers";
import { call, getRequest, ORIGIN, postRequest, rowCounts } from "./http-helpers";
import { mailsTo, ordersOf, subscriber } from "./renewal-fixtures";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);

/** The product form as the browser sends it (multipart), with an optional file. */
function productPost(
  path: string,
  client: StaffClient,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
): Request {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append("csrf", client.token);
  body.append(
    "image",
    file
      ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type })
      : new File([], ""),
  );
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body,
    headers: { Cookie: client.cookie },
  });
}

const productRow = (slug: string) =>
  db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
const packageRow = (slug: string) =>
  db.selectFrom("packages").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();

/** The product's form as the page would send it back unchanged. */
function formOf(p: Awaited<ReturnType<typeof productRow>>): Record<string, string> {
  return {
    name: p.name,
    description: p.description,
    price: `${Math.floor(p.priceCents / 100)}.${String(p.priceCents % 100).padStart(2, "0")}`,
    categoryId: String(p.categoryId),
    weight: p.weight ?? "",
    ...(p.taxable === 1 ? { taxable: "on" } : {}),
    ...(p.active === 1 ? { active: "on" } : {}),
  };
}

const auditsOf = (action: string, entityId: number) =>
  db
    .selectFrom("auditEntries")
    .selectAll()
    .where("action", "=", action)
    .where("entityId", "=", String(entityId))
    .orderBy("id")
    .execute();

describe("the catalogue's pages", () => {
  it("the owner sees boxes and products with price, GST, whether sold and stock", async () => {
    const owner = await staffClient("owner");
    const page = await call(landing.loader, getRequest("/admin/catalogue", owner));
    expect(page.status).toBe(200);
    const bacon = await productRow("addon-bacon");
    expect(page.text).toContain(bacon.name);
    expect(page.text).toContain("Custom box");
    const product = await call(
      productPage.loader,
      getRequest(`/admin/catalogue/products/${bacon.id}`, owner),
      { productId: String(bacon.id) },
    );
    expect(product.status).toBe(200);
    const salmon = await db
      .selectFrom("products")
      .select(["id"])
      .where("name", "like", "%almon%")
      .executeTakeFirstOrThrow();
    const salmonPage = await call(
      productPage.loader,
      getRequest(`/admin/catalogue/products/${salmon.id}`, owner),
      { productId: String(salmon.id) },
    );
    expect(salmonPage.text).toContain("Tasmania");
    const none = await call(
      productPage.loader,
      getRequest("/admin/catalogue/products/999999", owner),
      { productId: "999999" },
    );
    expect(none.status).toBe(404);
  });
});

describe("products", () => {
  it("a price change is audited, kept in the history, moves the content version, and checkout quotes it", async () => {
    const f = await subscriber({ start: "2031-03-01", addons: [["addon-bacon", 2]] });
    const sub = await db
      .selectFrom("subscriptions")
      .select(["id", "packageId"])
      .where("id", "=", f.subId)
      .executeTakeFirstOrThrow();
    const bacon = await productRow("addon-bacon");
    const quote = () =>
      quoteDraft({
        draft: sub,
        postcode: "2000",
        discountCode: null,
        choiceId: null,
        creditBalanceCents: 0,
      });
    const before = await quote();
    expect(before.lines.find((l) => l.sellableId === bacon.id)?.priceCents).toBe(bacon.priceCents);
    const version = await readContentVersion();

    const owner = await staffClient("owner");
    const newCents = bacon.priceCents + 150;
    const res = await call(
      productPage.action,
      productPost(`/admin/catalogue/products/${bacon.id}`, owner, {
        ...formOf(bacon),
        price: `$${(newCents / 100).toFixed(2)}`,
      }),
      { productId: String(bacon.id) },
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/admin/catalogue/products/${bacon.id}?done=saved#status`);
    expect((await productRow("addon-bacon")).priceCents).toBe(newCents);

    const after = await quote();
    expect(after.lines.find((l) => l.sellableId === bacon.id)?.priceCents).toBe(newCents);
    expect(after.subtotalCents - before.subtotalCents).toBe(2 * 150);

    const history = await db
      .selectFrom("priceChanges")
      .selectAll()
      .where("sellableType", "=", "product")
      .where("sellableId", "=", bacon.id)
      .execute();
    expect(history).toMatchObject([
      { oldCents: bacon.priceCents, newCents, staffUserId: owner.userId },
    ]);
    const [audit] = await auditsOf("product.update", bacon.id);
    expect(audit).toMatchObject({ staffUserId: owner.userId, staffRole: "owner" });
    expect(JSON.parse(audit.before!)).toEqual({ priceCents: bacon.priceCents });
    expect(JSON.parse(audit.after!)).toEqual({ priceCents: newCents });
    expect(await readContentVersion()).not.toBe(version);
  });

  it("a bad form answers 400 with its message and what was typed, and writes nothing", async () => {
    const owner = await staffClient("owner");
    const p = await productRow("addon-bacon");
    const counts = await rowCounts(["auditEntries", "priceChanges"]);
    for (const [fields, message] of [
      [{ price: "12.345" }, "Enter a price in dollars and cents, like 12.50."],
      [{ price: "abc" }, "Enter a price in dollars and cents, like 12.50."],
      [{ name: "" }, "Enter a name of 2 to 120 characters."],
      [{ categoryId: "999999" }, "Choose a category."],
    ] as const) {
      const res = await call(
        productPage.action,
        productPost(`/admin/catalogue/products/${p.id}`, owner, {
          ...formOf(p),
          description: "Typed and kept",
          ...fields,
        }),
        { productId: String(p.id) },
      );
      expect(res.status).toBe(400);
      const refusal = refusalOf(res.body);
      expect(refusal.message).toBe(message);
      expect(refusal.values.description).toBe("Typed and kept");
    }
    expect(await rowCounts(["auditEntries", "priceChanges"])).toEqual(counts);
    expect(await productRow("addon-bacon")).toEqual(p);
    // saved as it was: nothing changed, nothing to record
    const same = await call(
      productPage.action,
      productPost(`/admin/catalogue/products/${p.id}`, owner, formOf(p)),
      { productId: String(p.id) },
    );
    expect(same.status).toBe(303);
    expect(await rowCounts(["auditEntries", "priceChanges"])).toEqual(counts);
  });

  it("an image upload is checked by its bytes, stored by its hash and served with long caching", async () => {
    const owner = await staffClient("owner");
    const p = await productRow("addon-bacon");
    const path = `/admin/catalogue/products/${p.id}`;
    const params = { productId: String(p.id) };
    const refused = async (file: { bytes: Uint8Array; name: string; type: string }) => {
      const res = await call(productPage.action, productPost(path, owner, formOf(p), file), params);
      expect(res.status).toBe(400);
      return refusalOf(res.body);
    };
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    expect(await refused({ bytes: big, name: "big.png", type: "image/png" })).toMatchObject({
      message: IMAGE_MESSAGES.tooBig,
      field: "image",
    });
    expect(
      (
        await refused({
          bytes: new TextEncoder().encode("MZ not an image at all"),
          name: "photo.png",
          type: "image/png",
        })
      ).message,
    ).toBe(IMAGE_MESSAGES.wrongType);
    expect(
      (
        await refused({
          bytes: new TextEncoder().encode("<svg><rect width='1'"),
          name: "a.svg",
          type: "image/svg+xml",
        })
      ).message,
    ).toBe(IMAGE_MESSAGES.brokenSvg);
    // a PNG's signature and nothing that decodes (decision 078)
    expect((await refused({ bytes: PNG, name: "b.png", type: "image/png" })).message).toBe(
      IMAGE_MESSAGES.brokenPhoto,
    );
    expect((await productRow("addon-bacon")).image).toBe(p.image);

    // a PNG named like a JPEG is stored as the PNG it is, and shown by its variants (decision 078)
    const png = await transparentPng();
    const ok = await call(
      productPage.action,
      productPost(path, owner, formOf(p), { bytes: png, name: "bacon.jpg", type: "image/jpeg" }),
      params,
    );
    expect(ok.status).toBe(303);
    const image = (await productRow("addon-bacon")).image;
    expect(image).toMatch(/^\/images\/uploads\/[0-9a-f]{32}-960\.jpg$/);
    const hash = image.split("/").pop()!.slice(0, 32);
    const original = await db
      .selectFrom("uploadedImages")
      .select(["ext", "bytes"])
      .where("hash", "=", hash)
      .executeTakeFirstOrThrow();
    expect(original.ext).toBe("png");
    expect(Buffer.from(original.bytes).equals(png)).toBe(true);
    const audit = (await auditsOf("product.update", p.id)).at(-1)!;
    expect(JSON.parse(audit.after!)).toEqual({ image });
    const served = await call(imageRoute.loader, getRequest(image), {
      file: image.split("/").pop(),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");

    // an SVG is sanitised before it is stored, and served under a policy that runs nothing
    const svg = await call(
      productPage.action,
      productPost(path, owner, formOf(p), {
        bytes: new TextEncoder().encode(
          '<svg viewBox="0 0 2 2" onload="alert(1)"><script>alert(2)</script><rect width="1" height="1"/></svg>',
        ),
        name: "bacon.svg",
        type: "image/svg+xml",
      }),
      params,
    );
    expect(svg.status).toBe(303);
    const svgUrl = (await productRow("addon-bacon")).image;
    expect(svgUrl).toMatch(/\.svg$/);
    const file = svgUrl.split("/").pop()!;
    const stored = await db
      .selectFrom("uploadedImages")
      .select("bytes")
      .where("hash", "=", file.split(".")[0])
      .executeTakeFirstOrThrow();
    const svgText = Buffer.from(stored.bytes).toString("utf-8");
    expect(svgText).not.toMatch(/alert|script|onload/);
    expect(svgText).toContain("<rect");
    const servedSvg = await call(imageRoute.loader, getRequest(svgUrl), { file });
    expect(servedSvg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(servedSvg.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    // the photo's original is never served, by any name
    for (const bad of [
      "nope.png",
      `${"a".repeat(32)}.png`,
      `${file.split(".")[0]}.png`,
      "../x",
      `${hash}.png`,
      `${hash}.jpg`,
      `${hash}-960.png`,
      `${hash}-100.jpg`,
    ])
      expect(
        (await call(imageRoute.loader, getRequest(`/images/uploads/${bad}`), { file: bad })).status,
      ).toBe(404);
  });

  it("a new product starts with no stock, a free slug and its audit entry", async () => {
    const owner = await staffClient("owner");
    const bacon = await productRow("addon-bacon");
    const res = await call(
      newProduct.action,
      productPost("/admin/catalogue/products/new", owner, {
        ...formOf(bacon),
        name: bacon.name,
        price: "7.00",
      }),
    );
    expect(res.status).toBe(303);
    const id = Number(/products\/(\d+)\?/.exec(res.location!)![1]);
    const created = await db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ name: bacon.name, priceCents: 700, inventory: 0 });
    expect(created.slug).not.toBe(bacon.slug);
    expect(await auditsOf("product.create", id)).toHaveLength(1);
  });
});

describe("boxes", () => {
  it("a size's price and maximum: audited, in the history, the box's from-price follows, checkout quotes it", async () => {
    const owner = await staffClient("owner");
    const root = await packageRow("custom");
    const small = await packageRow("custom-small");
    const large = await packageRow("custom-large");
    const path = `/admin/catalogue/boxes/${root.id}`;
    const params = { packageId: String(root.id) };
    const page = await call(boxPage.loader, getRequest(path, owner), params);
    expect(page.status).toBe(200);

    const bad = await call(
      boxPage.action,
      postRequest(path, owner, {
        intent: "sizes",
        [`price-${small.id}`]: "149.00",
        [`max-${small.id}`]: "0",
        [`price-${large.id}`]: "279.00",
        [`max-${large.id}`]: "16",
      }),
      params,
    );
    expect(bad.status).toBe(400);
    expect((await packageRow("custom-small")).priceCents).toBe(small.priceCents);

    const res = await call(
      boxPage.action,
      postRequest(path, owner, {
        intent: "sizes",
        [`price-${small.id}`]: "149.00",
        [`max-${small.id}`]: "9",
        [`price-${large.id}`]: (large.priceCents / 100).toFixed(2),
        [`max-${large.id}`]: String(large.selectionMaximum),
      }),
      params,
    );
    expect(res.status).toBe(303);
    expect(await packageRow("custom-small")).toMatchObject({
      priceCents: 14900,
      selectionMaximum: 9,
    });
    expect((await packageRow("custom")).priceCents).toBe(14900);
    const [audit] = await auditsOf("package.update", root.id);
    expect(JSON.parse(audit.before!)).toEqual({
      [small.id]: { priceCents: small.priceCents, selectionMaximum: small.selectionMaximum },
    });
    expect(JSON.parse(audit.after!)).toEqual({
      [small.id]: { priceCents: 14900, selectionMaximum: 9 },
    });
    const f = await subscriber({ start: "2031-09-01" });
    const sub = await db
      .selectFrom("subscriptions")
      .select(["id", "packageId"])
      .where("id", "=", f.subId)
      .executeTakeFirstOrThrow();
    const q = await quoteDraft({
      draft: sub,
      postcode: "2000",
      discountCode: null,
      choiceId: null,
      creditBalanceCents: 0,
    });
    expect(q.lines.find((l) => l.sellableType === "package")?.priceCents).toBe(14900);
  });

  it("next month's contents are prepared now and go live on the 1st, Sydney time", async () => {
    const owner = await staffClient("owner");
    const beef = await packageRow("beef");
    const curated = await packageRow("curated");
    const path = `/admin/catalogue/boxes/${beef.id}`;
    const params = { packageId: String(beef.id) };
    const page = await call(boxPage.loader, getRequest(path, owner), params);
    const contents = (page.body as { contents: { thisMonth: string; nextMonth: string } }).contents;
    const wrong = await call(
      boxPage.action,
      postRequest(path, owner, {
        intent: "contents",
        month: "2001-01",
        "item-0": "Steak",
        "quantity-0": "1",
      }),
      params,
    );
    expect(wrong.status).toBe(400);
    const res = await call(
      boxPage.action,
      postRequest(path, owner, {
        intent: "contents",
        month: contents.nextMonth,
        "item-0": "Wagyu rump",
        "quantity-0": "2 x 300g",
        "item-2": "Beef cheeks",
        "quantity-2": "1kg",
      }),
      params,
    );
    expect(res.status).toBe(303);
    const [audit] = await auditsOf("package.contents", beef.id);
    expect(JSON.parse(audit.after!)).toEqual({
      month: contents.nextMonth,
      lines: [
        { item: "Wagyu rump", quantity: "2 x 300g" },
        { item: "Beef cheeks", quantity: "1kg" },
      ],
    });
    // the content pages keep showing this month's until then
    const showcase = (await listShowcaseBoxes()).find((b) => b.slug === "beef")!;
    expect(showcase.contents.map((c) => c.item)).not.toContain("Wagyu rump");
    expect(showcase.contents.length).toBeGreaterThan(0);
    const shown = async (now: Date) =>
      (await curatedRanges(curated.id, null, now)).find((r) => r.id === beef.id)!;
    // 1 a.m. on the 1st in Sydney is still the last day of the month before in UTC
    const firstInSydney = new Date(`${contents.nextMonth}-01T01:00:00+11:00`);
    const lastBefore = new Date(firstInSydney.getTime() - 2 * 3600_000);
    expect((await shown(lastBefore)).contents.map((c) => c.item)).not.toContain("Wagyu rump");
    expect(await shown(firstInSydney)).toMatchObject({
      month: contents.nextMonth,
      contents: [
        { item: "Wagyu rump", quantity: "2 x 300g" },
        { item: "Beef cheeks", quantity: "1kg" },
      ],
    });
  });
});

describe("the price history", () => {
  it("answers each price as it was at any instant", async () => {
    const id = 987654;
    const t = (iso: string) => new Date(iso);
    await recordPriceChange(
      db,
      null,
      { type: "product", id, oldCents: 100, newCents: 200 },
      t("2030-01-01T00:00:00Z"),
    );
    await recordPriceChange(
      db,
      null,
      { type: "product", id, oldCents: 200, newCents: 300 },
      t("2030-02-01T00:00:00Z"),
    );
    // no change, no row
    await recordPriceChange(
      db,
      null,
      { type: "package", id, oldCents: 5, newCents: 5 },
      t("2030-02-01T00:00:00Z"),
    );
    const at = async (iso: string) =>
      (
        await pricesAt(
          db,
          [
            { type: "product", id, currentCents: 300 },
            { type: "package", id, currentCents: 5 },
          ],
          iso,
        )
      ).get(`product:${id}`);
    expect(await at("2029-12-31T23:59:59.999Z")).toBe(100);
    expect(await at("2030-01-01T00:00:00.000Z")).toBe(200);
    expect(await at("2030-01-15T00:00:00Z")).toBe(200);
    expect(await at("2030-03-01T00:00:00Z")).toBe(300);
    expect(
      await db.selectFrom("priceChanges").select("id").where("sellableId", "=", id).execute(),
    ).toHaveLength(2);
  });
});

describe("a price change and renewals", () => {
  const origin = "http://shop.test";
  const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
  const run = (now: Date) =>
    runDueJobs({
      now,
      kinds: SUBSCRIPTION_JOB_KINDS,
      origin,
      log: false,
      batch: 100,
      maxBatches: 200,
    });
  const boxLine = async (orderId: number) => {
    const inv = await db
      .selectFrom("invoices")
      .select("id")
      .where("orderId", "=", orderId)
      .executeTakeFirstOrThrow();
    return db
      .selectFrom("invoiceLines")
      .select("priceCents")
      .where("invoiceId", "=", inv.id)
      .where("sellableType", "=", "package")
      .executeTakeFirstOrThrow();
  };

  it("a delivery reminded before the change keeps its price; the next is told the new price and pays it", async () => {
    const f = await subscriber({ start: "2032-01-05" });
    const staffUser = await createStaff(db, { role: "owner" });
    const staff = { id: staffUser.id, role: "owner" as const, ip: "127.0.0.1" };
    const root = await packageRow("custom");
    const small = await packageRow("custom-small");
    const large = await packageRow("custom-large");
    const d1 = nextDeliveryDate(f.schedule, f.first, 28);
    const d2 = nextDeliveryDate(f.schedule, d1, 28);
    await run(new Date(`${f.first}T01:00:00Z`));
    await run(minutes(reminderInstant(f.schedule, d1), 1));
    expect(await mailsTo(f.email, "delivery-reminder")).toHaveLength(1);

    // the price rises after d1's reminder went out
    const newCents = small.priceCents + 1000;
    const form = new FormData();
    form.set(`price-${small.id}`, (newCents / 100).toFixed(2));
    form.set(`max-${small.id}`, String(small.selectionMaximum));
    form.set(`price-${large.id}`, (large.priceCents / 100).toFixed(2));
    form.set(`max-${large.id}`, String(large.selectionMaximum));
    const saved = await saveBoxSizes(staff, root.id, form, {
      now: minutes(reminderInstant(f.schedule, d1), 30),
    });
    expect(saved.ok).toBe(true);

    await run(minutes(cutoffInstant(f.schedule, d1), 1));
    const [, o1] = await ordersOf(f.subId);
    expect(o1.deliveryDate).toBe(d1);
    expect((await boxLine(o1.id)).priceCents).toBe(small.priceCents);

    await run(minutes(reminderInstant(f.schedule, d2), 1));
    const reminders = await mailsTo(f.email, "delivery-reminder");
    expect(reminders).toHaveLength(2);
    const say = `Your box's price changes from $${small.priceCents / 100} to $${newCents / 100}.`;
    expect(reminders[1].text).toContain(say);
    expect(reminders[1].html).toContain("Your box&#39;s price changes");
    expect(reminders[0].text).not.toContain("price changes");

    await run(minutes(cutoffInstant(f.schedule, d2), 1));
    const o2 = (await ordersOf(f.subId)).find((o) => o.deliveryDate === d2)!;
    expect((await boxLine(o2.id)).priceCents).toBe(newCents);
  });
});
