/**
 * An HTTP Retry-After (RFC 9110 §10.2.3), read once for every outside service (Jira, webhook
 * receivers, the shared caches' APIs): seconds or an HTTP date, as a wait in ms; undefined when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*-?\d+(\.\d+)?\s*$/.test(value)) {
    const seconds = Number(value);
    return seconds >= 0 ? seconds * 1000 : undefined;
  }
  // Otherwise only an HTTP date (it names a weekday or month) counts.
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
