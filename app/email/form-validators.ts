// The mailbox filter's browser validator, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

export const mailboxFilterBrowserValidator = lazyValidator(() =>
  import("./mailbox-filter-schema").then((s) => s.mailboxFilterValidator),
);
