import type { StaffAction } from "../lib/auth/staff.ts";
import { campaignTexts } from "./campaign-texts.ts";
import { consentAdminTexts } from "./consent-texts.ts";
import { supportTexts } from "./support-texts.ts";
import { adminTexts as t } from "./texts.ts";
import { webhookTexts } from "./webhook-texts.ts";

/**
 * The admin's screens (B §2.8, decision 098), declared once: the route table (app/routes.ts) mounts
 * them, the guard (`requireAdminScreen`) lets in the staff roles that may do their action, the
 * sidebar lists those with a menu entry, in this order, to the roles that may open them, and the
 * authorisation test derives its rules from here. A screen's writes may ask for more than its
 * action (an editor opens the media library; deleting an image is an admin's `media.delete`).
 *
 * Relative imports only: the route table is read by React Router's config loader, without aliases.
 */
export interface AdminScreen {
  /** The address under /admin. */
  readonly path: string;
  /** The route module under app/. */
  readonly module: string;
  /** What a staff role must be allowed to do to open the screen (app/lib/auth/staff.ts). */
  readonly action: StaffAction;
  /** The screen's actions (POST) answer too, under the same action unless the module asks for more. */
  readonly writes?: boolean;
  /** A download rather than a page: mounted outside the admin's shell. */
  readonly download?: boolean;
  /**
   * Its entry in the sidebar, under the heading of its task (consecutive entries of one group are
   * listed together); screens without one are opened from another screen.
   */
  readonly menu?: { readonly label: string; readonly icon: string; readonly group?: string };
}

export const ADMIN_SCREENS = {
  dashboard: {
    path: "dashboard",
    module: "routes/admin/dashboard.tsx",
    action: "dashboard",
    menu: { label: t.dashboard, icon: "bar-chart" },
  },
  contentFiles: {
    path: "json",
    module: "routes/admin/json-files.tsx",
    action: "content.read",
    menu: { label: t.files, icon: "file-text", group: t.menuGroups.content },
  },
  contentDocument: { path: "json/:file", module: "routes/admin/json-editor.tsx", action: "content.read" },
  plans: {
    path: "pages",
    module: "routes/admin/plans-editor.tsx",
    action: "content.read",
    menu: { label: t.plansEditor, icon: "wallet", group: t.menuGroups.content },
  },
  media: {
    path: "midia",
    module: "routes/admin/media.tsx",
    action: "content.read",
    writes: true,
    menu: { label: t.media, icon: "layers", group: t.menuGroups.content },
  },
  leads: {
    path: "leads",
    module: "routes/admin/leads.tsx",
    action: "leads",
    writes: true,
    menu: { label: t.leads, icon: "users", group: t.menuGroups.sales },
  },
  leadsCsv: { path: "leads.csv", module: "routes/admin/leads-csv.ts", action: "leads", download: true },
  lead: { path: "leads/:id", module: "routes/admin/lead.tsx", action: "leads", writes: true },
  leadTimeline: { path: "leads/:id/historico", module: "routes/admin/lead-timeline.tsx", action: "leads" },
  campaigns: {
    path: "campanhas",
    module: "routes/admin/campaigns.tsx",
    action: "leads",
    menu: { label: campaignTexts.nav, icon: "megaphone", group: t.menuGroups.sales },
  },
  sales: {
    path: "vendas",
    module: "routes/admin/sales-settings.tsx",
    action: "leads",
    writes: true,
    menu: { label: t.sales, icon: "target", group: t.menuGroups.sales },
  },
  companies: {
    path: "empresas",
    module: "routes/admin/companies.tsx",
    action: "companies",
    writes: true,
    menu: { label: t.companies, icon: "briefcase", group: t.menuGroups.customers },
  },
  company: { path: "empresas/:id", module: "routes/admin/company.tsx", action: "companies", writes: true },
  companyInvoices: {
    path: "empresas/:id/faturas",
    module: "routes/admin/company-invoices.tsx",
    action: "companies",
    writes: true,
  },
  support: {
    path: "suporte",
    module: "routes/admin/support.tsx",
    action: "support",
    menu: { label: supportTexts.nav, icon: "life-buoy", group: t.menuGroups.customers },
  },
  supportTicket: {
    path: "suporte/:id",
    module: "routes/admin/support-ticket.tsx",
    action: "support",
    writes: true,
  },
  supportAttachment: {
    path: "suporte/:id/anexos/:attachmentId",
    module: "routes/admin/support-attachment.ts",
    action: "support",
    download: true,
  },
  webhooks: {
    path: "webhooks",
    module: "routes/admin/webhooks.tsx",
    action: "settings",
    writes: true,
    menu: { label: webhookTexts.nav, icon: "plug", group: t.menuGroups.system },
  },
  webhook: { path: "webhooks/:id", module: "routes/admin/webhook.tsx", action: "settings", writes: true },
  consent: {
    path: "cookies",
    module: "routes/admin/consent.tsx",
    action: "settings",
    writes: true,
    menu: { label: consentAdminTexts.nav, icon: "shield-check", group: t.menuGroups.system },
  },
  consentCsv: {
    path: "consentimentos.csv",
    module: "routes/admin/consent-csv.ts",
    action: "settings",
    download: true,
  },
  settings: {
    path: "settings",
    module: "routes/admin/settings.tsx",
    action: "settings",
    writes: true,
    menu: { label: t.settings, icon: "shield", group: t.menuGroups.system },
  },
  account: {
    path: "conta",
    module: "routes/admin/account.tsx",
    action: "account",
    writes: true,
    menu: { label: t.account, icon: "shield-check" },
  },
} as const satisfies Record<string, AdminScreen>;

export type AdminScreenId = keyof typeof ADMIN_SCREENS;

/** Every screen with its id, in the table's order (the sidebar's). */
export const adminScreens: readonly (AdminScreen & { id: AdminScreenId })[] = Object.entries(
  ADMIN_SCREENS,
).map(([id, screen]) => ({ ...screen, id: id as AdminScreenId }));
