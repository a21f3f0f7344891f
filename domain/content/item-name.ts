/** The fields whose text names a list item, in the order tried (a slide's title, a plan's name...). */
// "label" before "name": a form's field is known by its label, not its internal name (decision 132).
const TITLE_KEYS = [
  "title",
  "label",
  "name",
  "seo",
  "question",
  "quote",
  "text",
  "author",
  "year",
  "slug",
  "id",
  "path",
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What names a list item (the editor's list summaries, the history's labels): the first naming
 * field with a text, or undefined.
 */
export function itemName(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  for (const key of TITLE_KEYS) {
    let named = value[key];
    // A title in parts ({ main, highlighted }) or a page's SEO texts: their main text names it.
    if (isRecord(named)) named = named.main ?? named.title;
    if ((typeof named === "string" && named.trim() !== "") || typeof named === "number")
      return String(named).trim();
  }
  return undefined;
}
