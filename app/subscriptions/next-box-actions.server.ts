// The action of "Change what comes next" (/dashboard/my-deliveries/change), one function per
// posted intent (dispatchIntent): the cut and add-on steppers, discarding and saving the pending box,
// and the frequency, day, time and address sections. A saved change answers with the my-deliveries
// confirmation (?done={reference}); a section's refusal goes back under its field (validationError),
// with the choice made kept; a refused step or box save as the page's refusal.
import { data, redirect } from "@remix-run/node";
import { validationError, type Validator } from "remix-validated-form";
import type { StepperResult } from "~/box/components/product-card";
import { parseStep } from "~/box/rules";
import { dispatchIntent } from "~/http/intents.server";
import { clearPending, readPending, writePending } from "./next-box-cookie.server";
import {
  ChangeRefusedError,
  KnifeConfirmationError,
  SubscriptionNotFoundError,
  changeAddress,
  changeDeliveryDay,
  changeFrequency,
  changeWindow,
  knifeConfirmationOf,
  saveBox,
  stepPending,
  type SubscriptionRef,
} from "./next-box.server";
import { CHANGE_FORMS, SAVE_FORM_ID, type ChangeSectionIntent } from "./subscriber-form-validators";
import { subscriberValidators } from "./subscriber-schema";

export type NextBoxActionData = StepperResult & {
  refusal?: { message: string; intent: string; productId: number | null };
  formError?: string;
};

type NextBoxAction = {
  request: Request;
  form: FormData;
  ref: SubscriptionRef;
  /** the page's own address, with its ?subscription= */
  self: string;
  opts: { origin: string; actor: { kind: "subscriber"; email: string } };
};

const refuse = (intent: string, message: string, productId: number | null = null) =>
  data<NextBoxActionData>(
    { error: message, productId, refusal: { message, intent, productId } },
    { status: 409 },
  );

async function done(reference: string, clear = false) {
  const headers: HeadersInit = clear ? { "Set-Cookie": await clearPending() } : {};
  return redirect(`/dashboard/my-deliveries?done=${encodeURIComponent(reference)}#confirmation`, {
    status: 303,
    headers,
  });
}

/** A posted number that can be a row id or a day count (PostgreSQL integer), else 0. */
const intField = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};

/** A stepper press: with JS the product card's fetcher gets the quantity, without it the page again. */
async function step({ request, form, ref, self }: NextBoxAction) {
  const pressed = parseStep(form.get("step"))!;
  const res = await stepPending(ref, await readPending(request, ref), pressed);
  const headers = { "Set-Cookie": await writePending(ref, res.pending) };
  if (form.get("via") === "fetcher")
    return data<NextBoxActionData>(
      { ok: true, productId: pressed.productId, quantity: res.quantity },
      { headers },
    );
  return redirect(`${self}#card-${pressed.productId}`, { status: 303, headers });
}

async function discard({ self }: NextBoxAction) {
  return redirect(self, { status: 303, headers: { "Set-Cookie": await clearPending() } });
}

async function saveBoxAction({ request, form, ref, opts }: NextBoxAction) {
  const pending = await readPending(request, ref);
  if (!pending) return refuse("save-box", "You have not changed your box yet.");
  const knife = knifeConfirmationOf(form);
  try {
    return await done((await saveBox(ref, pending, { ...opts, knife })).reference, true);
  } catch (error) {
    if (!(error instanceof KnifeConfirmationError)) throw error;
    return validationError(
      { formId: SAVE_FORM_ID, fieldErrors: error.fieldErrors },
      { knifeAdult: knife.adult, knifeDisclaimer: knife.disclaimer },
    );
  }
}

/** One section's save: its field's value to the change, a refusal back under that field. */
function sectionChange(
  intent: ChangeSectionIntent,
  field: string,
  validator: Validator<Record<string, string | undefined>>,
  run: (a: NextBoxAction, value: string) => Promise<{ reference: string }>,
) {
  return async (a: NextBoxAction) => {
    const result = await validator.validate(a.form);
    if (result.error) return validationError(result.error, result.submittedData);
    try {
      return await done((await run(a, result.data[field] ?? "")).reference);
    } catch (error) {
      if (!(error instanceof ChangeRefusedError)) throw error;
      return validationError(
        { formId: CHANGE_FORMS[intent], fieldErrors: { [field]: error.message } },
        result.submittedData,
        { status: 409 },
      );
    }
  };
}

const NEXT_BOX_ACTIONS = {
  discard,
  "save-box": saveBoxAction,
  frequency: sectionChange(
    "frequency",
    "frequencyDays",
    subscriberValidators.frequency,
    ({ ref, opts }, v) => changeFrequency({ ...ref, frequencyDays: intField(v) }, opts),
  ),
  day: sectionChange("day", "deliveryDate", subscriberValidators.day, ({ ref, opts }, v) =>
    changeDeliveryDay({ ...ref, date: v }, opts),
  ),
  window: sectionChange("window", "window", subscriberValidators.window, ({ ref, opts }, v) =>
    changeWindow({ ...ref, window: v }, opts),
  ),
  address: sectionChange("address", "addressId", subscriberValidators.address, ({ ref, opts }, v) =>
    changeAddress({ ...ref, addressId: intField(v) }, opts),
  ),
};

/**
 * Runs the posted change. A stepper press carries `step` (add:{id} or remove:{id}) instead of an
 * intent. Another user's subscription answers 404, like a missing one.
 */
export async function nextBoxAction(a: NextBoxAction): Promise<unknown> {
  const pressed = parseStep(a.form.get("step"));
  try {
    if (pressed) return await step(a);
    return await dispatchIntent(a.form, NEXT_BOX_ACTIONS, a);
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError)
      throw new Response("Not found", { status: 404 });
    if (error instanceof ChangeRefusedError)
      return refuse(
        pressed ? "step" : String(a.form.get("intent") ?? ""),
        error.message,
        pressed?.productId ?? null,
      );
    throw error;
  }
}
