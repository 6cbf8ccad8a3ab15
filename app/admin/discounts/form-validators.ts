// The discount form's browser validator, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

export const discountFormBrowserValidator = lazyValidator(() =>
  import("./discount-schema").then((s) => s.discountFormValidator),
);
