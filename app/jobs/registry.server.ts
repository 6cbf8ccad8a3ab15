// Every kind of timed work the runner does, in the order it runs them. A new
// kind (renewal reminders, renewals, retries) is one entry here. The mail relay
// runs after the others, so what they put in the outbox leaves in the same run;
// the cleanup of rows nothing can use any more comes last, so it never holds up mail.
import { refundSettlementJob } from "~/refunds/settle-unknown.server";
import { mailRelayJob } from "~/email/relay.server";
import { giftCardMailJob } from "~/gift-cards/mail-job.server";
import { paymentRecoveryJob } from "~/payments/recovery.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import { cleanupJob } from "./cleanup.server";
import { imageVariantsJob } from "./image-variants.server";
import type { JobKind } from "./types";

export const JOB_KINDS: JobKind<unknown>[] = [
  giftCardMailJob,
  ...SUBSCRIPTION_JOB_KINDS,
  paymentRecoveryJob,
  refundSettlementJob,
  mailRelayJob,
  imageVariantsJob,
  cleanupJob,
];
