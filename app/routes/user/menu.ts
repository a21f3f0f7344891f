import type { OfferedLanguage } from "@domain/locale.ts";
import { type CompanyRole, can } from "@domain/portal/permissions.ts";
import { PORTAL_MENU_GROUPS, PORTAL_SCREENS, permissionOf } from "~/portal/screens.ts";

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
 * The user area's sidebar (B §2.9), grouped by part of the portal (decision 116), from the portal's
 * screens (app/portal/screens.ts): consecutive entries of one group under its heading. An entry whose
 * screen needs a permission is shown only to the roles that have it (a plain member sees no invoices,
 * finance no integrations); staff, who have no company role, see them all; a group left empty goes.
 */
export function userMenu(language: OfferedLanguage, role: CompanyRole | null): UserMenuGroup[] {
  const groups: UserMenuGroup[] = [];
  let last: string | undefined | null = null;
  for (const screen of PORTAL_SCREENS) {
    const menu = screen.menu;
    if (!menu) continue;
    const needs = menu.needs ?? permissionOf(screen.access);
    if (needs && role !== null && !can(role, needs)) continue;
    if (!groups.length || menu.group !== last) {
      groups.push({
        ...(menu.group ? { heading: PORTAL_MENU_GROUPS[menu.group][language] } : {}),
        entries: [],
      });
      last = menu.group;
    }
    groups.at(-1)!.entries.push({ path: `/user/${screen.path}`, label: menu.label[language] });
  }
  return groups;
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
