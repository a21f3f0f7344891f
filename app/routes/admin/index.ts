import { staffHome } from "@domain/auth/staff.ts";
import { requirePageUser } from "@server/http/auth-guard.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/index";

/**
 * /admin and unknown admin paths open the dashboard (B §2.8); an editor, who has none, the content.
 * Who may be in the admin at all is the layout's to say (its 403 page).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context);
  return redirect(staffHome(user.role));
}
