import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { refusalText } from "~/lib/refusals.ts";
import type { Route } from "./+types/ticket-attachment";
import { attachmentDisposition } from "./ticket-form.server.ts";

/**
 * A ticket's file (decision 094), for whoever may see the ticket; anyone else gets the same 404 as for
 * a file that does not exist. Always a download, never shown in the site's origin (helmet adds
 * X-Content-Type-Options: nosniff to every answer, this one included).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  try {
    const file = await context.services.tickets.attachment(actor, params.id, params.attachmentId);
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": file.mimeType,
        "Content-Disposition": attachmentDisposition(file.filename),
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    if (!DomainError.is(error, "not-found")) throw error;
    return new Response(refusalText(error, context.request.uiLanguage), {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
}
