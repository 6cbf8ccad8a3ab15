// The numbers' CSV text (issue 37), built the way the courier manifest is (app/admin/packing/csv.ts:
// RFC 4180 quoting, a cell that looks like a formula kept as text), except that a plain number stays
// a number, a negative amount included, so a spreadsheet adds the column up.
import { csvCell } from "~/admin/packing/csv";

/** A plain number ("-20.00", "12", "0.5"): written as it is, so a spreadsheet sums it. */
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * The rows as CSV, lines ended by CRLF: numbers as they are, every other cell through the
 * manifest's csvCell (quoted when needed; "=", "+", "-", "@", tab or carriage return first: kept as
 * text with a leading ').
 */
export function toCsv(rows: (string | number)[][]): string {
  const cell = (v: string | number) =>
    typeof v === "number" ? String(v) : NUMBER.test(v) ? v : csvCell(v);
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
