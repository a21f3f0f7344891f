import type { AuthTexts } from "~/lib/auth/texts.ts";

/** The user area's sidebar (B §2.9): entries not ready yet open the 'Em breve' page. */
export function userMenu(t: AuthTexts) {
  return [
    { path: "/user/dashboard", label: t.menu.dashboard, ready: true },
    { path: "/user/afiliados", label: t.menu.afiliados, ready: true },
    { path: "/user/plano", label: t.menu.plano, ready: false },
    { path: "/user/plano/upgrade", label: t.menu.upgrade, ready: false },
    { path: "/user/usuarios", label: t.menu.usuarios, ready: true },
    { path: "/user/usuarios/novo", label: t.menu.novoUsuario, ready: true },
    { path: "/user/faturas", label: t.menu.faturas, ready: false },
    { path: "/user/faturas/notas", label: t.menu.notas, ready: false },
    { path: "/user/integracoes", label: t.menu.integracoes, ready: false },
    { path: "/user/integracoes/nova", label: t.menu.novaIntegracao, ready: false },
    { path: "/user/suporte", label: t.menu.suporte, ready: true },
    { path: "/user/suporte/novo", label: t.menu.novoChamado, ready: true },
  ];
}
