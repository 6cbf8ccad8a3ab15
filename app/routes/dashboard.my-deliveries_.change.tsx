// /dashboard/my-deliveries/change?subscription={id}: "Change what comes next".
// The owner changes the cuts (custom boxes, exactly the box's maximum before
// saving), add-ons, frequency, delivery day, delivery time and address for the next box and
// every later one (app/subscriptions/next-box.server.ts). The cut and add-on
// steppers are plain posts (with JS, the product cards' fetchers) that edit a
// pending box kept in a signed cookie of this page; "Save box changes" writes
// it; when that adds a knife the saved box does not have, the save form shows
// the knife age check (SPEC §5, §6) and saveBox refuses it unticked. Every
// saved change answers with the my-deliveries confirmation (?done={reference}) and shows in the activity list. Another user's
// subscription answers 404, like a missing one.
// (The file name's "_" keeps this page out of the my-deliveries page, which
// has no outlet, while it stays inside the dashboard layout.)
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ValidatedForm, createValidator, validationError } from "remix-validated-form";
import { appOrigin } from "~/accounts/origin.server";
import { formatDeliveryDate } from "~/accounts/format";
import { requireUser } from "~/accounts/session.server";
import { ProductCard, STEPPER_FORM_ID, useOptimisticQuantities, type StepperResult } from "~/box/components/product-card";
import type { ListingGroup } from "~/box/components/product-listing";
import { parseStep, selectionCountLabel, selectionStatus } from "~/box/rules";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError } from "~/components/forms";
import { PlainRadioCards } from "~/components/plain-radio-cards";
import { SubmitButton } from "~/components/submit-button";
import { readForm } from "~/security/csrf.server";
import { clearPending, readPending, writePending } from "~/subscriptions/next-box-cookie.server";
import {
  ChangeRefusedError, KnifeConfirmationError, SubscriptionNotFoundError, changeAddress, changeDeliveryDay, changeFrequency, changeWindow, firstLiveSubscriptionId,
  knifeConfirmationOf, loadNextBox, saveBox, stepPending,
  type Owner,
} from "~/subscriptions/next-box.server";
import { pageMeta } from "~/utils/meta";
import boxCss from "~/styles/box.css";
import dashboardHref from "~/styles/dashboard.css";
import { KNIFE_CHECK_TITLE, KnifeCheckFields } from "~/checkout/components/knife-check-fields";
import { windowDescription } from "~/delivery/window-copy";
import { loaderAndActionHeaders } from "~/http/route-headers";

const PATH = "/dashboard/my-deliveries/change";
const SAVE_FORM_ID = "save-box";
/** The knife age check is saveBox's (the server's): the form only shows its answer, so nothing is checked in the browser. */
const saveBoxValidator = createValidator({ validate: async (data) => ({ data, error: undefined }), validateField: async () => ({}) });

export const meta: MetaFunction = () => pageMeta("Change what comes next", "Change your next box and every one after it.");
export const links = () => [{ rel: "stylesheet", href: boxCss }, { rel: "stylesheet", href: dashboardHref }];

// the loader's no-store reaches the response
export const headers = loaderAndActionHeaders;

