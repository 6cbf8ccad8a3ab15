// "What you're agreeing to" at box checkout and in the order confirmation, in
// one pure function run by the server (the page without JS, the e-mail) and by
// the browser (live, as the shopper picks a date or a frequency). It follows the
// renewal engine (nextDeliveryDate): the next delivery is the region's run day
// on or after the first date plus the frequency, and it is charged at its
// change cut-off. So what the page promises is what the renewals will do.
import { formatCutoff, formatDeliveryDate, type RegionSchedule } from "~/delivery/schedule";
import { nextDeliveryDate } from "~/subscriptions/schedule";
import { frequencyLabel } from "~/box/rules";

export type AgreementTerms = {
  firstDelivery: string;
  /** yyyy-MM-dd */
  nextDate: string;
  nextDelivery: string;
  nextCharge: string;
  frequency: string;
};

/** The terms for a first delivery on `firstDate` and a box every `frequencyDays` days; null until both are chosen. */
export function agreementTerms(
  schedule: RegionSchedule | null,
  firstDate: string | null | undefined,
  frequencyDays: number | null | undefined,
): AgreementTerms | null {
  if (
    !firstDate ||
    !/^\d{4}-\d{2}-\d{2}$/.test(firstDate) ||
    !frequencyDays ||
    !Number.isInteger(frequencyDays) ||
    frequencyDays <= 0
  )
    return null;
  const nextDate = nextDeliveryDate(
    schedule ?? { weekdays: [], leadDays: 0, everyWeeks: 1 },
    firstDate,
    frequencyDays,
  );
  return {
    firstDelivery: formatDeliveryDate(firstDate),
    nextDate,
    nextDelivery: formatDeliveryDate(nextDate),
    nextCharge: schedule ? formatCutoff(schedule, nextDate) : formatDeliveryDate(nextDate),
    frequency: frequencyLabel(frequencyDays),
  };
}
