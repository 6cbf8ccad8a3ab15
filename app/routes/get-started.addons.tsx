import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { cardListing } from "~/box/catalogue.server";
import { BoxSummary } from "~/box/components/box-summary";
import { FlowPage } from "~/box/components/flow-page";
import { useOptimisticQuantities } from "~/box/components/product-card";
import { CategoryLinks, ProductSections } from "~/box/components/product-listing";
import { NextStepForm, StepAlert, useStepperAlert } from "~/box/components/stepper-step";
import { changeAddon, getCart } from "~/box/cart.server";
import { requireFlow } from "~/box/flow.server";
import { stepperAction } from "~/box/stepper.server";
import { track } from "~/utils/analytics";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import { appOrigin } from "~/accounts/origin.server";
import { JsonLd } from "~/content/components/recipe-json-ld";
import { plainText } from "~/content/sanitize.server";
import { productListJsonLd } from "~/seo/json-ld";
import boxCss from "~/styles/box.css";

const ADDONS_INTRO =
  "Add-ons are recurring and can be changed each order. Fill up your box and benefit from added value.";

export const meta: MetaFunction = () =>
  pageMeta(
    "Add-ons",
    "Curated or customised meat and seafood boxes, delivered for your everyday cooking essentials.",
  );
export const links = () => [{ rel: "stylesheet", href: boxCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, "addons");
  const [groups, cart] = await Promise.all([
    cardListing("addon", flow.draft.postcode, { descriptions: true }),
    getCart(flow.draft, flow.pkg),
  ]);
  return {
    subscriptionId: flow.draft.id,
    // a description as plain text, as the card shows it and the JSON-LD names it
    groups: groups.map((g) => ({
      ...g,
      products: g.products.map((p) => ({ ...p, description: plainText(p.description ?? "") })),
    })),
    quantities: Object.fromEntries(cart.addons.map((l) => [l.productId, l.quantity])) as Record<
      number,
      number
    >,
    box: { fullName: cart.pkg!.fullName, priceCents: cart.pkg!.priceCents },
    items: cart.items.map((i) => ({ id: i.productId, name: i.name, quantity: i.quantity })),
    addons: cart.addons.map((a) => ({
      id: a.productId,
      name: a.name,
      quantity: a.quantity,
      priceCents: a.priceCents,
    })),
    customizable: Boolean(flow.pkg?.selectionCustomizable),
    // for the JSON-LD's absolute addresses: the page makes it from the groups (decision 100)
    origin: appOrigin(request),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return stepperAction(request, "addons", changeAddon);
}

/** SPEC §4: report a freshly built cart once; after a back/forward restore clear pending state and note the update. */
function useAddonsAnalytics(
  data: {
    subscriptionId: number;
    items: { id: number; name: string; quantity: number }[];
    addons: { id: number; name: string; quantity: number; priceCents: number }[];
  },
  onRestore: () => void,
) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const products = [...data.items, ...data.addons];
    let flag: string | null = null;
    try {
      flag = window.localStorage.getItem("addProductsToCart");
    } catch {
      /* storage off */
    }
    if (products.length > 0 && flag === "true") {
      track("add_to_cart", {
        subscriptionId: data.subscriptionId,
        products: products.map((p) => ({ id: p.id, name: p.name, quantity: p.quantity })),
      });
      window.localStorage.removeItem("addProductsToCart");
    }
  }, [data]);
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      onRestore();
      track("updated_subscription_addons", { subscriptionId: data.subscriptionId });
      revalidator.revalidate();
    };
    // Another tab may have changed the box (or started a new one): refresh on return.
    const onVisible = () => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    };
    window.addEventListener("pageshow", onPageShow);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("pageshow", onPageShow);
      document.removeEventListener("visibilitychange", onVisible);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.subscriptionId]);
}

export default function Addons() {
  const data = useLoaderData<typeof loader>();
  const { refusal, alert, onResult, clearMessage } = useStepperAlert();
  const [restored, setRestored] = useState(0);
  useAddonsAnalytics(data, () => {
    clearMessage();
    setRestored((n) => n + 1);
  });
  const qty = useOptimisticQuantities(data.quantities);
  // every add-on listed here (so in stock) as a schema.org Product with its Offer (issue 37), made
  // from the listing the page has, not sent a second time in its data (decision 100)
  const productsJsonLd = useMemo(
    () =>
      productListJsonLd(
        data.groups.flatMap((g) =>
          g.products.map((p) => ({
            name: p.name,
            description: p.description,
            image: p.image,
            url: "/get-started/addons",
            offers: [{ priceCents: p.priceCents }],
          })),
        ),
        data.origin,
      ),
    [data.groups, data.origin],
  );

  return (
    <FlowPage
      step="addons"
      customizable={data.customizable}
      eyebrow="Add-ons"
      title="Anything else for your box?"
      aside={<AddonsSummary data={data} qty={qty} />}
    >
      <JsonLd data={productsJsonLd} />
      <CategoryLinks groups={data.groups} label="Add-on categories" />
      <p className="flow__intro addons-intro">{ADDONS_INTRO}</p>
      <StepAlert alert={alert} />
      <ProductSections
        groups={data.groups}
        quantities={qty}
        action="/get-started/addons"
        showPrice
        onResult={onResult}
        refusal={refusal}
        keyPrefix={`${data.subscriptionId}-${restored}`}
      />
    </FlowPage>
  );
}

/** The box and the add-ons chosen (as the steppers show them), with the total. */
function AddonsSummary({
  data,
  qty,
}: {
  data: SerializeFrom<typeof loader>;
  qty: Record<number, number>;
}) {
  const products = new Map(data.groups.flatMap((g) => g.products).map((p) => [p.id, p]));
  for (const a of data.addons)
    if (!products.has(a.id)) products.set(a.id, { ...a, description: "", weight: null, image: "" });
  const chosen = [...products.values()]
    .filter((p) => (qty[p.id] ?? 0) > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  const addonsCents = chosen.reduce((sum, p) => sum + p.priceCents * (qty[p.id] ?? 0), 0);
  return (
    <BoxSummary
      id="addons-summary"
      title="ADD-ONS"
      totalCents={data.box.priceCents + addonsCents}
      lines={[
        {
          key: "box",
          label: data.box.fullName,
          amount: formatAud(data.box.priceCents),
          detail: data.items.length
            ? `${data.items.reduce((n, i) => n + i.quantity, 0)} cuts of your choice`
            : undefined,
        },
        ...chosen.map((p) => ({
          key: p.id,
          label: `${p.name} × ${qty[p.id]}`,
          amount: formatAud(p.priceCents * (qty[p.id] ?? 0)),
        })),
        ...(chosen.length ? [] : [{ key: "none", label: "No add-ons yet" }]),
        { key: "addons-total", label: "Add-ons", amount: formatAud(addonsCents) },
      ]}
      footer={<NextStepForm />}
    />
  );
}
