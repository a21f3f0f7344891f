/**
 * Toggles a checkbox value: unchecking removes it; checking adds it while fewer than maxSelect are
 * chosen. At the limit the new choice is refused and the earlier ones kept (decision 128 departs
 * from B §4.3's "oldest dropped": a visitor never loses a choice without seeing why).
 */
export function toggleSelection(selected: readonly string[], value: string, maxSelect?: number): string[] {
  if (selected.includes(value)) return selected.filter((v) => v !== value);
  if (selectionLimitReached(selected, value, maxSelect)) return [...selected];
  return [...selected, value];
}

/** Whether checking `value` would pass maxSelect: the form then says so beside the field. */
export function selectionLimitReached(
  selected: readonly string[],
  value: string,
  maxSelect?: number,
): boolean {
  return maxSelect !== undefined && !selected.includes(value) && selected.length >= maxSelect;
}
