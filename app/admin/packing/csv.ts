// CSV for the courier manifest (RFC 4180): every cell quoted when it holds a quote, a comma or a
// line break, and a cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return
// first) starts with ' so it stays text.

const FORMULA = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text, lines ended by CRLF. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
