import type { AuthTexts } from "~/lib/auth/texts.ts";
import type { OfferedLanguage } from "~/lib/locale.ts";
import { type CompanyRole, can, type PortalPermission } from "~/lib/portal/permissions.ts";

/** The headings of the sidebar's groups: each part of the portal with its list and its "new". */
const GROUPS = {
  pt: {
    plan: "Plano",
    people: "Pessoas",
    billing: "Cobrança",
    integrations: "Integrações",
    support: "Suporte",
  },
  en: {
    plan: "Plan",
    people: "People",
    billing: "Billing",
    integrations: "Integrations",
    support: "Support",
  },
} satisfies Record<OfferedLanguage, Record<string, string>>;

/** The phone's menu is a landmark of its own beside the sidebar: it needs its own name. */
export function phoneMenuLabel(language: OfferedLanguage): string {
  return language === "en" ? "Customer area menu" : "Menu da área do cliente";
}

export interface UserMenuEntry {
  path: string;
  label: string;
}
export interface UserMenuGroup {
  /** Absent for the first group (the dashboard), which needs no heading. */
  heading?: string;
  entries: UserMenuEntry[];
}

/**
 * The user area's sidebar (B §2.9), grouped by part of the portal (decision 116). An entry whose
 * screen needs a permission is shown only to the roles that have it (a plain member sees no invoices,
 * finance no integrations); staff, who have no company role, see them all; a group left empty goes.
 */
export function userMenu(t: AuthTexts, language: OfferedLanguage, role: CompanyRole | null): UserMenuGroup[] {
  const g = GROUPS[language];
  const groups: (Omit<UserMenuGroup, "entries"> & {
    entries: (UserMenuEntry & { needs?: PortalPermission })[];
  })[] = [
    {
      entries: [
        // /user/afiliados is the same Painel (A's route table): one entry, not two for one page.
        { path: "/user/dashboard", label: t.menu.dashboard },
      ],
    },
    {
      heading: g.support,
      entries: [
        { path: "/user/suporte", label: t.menu.suporte },
        { path: "/user/suporte/novo", label: t.menu.novoChamado },
      ],
    },
    {
      heading: g.billing,
      entries: [
        { path: "/user/faturas", label: t.menu.faturas, needs: "billing.view" },
        { path: "/user/faturas/notas", label: t.menu.notas, needs: "billing.view" },
      ],
    },
    {
      heading: g.plan,
      entries: [
        { path: "/user/plano", label: t.menu.plano },
        { path: "/user/plano/upgrade", label: t.menu.upgrade },
      ],
    },
    {
      heading: g.people,
      entries: [
        { path: "/user/usuarios", label: t.menu.usuarios },
        { path: "/user/usuarios/novo", label: t.menu.novoUsuario },
      ],
    },
    {
      heading: g.integrations,
      entries: [
        { path: "/user/integracoes", label: t.menu.integracoes, needs: "integrations.view" },
        { path: "/user/integracoes/nova", label: t.menu.novaIntegracao, needs: "integrations.view" },
      ],
    },
  ];
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries
        .filter((entry) => !entry.needs || role === null || can(role, entry.needs))
        .map(({ path, label }) => ({ path, label })),
    }))
    .filter((group) => group.entries.length > 0);
}

/**
 * The entry of the page shown: the one at its address, or else the one whose screen it belongs to
 * (an invoice's page is under "Histórico de cobranças", a ticket's under "Chamados de suporte"), so
 * the sidebar and the phone's menu line always say where the person is.
 */
export function currentEntry(groups: UserMenuGroup[], rawPathname: string): UserMenuEntry | null {
  // The spec's /user/afiliados is the Painel under another address.
  const pathname = rawPathname === "/user/afiliados" ? "/user/dashboard" : rawPathname;
  const entries = groups.flatMap((group) => group.entries);
  const exact = entries.find((entry) => entry.path === pathname);
  if (exact) return exact;
  const within = entries.filter((entry) => pathname.startsWith(`${entry.path}/`));
  return within.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}
