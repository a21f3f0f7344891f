import type { OfferedLanguage } from "@domain/languages.ts";
import { refusalText } from "@domain/refusals.ts";
import type { DownloadedFile } from "@server/billing/customer-invoices.ts";
import { DomainError } from "@server/domain-errors.ts";
import { data } from "react-router";
import { attachmentDisposition } from "./ticket-form.server.ts";

/**
 * An invoice's file as a download (decision 097): never shown in the site's origin, never kept by a
 * cache on the way (private, no-store), sandboxed should a browser open it anyway.
 */
export function downloadResponse(file: DownloadedFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Disposition": attachmentDisposition(file.filename),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/**
 * What a download answers when the file is not the caller's to have: the same plain 404 as for one
 * that does not exist (another company's invoice, a role without billing, a missing NFS-e).
 */
export function downloadRefusal(error: unknown, language: OfferedLanguage): Response {
  if (!DomainError.is(error, "not-found")) throw error;
  return new Response(refusalText(error, language), {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** A page's loader refusal: "not found" becomes the route's 404 (its ErrorBoundary), anything else is thrown on. */
export function notFoundPage(language: OfferedLanguage): (error: unknown) => never {
  return (error) => {
    if (DomainError.is(error, "not-found"))
      throw data({ message: refusalText(error, language) }, { status: 404 });
    throw error;
  };
}
