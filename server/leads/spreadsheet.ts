/**
 * A cell of a CSV export as text a spreadsheet will not run: a value a visitor typed that begins
 * like a formula (=, +, -, @, or a tab or carriage return before one) gets a leading apostrophe,
 * as OWASP's CSV-injection advice says.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
