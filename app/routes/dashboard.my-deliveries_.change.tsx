// /dashboard/my-deliveries/change?subscription={id}: "Change what comes next".
// The owner changes the cuts (custom boxes, exactly the box's maximum before
// saving), add-ons, frequency, delivery day, delivery time and address for the next box and
// every later one (app/subscriptions/next-box.server.ts); each section is a component of
// app/subscriptions/components/. The cut and add-on steppers edit a pending box kept in a
// signed cookie of this page; saveBox refuses a new knife without the age check. Every
// saved change answers with the my-deliveries confirmation (?done={reference}) and shows in the activity list. Another user's
// subscription answers 404, like a missing one.
// (The file name's "_" keeps this page out of the my-deliveries page, which
// has no outlet, while it stays inside the dashboard layout.)
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { appOrigin } from "~/accounts/origin.server";
import { requireUser } from "~/accounts/session.server";
import { readForm } from "~/security/csrf.server";
import { AppliesFromNotice } from "~/subscriptions/components/applies-from-notice";
import { BoxSection } from "~/subscriptions/components/box-section";
import { Refusal, type SectionState } from "~/subscriptions/components/change-section";
import {
  AddressSection,
  DaySection,
  FrequencySection,
  WindowSection,
} from "~/subscriptions/components/delivery-sections";
import { readPending } from "~/subscriptions/next-box-cookie.server";
import {
  ChangeRefusedError,
  SubscriptionNotFoundError,
  firstLiveSubscriptionId,
  loadNextBox,
  type SubscriptionRef,
} from "~/subscriptions/next-box.server";
import { nextBoxAction, type NextBoxActionData } from "~/subscriptions/next-box-actions.server";
import { SAVE_FORM_ID } from "~/subscriptions/subscriber-form-validators";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";
import dashboardHref from "~/styles/dashboard.css";
import { loaderAndActionHeaders } from "~/http/route-headers";

const PATH = "/dashboard/my-deliveries/change";

export const meta: MetaFunction = () =>
  pageMeta("Change what comes next", "Change your next box and every one after it.");
export const links = () => [
  { rel: "stylesheet", href: boxCss },
  { rel: "stylesheet", href: dashboardHref },
];

// the loader's no-store reaches the response
export const headers = loaderAndActionHeaders;

/** The subscription of ?subscription= (the user's first live one when absent). */
async function subscriptionRefOf(request: Request, userId: number): Promise<SubscriptionRef> {
  const param = new URL(request.url).searchParams.get("subscription");
  if (param !== null) {
    const id = /^\d{1,9}$/.test(param) ? Number(param) : 0;
    return { id, userId };
  }
  const first = await firstLiveSubscriptionId(userId);
  if (first === null) throw redirect("/dashboard/my-deliveries", 303);
  return { id: first, userId };
}

const notFound = () => new Response("Not found", { status: 404 });
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const ref = await subscriptionRefOf(request, user.id);
  try {
    const page = await loadNextBox(ref, await readPending(request, ref));
    return data(page, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError) throw notFound();
    if (error instanceof ChangeRefusedError) throw redirect("/dashboard/my-deliveries", 303);
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const ref = await subscriptionRefOf(request, user.id);
  const form = await readForm(request);
  return nextBoxAction({
    request,
    form,
    ref,
    self: `${PATH}?subscription=${ref.id}`,
    opts: { origin: appOrigin(request), actor: { kind: "subscriber", email: user.email } },
  });
}

/** The anchor of each change's section: its form posts there, so the answer (a refusal) lands in view. */
const SECTION_OF: Record<string, string> = {
  "save-box": SAVE_FORM_ID,
  frequency: "frequency-title",
  day: "day-title",
  window: "window-title",
  address: "address-title",
};

export default function ChangeWhatComesNext() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as NextBoxActionData | undefined;
  const navigation = useNavigation();
  const self = `${PATH}?subscription=${d.subscription.id}`;
  const refusal = actionData?.refusal;
  const stepRefusal = refusal?.intent === "step" ? refusal : null;
  // a refused change shows in its own section, where the page lands (the forms post to their section's anchor)
  const sectionRefusal = refusal && SECTION_OF[refusal.intent] ? refusal : null;
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const state = (intent: string): SectionState => ({
    action: `${self}#${SECTION_OF[intent]}`,
    refusal: sectionRefusal?.intent === intent ? sectionRefusal.message : null,
    pending: busy(intent),
  });

  return (
    <section className="section dash next-box" aria-labelledby="next-box-title">
      <div className="container">
        <p>
          <Link to="/dashboard/my-deliveries">Back to my deliveries</Link>
        </p>
        <h1 id="next-box-title">Change what comes next</h1>
        <p className="field__hint">{d.subscription.boxName}</p>
        <AppliesFromNotice page={d} />
        <Refusal
          message={
            refusal && !stepRefusal && !sectionRefusal
              ? refusal.message
              : (actionData?.formError ?? null)
          }
        />
        <Refusal message={stepRefusal && !stepRefusal.productId ? stepRefusal.message : null} />
        <BoxSection
          page={d}
          self={self}
          save={state("save-box")}
          discarding={busy("discard")}
          stepRefusal={stepRefusal}
        />
        <FrequencySection page={d} state={state("frequency")} />
        {d.days.length > 1 ? <DaySection page={d} state={state("day")} /> : null}
        {d.windows.length ? <WindowSection page={d} state={state("window")} /> : null}
        <AddressSection page={d} state={state("address")} />
      </div>
    </section>
  );
}
