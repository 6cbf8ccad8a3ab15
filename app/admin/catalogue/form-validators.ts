// The catalogue forms' browser validators, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

const schemas = () => import("./catalogue-schema");

export const productBrowserValidator = lazyValidator(() =>
  schemas().then((s) => s.productFormValidator),
);
export const boxSizesBrowserValidator = lazyValidator(() =>
  schemas().then((s) => s.boxSizesValidator),
);
export const contentsBrowserValidator = lazyValidator(() =>
  schemas().then((s) => s.contentsValidator),
);
