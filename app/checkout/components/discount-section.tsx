// Section 4 of the box checkout: a discount code, applied on its own ("Apply") or with the order.
import { useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { RadioCardGroup, TextField } from "~/components/forms";
import { CHECKOUT_FORM_ID as FORM_ID } from "../form-ids";
import { CheckoutSection, useLandOn } from "./checkout-section";

export type DiscountView = {
  code: string;
  description: string;
  needsChoice: boolean;
  choices: { id: number; name: string }[];
};

export function DiscountSection({
  discount,
  notice,
}: {
  discount: DiscountView | null;
  notice: { ok: boolean; message: string } | null;
}) {
  const landOn = useLandOn();
  const applyButton = useRef<HTMLButtonElement>(null);
  useClearRefusedCode();
  return (
    <CheckoutSection headingId="co-discount" n={4} title="Discount code">
      <div className="checkout-form__discount">
        <TextField
          name="discountCode"
          label="Discount code (optional)"
          autoComplete="off"
          maxLength={40}
          spellCheck={false}
          // Enter here applies the code (without JS the server treats a new code sent with the order the same way)
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            applyButton.current?.click();
          }}
        />
        <button
          ref={applyButton}
          type="submit"
          name="intent"
          value="discount"
          formNoValidate
          formAction={landOn("co-discount")}
          className="button button--secondary"
        >
          Apply
        </button>
      </div>
      <div aria-live="polite">
        {notice ? (
          <p
            className={`form-alert ${notice.ok ? "form-alert--success" : "form-alert--error"}`}
            role={notice.ok ? "status" : "alert"}
          >
            {notice.message}
          </p>
        ) : discount ? (
          <p className="form-alert form-alert--success" role="status">
            {discount.code}: {discount.description}.
          </p>
        ) : null}
      </div>
      {discount?.needsChoice ? (
        <RadioCardGroup
          name="choice"
          label="Choose your free product"
          options={discount.choices.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      ) : null}
    </CheckoutSection>
  );
}

/**
 * A code refused while placing the order comes back empty (the route's clearRefusedCode). Without
 * JS the page is drawn again; with JS the field still holds the code, and posting it again would
 * only be refused again: empty it too. One refused at "Apply" stays to be corrected.
 */
function useClearRefusedCode() {
  const answer = useActionData<{ discountCleared?: boolean }>();
  useEffect(() => {
    if (!answer?.discountCleared) return;
    const field = document
      .getElementById(FORM_ID)
      ?.querySelector<HTMLInputElement>('input[name="discountCode"]');
    if (field) field.value = "";
  }, [answer]);
}
