import type { OfferedLanguage } from "@domain/languages.ts";
import { refusalText } from "@domain/refusals.ts";
import { data } from "react-router";
import { DomainError } from "../domain-errors.ts";
import { retryAfter, statusOf } from "./errors.ts";

/**
 * A page action's answer to a refusal of the domain (decisions 059, 115): `{ ok: false, message }`
 * in the page's language, with what the page needs besides (`extra`), at the status of the
 * refusal's kind and with Retry-After when rate-limited. What is not a DomainError is thrown on.
 */
export function refusalAnswer<Extra extends object = Record<never, never>>(
  error: unknown,
  language: OfferedLanguage,
  extra?: Extra,
) {
  if (!DomainError.is(error)) throw error;
  return data(
    { ok: false as const, message: refusalText(error, language), ...(extra as Extra) },
    { status: statusOf(error.kind), headers: retryAfter(error) },
  );
}
