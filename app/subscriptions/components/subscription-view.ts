// One subscription as /dashboard/my-deliveries receives it (its cut-off times as text, after the
// loader's JSON): the panel and its pause-or-cancel part both read it.
import type { SubscriptionDetail } from "../deliveries-summary.server";

export type Sub = Omit<SubscriptionDetail, "upcoming"> & {
  upcoming: (Omit<SubscriptionDetail["upcoming"][number], "cutoffAt"> & { cutoffAt: string })[];
};
