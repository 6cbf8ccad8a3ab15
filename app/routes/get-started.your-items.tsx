import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { cardListing } from "~/box/catalogue.server";
import { BoxSummary } from "~/box/components/box-summary";
import { FlowPage } from "~/box/components/flow-page";
import { useOptimisticQuantities } from "~/box/components/product-card";
import { CategoryLinks, ProductSections } from "~/box/components/product-listing";
import { NextStepForm, StepAlert, useStepperAlert } from "~/box/components/stepper-step";
import { changeItem, getCart } from "~/box/cart.server";
import { requireFlow } from "~/box/flow.server";
import { selectionCountLabel, selectionStatus } from "~/box/rules";
import { stepperAction } from "~/box/stepper.server";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";

export const meta: MetaFunction = () =>
  pageMeta(
    "Choose your cuts",
    "Pick the cuts of beef, lamb, pork, chicken and wild-caught seafood for your custom box.",
  );
export const links = () => [{ rel: "stylesheet", href: boxCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, "your-items");
  const pkg = flow.pkg!;
  const [groups, cart] = await Promise.all([
    cardListing("cut", flow.draft.postcode, { descriptions: false }),
    getCart(flow.draft, pkg),
  ]);
  return {
    subscriptionId: flow.draft.id,
    groups,
    quantities: Object.fromEntries(cart.items.map((l) => [l.productId, l.quantity])) as Record<
      number,
      number
    >,
    names: Object.fromEntries(cart.items.map((i) => [i.productId, i.name])) as Record<
      number,
      string
    >,
    maximum: pkg.selectionMaximum ?? 0,
    box: { fullName: pkg.fullName, priceCents: pkg.priceCents },
    addonsCents: cart.addonsCents,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return stepperAction(request, "your-items", changeItem);
}

export default function YourItems() {
  const data = useLoaderData<typeof loader>();
  const { refusal, alert, onResult } = useStepperAlert();
  const qty = useOptimisticQuantities(data.quantities);
  const count = Object.values(qty).reduce((a, b) => a + b, 0);
  const status = selectionStatus(count, data.maximum);
  const names: Record<number, string> = { ...data.names };
  for (const g of data.groups) for (const p of g.products) names[p.id] = p.name;
  const chosen = Object.entries(qty).filter(([, n]) => n > 0);

  return (
    <FlowPage
      step="your-items"
      customizable
      eyebrow={data.box.fullName}
      title="Choose your cuts"
      intro={
        <p>
          Your box holds exactly {data.maximum} packs. Add a cut more than once if you love it;
          sold-out cuts are hidden.
        </p>
      }
      aside={
        <BoxSummary
          id="items-summary"
          title="YOUR BOX"
          status={<SelectionCounter count={count} maximum={data.maximum} />}
          totalCents={data.box.priceCents + data.addonsCents}
          lines={[
            { key: "box", label: data.box.fullName, amount: formatAud(data.box.priceCents) },
            ...chosen.map(([id, n]) => ({
              key: id,
              label: names[Number(id)] ?? "Cut",
              amount: `× ${n}`,
            })),
          ]}
          footer={<NextStepForm ready={status.complete} hintId="selection-hint" />}
        />
      }
    >
      <StepAlert alert={alert} />
      <CategoryLinks groups={data.groups} label="Cut categories" />
      <ProductSections
        groups={data.groups}
        quantities={qty}
        action="/get-started/your-items"
        showPrice={false}
        onResult={onResult}
        refusal={refusal}
        keyPrefix={data.subscriptionId}
      />
    </FlowPage>
  );
}

/** How many cuts are chosen of how many, and what is left to do. */
function SelectionCounter({ count, maximum }: { count: number; maximum: number }) {
  const status = selectionStatus(count, maximum);
  return (
    <div className="selection-counter" role="status">
      <p className="selection-counter__count">
        <strong>{selectionCountLabel(count, maximum)}</strong> cuts chosen
      </p>
      <p className="selection-counter__hint" id="selection-hint">
        {status.complete
          ? "Your box is full. Continue, or swap a cut by removing one first."
          : status.over
            ? `Your box holds ${maximum} cuts: remove ${count - maximum} to continue.`
            : `Choose ${status.remaining} more ${status.remaining === 1 ? "cut" : "cuts"} to fill your box. Each pack counts as one.`}
      </p>
    </div>
  );
}
