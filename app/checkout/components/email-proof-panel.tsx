// The e-mail code of the box checkout (decision 039). It sits inside the
// checkout form, so "Confirm code" and "Send a new code" post everything typed
// and the page gives it back, with JS on or off.
import { Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { EMAIL_CODE_FIELD } from "~/accounts/email-proof-schema";

export const EMAIL_PROOF_ANCHOR = "email-proof";

export type EmailProofPanelProps = {
  /** null once the e-mail is proved (the answer then says so) */
  view: {
    email: string;
    codeSent: boolean;
    notice: { ok: boolean; message: string } | null;
  } | null;
  answer: { ok: boolean; message: string } | null;
  typed: string;
};

export function EmailProofPanel({ view, answer, typed }: EmailProofPanelProps) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const confirm = useRef<HTMLButtonElement>(null);
  // Without JS the answer is a new page: it lands here, where its message is.
  const landOn = hydrated ? undefined : `${pathname}${search}#${EMAIL_PROOF_ANCHOR}`;
  const notice = answer ?? view?.notice ?? null;
  const message = notice ? (
    <p
      id="co-email-code-message"
      className={`form-alert ${notice.ok ? "form-alert--success" : "form-alert--error"}`}
      role={notice.ok ? "status" : "alert"}
    >
      {notice.message}
    </p>
  ) : null;
  if (!view)
    return (
      <div id={EMAIL_PROOF_ANCHOR} aria-live="polite">
        {message}
      </div>
    );
  return (
    <div id={EMAIL_PROOF_ANCHOR} className="form-alert form-alert--info checkout__proof">
      <p>
        <strong>There's already an account for {view.email}.</strong>{" "}
        {view.codeSent
          ? "We've sent a 6-digit code to it: enter it here to carry on, or sign in."
          : "To carry on, press “Send a new code” and enter the code from the e-mail, or sign in."}{" "}
        Until then we show nothing of that account and can't place your order on it. What you type
        below is kept.
      </p>
      <div className="checkout__proof-row">
        <div className="field">
          <label htmlFor="co-email-code" className="field__label">
            Code from the e-mail
          </label>
          <input
            id="co-email-code"
            name={EMAIL_CODE_FIELD}
            className="field__input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            defaultValue={typed}
            aria-invalid={notice && !notice.ok ? true : undefined}
            aria-describedby={notice ? "co-email-code-message" : undefined}
            // Enter here confirms the code (without JS the server treats a code sent with the order the same way)
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault();
              confirm.current?.click();
            }}
          />
        </div>
        <button
          ref={confirm}
          type="submit"
          name="intent"
          value="email-code"
          formNoValidate
          formAction={landOn}
          className="button button--secondary"
        >
          Confirm code
        </button>
      </div>
      <div aria-live="polite">{message}</div>
      <p className="checkout__proof-links">
        <button
          type="submit"
          name="intent"
          value="email-code-resend"
          formNoValidate
          formAction={landOn}
          className="button button--secondary"
        >
          Send a new code
        </button>
        <Link to="/sign-in?destination=/get-started/checkout">Sign in instead</Link>
      </p>
    </div>
  );
}
