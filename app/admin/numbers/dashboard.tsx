// The owner's numbers on /admin (issue 37): each figure in a card with what it counts in words, a
// text table with a caption (what a screen reader reads), a chart drawn on the server where a
// picture helps, and a CSV link. Nothing here needs JavaScript.
import type { ReactNode } from "react";
import { BarChart } from "~/admin/components/bar-chart";
import { TableBox } from "~/admin/components/table-box";
import { formatAud, formatStaffDay } from "~/admin/format";
import { NORMALISED_DAYS, formatRate, type FigureName, type Numbers, type Week } from "./figures";

const SHORT = new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", day: "numeric", month: "short" });
const WEEKDAY = new Intl.DateTimeFormat("en-AU", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
});
const short = (day: string) => SHORT.format(new Date(`${day}T00:00:00Z`));
const weekday = (day: string) => WEEKDAY.format(new Date(`${day}T00:00:00Z`));
const weekSpan = (w: Pick<Week, "monday" | "sunday">) =>
  `${formatStaffDay(w.monday)} to ${formatStaffDay(w.sunday)}`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** "$1.2k" on a chart's axis */
const kDollars = (cents: number) =>
  Math.abs(cents) >= 100_000 ? `$${Math.round(cents / 10_000) / 10}k` : formatAud(cents);

