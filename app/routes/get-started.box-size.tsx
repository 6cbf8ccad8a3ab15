import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { useHydrated } from "remix-utils/use-hydrated";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError } from "~/components/forms";
import { FormSubmit, RadioCardGroup, type RadioOption } from "~/components/forms";
import { boxWithSizes, rootOfKind } from "~/box/catalogue.server";
import { FlowPage } from "~/box/components/flow-page";
import { choosePackage, FlowError, frequencyChoice, requireFlow } from "~/box/flow.server";
import { frequencyLabel } from "~/box/rules";
import { salmonBarred } from "~/box/tasmania";
import { validateBoxSize } from "~/box/form-input.server";
import { boxSizeFormValidator } from "~/box/validators";
import { readForm } from "~/security/csrf.server";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import { appOrigin } from "~/accounts/origin.server";
import { JsonLd } from "~/content/components/recipe-json-ld";
import { plainText } from "~/content/sanitize.server";
import { productJsonLd } from "~/seo/json-ld";
import boxCss from "~/styles/box.css";

export const meta: MetaFunction = () =>
  pageMeta("Box size", "Choose a small or large box and how often we deliver it.");
export const links = () => [{ rel: "stylesheet", href: boxCss }];

const FORM_ID = "box-size";

export async function loader({ request }: LoaderFunctionArgs) {
  const flow = await requireFlow(request, "box-size");
  const asked = Number(new URL(request.url).searchParams.get("type"));
  let typeId =
    Number.isInteger(asked) && asked > 0 && asked <= 2_147_483_647
      ? asked
      : (flow.pkg?.parentId ?? null);
  if (!typeId && flow.draft.boxType === "custom") typeId = (await rootOfKind("custom"))?.id ?? null;
  if (!typeId)
    throw redirect(
      flow.draft.boxType === "curated" ? "/get-started/curated-box" : "/get-started/your-box",
    );
  const box = await boxWithSizes(typeId);
  if (!box)
    throw redirect(
      flow.draft.boxType === "curated" ? "/get-started/curated-box" : "/get-started/your-box",
    );
  if (salmonBarred(flow.draft.postcode, box.type.name)) throw redirect("/get-started/curated-box");
  // only what the delivery region can deliver (Perth fortnightly, Darwin every 4 weeks)
  const { allowed, days: frequency, changed } = await frequencyChoice(flow.draft);
  const current = flow.pkg && box.sizes.some((s) => s.id === flow.pkg!.id) ? flow.pkg.id : null;
  return {
    type: {
      id: box.type.id,
      name: box.type.name,
      fullName: box.type.fullName,
      kind: box.type.kind,
    },
    sizes: box.sizes,
    frequencies: allowed.map((days) => ({ days, label: frequencyLabel(days) })),
    frequencyChanged: changed,
    defaults: {
      type: String(box.type.id),
      packageId: current ? String(current) : "",
      frequencyDays: frequency ? String(frequency) : "",
    },
    customizable: Boolean(flow.pkg?.selectionCustomizable) || box.type.kind === "custom",
    // the box as a schema.org Product, one Offer per size (issue 37)
    product: productJsonLd(
      {
        name: box.type.fullName,
        description: plainText(box.type.description),
        image: box.type.image,
        url: `/get-started/box-size?type=${box.type.id}`,
        offers: box.sizes.map((s) => ({ name: s.fullName, priceCents: s.priceCents })),
      },
      appOrigin(request),
    ),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireFlow(request, "box-size");
  const result = await validateBoxSize(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  try {
    const next = await choosePackage(flow.draft, {
      typeId: result.data.type,
      packageId: result.data.packageId,
      frequencyDays: result.data.frequencyDays,
    });
    return redirect(next, 303);
  } catch (error) {
    if (error instanceof FlowError) {
      return validationError(
        { fieldErrors: { [error.field ?? "packageId"]: error.message }, formId: FORM_ID },
        result.submittedData,
      );
    }
    throw error;
  }
}

export default function BoxSize() {
  const { type, sizes, frequencies, frequencyChanged, defaults, customizable, product } =
    useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <FlowPage
      step="box-size"
      customizable={customizable}
      eyebrow={type.fullName}
      title="Choose your box size"
      intro={
        <p>
          Pick the size that feeds your household and how often it arrives.{" "}
          <Link to={type.kind === "custom" ? "/get-started/your-box" : "/get-started/curated-box"}>
            Change box
          </Link>
        </p>
      }
    >
      <JsonLd data={product} />
      <ValidatedForm
        id={FORM_ID}
        validator={boxSizeFormValidator}
        method="post"
        defaultValues={defaults as never}
        noValidate={hydrated}
        className="form"
        onSubmit={() => {
          // The add-ons step reports the new cart to analytics once (SPEC §4).
          try {
            window.localStorage.setItem("addProductsToCart", "true");
          } catch {
            /* storage may be off */
          }
        }}
      >
        <FocusFirstError formId={FORM_ID} />
        <CsrfInput />
        <input type="hidden" name="type" value={type.id} />
        <RadioCardGroup
          name="packageId"
          label="Box size"
          className="radio-cards--sizes"
          options={sizes.map(sizeOption)}
        />
        {frequencyChanged ? (
          <p className="form-alert form-alert--info" role="status">
            {frequencyChanged}
          </p>
        ) : null}
        <RadioCardGroup
          name="frequencyDays"
          label="How often should we deliver?"
          hint="Skip, pause or change it anytime."
          className="radio-cards--frequency"
          options={frequencies.map((f) => ({
            value: String(f.days),
            label: f.label,
            description: `${f.days} days between deliveries`,
          }))}
        />
        <div className="flow__actions">
          <FormSubmit formId={FORM_ID}>Next step</FormSubmit>
        </div>
      </ValidatedForm>
    </FlowPage>
  );
}

type Size = SerializeFrom<typeof loader>["sizes"][number];

/** A size as a radio card: its name and price, then who it feeds, its weight and its cuts. */
function sizeOption(s: Size): RadioOption {
  return {
    value: String(s.id),
    label: (
      <span className="size-option__head">
        <span>{s.name}</span>
        <span className="price">{formatAud(s.priceCents)}</span>
      </span>
    ),
    description: (
      <span className="size-option__facts">
        {s.people ? <span>{s.people}</span> : null}
        {s.weight ? <span>{s.weight}</span> : null}
        {s.selectionCustomizable && s.selectionMaximum ? (
          <span>You choose {s.selectionMaximum} cuts</span>
        ) : null}
      </span>
    ),
  };
}
