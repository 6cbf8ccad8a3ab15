// The orders search's browser validator, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

export const orderSearchBrowserValidator = lazyValidator(() =>
  import("./order-search-schema").then((s) => s.orderSearchValidator),
);
