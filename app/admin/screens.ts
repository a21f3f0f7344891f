import type { StaffAction } from "../../domain/auth/staff.ts";
import { apiKeyTexts } from "./api-key-texts.ts";
import { bookingAdminTexts } from "./booking-texts.ts";
import { campaignTexts } from "./campaign-texts.ts";
import { companyTexts } from "./company-texts.ts";
import { consentAdminTexts } from "./consent-texts.ts";
import { contentTexts } from "./content-texts.ts";
import { dashboardTexts } from "./dashboard-texts.ts";
import { inboxTexts } from "./lead-texts.ts";
import { plansEditorTexts } from "./plans-editor-texts.ts";
import { privacyTexts } from "./privacy-texts.ts";
import { salesTexts } from "./sales-texts.ts";
import { shellTexts as t } from "./shell-texts.ts";
import { supportTexts } from "./support-texts.ts";
import { trackerTexts } from "./tracker-texts.ts";
import { usersTexts } from "./user-texts.ts";
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
  /** What a staff role must be allowed to do to open the screen (domain/auth/staff.ts). */
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
    menu: { label: dashboardTexts.title, icon: "bar-chart" },
  },
  contentFiles: {
    path: "json",
    module: "routes/admin/json-files.tsx",
    action: "content.read",
    menu: { label: contentTexts.files, icon: "file-text", group: t.menuGroups.content },
  },
  contentDocument: { path: "json/:file", module: "routes/admin/json-editor.tsx", action: "content.read" },
  plans: {
    path: "pages",
    module: "routes/admin/plans-editor.tsx",
    action: "content.read",
    menu: { label: plansEditorTexts.title, icon: "wallet", group: t.menuGroups.content },
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
    menu: { label: inboxTexts.title, icon: "users", group: t.menuGroups.sales },
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
    menu: { label: salesTexts.title, icon: "target", group: t.menuGroups.sales },
  },
  demoCalendar: {
    path: "vendas/agenda",
    module: "routes/admin/demo-calendar.tsx",
    action: "leads",
    writes: true,
    menu: { label: bookingAdminTexts.title, icon: "calendar-check", group: t.menuGroups.sales },
  },
  companies: {
    path: "empresas",
    module: "routes/admin/companies.tsx",
    action: "companies",
    writes: true,
    menu: { label: companyTexts.nav, icon: "briefcase", group: t.menuGroups.customers },
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
  // Decision 135: the settings screen's parts, each a screen under the "Configurações" heading.
  users: {
    path: "usuarios",
    module: "routes/admin/users.tsx",
    action: "settings",
    writes: true,
    menu: { label: usersTexts.title, icon: "user", group: t.menuGroups.settings },
  },
  apiKeys: {
    path: "chaves-api",
    module: "routes/admin/api-keys.tsx",
    action: "settings",
    writes: true,
    menu: { label: apiKeyTexts.title, icon: "code", group: t.menuGroups.settings },
  },
  privacy: {
    path: "privacidade",
    module: "routes/admin/privacy.tsx",
    action: "settings",
    writes: true,
    menu: { label: privacyTexts.title, icon: "shield", group: t.menuGroups.settings },
  },
  jira: {
    path: "jira",
    module: "routes/admin/jira.tsx",
    action: "settings",
    menu: { label: trackerTexts.title, icon: "workflow", group: t.menuGroups.settings },
  },
  /** The old address of the settings screen: its bookmarks land on the users (decision 135). */
  settings: { path: "settings", module: "routes/admin/settings.ts", action: "settings" },
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
