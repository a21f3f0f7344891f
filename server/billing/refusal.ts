import { DomainError } from "../domain-errors.ts";

/**
 * A refusal of fields (the billing API's and the admin's): 422 with `fieldErrors`, each field named
 * by its path, its message in Portuguese.
 */
export function fieldRefusal(fieldErrors: Record<string, string>): DomainError {
  return new DomainError("invalid-fields", "invoices.invalidFields", [fieldErrors], {
    details: { fieldErrors },
  });
}
