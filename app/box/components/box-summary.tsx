import type { ReactNode } from "react";
import { formatAud } from "~/utils/money";

export type SummaryLine = {
  key: string | number;
  label: ReactNode;
  detail?: ReactNode;
  amount?: ReactNode;
};

/**
 * The order summary beside a step: sticky on wide screens; on phones the lines
 * fold into a <details> so the total and the next action stay in view.
 */
export function BoxSummary({
  title,
  id = "summary",
  lines,
  totalCents,
  footer,
  status,
  open = false,
}: {
  title: ReactNode;
  id?: string;
  lines: SummaryLine[];
  totalCents: number;
  footer?: ReactNode;
  status?: ReactNode;
  open?: boolean;
}) {
  return (
    <aside className="box-summary" aria-labelledby={`${id}-title`}>
      <h2 className="box-summary__title" id={`${id}-title`}>
        {title}
      </h2>
      {status ? <div className="box-summary__status">{status}</div> : null}
      <details className="box-summary__details" open={open || undefined}>
        <summary className="box-summary__toggle">
          <span>Order details</span>
          <span className="box-summary__toggle-total">{formatAud(totalCents)}</span>
        </summary>
        <ul className="box-summary__lines" role="list">
          {lines.map((l) => (
            <li key={l.key} className="box-summary__line">
              <span className="box-summary__line-label">
                {l.label}
                {l.detail ? <span className="box-summary__line-detail">{l.detail}</span> : null}
              </span>
              {l.amount !== undefined ? (
                <span className="box-summary__line-amount">{l.amount}</span>
              ) : null}
            </li>
          ))}
          <li className="box-summary__line">
            <span className="box-summary__line-label">Delivery</span>
            <span className="box-summary__line-amount">Free</span>
          </li>
        </ul>
      </details>
      <p className="box-summary__total">
        <span>Total per delivery</span>
        <span className="price">{formatAud(totalCents)}</span>
      </p>
      {footer ? <div className="box-summary__footer">{footer}</div> : null}
    </aside>
  );
}
