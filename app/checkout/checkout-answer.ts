// What the box checkout's action answers and its page shows: data only, so the action
// (checkout-actions.server.ts) needs no UI module.
import type { PostcodeLookup } from "~/delivery/lookup.server";

export type CheckoutDialogState =
  | { kind: "address-doubt"; signature: string; message: string }
  | { kind: "overnight"; message: string }
  | { kind: "out-of-stock"; message: string; items: string[] }
  | { kind: "error"; title: string; message: string; focus?: string };

export const OVERNIGHT_DIALOG =
  "Overnight silent delivery: we send no SMS and the driver sends no notification. Your box is left at your door while you sleep, so leave us a safe spot in the delivery notes.";

export type CheckoutAnswer = {
  fieldErrors: Record<string, string>;
  formId: string;
  repopulateFields: Record<string, unknown>;
  dialog?: CheckoutDialogState;
  nextKey?: string;
  lookup?: PostcodeLookup;
  discountNotice?: { ok: boolean; message: string };
  /** the refused code was taken out of the field (see clearRefusedCode) */
  discountCleared?: boolean;
  /** the total differs from the one shown: the summary and the button are loaded again (decision 036) */
  totalChanged?: boolean;
  /** the answer to "Confirm code" / "Send a new code" (decision 039) */
  emailProof?: { ok: boolean; message: string };
};
