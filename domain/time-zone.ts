/** Whether the runtime's time zone database knows a zone ("America/Manaus"); a visitor's or a file's zone is checked before use. */
export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
