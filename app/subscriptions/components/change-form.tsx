// One small form per subscriber action (skip, unskip, pause, resume, cancel).
// Without JS it is a plain post answered with a redirect to the confirmation
// (PRG) or the page with the refusal; with JS every form submits through one
// shared fetcher, so the refusal shows at the top of the page either way.
import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton, type ButtonVariant } from "~/components/submit-button";

export const CHANGE_FETCHER_KEY = "subscriber-change";

export type RefusalData = { refusal?: { message: string; subscriptionId: number; intent: string } };

export function useChangeFetcher() {
  return useFetcher<RefusalData>({ key: CHANGE_FETCHER_KEY });
}

export function ChangeForm({
  intent,
  subscriptionId,
  fields,
  children,
  label,
  variant = "secondary",
  className,
  id,
}: {
  intent: "skip" | "unskip" | "pause" | "resume" | "cancel";
  subscriptionId: number;
  fields?: Record<string, string>;
  /** inputs shown before the button */
  children?: ReactNode;
  label: ReactNode;
  variant?: ButtonVariant;
  className?: string;
  id?: string;
}) {
  const fetcher = useChangeFetcher();
  const mine =
    fetcher.state !== "idle" &&
    fetcher.formData?.get("intent") === intent &&
    fetcher.formData?.get("subscriptionId") === String(subscriptionId) &&
    Object.entries(fields ?? {}).every(([k, v]) => fetcher.formData?.get(k) === v);
  return (
    <fetcher.Form
      method="post"
      action="/dashboard/my-deliveries"
      className={className ?? "dash-inline-form"}
      id={id}
    >
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      {Object.entries(fields ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <SubmitButton variant={variant} pending={mine}>
        {label}
      </SubmitButton>
    </fetcher.Form>
  );
}
