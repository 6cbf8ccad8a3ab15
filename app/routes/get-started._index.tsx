import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { formError, withoutSecrets, type FormErrorData } from "~/accounts/form-error";
import { getOrCreateSession } from "~/accounts/session.server";
import { DeliveryForm } from "~/box/components/delivery-form";
import { requireGetStarted, type FlowState } from "~/box/flow.server";
import { saveDelivery, savePostcode } from "~/box/delivery-step.server";
import { meansContinue, validateGetStarted, validatePostcodeLookup } from "~/box/form-input.server";
import { refuseTooManyStarts } from "~/box/start-limit.server";
import { cleanFlowVersion } from "~/box/steps";
import { lookupPostcode } from "~/delivery/lookup.server";
import { readForm } from "~/security/csrf.server";
import { getClientIp } from "~/security/rate-limit.server";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";
import type { RenderCacheHandle } from "~/http/render-template.server";

// an anonymous visitor's page is its URL and loader data: rendered once, filled per request (decision 085)
export const handle = { renderCache: "anonymous" } satisfies RenderCacheHandle;

export const meta: MetaFunction = () =>
  pageMeta(
    "Get started",
    "Tell us where and when to deliver, then build a custom or curated box of Australian meat and wild-caught seafood.",
  );

export const links = () => [{ rel: "stylesheet", href: boxCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const flow = await requireGetStarted(request);
  const url = new URL(request.url);
  const draft = flow.draft;
  // ?postcode= is the look-up the page's debounced fetcher (or a shared link) asks for.
  const typed = url.searchParams.get("postcode");
  const postcode = typed ?? draft?.postcode ?? null;
  const lookup = postcode ? await lookupPostcode(postcode) : null;
  const dates = lookup?.status === "ok" ? lookup.dates.map((d) => d.value) : [];
  const keepDate = Boolean(draft?.deliveryDate && dates.includes(draft.deliveryDate));
  return {
    signedInEmail: flow.user?.email ?? null,
    v: cleanFlowVersion(url.searchParams.get("v")) ?? "",
    lookup,
    dateExpired: Boolean(draft?.deliveryDate && lookup?.status === "ok" && !keepDate && !typed),
    defaults: {
      email: flow.user ? "" : (draft?.email ?? ""),
      postcode: typed ?? draft?.postcode ?? "",
      suburbId: draft?.suburbId ? String(draft.suburbId) : "",
      deliveryDate: keepDate ? draft!.deliveryDate! : "",
      deliveryWindow: draft?.deliveryWindow ?? "",
    },
  };
}

const FORM_ID = "get-started";

/** The page again with what was typed and why nothing was saved: too many new boxes from this address. */
async function tooManyStarts(
  flow: FlowState,
  email: string | undefined,
  request: Request,
  context: ActionFunctionArgs["context"],
  formData: FormData,
) {
  const refused = await refuseTooManyStarts(flow, email, getClientIp(request, context));
  if (!refused) return null;
  return data(formError(FORM_ID, refused.message, withoutSecrets(Object.fromEntries(formData))), {
    status: 429,
    headers: { "Retry-After": String(refused.retryAfterSeconds) },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireGetStarted(request);
  const v = cleanFlowVersion(String(formData.get("v") ?? ""));

  if (formData.get("intent") === "lookup" && !meansContinue(formData, flow.draft?.postcode)) {
    const parsed = await validatePostcodeLookup(formData, Boolean(flow.user));
    if (!parsed.ok) return validationError(parsed.error, parsed.submittedData);
    const refused = await tooManyStarts(flow, parsed.data.email, request, context, formData);
    if (refused) return refused;
    const { session, setCookie } = await getOrCreateSession(request);
    await savePostcode(
      { ...flow, session },
      { postcode: parsed.data.postcode, email: parsed.data.email, flowVersion: v },
    );
    return redirect(`/get-started${v ? `?v=${v}` : ""}#postcode-result`, {
      status: 303,
      headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
    });
  }

  const result = await validateGetStarted(formData, Boolean(flow.user));
  if (!result.ok) return validationError(result.error, result.submittedData);
  const refused = await tooManyStarts(flow, result.data.email, request, context, formData);
  if (refused) return refused;
  const { session, setCookie } = await getOrCreateSession(request);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  const saved = await saveDelivery({ ...flow, session }, { ...result.data, flowVersion: v });
  if (!saved.ok)
    return validationError(
      { fieldErrors: saved.fieldErrors, formId: FORM_ID },
      result.submittedData,
    );
  return redirect("/get-started/your-box", { status: 303, headers });
}

export default function GetStarted() {
  const page = useLoaderData<typeof loader>();
  const refused = (useActionData<typeof action>() as Partial<FormErrorData> | undefined)?.formError;
  return (
    <div className="flow flow--narrow container">
      <header className="flow__header">
        <p className="eyebrow">Get started</p>
        <h1>Where and when should we deliver?</h1>
        <p className="flow__intro">
          Free delivery and no minimum order. Tell us your postcode and we will show the days our
          vans come to your area.
        </p>
      </header>
      {refused ? (
        <div className="form-alert form-alert--error" role="alert">
          <p>{refused}</p>
        </div>
      ) : null}
      <DeliveryForm {...page} />
    </div>
  );
}
