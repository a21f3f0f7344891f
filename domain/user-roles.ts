/**
 * A person's role on the site (users.role): staff are admins and editors (decision 100); customers
 * belong to a company, where their company role says what they may do (portal/permissions.ts).
 */
export const USER_ROLES = ["admin", "editor", "customer"] as const;
export type UserRole = (typeof USER_ROLES)[number];
