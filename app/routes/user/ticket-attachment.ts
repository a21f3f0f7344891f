import { requirePortalMember } from "@server/http/auth-guard.ts";
import type { Route } from "./+types/ticket-attachment";
import { ticketFileAnswer } from "./ticket-form.server.ts";

/** A ticket's file (decision 094), for whoever may see the ticket; anyone else gets the same 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  return ticketFileAnswer(
    () => context.services.tickets.attachment(actor, params.id, params.attachmentId),
    context.request.uiLanguage,
  );
}
