import { DomainError } from "../domain-errors.ts";

/** "Dados inválidos: cnpj: … lines.0.amountCentavos: …": the fields refused, each by its path. */
export function invalidFieldsMessage(fields: Record<string, string>): string {
  return `Dados inválidos: ${Object.entries(fields)
    .map(([field, message]) => (field ? `${field}: ${message}` : message))
    .join(" ")}`;
}

/**
 * A refusal of fields (the billing API's and the admin's): 422 with `fieldErrors`, each field named
 * by its path, its message in Portuguese.
 */
export function fieldRefusal(fieldErrors: Record<string, string>): DomainError {
  return new DomainError("invalid-fields", invalidFieldsMessage(fieldErrors), undefined, { fieldErrors });
}
