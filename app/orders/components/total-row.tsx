// One labelled amount under an invoice's lines (subtotal, discount, total, credit…): the shop's tax
// invoice and the back office's order page write their totals with it.
import type { ReactNode } from "react";

export function TotalRow({
  label,
  span,
  children,
}: {
  label: ReactNode;
  /** the columns the label spans: every column but the amount's */
  span: number;
  children: ReactNode;
}) {
  return (
    <tr>
      <th scope="row" colSpan={span}>
        {label}
      </th>
      <td className="num">{children}</td>
    </tr>
  );
}
