// The flow's steps, their order and the progress indicator's labels (SPEC §2, §9).
import { FLOW_STEPS } from "~/config";

export type FlowStep =
  "get-started" | "your-box" | "curated-box" | "box-size" | "your-items" | "addons" | "checkout";

export const STEP_PATHS: Record<FlowStep, string> = {
  "get-started": "/get-started",
  "your-box": "/get-started/your-box",
  "curated-box": "/get-started/curated-box",
  "box-size": "/get-started/box-size",
  "your-items": "/get-started/your-items",
  addons: "/get-started/addons",
  checkout: "/get-started/checkout",
};

/** Query kept when the add-ons guard sends a visitor back to the start (SPEC §2). */
export const ADDONS_RESTART_VERSION = "20250707";

/** Position of each step in the indicator (1-based: add-ons is 3, checkout is 4). */
export const STEP_INDEX: Record<Exclude<FlowStep, "get-started">, number> = {
  "your-box": 1,
  "curated-box": 1,
  "box-size": 2,
  "your-items": FLOW_STEPS.addonsIndex,
  addons: FLOW_STEPS.addonsIndex,
  checkout: FLOW_STEPS.checkoutIndex,
};

export type IndicatorStep = { index: number; label: string; href: string };

/** The four steps shown; the third reads "Items" while a custom box's cuts are still to come. */
export function indicatorSteps(current: FlowStep, customizable: boolean): IndicatorStep[] {
  const itemsStep =
    current === "your-items" ||
    (customizable &&
      (current === "your-box" || current === "curated-box" || current === "box-size"));
  return [
    { index: 1, label: "Your box", href: STEP_PATHS["your-box"] },
    { index: 2, label: "Box size", href: STEP_PATHS["box-size"] },
    itemsStep
      ? { index: FLOW_STEPS.addonsIndex, label: "Items", href: STEP_PATHS["your-items"] }
      : { index: FLOW_STEPS.addonsIndex, label: FLOW_STEPS.addonsLabel, href: STEP_PATHS.addons },
    { index: FLOW_STEPS.checkoutIndex, label: "Checkout", href: STEP_PATHS.checkout },
  ];
}

/** ?v= of the entry link: short and plain, kept for analytics. */
export function cleanFlowVersion(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^[A-Za-z0-9._-]{1,24}$/.test(value) ? value : null;
}
