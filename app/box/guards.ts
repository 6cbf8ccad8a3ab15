// The flow's guards (SPEC §2) as one pure decision, so every step and the
// tests read the same rules.
import { ADDONS_RESTART_VERSION, STEP_PATHS, type FlowStep } from "./steps";

export const MY_DELIVERIES = "/dashboard/my-deliveries";

export type GuardInput = {
  step: FlowStep;
  /** a draft subscription is referenced from the session */
  hasDraft: boolean;
  /** the signed-in user has already ordered (users.orderedAt) */
  userOrdered: boolean;
  /** status is not draft, or a checked_out / checkout_error event exists */
  checkedOut: boolean;
  /** e-mail (or signed-in user), postcode, suburb, a still deliverable date and a time */
  detailsComplete: boolean;
  pkg: { selectionCustomizable: boolean; selectionMaximum: number | null } | null;
  selectionCount: number;
};

/** Where the visitor must go instead of `step`, or null when the step may show. */
export function flowRedirect(i: GuardInput): string | null {
  if (!i.hasDraft) {
    if (i.userOrdered) return MY_DELIVERIES;
    if (i.step === "get-started") return null;
    return i.step === "addons"
      ? `${STEP_PATHS["get-started"]}?v=${ADDONS_RESTART_VERSION}`
      : STEP_PATHS["get-started"];
  }
  if (i.checkedOut) return MY_DELIVERIES;
  if (i.step === "get-started") return null;
  if (!i.detailsComplete) return STEP_PATHS["get-started"];
  if (i.step === "your-box" || i.step === "curated-box" || i.step === "box-size") return null;
  if (!i.pkg) return STEP_PATHS["your-box"];
  const customizable = i.pkg.selectionCustomizable && Boolean(i.pkg.selectionMaximum);
  if (i.step === "your-items") return customizable ? null : STEP_PATHS.addons;
  // add-ons and checkout need a complete custom selection first
  if (customizable && i.selectionCount !== i.pkg.selectionMaximum) return STEP_PATHS["your-items"];
  return null;
}

/** After box-size: customizable packages pick their cuts, the others go to add-ons. */
export function nextAfterBoxSize(pkg: { selectionCustomizable: boolean }): string {
  return pkg.selectionCustomizable ? STEP_PATHS["your-items"] : STEP_PATHS.addons;
}
