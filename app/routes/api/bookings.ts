import { bookRequestSchema } from "@domain/booking/requests.ts";
import { knownTimeZone } from "@domain/booking/slot-format.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/bookings";

const PRIVATE = { "Cache-Control": "no-store" };

/** Only posts book: a GET is told so, as JSON. */
export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}

/**
 * POST /api/bookings: the success screen's click on a slot (decision 138), keyed by the lead's
 * access token; 201 with the meeting, 409 with the next free slots when it was taken meanwhile.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    const body = await readJsonBody(request, bookRequestSchema);
    const meeting = await context.services.booking.book({
      leadId: body.leadId,
      accessToken: body.accessToken,
      start: new Date(body.start),
      timeZone: body.timeZone ? knownTimeZone(body.timeZone) : undefined,
    });
    return jsonResponse(
      {
        meeting: {
          start: meeting.startsAt,
          end: meeting.endsAt,
          seller: meeting.sellerName,
          meetingUrl: meeting.meetingUrl,
        },
      },
      { status: 201, headers: PRIVATE },
    );
  });
}
