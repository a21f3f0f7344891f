import { redirect } from "react-router";

/** /admin and unknown admin paths open the dashboard (B §2.8). */
export function loader() {
  return redirect("/admin/dashboard");
}
