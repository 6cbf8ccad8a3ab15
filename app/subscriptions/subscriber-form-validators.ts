// The subscriber's forms in the browser: their ids and their validators, whose zod schemas
// (./subscriber-schema) load on first use (docs/decisions/004). Zod-free, so the server's actions
// read the form ids here too.
import { lazyValidator } from "~/utils/lazy-validator";

/** The box's save form: its knife age check answers under its fields. */
export const SAVE_FORM_ID = "save-box";

/** The sections of "Change what comes next" whose forms have fields, by their `intent`. */
export const CHANGE_FORMS = {
  frequency: "change-frequency",
  day: "change-day",
  window: "change-window",
  address: "change-address",
} as const;
export type ChangeSectionIntent = keyof typeof CHANGE_FORMS;

const schemas = () => import("./subscriber-schema");

export const subscriberFormValidators = {
  pause: lazyValidator(() => schemas().then((m) => m.subscriberValidators.pause)),
  cancel: lazyValidator(() => schemas().then((m) => m.subscriberValidators.cancel)),
  frequency: lazyValidator(() => schemas().then((m) => m.subscriberValidators.frequency)),
  day: lazyValidator(() => schemas().then((m) => m.subscriberValidators.day)),
  window: lazyValidator(() => schemas().then((m) => m.subscriberValidators.window)),
  address: lazyValidator(() => schemas().then((m) => m.subscriberValidators.address)),
};
