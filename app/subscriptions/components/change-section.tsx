// One section of "Change what comes next": its heading, the refusal of its last post, and a plain
// form that posts its `intent` to the section's anchor, so the answer (a refusal) lands in view.
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-input";

/** What a section needs from the page: where it posts, its refused change, and whether it is posting now. */
export type SectionState = { action: string; refusal: string | null; pending: boolean };

export function Refusal({ message }: { message: string | null }) {
  return message ? (
    <div className="form-alert form-alert--error dash-notice" role="alert">
      <p>{message}</p>
    </div>
  ) : null;
}

export function ChangeSection({
  intent,
  title,
  state,
  children,
}: {
  intent: string;
  title: string;
  state: SectionState;
  children: ReactNode;
}) {
  return (
    <section className="dash-sub__section" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      <Refusal message={state.refusal} />
      <Form method="post" action={state.action}>
        <CsrfInput />
        <input type="hidden" name="intent" value={intent} />
        {children}
      </Form>
    </section>
  );
}
