import { profileUpdateSchema } from "@domain/auth/schemas.ts";
import { isValidTimezone } from "@domain/time-zone.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { requireApiUser } from "@server/http/auth-guard.ts";
import { errorResponse, HttpError, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/users-profile";

/** GET /api/users/profile (A §7): the whole body is the user. Token raw, as Bearer, or the cookie. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    const user = await requireApiUser(request, context);
    return jsonResponse(user, { headers: { "Cache-Control": "no-store" } });
  });
}

/** PUT /api/users/profile: the user's name and preferences (language, timezone). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PUT") return errorResponse(405, messages.methodNotAllowed, { Allow: "GET, PUT" });
    const user = await requireApiUser(request, context);
    const body = await readJsonBody(request, profileUpdateSchema);
    if (body.preferences?.timezone && !isValidTimezone(body.preferences.timezone)) {
      throw new HttpError(
        400,
        `${messages.invalidParameters} preferences.timezone: fuso horário desconhecido.`,
      );
    }
    const updated = await context.services.accounts.updateProfile(user.id, body);
    return jsonResponse(updated, { headers: { "Cache-Control": "no-store" } });
  });
}
