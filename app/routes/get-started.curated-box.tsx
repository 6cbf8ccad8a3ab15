import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { curatedRanges, rootOfKind } from "~/box/catalogue.server";
import { FlowPage } from "~/box/components/flow-page";
import { chooseCuratedRange, FlowError, requireFlow } from "~/box/flow.server";
import { parseCuratedChoice } from "~/box/form-input.server";
import { readForm } from "~/security/csrf.server";
import { formatMonthName } from "~/utils/calendar-day";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";
import { NOT_IN_TASMANIA } from "~/box/tasmania";

export const meta: MetaFunction = () =>
  pageMeta(
    "Curated boxes",
    "Salmon, Beef, Beef & Chicken, Beef & Pork, Mixed and Value boxes, filled by our butchers each month.",
  );

export const links = () => [{ rel: "stylesheet", href: boxCss }];

const monthName = (month: string) => formatMonthName(month) ?? month;

export async function loader({ request }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, "curated-box");
  const root = await rootOfKind("curated");
  if (!root) throw redirect("/get-started/your-box");
  const ranges = await curatedRanges(root.id, flow.draft.postcode);
  return {
    ranges,
    currentRangeId: flow.pkg?.kind === "curated" ? flow.pkg.parentId : null,
    customizable: Boolean(flow.pkg?.selectionCustomizable),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireFlow(request, "curated-box");
  const parsed = parseCuratedChoice(formData);
  if (!parsed.success)
    return data({ error: "Please choose one of our curated boxes." }, { status: 400 });
  try {
    return redirect(await chooseCuratedRange(flow.draft, parsed.data.type), 303);
  } catch (error) {
    if (error instanceof FlowError) return data({ error: error.message }, { status: 400 });
    throw error;
  }
}

export default function CuratedBox() {
  const { ranges, currentRangeId, customizable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pendingId = navigation.state !== "idle" ? Number(navigation.formData?.get("type")) : null;
  return (
    <FlowPage
      step="curated-box"
      customizable={customizable}
      eyebrow="Your box"
      title="Choose a curated box"
      intro={
        <p>
          Our butchers and fishmongers fill these boxes with what is best each month. Here is what
          is in them now.
        </p>
      }
    >
      {actionData?.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="choice-grid choice-grid--three">
        <CsrfInput />
        {ranges.map((r) => (
          <article
            key={r.id}
            className={`choice-card${currentRangeId === r.id ? " choice-card--current" : ""}`}
            aria-labelledby={`range-${r.id}`}
          >
            <div className="choice-card__tile">
              <img src={r.image} alt="" width={400} height={300} loading="lazy" />
            </div>
            <div className="choice-card__body">
              <h2 id={`range-${r.id}`} className="choice-card__title">
                {r.fullName}
              </h2>
              {currentRangeId === r.id ? (
                <p className="badge badge--gum choice-card__current">Your current choice</p>
              ) : null}
              <p className="choice-card__price">
                <span className="choice-card__from">from</span>{" "}
                <span className="price">{formatAud(r.fromPriceCents)}</span>
              </p>
              <p>{r.description}</p>
              {r.contents.length ? (
                <>
                  <h3 className="choice-card__subtitle">
                    In the box{r.month ? ` this ${monthName(r.month)}` : ""}
                  </h3>
                  <ul className="choice-card__contents">
                    {r.contents.map((c) => (
                      <li key={c.item}>
                        <span>{c.item}</span> <span className="choice-card__qty">{c.quantity}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {r.available ? (
                <SubmitButton
                  name="type"
                  value={String(r.id)}
                  className="button--block"
                  pending={pendingId === r.id}
                >
                  Choose the {r.name} box
                </SubmitButton>
              ) : (
                <p className="choice-card__unavailable">{NOT_IN_TASMANIA}</p>
              )}
            </div>
          </article>
        ))}
      </Form>
    </FlowPage>
  );
}