/** The subscription of ?subscription= (the user's first live one when absent). */
async function ownerOf(request: Request, userId: number): Promise<Owner> {
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
/** A posted number that can be a row id or a day count (PostgreSQL integer), else 0. */
const intField = (v: FormDataEntryValue | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const owner = await ownerOf(request, user.id);
  try {
    const page = await loadNextBox(owner, await readPending(request, owner));
    return data(page, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError) throw notFound();
    if (error instanceof ChangeRefusedError) throw redirect("/dashboard/my-deliveries", 303);
    throw error;
  }
}

type ActionData = StepperResult & { refusal?: { message: string; intent: string; productId: number | null } };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const owner = await ownerOf(request, user.id);
  const form = await readForm(request);
  const step = parseStep(form.get("step"));
  const intent = step ? "step" : String(form.get("intent") ?? "");
  const self = `${PATH}?subscription=${owner.id}`;
  const opts = { origin: appOrigin(request), actor: { kind: "subscriber" as const, email: user.email } };
  const refuse = (message: string, productId: number | null = null) =>
    data<ActionData>({ error: message, productId, refusal: { message, intent, productId } }, { status: 409 });
  try {
    switch (intent) {
      case "step": {
        const res = await stepPending(owner, await readPending(request, owner), step!);
        const headers = { "Set-Cookie": await writePending(owner, res.pending) };
        if (form.get("via") === "fetcher") return data<ActionData>({ ok: true, productId: step!.productId, quantity: res.quantity }, { headers });
        return redirect(`${self}#card-${step!.productId}`, { status: 303, headers });
      }
      case "discard":
        return redirect(self, { status: 303, headers: { "Set-Cookie": await clearPending() } });
      case "save-box": {
        const pending = await readPending(request, owner);
        if (!pending) return refuse("You have not changed your box yet.");
        const knife = knifeConfirmationOf(form);
        try {
          return done((await saveBox(owner, pending, { ...opts, knife })).reference, true);
        } catch (error) {
          if (!(error instanceof KnifeConfirmationError)) throw error;
          return validationError({ formId: SAVE_FORM_ID, fieldErrors: error.fieldErrors }, { knifeAdult: knife.adult, knifeDisclaimer: knife.disclaimer });
        }
      }
      case "frequency":
        return done((await changeFrequency({ ...owner, frequencyDays: intField(form.get("frequencyDays")) }, opts)).reference);
      case "day":
        return done((await changeDeliveryDay({ ...owner, date: String(form.get("deliveryDate") ?? "") }, opts)).reference);
      case "window":
        return done((await changeWindow({ ...owner, window: String(form.get("window") ?? "") }, opts)).reference);
      case "address":
        return done((await changeAddress({ ...owner, addressId: intField(form.get("addressId")) }, opts)).reference);
      default:
        return refuse("That change is not available.");
    }
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError) throw notFound();
    if (error instanceof ChangeRefusedError) return refuse(error.message, step?.productId ?? null);
    throw error;
  }
}

async function done(reference: string, clear = false) {
  const headers: HeadersInit = clear ? { "Set-Cookie": await clearPending() } : {};
  return redirect(`/dashboard/my-deliveries?done=${encodeURIComponent(reference)}#confirmation`, { status: 303, headers });
}

/** The anchor of each change's section: its form posts there, so the answer (a refusal) lands in view. */
const SECTION_OF: Record<string, string> = {
  "save-box": SAVE_FORM_ID, frequency: "frequency-title", day: "day-title", window: "window-title", address: "address-title",
};

