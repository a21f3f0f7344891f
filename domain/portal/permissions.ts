/**
 * What each role of a customer company may do in the portal (decision 091): the one place that says it.
 * The server enforces it on every route and write; the screens read it only to hide what a person
 * cannot use.
 */

export const COMPANY_ROLES = ["owner", "admin", "finance", "member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export type PortalPermission =
  /** See the company's people, their roles and the open invitations. */
  | "members.view"
  /** Invite people, change roles and remove members (within assignableRoles / canManage). */
  | "members.manage"
  /** Open a support ticket, and follow the ones one opened. */
  | "tickets.create"
  /** See and answer every ticket of the company, not only one's own. */
  | "tickets.viewCompany"
  /** The plan, its limits and use. */
  | "plan.view"
  /** Ask for another plan or cycle. */
  | "plan.request"
  /** Billing history and invoices. */
  | "billing.view"
  /** The integrations of the company. */
  | "integrations.view"
  /** Ask for a new integration, change one. */
  | "integrations.manage"
  /** Download all of the company's data as a ZIP (decision 111, LGPD art. 18 V): owners only. */
  | "company.export";

/**
 * Owners and admins may do everything in the portal; what sets them apart is whom they manage
 * (assignableRoles, canManageMember below).
 */
const EVERYTHING: ReadonlySet<PortalPermission> = new Set<PortalPermission>([
  "members.view",
  "members.manage",
  "tickets.create",
  "tickets.viewCompany",
  "plan.view",
  "plan.request",
  "billing.view",
  "integrations.view",
  "integrations.manage",
]);

const PERMISSIONS: Record<CompanyRole, ReadonlySet<PortalPermission>> = {
  owner: new Set<PortalPermission>([...EVERYTHING, "company.export"]),
  admin: EVERYTHING,
  // The person who pays the bills: invoices and the plan, their own tickets, nobody's settings.
  finance: new Set<PortalPermission>(["members.view", "tickets.create", "plan.view", "billing.view"]),
  // Everyone else at the company: their own tickets, and who their colleagues are.
  member: new Set<PortalPermission>(["members.view", "tickets.create", "plan.view", "integrations.view"]),
};

export function can(role: CompanyRole, permission: PortalPermission): boolean {
  return PERMISSIONS[role].has(permission);
}

/**
 * The roles a person may give (inviting, or changing someone's role): an owner any, an admin any
 * but owner (an admin cannot make or unmake the company's owners), nobody else any.
 */
export function assignableRoles(actor: CompanyRole): CompanyRole[] {
  if (actor === "owner") return [...COMPANY_ROLES];
  if (actor === "admin") return ["admin", "finance", "member"];
  return [];
}

/** Whether `actor` may change the role of, or remove, a member who has `target`. */
export function canManageMember(actor: CompanyRole, target: CompanyRole): boolean {
  if (!can(actor, "members.manage")) return false;
  return actor === "owner" || target !== "owner";
}

export const COMPANY_ROLE_LABELS: Record<"pt" | "en", Record<CompanyRole, string>> = {
  pt: { owner: "Proprietário", admin: "Administrador", finance: "Financeiro", member: "Membro" },
  en: { owner: "Owner", admin: "Administrator", finance: "Finance", member: "Member" },
};

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === "string" && (COMPANY_ROLES as readonly string[]).includes(value);
}
