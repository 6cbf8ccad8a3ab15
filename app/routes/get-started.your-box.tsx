import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { boxTypes } from "~/box/catalogue.server";
import { FlowPage } from "~/box/components/flow-page";
import { chooseBoxType, FlowError, requireFlow } from "~/box/flow.server";
import { parseBoxType } from "~/box/form-input.server";
import { readForm } from "~/security/csrf.server";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";

export const meta: MetaFunction = () =>
  pageMeta(
    "Choose your box",
    "Pick a custom box of the cuts you love, or a curated box our butchers fill for you each month.",
  );

export const links = () => [{ rel: "stylesheet", href: boxCss }];

const HIGHLIGHTS: Record<"custom" | "curated", string[]> = {
  custom: [
    "You choose 8 or 16 cuts",
    "More than 40 cuts to pick from",
    "20% more meat than curated",
  ],
  curated: [
    "Salmon, Beef, Beef & Chicken, Beef & Pork, Mixed or Value",
    "Contents change every month",
    "Chosen by our butchers",
  ],
};

export async function loader({ request }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, "your-box");
  return {
    types: await boxTypes(),
    current: flow.draft.boxType,
    customizable: Boolean(flow.pkg?.selectionCustomizable),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireFlow(request, "your-box");
  const parsed = parseBoxType(formData);
  if (!parsed.success)
    return data({ error: "Please choose a custom or a curated box." }, { status: 400 });
  try {
    return redirect(await chooseBoxType(flow.draft, parsed.data.boxType), 303);
  } catch (error) {
    if (error instanceof FlowError) return data({ error: error.message }, { status: 400 });
    throw error;
  }
}

export default function YourBox() {
  const { types, current, customizable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pendingType = navigation.state !== "idle" ? navigation.formData?.get("boxType") : null;
  return (
    <FlowPage
      step="your-box"
      customizable={customizable}
      eyebrow="Your box"
      title="Which box suits you?"
      intro={
        <p>
          Build your own from our butchers' counter, or let us fill a curated box for you. Free
          delivery, skip or pause anytime.
        </p>
      }
    >
      {actionData?.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="choice-grid">
        <CsrfInput />
        {types.map((t) => (
          <article
            key={t.id}
            className={`choice-card${current === t.kind ? " choice-card--current" : ""}`}
            aria-labelledby={`type-${t.id}`}
          >
            <div className="choice-card__tile">
              <img src={t.image} alt="" width={400} height={300} />
            </div>
            <div className="choice-card__body">
              <h2 id={`type-${t.id}`} className="choice-card__title">
                {t.fullName}
              </h2>
              {current === t.kind ? (
                <p className="badge badge--gum choice-card__current">Your current choice</p>
              ) : null}
              <p className="choice-card__price">
                <span className="choice-card__from">from</span>{" "}
                <span className="price">{formatAud(t.fromPriceCents)}</span>
                <span className="choice-card__per"> a delivery</span>
              </p>
              <p>{t.description}</p>
              <ul className="choice-card__list">
                {HIGHLIGHTS[t.kind].map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
              <SubmitButton
                name="boxType"
                value={t.kind}
                className="button--block"
                pending={pendingType === t.kind}
              >
                Choose {t.kind === "custom" ? "a custom box" : "a curated box"}
              </SubmitButton>
            </div>
          </article>
        ))}
      </Form>
    </FlowPage>
  );
}
