/**
 * Toggles a checkbox value (B §4.3): unchecking removes it; checking adds it, and when maxSelect
 * is reached the oldest selection is dropped to make room for the new one.
 */
export function toggleSelection(selected: readonly string[], value: string, maxSelect?: number): string[] {
  if (selected.includes(value)) return selected.filter((v) => v !== value);
  const next = [...selected, value];
  return maxSelect !== undefined && next.length > maxSelect ? next.slice(next.length - maxSelect) : next;
}
