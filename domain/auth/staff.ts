/**
 * What each staff role may do (decision 100). Admins do everything. Editors prepare content: they read
 * every document and its history, save drafts, open previews and upload images (with their alt
 * text); they do not publish, schedule, restore a version, delete images, nor see leads,
 * companies, users or settings. The server checks these on every API call and admin page; the UI
 * hides what a role may not do.
 */

export type StaffRole = "admin" | "editor";

export type StaffAction =
  | "content.read"
  | "content.draft"
  | "content.preview"
  | "media.upload"
  | "content.publish"
  | "content.schedule"
  | "content.restore"
  | "media.delete"
  /** A document's advanced fields: identifiers, scoring, delivery (decision 132). */
  | "content.advanced"
  | "dashboard"
  | "leads"
  | "companies"
  /** The customers' support tickets: read, answer, move (decision 130). */
  | "support"
  | "settings"
  /** Their own account: sessions, password, two-factor (decision 112). */
  | "account";

const EDITOR_MAY: ReadonlySet<StaffAction> = new Set([
  "account",
  "content.read",
  "content.draft",
  "content.preview",
  "media.upload",
]);

export function isStaffRole(role: string): role is StaffRole {
  return role === "admin" || role === "editor";
}

export function staffMay(role: string, action: StaffAction): boolean {
  if (role === "admin") return true;
  return role === "editor" && EDITOR_MAY.has(action);
}

/** Where a staff member lands in the admin: editors have no dashboard (it shows leads). */
export function staffHome(role: string): string {
  return staffMay(role, "dashboard") ? "/admin/dashboard" : "/admin/json";
}