export default function ChangeWhatComesNext() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const self = `${PATH}?subscription=${d.subscription.id}`;
  const quantities = useOptimisticQuantities({ ...d.pending.items, ...d.pending.addons });
  const cutIds = new Set(d.cuts.flatMap((g) => g.products.map((p) => p.id)));
  const count = Object.entries(quantities).filter(([id]) => cutIds.has(Number(id)) || d.pending.items[Number(id)] !== undefined)
    .reduce((a, [, q]) => a + q, 0);
  const status = selectionStatus(count, d.maximum);
  const canSave = d.dirty && (!d.customizable || status.complete);
  const saveControls = (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value="save-box" />
      <SubmitButton variant="primary" disabled={!canSave} pending={busy("save-box")} aria-describedby="applies-from">Save box changes</SubmitButton>
      {d.dirty ? <span className="field__hint"> You have unsaved changes to your box.</span> : null}
    </>
  );
  const refusal = actionData?.refusal;
  const stepRefusal = refusal?.intent === "step" ? refusal : null;
  // a refused change shows in its own section, where the page lands (the forms post to their section's anchor)
  const sectionRefusal = refusal && SECTION_OF[refusal.intent] ? refusal : null;
  const refusalIn = (intent: string) => sectionRefusal?.intent === intent ? (
    <div className="form-alert form-alert--error dash-notice" role="alert"><p>{sectionRefusal.message}</p></div>
  ) : null;
  const postTo = (intent: string) => `${self}#${SECTION_OF[intent]}`;

  const applies = d.lockedDate ? (
    <p>
      Your delivery on <strong>{formatDeliveryDate(d.lockedDate)}</strong> is past its change cut-off: it is being packed and comes as it stands.
      {d.appliesFrom ? <> Changes you save now apply to the delivery after it, on <strong>{formatDeliveryDate(d.appliesFrom)}</strong>, and every one after that.</> : null}
    </p>
  ) : d.appliesFrom ? (
    <p>
      Changes you save apply to your next delivery, on <strong>{formatDeliveryDate(d.appliesFrom)}</strong>
      {d.next?.date === d.appliesFrom ? <> (change by {d.next.cutoffLabel})</> : null}, and every one after it.
    </p>
  ) : <p>Changes you save apply to every delivery from now on.</p>;

  const cards = (groups: ListingGroup[], showPrice: boolean) => groups.map((g) => (
    <section key={g.id} className="product-section" aria-labelledby={`section-${g.id}`}>
      <h3 className="product-section__title" id={`section-${g.id}`}>{g.name}</h3>
      <div className="product-grid">
        {g.products.map((p) => (
          <ProductCard key={p.id} product={p} quantity={quantities[p.id] ?? 0} showPrice={showPrice} action={self}
            error={stepRefusal?.productId === p.id ? stepRefusal.message : null} />
        ))}
      </div>
    </section>
  ));

  return (
    <section className="section dash next-box" aria-labelledby="next-box-title">
      <div className="container">
        <p><Link to="/dashboard/my-deliveries">Back to my deliveries</Link></p>
        <h1 id="next-box-title">Change what comes next</h1>
        <p className="field__hint">{d.subscription.boxName}</p>
        <div className={`form-alert ${d.lockedDate ? "form-alert--warning" : "form-alert--info"} dash-notice`} id="applies-from">
          <div>{applies}</div>
        </div>
        {refusal && !stepRefusal && !sectionRefusal ? (
          <div className="form-alert form-alert--error dash-notice" role="alert"><p>{refusal.message}</p></div>
        ) : null}
        {stepRefusal && !stepRefusal.productId ? (
          <div className="form-alert form-alert--error dash-notice" role="alert"><p>{stepRefusal.message}</p></div>
        ) : null}

        {/* every card's buttons submit this form (form="stepper-form") */}
        <form id={STEPPER_FORM_ID} method="post" action={self} hidden>
          <CsrfInput />
        </form>

        <section className="dash-sub__section" aria-labelledby="box-title">
          <h2 id="box-title">Your box</h2>
          {d.customizable ? (
            <>
              <p className="next-box__counter">
                Cuts chosen: <output aria-live="polite" id="cut-counter">{selectionCountLabel(count, d.maximum)}</output>
                {status.complete ? " — your box is full." : status.over ? ` — remove ${count - d.maximum} to save.` : ` — add ${status.remaining} more to save.`}
              </p>
              {cards(d.cuts, false)}
            </>
          ) : <p>The cuts in this box are chosen by our butchers each month.</p>}
          <h2 id="addons-title">Add-ons</h2>
          {cards(d.addons, true)}
          {refusalIn("save-box")}
          {/* the knife check needs the form library's fields; without a new knife a plain form costs less to draw */}
          {d.knifeCheck ? (
            <ValidatedForm id={SAVE_FORM_ID} method="post" action={postTo("save-box")} validator={saveBoxValidator} noValidate className="dash-inline-form next-box__save">
              <FocusFirstError formId={SAVE_FORM_ID} />
              <fieldset className="dash-fieldset next-box__knife">
                <legend className="field__label">{KNIFE_CHECK_TITLE}</legend>
                <KnifeCheckFields />
              </fieldset>
              {saveControls}
            </ValidatedForm>
          ) : (
            <Form id={SAVE_FORM_ID} method="post" action={postTo("save-box")} className="dash-inline-form next-box__save">{saveControls}</Form>
          )}
          {d.dirty ? (
            <Form method="post" action={self} className="dash-inline-form">
              <CsrfInput />
              <input type="hidden" name="intent" value="discard" />
              <SubmitButton variant="quiet" pending={busy("discard")}>Discard box changes</SubmitButton>
            </Form>
          ) : null}
        </section>

        <section className="dash-sub__section" aria-labelledby="frequency-title">
          <h2 id="frequency-title">Delivery frequency</h2>
          {refusalIn("frequency")}
          {d.frequency.changed ? <div className="form-alert form-alert--info dash-notice" role="status"><p>{d.frequency.changed} Save the frequency to confirm it.</p></div> : null}
          <Form method="post" action={postTo("frequency")}>
            <CsrfInput />
            <input type="hidden" name="intent" value="frequency" />
            {/* only what the delivery area can deliver (server: changeFrequency) */}
            <PlainRadioCards id="frequency" name="frequencyDays" legend="How often your box comes" className="radio-cards--frequency"
              options={d.frequencies.map((f) => ({ value: String(f.days), label: f.label }))} checked={String(d.frequency.days)} />
            <SubmitButton variant="secondary" pending={busy("frequency")} aria-describedby="applies-from">Save frequency</SubmitButton>
          </Form>
        </section>

        {d.days.length > 1 ? (
          <section className="dash-sub__section" aria-labelledby="day-title">
            <h2 id="day-title">Delivery day</h2>
            {refusalIn("day")}
            <Form method="post" action={postTo("day")}>
              <CsrfInput />
              <input type="hidden" name="intent" value="day" />
              <div className="field">
                <label htmlFor="deliveryDate" className="field__label">Move your next delivery to</label>
                <select id="deliveryDate" name="deliveryDate" className="field__input" defaultValue={d.days.find((day) => day.current)?.date}>
                  {d.days.map((day) => (
                    <option key={day.date} value={day.date}>{day.label}{day.current ? " (its day now)" : ""}, change by {day.cutoffLabel}</option>
                  ))}
                </select>
              </div>
              <p className="field__hint" id="day-hint">The deliveries after it follow from the new day at your frequency.</p>
              <SubmitButton variant="secondary" pending={busy("day")} aria-describedby="applies-from day-hint">Save delivery day</SubmitButton>
            </Form>
          </section>
        ) : null}

        {d.windows.length ? (
          <section className="dash-sub__section" aria-labelledby="window-title">
            <h2 id="window-title">Delivery time</h2>
            {refusalIn("window")}
            <Form method="post" action={postTo("window")}>
              <CsrfInput />
              <input type="hidden" name="intent" value="window" />
              <PlainRadioCards id="window" name="window" legend="When your box arrives"
                options={d.windows.map((w) => ({ value: w.code, label: w.label, description: windowDescription(w.isOvernight) }))} checked={d.subscription.deliveryWindow ?? "day"} />
              <SubmitButton variant="secondary" pending={busy("window")} aria-describedby="applies-from">Save delivery time</SubmitButton>
            </Form>
          </section>
        ) : null}

        <section className="dash-sub__section" aria-labelledby="address-title">
          <h2 id="address-title">Delivery address</h2>
          {refusalIn("address")}
          <Form method="post" action={postTo("address")}>
            <CsrfInput />
            <input type="hidden" name="intent" value="address" />
            <div className="field">
              <label htmlFor="addressId" className="field__label">Deliver to</label>
              <select id="addressId" name="addressId" className="field__input" defaultValue={d.subscription.shippingAddressId ?? undefined}>
                {d.addresses.map((a) => <option key={a.id} value={a.id}>{a.label}</option>)}
              </select>
              <p className="field__hint">Add or edit an address on <Link to="/dashboard/account#addresses">your account</Link>.</p>
            </div>
            <SubmitButton variant="secondary" pending={busy("address")} aria-describedby="applies-from">Save address</SubmitButton>
          </Form>
        </section>
      </div>
    </section>
  );
}
