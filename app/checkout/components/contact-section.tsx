// Section 1 of the box checkout: the e-mail (fixed at get-started), the name, phone and password.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CheckboxField, TextField } from "~/components/forms";
import { PASSWORD_MIN_LENGTH as PASSWORD_MIN } from "~/accounts/password-rules";
import { CheckoutSection } from "./checkout-section";

export function ContactSection(p: {
  email: string;
  signedIn: boolean;
  needsPassword: boolean;
  showSms: boolean;
  showNewsletter: boolean;
  /** the e-mail code panel (decision 039), shown under the e-mail */
  emailProof?: ReactNode;
}) {
  return (
    <CheckoutSection headingId="co-contact" n={1} title="Contact details">
      <div className="field">
        <label htmlFor="co-email" className="field__label">
          Email address
        </label>
        <input
          id="co-email"
          className="field__input"
          type="email"
          value={p.email}
          readOnly
          aria-describedby="co-email-hint"
        />
        <p id="co-email-hint" className="field__hint">
          {p.signedIn ? (
            "The e-mail of your account."
          ) : (
            <>
              Your order and receipts go here. <Link to="/get-started">Use another e-mail</Link>
            </>
          )}
        </p>
      </div>
      {p.emailProof}
      <div className="form-row form-row--2">
        <TextField name="firstName" label="First name" autoComplete="given-name" maxLength={80} />
        <TextField name="lastName" label="Last name" autoComplete="family-name" maxLength={80} />
      </div>
      <TextField
        name="phone"
        label="Mobile phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={30}
        hint="Australian number, for delivery updates"
      />
      {p.needsPassword ? (
        <div className="form-row form-row--2">
          <TextField
            name="password"
            label="Choose a password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters. You'll use it to manage your deliveries.`}
          />
          <TextField
            name="passwordConfirmation"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
          />
        </div>
      ) : null}
      {p.showSms ? <CheckboxField name="sms" label="Text me delivery updates (SMS)" /> : null}
      {p.showNewsletter ? (
        <CheckboxField name="newsletter" label="Send me recipes and offers by e-mail" />
      ) : null}
    </CheckoutSection>
  );
}
