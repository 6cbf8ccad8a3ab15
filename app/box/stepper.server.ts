// The add/remove action shared by the cuts and add-ons steps. A plain form post
// answers with a 303 back to the card; a fetcher gets data. Refusals are data
// with a message (status 400), never a 500, and nothing is saved.
import { data, redirect } from "@remix-run/node";
import { readForm } from "~/security/csrf.server";
import { FlowError, requireFlow } from "./flow.server";
import { StepperSchema, type StepperIntent } from "./schemas";
import { STEP_PATHS } from "./steps";
import { parseStep } from "./rules";

export async function stepperAction(
  request: Request,
  step: "your-items" | "addons",
  change: (subscriptionId: number, input: StepperIntent) => Promise<{ quantity: number }>,
) {
  const formData = await readForm(request);
  const flow = await requireFlow(request, step);
  const viaFetcher = formData.get("via") === "fetcher";
  // "Next step": the next page's guard decides whether the box is ready for it.
  if (formData.get("intent") === "next")
    return redirect(step === "your-items" ? STEP_PATHS.addons : STEP_PATHS.checkout, 303);
  const posted = parseStep(formData.get("step"));
  const parsed = StepperSchema.safeParse(
    posted ?? { intent: formData.get("intent"), productId: formData.get("productId") },
  );
  if (!parsed.success)
    return data(
      { error: "Please choose a product to add or remove.", productId: null },
      { status: 400 },
    );
  const { productId } = parsed.data;
  try {
    const result = await change(flow.draft.id, parsed.data);
    if (viaFetcher) return { ok: true, productId, quantity: result.quantity, error: null };
    return redirect(`${STEP_PATHS[step]}#card-${productId}`, 303);
  } catch (error) {
    if (error instanceof FlowError)
      return data({ error: error.message, productId }, { status: 400 });
    throw error;
  }
}
