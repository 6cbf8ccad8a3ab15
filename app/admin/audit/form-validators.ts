// The audit filter's browser validator, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

export const auditFilterBrowserValidator = lazyValidator(() =>
  import("./audit-filter-schema").then((s) => s.auditFilterValidator),
);
