import { redirect } from "react-router";

/** Any other path of the user area (an old bookmark, a typo) goes to the dashboard. */
export function loader() {
  throw redirect("/user/dashboard");
}
