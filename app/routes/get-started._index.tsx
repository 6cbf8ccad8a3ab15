import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { getOrCreateSession } from "~/accounts/session.server";
import { DeliveryForm } from "~/box/components/delivery-form";
import { requireGetStarted, saveDelivery, savePostcode } from "~/box/flow.server";
import { meansContinue, parsePostcodeLookup, validateGetStarted } from "~/box/form-input.server";
import { cleanFlowVersion } from "~/box/steps";
import { lookupPostcode } from "~/delivery/lookup.server";
import { POSTCODE_INVALID } from "~/delivery/postcode";
import { readForm } from "~/security/csrf.server";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";

export const meta: MetaFunction = () =>
  pageMeta("Get started", "Tell us where and when to deliver, then build a custom or curated box of Australian meat and wild-caught seafood.");

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

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const flow = await requireGetStarted(request);
  const { session, setCookie } = await getOrCreateSession(request);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  const writable = { ...flow, session };
  const v = cleanFlowVersion(String(formData.get("v") ?? ""));

  if (formData.get("intent") === "lookup" && !meansContinue(formData, flow.draft?.postcode)) {
    const parsed = parsePostcodeLookup(formData);
    if (!parsed.success) {
      return validationError({ fieldErrors: { postcode: POSTCODE_INVALID }, formId: "get-started" }, Object.fromEntries(formData));
    }
    await savePostcode(writable, { postcode: parsed.data.postcode, email: parsed.data.email, flowVersion: v });
    return redirect(`/get-started${v ? `?v=${v}` : ""}#postcode-result`, { status: 303, headers });
  }

  const result = await validateGetStarted(formData, Boolean(flow.user));
  if (!result.ok) return validationError(result.error, result.submittedData);
  const saved = await saveDelivery(writable, { ...result.data, flowVersion: v });
  if (!saved.ok) return validationError({ fieldErrors: saved.fieldErrors, formId: "get-started" }, result.submittedData);
  return redirect("/get-started/your-box", { status: 303, headers });
}

export default function GetStarted() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="flow flow--narrow container">
      <header className="flow__header">
        <p className="eyebrow">Get started</p>
        <h1>Where and when should we deliver?</h1>
        <p className="flow__intro">
          Free delivery and no minimum order. Tell us your postcode and we will show the days our vans come to your area.
        </p>
      </header>
      <DeliveryForm {...data} />
    </div>
  );
}
