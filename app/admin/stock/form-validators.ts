// The stock page's browser validator, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

export const stockAdjustBrowserValidator = lazyValidator(() =>
  import("./stock-schema").then((s) => s.stockAdjustValidator),
);
