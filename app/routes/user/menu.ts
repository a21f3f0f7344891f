import type { AuthTexts } from "~/lib/auth/texts.ts";
import { type CompanyRole, can, type PortalPermission } from "~/lib/portal/permissions.ts";

/**
 * The user area's sidebar (B §2.9). An entry whose screen needs a permission is shown only to the
 * roles that have it (a plain member sees no invoices, finance no integrations); staff, who have no
 * company role, see them all.
 */
export function userMenu(t: AuthTexts, role: CompanyRole | null) {
  const entries: { path: string; label: string; needs?: PortalPermission }[] = [
    { path: "/user/dashboard", label: t.menu.dashboard },
    { path: "/user/afiliados", label: t.menu.afiliados },
    { path: "/user/plano", label: t.menu.plano },
    { path: "/user/plano/upgrade", label: t.menu.upgrade },
    { path: "/user/usuarios", label: t.menu.usuarios },
    { path: "/user/usuarios/novo", label: t.menu.novoUsuario },
    { path: "/user/faturas", label: t.menu.faturas, needs: "billing.view" },
    { path: "/user/faturas/notas", label: t.menu.notas, needs: "billing.view" },
    { path: "/user/integracoes", label: t.menu.integracoes, needs: "integrations.view" },
    { path: "/user/integracoes/nova", label: t.menu.novaIntegracao, needs: "integrations.view" },
    { path: "/user/suporte", label: t.menu.suporte },
    { path: "/user/suporte/novo", label: t.menu.novoChamado },
  ];
  return entries.filter((entry) => !entry.needs || role === null || can(role, entry.needs));
}
