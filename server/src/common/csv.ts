/**
 * CSV for the console's downloads (RFC 4180, CRLF lines), safe to open in a spreadsheet: a
 * text that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage
 * return; OWASP "CSV injection") is written with a leading apostrophe, so it stays text. A plain
 * number ("-12.34", a refund) is left as it is: it is no formula.
 */
export type CsvCell = string | number | null;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: defused when it could be a formula, quoted when it holds a comma, quote or break. */
export function csvField(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of fields as one CSV document. */
export function csvDocument(lines: readonly (readonly CsvCell[])[]): string {
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
