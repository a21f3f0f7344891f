/**
 * Calls `onLate` when `work` is still pending after `ms`. Work that settles first clears its timer:
 * a timer left behind keeps everything its callback can reach alive until it fires (for a page
 * render, React's state and the whole HTML; decision 086).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, onLate: () => void): Promise<T> {
  const timer = setTimeout(onLate, ms);
  return work.finally(() => clearTimeout(timer));
}
