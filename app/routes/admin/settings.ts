import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/settings";

/**
 * The settings screen's old address (decision 135): its parts are screens of their own now, and a
 * bookmark or a typed address opens the first of them, the users. Guarded first, as it was.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "settings");
  return redirect("/admin/usuarios", 301);
}
