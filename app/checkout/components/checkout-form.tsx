// The box checkout form (SPEC §2 "Checkout screen"). Every section is plain
// HTML that posts without JS; with JS the form validates as the shopper types,
// the billing fields fold away while "same as shipping" is ticked, and a new
// shipping postcode looks up its delivery dates after a 500 ms pause.
import { useActionData } from "@remix-run/react";
import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import { ValidatedForm } from "~/components/validated-form";
import { useHydrated } from "remix-utils/use-hydrated";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormSubmit } from "~/components/forms";
import type { PostcodeLookup } from "~/delivery/lookup.server";
import type { SavedCardView } from "~/payments/components/card-fields";
import { formatAud } from "~/utils/money";
import { CHECKOUT_FORM_ID as FORM_ID, type CheckoutContext } from "../form-ids";
import { checkoutFormValidator } from "../form-validators";
import { AgreementBox } from "./agreement-box";
import type { CheckoutDialogState } from "~/checkout/checkout-answer";
import { BillingSection } from "./billing-section";
import { CHECKOUT_DIALOG, checkoutDialogTitle } from "./checkout-dialog-title";
import { CHECKOUT_ANSWER, CheckoutProblems, checkoutProblems } from "./checkout-problems";
import { useLandOn } from "./checkout-section";
import { ContactSection } from "./contact-section";
import { useDeliverySchedule } from "./delivery-schedule";
import { DeliverySection } from "./delivery-section";
import { DiscountSection, type DiscountView } from "./discount-section";
import { KNIFE_CHECK_TITLE, KnifeCheckFields } from "~/box/components/knife-check-fields";
import { PaymentSection } from "./payment-section";

// A dialog opens only after an answer: its code stays out of the page's first download.
const CheckoutDialog = lazy(() => import("./checkout-dialogs"));

export type CheckoutFormProps = {
  idempotencyKey: string;
  email: string;
  signedIn: boolean;
  ctx: CheckoutContext;
  showSms: boolean;
  showNewsletter: boolean;
  savedCards: SavedCardView[];
  lookup: PostcodeLookup;
  draftPostcode: string;
  frequencies: { days: number; label: string }[];
  discount: DiscountView | null;
  discountNotice: { ok: boolean; message: string } | null;
  totalCents: number;
  /** the quote behind totalCents, posted back with it (decision 036) */
  shownQuote: string;
  recurringCents: number;
  boxName: string;
  defaults: Record<string, unknown>;
  dialog: CheckoutDialogState | null;
  confirmedAddress: string;
  overnightAccepted: boolean;
  /** the e-mail code panel (decision 039), shown under the e-mail */
  emailProof?: ReactNode;
};

export function CheckoutForm(p: CheckoutFormProps) {
  const hydrated = useHydrated();
  const validator = useMemo(() => checkoutFormValidator(p.ctx), [p.ctx]);
  const schedule = useDeliverySchedule(p);
  const landOn = useLandOn();
  const answer = useActionData<{ fieldErrors?: Record<string, string> }>();
  const problems = hydrated ? [] : checkoutProblems(answer?.fieldErrors ?? {}, p.dialog);
  return (
    <ValidatedForm
      id={FORM_ID}
      validator={validator}
      method="post"
      defaultValues={p.defaults as never}
      noValidate={hydrated}
      action={landOn(CHECKOUT_ANSWER)}
      className="form checkout-form"
    >
      <FocusFirstError formId={FORM_ID} />
      {/* Enter in a field places the order (the browser presses the first submit button), not "Apply" or
          "Update delivery dates" further down; kept out of the tab order and the accessibility tree */}
      <button
        type="submit"
        name="intent"
        value="place"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        Place order
      </button>
      <CheckoutProblems problems={problems} />
      <OrderFacts {...p} />
      <ContactSection
        email={p.email}
        signedIn={p.signedIn}
        needsPassword={p.ctx.needsPassword}
        showSms={p.showSms}
        showNewsletter={p.showNewsletter}
        emailProof={p.emailProof}
      />
      <DeliverySection
        schedule={schedule}
        frequencies={p.frequencies}
        defaultWindow={String(p.defaults.deliveryWindow ?? "")}
      />
      <BillingSection sameAtFirst={p.defaults.billingSameAsShipping !== false} />
      <DiscountSection discount={p.discount} notice={p.discountNotice} />
      {p.ctx.hasKnife ? <KnifeSection /> : null}
      <PaymentSection cardRequired={p.ctx.cardRequired} savedCards={p.savedCards} />
      <AgreementBox
        boxName={p.boxName}
        recurringCents={p.recurringCents}
        totalCents={p.totalCents}
        schedule={schedule.ok?.region.schedule ?? null}
        firstDate={schedule.firstDate}
        frequencyDays={schedule.fit.days}
      />
      <OpenDialog dialog={p.dialog} needsCardAgain={!hydrated && p.ctx.cardRequired} />
      <PlaceOrder totalCents={p.totalCents} />
    </ValidatedForm>
  );
}

/** What the page was drawn with, posted back with the order. */
function OrderFacts(p: CheckoutFormProps) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="idempotencyKey" value={p.idempotencyKey} />
      {/* the total this page shows: a different one at the server charges nothing and says why */}
      <input type="hidden" name="expectedTotalCents" value={p.totalCents} />
      <input type="hidden" name="shownQuote" value={p.shownQuote} />
      {p.confirmedAddress ? (
        <input type="hidden" name="addressConfirmed" value={p.confirmedAddress} />
      ) : null}
      {p.overnightAccepted ? <input type="hidden" name="overnightAccepted" value="true" /> : null}
    </>
  );
}

/** The action's dialog until the shopper closes it; a new answer brings a new one. */
function OpenDialog({
  dialog,
  needsCardAgain,
}: {
  dialog: CheckoutDialogState | null;
  needsCardAgain: boolean;
}) {
  const [closed, setClosed] = useState<CheckoutDialogState | null>(null);
  if (!dialog || dialog === closed) return null;
  return (
    <Suspense fallback={null}>
      <CheckoutDialog
        state={dialog}
        id={CHECKOUT_DIALOG}
        title={checkoutDialogTitle(dialog)}
        onClose={() => setClosed(dialog)}
        needsCardAgain={needsCardAgain}
      />
    </Suspense>
  );
}

function KnifeSection() {
  return (
    <section className="checkout-section" aria-labelledby="co-knife">
      <h2 id="co-knife" className="checkout-section__title">
        {KNIFE_CHECK_TITLE}
      </h2>
      <KnifeCheckFields />
    </section>
  );
}

function PlaceOrder({ totalCents }: { totalCents: number }) {
  return (
    <div className="flow__actions">
      <FormSubmit
        formId={FORM_ID}
        name="intent"
        value="place"
        className="button--block checkout-form__submit"
      >
        {totalCents > 0 ? (
          <>Place order and pay {formatAud(totalCents)}</>
        ) : (
          "Place order: your credit pays"
        )}
      </FormSubmit>
    </div>
  );
}
