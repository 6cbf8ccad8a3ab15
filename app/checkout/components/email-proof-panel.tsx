// The e-mail code of the box checkout (decision 039). It sits inside the
// checkout form, so "Confirm code" and "Send a new code" post everything typed
// and the page gives it back, with JS on or off. Shown to few shoppers, so the
// checkout route loads it only when it is on the page.
import { Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { EMAIL_CODE_FIELD } from "~/accounts/email-code-field";

const ANCHOR = "email-proof";
const MESSAGE_ID = "co-email-code-message";

type Notice = { ok: boolean; message: string };

export type EmailProofPanelProps = {
  /** null once the e-mail is proved (the answer then says so) */
  view: { email: string; codeSent: boolean; notice: Notice | null } | null;
  answer: Notice | null;
  typed: string;
};

export default function EmailProofPanel({ view, answer, typed }: EmailProofPanelProps) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  // Without JS the answer is a new page: it lands here, where its message is.
  const landOn = hydrated ? undefined : `${pathname}${search}#${ANCHOR}`;
  const notice = answer ?? view?.notice ?? null;
  const message = notice ? <NoticeLine notice={notice} /> : null;
  if (!view)
    return (
      <div id={ANCHOR} aria-live="polite">
        {message}
      </div>
    );
  return (
    <div id={ANCHOR} className="form-alert form-alert--info checkout__proof">
      <p>
        <strong>There's already an account for {view.email}.</strong>{" "}
        {view.codeSent
          ? "We've sent a 6-digit code to it: enter it here to carry on, or sign in."
          : "To carry on, press “Send a new code” and enter the code from the e-mail, or sign in."}{" "}
        Until then we show nothing of that account and can't place your order on it. What you type
        below is kept.
      </p>
      <CodeRow typed={typed} notice={notice} landOn={landOn} />
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

function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <p
      id={MESSAGE_ID}
      className={`form-alert ${notice.ok ? "form-alert--success" : "form-alert--error"}`}
      role={notice.ok ? "status" : "alert"}
    >
      {notice.message}
    </p>
  );
}

/** The code and "Confirm code"; Enter in the field confirms it. */
function CodeRow({
  typed,
  notice,
  landOn,
}: {
  typed: string;
  notice: Notice | null;
  landOn: string | undefined;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  return (
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
          aria-describedby={notice ? MESSAGE_ID : undefined}
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
  );
}
