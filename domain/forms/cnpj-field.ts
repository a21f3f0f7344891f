import type { FormField } from "./definition.ts";

/**
 * A field that holds a CNPJ: stored normalised, shown formatted (domain/cnpj.ts). Apart from the
 * form schema (definition.ts) so the browser's form code does not carry zod (decision 107).
 */
export function isCnpjField(field: Pick<FormField, "mask" | "validation">): boolean {
  return field.mask === "cnpj" || field.validation.includes("cnpj");
}
