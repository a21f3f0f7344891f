import { type DocumentName, documentSchemas } from "@domain/content/schemas.ts";
import { documentMeta } from "./documents.ts";
import { fieldsOf } from "./field-labels.ts";
import type { FieldMeta } from "./fields/words.ts";

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function walk(
  fields: Record<string, FieldMeta>,
  before: unknown,
  after: unknown,
  trail: string[],
  out: string[],
) {
  const was = record(before);
  const is = record(after);
  for (const [key, meta] of Object.entries(fields)) {
    const here = [...trail, meta.label];
    if (meta.advanced) {
      if (!same(was[key], is[key])) out.push(here.join(" › "));
    } else if (meta.item) {
      const old = Array.isArray(was[key]) ? (was[key] as unknown[]) : [];
      const now = Array.isArray(is[key]) ? (is[key] as unknown[]) : [];
      // Items present before and after, by position: a new item is the editor's to add.
      for (let i = 0; i < Math.min(old.length, now.length); i++) {
        const item = meta.item;
        const itemTrail = [...here, `${i + 1}`];
        if (item.advanced) {
          if (!same(old[i], now[i])) out.push(itemTrail.join(" › "));
        } else if (item.fields || item.variants) walk(fieldsOf(item), old[i], now[i], itemTrail, out);
      }
    } else if (meta.fields || meta.variants) walk(fieldsOf(meta), was[key], is[key], here, out);
  }
}

/**
 * The advanced fields (server/content/fields/words.ts `advanced`) a new version of a document changes, by their
 * labels ("Etapas › 2 › Campos › 1 › Nome interno"): an editor's draft that changes any is refused
 * (decision 132). Items added or removed are not changes of their fields.
 */
export function advancedChanges(name: DocumentName, before: unknown, after: unknown): string[] {
  // Compared as the schema reads them: a default left out and the same default written are one value.
  const read = (value: unknown) => {
    const parsed = documentSchemas[name].safeParse(value);
    return parsed.success ? parsed.data : value;
  };
  const out: string[] = [];
  walk(documentMeta[name].fields, read(before), read(after), [], out);
  return out;
}
