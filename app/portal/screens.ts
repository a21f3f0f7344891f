import type { OfferedLanguage } from "../../domain/languages.ts";
import type { PortalPermission } from "../../domain/portal/permissions.ts";

/**
 * The customer portal's screens (B §2.9, decisions 091, 116), declared once, as the admin's are
 * (app/admin/screens.ts): the route table (app/routes.ts) mounts them under /user, the sidebar lists
 * those with a menu entry in this order under their group's heading, to the roles whose access lets
 * them in, and the authorisation test (tests/security/authorization.test.ts) derives each screen's
 * rule from its access. The server enforces the access in the screen's loader and its service.
 * A new screen is an entry here and its module.
 *
 * Relative imports only: the route table is read by React Router's config loader, without aliases.
 */

type Words = Readonly<Record<OfferedLanguage, string>>;

/**
 * Who opens a screen. `company`: every person of a customer company (staff are sent to the admin);
 * `signed-in`: staff too (the dashboard's frame, without company data); a permission: only the
 * roles that have it, the others get the same 404 as a page that is not there; `own-ticket`: the
 * ticket's reporter and the company's owners and admins; `own-invoice`: an invoice of the company,
 * for the roles with `billing.view`; `owners`: the company's owners only.
 */
export type PortalAccess =
  | "company"
  | "signed-in"
  | "billing.view"
  | "integrations.view"
  | "own-ticket"
  | "own-invoice"
  | "owners";

export const PORTAL_MENU_GROUPS = {
  support: { pt: "Suporte", en: "Support" },
  billing: { pt: "Cobrança", en: "Billing" },
  plan: { pt: "Plano", en: "Plan" },
  people: { pt: "Pessoas", en: "People" },
  integrations: { pt: "Integrações", en: "Integrations" },
} as const satisfies Record<string, Words>;
export type PortalMenuGroup = keyof typeof PORTAL_MENU_GROUPS;

export interface PortalScreen {
  /** The address under /user. */
  readonly path: string;
  /** The route module under app/. */
  readonly module: string;
  readonly access: PortalAccess;
  /** The screen's form posts answer too (the same access; a write may ask more of its service). */
  readonly writes?: boolean;
  /** Its route id, when two addresses share one module. */
  readonly id?: string;
  /**
   * Its sidebar entry, under its group's heading (none: the first group, the dashboard's); screens
   * without one are reached from another screen and listed under it (menu.ts' currentEntry).
   */
  readonly menu?: {
    readonly label: Words;
    readonly group?: PortalMenuGroup;
    /** Shown only to the roles with this permission (else: the one its access names). */
    readonly needs?: PortalPermission;
  };
}

export const PORTAL_SCREENS: readonly PortalScreen[] = [
  {
    path: "dashboard",
    module: "routes/user/dashboard.tsx",
    id: "user-dashboard",
    access: "signed-in",
    menu: { label: { pt: "Painel", en: "Dashboard" } },
  },
  // A's route table's /user/afiliados is the same Painel: one menu entry, not two for one page.
  { path: "afiliados", module: "routes/user/dashboard.tsx", id: "user-afiliados", access: "signed-in" },
  // Support tickets (decision 094): the list, a new one, one ticket, and its files (a download).
  {
    path: "suporte",
    module: "routes/user/tickets.tsx",
    access: "company",
    menu: { label: { pt: "Chamados de suporte", en: "Support tickets" }, group: "support" },
  },
  {
    path: "suporte/novo",
    module: "routes/user/ticket-new.tsx",
    access: "company",
    writes: true,
    menu: { label: { pt: "Abrir chamado", en: "New ticket" }, group: "support" },
  },
  { path: "suporte/:id", module: "routes/user/ticket.tsx", access: "own-ticket", writes: true },
  {
    path: "suporte/:id/anexos/:attachmentId",
    module: "routes/user/ticket-attachment.ts",
    access: "own-ticket",
  },
  // Invoices (decision 097): the history, the NFS-e files, one invoice, and the downloads (its PDF,
  // its NFS-e, a year's ZIP for the accountant). "notas" and "arquivo" are static: they win over :number.
  {
    path: "faturas",
    module: "routes/user/invoices.tsx",
    access: "billing.view",
    menu: { label: { pt: "Histórico de cobranças", en: "Billing history" }, group: "billing" },
  },
  {
    path: "faturas/notas",
    module: "routes/user/invoice-notes.tsx",
    access: "billing.view",
    menu: { label: { pt: "Notas fiscais", en: "Invoices" }, group: "billing" },
  },
  { path: "faturas/arquivo/:year", module: "routes/user/invoice-archive.ts", access: "own-invoice" },
  { path: "faturas/:number", module: "routes/user/invoice.tsx", access: "own-invoice" },
  { path: "faturas/:number/pdf", module: "routes/user/invoice-pdf.ts", access: "own-invoice" },
  { path: "faturas/:number/nfse/:format", module: "routes/user/invoice-nfse.ts", access: "own-invoice" },
  // The company's plan and a request to change it (decision 095): every member reads them; the
  // service lets only owners and admins post a change.
  {
    path: "plano",
    module: "routes/user/plan.tsx",
    access: "company",
    menu: { label: { pt: "Detalhes do plano", en: "Plan details" }, group: "plan" },
  },
  {
    path: "plano/upgrade",
    module: "routes/user/plan-upgrade.tsx",
    access: "company",
    writes: true,
    menu: { label: { pt: "Mudar de plano", en: "Change plan" }, group: "plan" },
  },
  {
    path: "usuarios",
    module: "routes/user/users.tsx",
    access: "company",
    writes: true,
    menu: { label: { pt: "Usuários", en: "Users" }, group: "people" },
  },
  {
    path: "usuarios/novo",
    module: "routes/user/user-new.tsx",
    access: "company",
    writes: true,
    menu: { label: { pt: "Adicionar usuário", en: "Add user" }, group: "people" },
  },
  // The company's data as a ZIP, for its owners (decision 111).
  { path: "empresa/dados", module: "routes/user/company-export.ts", access: "owners" },
  {
    path: "integracoes",
    module: "routes/user/integrations.tsx",
    access: "integrations.view",
    menu: {
      label: { pt: "Marketplace de integrações", en: "Integrations marketplace" },
      group: "integrations",
    },
  },
  {
    path: "integracoes/nova",
    module: "routes/user/integration-new.tsx",
    access: "company",
    writes: true,
    // Finance may open it (and is told it cannot request), but the menu offers it with the catalogue.
    menu: {
      label: { pt: "Nova integração", en: "New integration" },
      group: "integrations",
      needs: "integrations.view",
    },
  },
];

/** The permission a screen's access names, for the sidebar to hide it from the roles without it. */
export function permissionOf(access: PortalAccess): PortalPermission | null {
  return access === "billing.view" || access === "integrations.view" ? access : null;
}

/** The dashboard's name (its page title, the admin's way back to it). */
export function dashboardLabel(language: OfferedLanguage): string {
  return PORTAL_SCREENS[0]!.menu!.label[language];
}
