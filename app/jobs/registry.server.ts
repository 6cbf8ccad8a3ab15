// Every kind of timed work the runner does, in the order it runs them. A new
// kind (renewal reminders, renewals, retries) is one entry here. The mail relay
// runs last, so what the others put in the outbox leaves in the same run.
import { mailRelayJob } from "~/email/relay.server";
import { giftCardMailJob } from "~/gift-cards/mail-job.server";
import { paymentRecoveryJob } from "~/payments/recovery.server";
import { SUBSCRIPTION_JOB_KINDS } from "~/subscriptions/jobs.server";
import type { JobKind } from "./types";

export const JOB_KINDS: JobKind<any>[] = [giftCardMailJob, ...SUBSCRIPTION_JOB_KINDS, paymentRecoveryJob, mailRelayJob];
