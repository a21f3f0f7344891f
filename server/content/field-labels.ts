import type { DocumentName } from "@domain/content/schemas.ts";
import type { z } from "@domain/zod.ts";
import { documentMeta } from "./documents.ts";
import type { FieldMeta } from "./fields/words.ts";

/** An object's fields with every variant's merged in (a union's tag decides which are present). */
export function fieldsOf(meta: FieldMeta): Record<string, FieldMeta> {
  const merged = { ...meta.fields };
  for (const variant of Object.values(meta.variants ?? {})) Object.assign(merged, variant.fields);
  return merged;
}

/**
 * A place in a document by the editor's words: ["pages", 19, "content", "hero", "title"] of
 * pages-data reads "Páginas › 20 › Conteúdo › Topo da página › Título". A part without words (a
 * map's key) is kept as it is.
 */
export function labelPath(name: DocumentName, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  let fields: Record<string, FieldMeta> | undefined = documentMeta[name].fields;
  let meta: FieldMeta | undefined;
  for (const part of path) {
    if (typeof part === "number") {
      parts.push(String(part + 1));
      meta = meta?.item;
      fields = meta ? fieldsOf(meta) : undefined;
      continue;
    }
    meta = fields?.[String(part)] ?? (meta?.keyLabel ? meta.item : undefined);
    parts.push(fields?.[String(part)]?.label ?? String(part));
    fields = meta ? fieldsOf(meta) : undefined;
  }
  return parts.join(" › ");
}

/** A problem of a document as the editor shows it: where (its path, as the form names fields), by its labels, and why. */
export interface ContentProblem {
  path: string;
  field: string;
  message: string;
}

/** What a schema's complaint says to a person: an empty required field asks to be filled. */
function problemText(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) <= 1)
    return "Preencha este campo.";
  if (issue.code === "too_small" && issue.origin === "array")
    return Number(issue.minimum) === 1
      ? "Adicione pelo menos um item."
      : `Adicione pelo menos ${issue.minimum} itens.`;
  if (issue.code === "invalid_type" && issue.input === undefined) return "Preencha este campo.";
  return issue.message;
}

/** Every problem of a document at once (the editor marks each field), at most 100. */
export function contentProblems(name: DocumentName, issues: readonly z.core.$ZodIssue[]): ContentProblem[] {
  return issues.slice(0, 100).map((issue) => ({
    path: issue.path.map(String).join("."),
    field: labelPath(name, issue.path),
    message: problemText(issue),
  }));
}
