// "Your box" on "Change what comes next": the cut and add-on steppers (plain posts, with JS the product
// cards' fetchers) edit a pending box kept in the page's cookie; "Save box changes" writes it. When that
// adds a knife the saved box does not have, the save form shows the knife age check (SPEC §5, §6).
import { Form } from "@remix-run/react";
import { createValidator } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import {
  ProductCard,
  STEPPER_FORM_ID,
  useOptimisticQuantities,
} from "~/box/components/product-card";
import type { ListingGroup } from "~/box/components/product-listing";
import { selectionCountLabel, selectionStatus } from "~/box/rules";
import { KNIFE_CHECK_TITLE, KnifeCheckFields } from "~/box/components/knife-check-fields";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import type { NextBoxPage } from "~/subscriptions/next-box.server";
import { Refusal, type SectionState } from "./change-section";

import { SAVE_FORM_ID } from "../subscriber-form-validators";
/** The knife age check is saveBox's (the server's): the form only shows its answer, so nothing is checked in the browser. */
const saveBoxValidator = createValidator({
  validate: async (data) => ({ data, error: undefined }),
  validateField: async () => ({}),
});

type Page = Pick<
  NextBoxPage,
  "customizable" | "maximum" | "pending" | "dirty" | "cuts" | "addons" | "knifeCheck"
>;

/**
 * `self`: the page's own address, where steppers and "Discard" post. `stepRefusal`: a refused stepper
 * press, shown on its product's card. `discarding`: "Discard box changes" is posting.
 */
export function BoxSection({
  page: d,
  self,
  save,
  discarding,
  stepRefusal,
}: {
  page: Page;
  self: string;
  save: SectionState;
  discarding: boolean;
  stepRefusal: { message: string; productId: number | null } | null;
}) {
  const quantities = useOptimisticQuantities({ ...d.pending.items, ...d.pending.addons });
  const cutIds = new Set(d.cuts.flatMap((g) => g.products.map((p) => p.id)));
  const count = Object.entries(quantities)
    .filter(([id]) => cutIds.has(Number(id)) || d.pending.items[Number(id)] !== undefined)
    .reduce((a, [, q]) => a + q, 0);
  const status = selectionStatus(count, d.maximum);
  const canSave = d.dirty && (!d.customizable || status.complete);
  const cards = (groups: ListingGroup[], showPrice: boolean) => (
    <ProductGroups
      groups={groups}
      showPrice={showPrice}
      quantities={quantities}
      self={self}
      stepRefusal={stepRefusal}
    />
  );

  return (
    <>
      {/* every card's buttons submit this form (form="stepper-form") */}
      <form id={STEPPER_FORM_ID} method="post" action={self} hidden>
        <CsrfInput />
      </form>

      <section className="dash-sub__section" aria-labelledby="box-title">
        <h2 id="box-title">Your box</h2>
        {d.customizable ? (
          <>
            <p className="next-box__counter">
              Cuts chosen:{" "}
              <output aria-live="polite" id="cut-counter">
                {selectionCountLabel(count, d.maximum)}
              </output>
              {status.complete
                ? ". Your box is full."
                : status.over
                  ? `. Remove ${count - d.maximum} to save.`
                  : `. Add ${status.remaining} more to save.`}
            </p>
            {cards(d.cuts, false)}
          </>
        ) : (
          <p>The cuts in this box are chosen by our butchers each month.</p>
        )}
        <h2 id="addons-title">Add-ons</h2>
        {cards(d.addons, true)}
        <SaveBoxForm
          save={save}
          canSave={canSave}
          dirty={d.dirty}
          knifeCheck={Boolean(d.knifeCheck)}
          self={self}
          discarding={discarding}
        />
      </section>
    </>
  );
}

/** "Save box changes" (with the knife age check when the save adds a knife) and "Discard box changes". */
function SaveBoxForm({
  save,
  canSave,
  dirty,
  knifeCheck,
  self,
  discarding,
}: {
  save: SectionState;
  canSave: boolean;
  dirty: boolean;
  knifeCheck: boolean;
  self: string;
  discarding: boolean;
}) {
  const saveControls = (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value="save-box" />
      <SubmitButton
        variant="primary"
        disabled={!canSave}
        pending={save.pending}
        aria-describedby="applies-from"
      >
        Save box changes
      </SubmitButton>
      {dirty ? <span className="field__hint"> You have unsaved changes to your box.</span> : null}
    </>
  );
  return (
    <>
      <Refusal message={save.refusal} />
      {/* the knife check needs the form library's fields; without a new knife a plain form costs less to draw */}
      {knifeCheck ? (
        <ValidatedForm
          id={SAVE_FORM_ID}
          method="post"
          action={save.action}
          validator={saveBoxValidator}
          noValidate
          className="dash-inline-form next-box__save"
        >
          <FocusFirstError formId={SAVE_FORM_ID} />
          <fieldset className="dash-fieldset next-box__knife">
            <legend className="field__label">{KNIFE_CHECK_TITLE}</legend>
            <KnifeCheckFields />
          </fieldset>
          {saveControls}
        </ValidatedForm>
      ) : (
        <Form
          id={SAVE_FORM_ID}
          method="post"
          action={save.action}
          className="dash-inline-form next-box__save"
        >
          {saveControls}
        </Form>
      )}
      {dirty ? (
        <Form method="post" action={self} className="dash-inline-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="discard" />
          <SubmitButton variant="quiet" pending={discarding}>
            Discard box changes
          </SubmitButton>
        </Form>
      ) : null}
    </>
  );
}

/** The product cards of each group, their steppers posting to the page (`self`). */
function ProductGroups({
  groups,
  showPrice,
  quantities,
  self,
  stepRefusal,
}: {
  groups: ListingGroup[];
  showPrice: boolean;
  quantities: Record<number, number>;
  self: string;
  stepRefusal: { message: string; productId: number | null } | null;
}) {
  return groups.map((g) => (
    <section key={g.id} className="product-section" aria-labelledby={`section-${g.id}`}>
      <h3 className="product-section__title" id={`section-${g.id}`}>
        {g.name}
      </h3>
      <div className="product-grid">
        {g.products.map((p) => (
          <ProductCard
            key={p.id}
            product={p}
            quantity={quantities[p.id] ?? 0}
            showPrice={showPrice}
            action={self}
            error={stepRefusal?.productId === p.id ? stepRefusal.message : null}
          />
        ))}
      </div>
    </section>
  ));
}
