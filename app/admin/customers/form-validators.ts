// The customer page's browser validators, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

const schemas = () => import("./customer-schema");

export const pauseBrowserValidator = lazyValidator(() =>
  schemas().then((s) => s.careValidators.pause),
);
export const cancelBrowserValidator = lazyValidator(() =>
  schemas().then((s) => s.careValidators.cancel),
);
export const boxBrowserValidator = lazyValidator(() => schemas().then((s) => s.careValidators.box));
export const creditBrowserValidator = lazyValidator(() =>
  schemas().then((s) => s.careValidators.credit),
);
