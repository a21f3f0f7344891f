import { redirect } from "react-router";

/** /user opens the dashboard (B §2.9). */
export function loader() {
  return redirect("/user/dashboard");
}
