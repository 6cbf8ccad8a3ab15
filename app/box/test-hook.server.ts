// Only for the e2e suite (route test-hooks.draft, live only with E2E_TEST_ROUTES=1): builds a box
// for the caller's session through the flow's own services, exactly as the steps would, so the
// checkout specs start at checkout instead of clicking through six steps again (decision 016: the
// checkout and gift-card specs ran 6.0 → 4.3 min). The steps themselves keep their own specs
// (box-*, the checkout journey and the keyboard test). Anywhere else: 404.
import { getOrCreateSession } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { env } from "~/env.server";
import { lookupPostcode } from "~/delivery/lookup.server";
import { notFound } from "~/jobs/test-hook.server";
import { boxWithSizes, curatedRanges, productListing, rootOfKind } from "./catalogue.server";
import { changeAddon, changeItem } from "./cart.server";
import { chooseBoxType, chooseCuratedRange, choosePackage, readFlow } from "./flow.server";
import { saveDelivery } from "./delivery-step.server";

const DEFAULT_FREQUENCY_DAYS = 28;

function bad(message: string) {
  return Response.json({ error: message }, { status: 400 });
}

/**
 * Form: `email` (unless signed in), `postcode` (2000), `time` ("day" or "overnight": the first or
 * last window offered), `box` ("custom" or "curated"), `range` (a curated box, "Value"), `size`
 * ("small" or "large"), `frequency` (days, 28 by default), `addon` (an add-on's name, repeatable). The first date offered is taken,
 * and a custom box is filled with its maximum of different cuts in page order.
 */
export async function buildDraftHook(request: Request) {
  if (!env.E2E_TEST_ROUTES) notFound();
  const form = await request.formData();
  const field = (name: string, fallback: string) => String(form.get(name) ?? "") || fallback;
  const flow = await readFlow(request);
  const { session, setCookie } = await getOrCreateSession(request);

  const time = field("time", "day");
  const kind = field("box", "curated");
  if (time !== "day" && time !== "overnight") return bad(`time: day or overnight, not ${time}`);
  if (kind !== "custom" && kind !== "curated") return bad(`box: custom or curated, not ${kind}`);
  const lookup = await lookupPostcode(field("postcode", "2000"));
  if (lookup.status !== "ok") return bad(`postcode: ${lookup.status}`);
  const windows = lookup.windows;
  const saved = await saveDelivery(
    { ...flow, session },
    {
      email: field("email", ""),
      postcode: lookup.postcode,
      suburbId: lookup.suburbs[0]?.id,
      deliveryDate: lookup.dates[0]?.value ?? "",
      deliveryWindow: (time === "overnight" ? windows[windows.length - 1] : windows[0])?.code ?? "",
    },
  );
  if (!saved.ok) return bad(JSON.stringify(saved.fieldErrors));
  const draft = () =>
    db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", saved.subscriptionId)
      .executeTakeFirstOrThrow();

  const root = await rootOfKind(kind);
  if (!root) return bad(`no ${kind} box`);
  let typeId = root.id;
  if (kind === "custom") {
    await chooseBoxType(await draft(), "custom");
  } else {
    const name = field("range", "Value");
    const range = (await curatedRanges(root.id, lookup.postcode)).find((r) => r.name === name);
    if (!range) return bad(`no curated box ${name}`);
    await chooseCuratedRange(await draft(), range.id);
    typeId = range.id;
  }
  const size = field("size", "small");
  const pkg = (await boxWithSizes(typeId))?.sizes.find((s) => s.size === size);
  if (!pkg) return bad(`no ${size} size`);
  await choosePackage(await draft(), {
    typeId,
    packageId: pkg.id,
    frequencyDays: Number(field("frequency", String(DEFAULT_FREQUENCY_DAYS))),
  });

  if (pkg.selectionCustomizable && pkg.selectionMaximum) {
    const cuts = (await productListing("cut", lookup.postcode)).flatMap((g) => g.products);
    for (const cut of cuts.slice(0, pkg.selectionMaximum))
      await changeItem(saved.subscriptionId, { intent: "add", productId: cut.id });
  }
  const addons = (await productListing("addon", lookup.postcode)).flatMap((g) => g.products);
  for (const name of form.getAll("addon").map(String)) {
    const addon = addons.find((a) => a.name === name);
    if (!addon) return bad(`no add-on ${name}`);
    await changeAddon(saved.subscriptionId, { intent: "add", productId: addon.id });
  }
  return Response.json(
    { subscriptionId: saved.subscriptionId, next: "/get-started/checkout" },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}
