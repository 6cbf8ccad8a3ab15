// The actions of /admin/payments, one function per intent: "Retry now" charges the card again,
// "Send the pay link again" e-mails the pay link. A refusal is the page's form error (400 or 409).
import { data, redirect } from "@remix-run/node";
import { appOrigin } from "~/accounts/origin.server";
import { formError } from "~/accounts/form-error";
import { retryNow, sendPayLinkAgain } from "~/admin/payments/failed-payments.server";
import { PAYMENTS_FORM_ID, PaymentActionSchema } from "~/admin/payments/payment-schema";
import type { Staff } from "~/staff/staff-session.server";

const refused = (message: string, status: number) =>
  data(formError(PAYMENTS_FORM_ID, message, {}), { status });

const runWith =
  (run: typeof retryNow | typeof sendPayLinkAgain) =>
  async (staff: Staff, form: FormData, request: Request) => {
    const parsed = PaymentActionSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return refused(parsed.error.issues[0]?.message ?? "Choose a payment.", 400);
    const outcome = await run(staff, parsed.data.deliveryId, appOrigin(request));
    if (outcome.kind === "refused") return refused(outcome.message, 409);
    return redirect(
      `/admin/payments?done=${outcome.kind}&ref=${encodeURIComponent(outcome.reference)}#status`,
      303,
    );
  };

export const PAYMENT_INTENTS = { retry: runWith(retryNow), pay_link: runWith(sendPayLinkAgain) };
