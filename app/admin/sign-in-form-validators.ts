// The sign-in forms' browser validators, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

const schemas = () => import("./sign-in-schema");

export const staffPasswordFormValidator = lazyValidator(() =>
  schemas().then((s) => s.staffPasswordValidator),
);
export const staffCodeFormValidator = lazyValidator(() =>
  schemas().then((s) => s.staffCodeValidator),
);