function Figure({
  id,
  title,
  csv,
  children,
}: {
  id: string;
  title: string;
  csv: FigureName | FigureName[];
  children: ReactNode;
}) {
  const links = Array.isArray(csv) ? csv : [csv];
  return (
    <section className="admin-card numbers__figure" aria-labelledby={id}>
      <h3 id={id} className="numbers__title">
        {title}
      </h3>
      {children}
      <p className="numbers__csv">
        {links.map((name) => (
          <a key={name} href={`/admin/numbers/${name}.csv`} download>
            Download {name.replaceAll("-", " ")} (CSV)
          </a>
        ))}
      </p>
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <TableBox label={caption}>
      <table className="admin-table numbers__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? "numbers__num" : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j} className="numbers__num">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

export function NumbersDashboard({ numbers }: { numbers: Numbers }) {
  const { active, week, recurring, churn, boxes, revenue, recovery } = numbers;
  return (
    <section className="numbers" aria-labelledby="numbers-heading">
      <h2 id="numbers-heading" className="numbers__heading">
        The numbers
      </h2>
      <p className="numbers__note">
        Weeks are Sydney weeks, Monday to Sunday. Money is in AUD, GST included as charged.
      </p>
      <div className="numbers__grid">
        <ActiveFigure active={active} />
        <WeekFigure week={week} />
        <RecurringFigure recurring={recurring} />
        <ChurnFigure churn={churn} />
        <BoxesFigure boxes={boxes} />
        <RevenueFigure revenue={revenue} />
        <RecoveryFigure recovery={recovery} />
      </div>
    </section>
  );
}

function ActiveFigure({ active }: { active: Numbers["active"] }) {
  return (
    <Figure id="numbers-active" title="Active subscriptions" csv="active-subscriptions">
      <p className="numbers__big">{active.active}</p>
      <p>subscriptions active now; {count(active.paused, "more is", "more are")} paused.</p>
    </Figure>
  );
}

function WeekFigure({ week }: { week: Numbers["week"] }) {
  return (
    <Figure id="numbers-week" title="This week" csv={["new-and-cancelled", "cancellation-reasons"]}>
      <p>{weekSpan(week.week)} (Sydney week, Monday to Sunday, so far).</p>
      <p className="numbers__pair">
        <span>
          <span className="numbers__big">{week.started}</span> new
        </span>
        <span>
          <span className="numbers__big">{week.cancelled}</span> cancelled
        </span>
      </p>
      {week.reasons.length ? (
        <Table
          caption="Why subscribers cancelled this week"
          head={["Reason", "Cancellations"]}
          rows={week.reasons.map((r) => [r.label, r.count])}
        />
      ) : (
        <p>No cancellations this week.</p>
      )}
    </Figure>
  );
}

function RecurringFigure({ recurring }: { recurring: Numbers["recurring"] }) {
  return (
    <Figure id="numbers-mrr" title="Monthly recurring revenue" csv="recurring-revenue">
      <p className="numbers__big">{formatAud(recurring.totalCents)}</p>
      <p>
        per 4 weeks: each active subscription&apos;s box and recurring add-ons at today&apos;s
        prices, times {NORMALISED_DAYS} ÷ its frequency in days (weekly ×4, fortnightly ×2, every 4
        weeks ×1, every 8 weeks ×½). GST included as charged; before discount codes and credit.
      </p>
      <Table
        caption="Recurring revenue per 4 weeks, by frequency"
        head={["Every", "Active", "Each delivery", "Per 4 weeks"]}
        rows={recurring.rows.map((r) => [
          count(r.frequencyDays, "day", "days"),
          r.subscriptions,
          formatAud(r.perDeliveryCents),
          formatAud(r.perFourWeeksCents),
        ])}
      />
    </Figure>
  );
}

function ChurnFigure({ churn }: { churn: Numbers["churn"] }) {
  return (
    <Figure id="numbers-churn" title="Churn" csv="churn">
      <p className="numbers__pair">
        {churn.map((w) => (
          <span key={w.weeks}>
            <span className="numbers__big">{formatRate(w.rate)}</span> over {w.weeks} weeks
          </span>
        ))}
      </p>
      <p>
        Subscriptions cancelled in the window ÷ subscriptions active (or paused) at its start. The
        windows are whole weeks before this one.
      </p>
      <Table
        caption="Churn over the last 4 and 12 weeks"
        head={["Window", "At start", "Cancelled", "Churn"]}
        rows={churn.map((w) => [
          <>
            {w.weeks} weeks
            <br />
            <span className="numbers__small">
              {short(w.firstDay)} to {short(w.lastDay)}
            </span>
          </>,
          w.activeAtStart,
          w.cancelled,
          formatRate(w.rate),
        ])}
      />
    </Figure>
  );
}

function BoxesFigure({ boxes }: { boxes: Numbers["boxes"] }) {
  return (
    <Figure id="numbers-boxes" title="Boxes per delivery day" csv="boxes-per-day">
      <p>
        The next 4 weeks, {formatStaffDay(boxes.from)} to {formatStaffDay(boxes.to)}: renewals going
        out (scheduled, ordered or paid) and paid first boxes. Renewals awaiting payment are not
        counted.
      </p>
      {boxes.days.length ? (
        <>
          <BarChart bars={boxes.days.map((d) => ({ label: weekday(d.day), value: d.boxes }))} />
          <Table
            caption="Boxes per delivery day, next 4 weeks"
            head={["Delivery day", "Boxes"]}
            rows={boxes.days.map((d) => [formatStaffDay(d.day), d.boxes])}
          />
        </>
      ) : (
        <p>No boxes in the next 4 weeks.</p>
      )}
    </Figure>
  );
}

function RevenueFigure({ revenue }: { revenue: Numbers["revenue"] }) {
  return (
    <Figure id="numbers-revenue" title="Revenue per week" csv="revenue-per-week">
      <p>
        The last 12 Sydney weeks, this one so far: card payments taken (boxes, add-ons and gift
        cards sold) less card refunds, each in the week it went through. Credit and gift cards spent
        are not counted again.
      </p>
      <BarChart
        bars={revenue.weeks.map((w) => ({ label: short(w.week.monday), value: w.netCents }))}
        formatTick={kDollars}
        minStep={100}
      />
      <Table
        caption="Revenue per week, last 12 weeks"
        head={["Week from", "Taken", "Refunded", "Revenue"]}
        rows={revenue.weeks.map((w) => [
          short(w.week.monday),
          formatAud(w.takenCents),
          formatAud(w.refundedCents),
          formatAud(w.netCents),
        ])}
      />
    </Figure>
  );
}

function RecoveryFigure({ recovery }: { recovery: Numbers["recovery"] }) {
  return (
    <Figure id="numbers-recovery" title="Failed payments recovered" csv="payment-recovery">
      <p className="numbers__big">{formatRate(recovery.rate)}</p>
      <p>
        {/* the text nodes as the page has always rendered them */}
        {"Of the renewals whose first charge was declined since"}{" "}
        {formatStaffDay(recovery.firstDay)} (12 weeks), the share paid later (by a retry, the pay
        link or staff), out of those settled: paid ÷ (paid + not paid). Those still awaiting payment
        are left out until their packing cut-off.
      </p>
      <Table
        caption="Failed first charges, last 12 weeks"
        head={["Outcome", "Renewals"]}
        rows={[
          ["Declined first charge", recovery.failed],
          ["Paid later", recovery.recovered],
          ["Still awaiting payment", recovery.awaiting],
          ["Not paid", recovery.lost],
        ]}
      />
    </Figure>
  );
}
