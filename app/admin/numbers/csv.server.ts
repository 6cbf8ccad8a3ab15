// Each figure of the numbers as a CSV download (issue 37), built the way the courier manifest is
// (app/admin/packing/csv.ts: RFC 4180 quoting, a formula-looking cell kept as text); only that
// figure's query runs.
import { toCsv } from "./csv";
import {
  activeRows,
  boxesRows,
  churnRows,
  reasonRows,
  recoveryRows,
  recurringRows,
  revenueRows,
  weekRows,
  type FigureName,
} from "./figures";
import {
  activeSubscriptions,
  boxesPerDay,
  churn,
  paymentRecovery,
  recurringRevenue,
  revenuePerWeek,
  thisWeekFigure,
} from "./numbers.server";

export async function figureCsv(name: FigureName, now = new Date()): Promise<string> {
  switch (name) {
    case "active-subscriptions":
      return toCsv(activeRows(await activeSubscriptions()));
    case "new-and-cancelled":
      return toCsv(weekRows(await thisWeekFigure(now)));
    case "cancellation-reasons":
      return toCsv(reasonRows(await thisWeekFigure(now)));
    case "recurring-revenue":
      return toCsv(recurringRows(await recurringRevenue()));
    case "churn":
      return toCsv(churnRows(await churn(now)));
    case "boxes-per-day":
      return toCsv(boxesRows(await boxesPerDay(now)));
    case "revenue-per-week":
      return toCsv(revenueRows(await revenuePerWeek(now)));
    case "payment-recovery":
      return toCsv(recoveryRows(await paymentRecovery(now)));
  }
}
