import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { ticketFileAnswer } from "../user/ticket-form.server.ts";
import type { Route } from "./+types/support-attachment";

/** A ticket's file for staff (decision 130), as the portal serves it to the customer. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "supportAttachment");
  return ticketFileAnswer(
    () => context.services.supportDesk.attachment(params.id, params.attachmentId),
    "pt",
  );
}
