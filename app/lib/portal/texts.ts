import type { OfferedLanguage } from "../locale.ts";
import { COMPANY_ROLE_LABELS, type CompanyRole } from "./permissions.ts";

/** The customer portal's words (issue 27), in Portuguese and in English for visitors who chose it. */
const texts = {
  pt: {
    roles: COMPANY_ROLE_LABELS.pt,
    roleHints: {
      owner: "Tudo, inclusive nomear outros proprietários.",
      admin: "Pessoas, chamados de toda a empresa, plano e integrações.",
      finance: "Faturas e plano, e os próprios chamados.",
      member: "Os próprios chamados.",
    } satisfies Record<CompanyRole, string>,
    users: {
      title: "Usuários",
      intro: (company: string) => `As pessoas de ${company} que têm acesso ao Portal do Cliente.`,
      invite: "Convidar pessoa",
      limit: (used: number, limit: number | null, plan: string | null) =>
        limit === null
          ? `${used} ${used === 1 ? "pessoa" : "pessoas"}${plan ? ` no plano ${plan}, sem limite de usuários` : ""}`
          : `${used} de ${limit} usuários do plano ${plan}, contando convites em aberto`,
      name: "Nome",
      email: "E-mail",
      role: "Papel",
      status: "Situação",
      lastSignIn: "Último acesso",
      never: "Nunca entrou",
      active: "Ativo",
      disabled: "Desativado",
      you: "você",
      actions: "Ações",
      changeRole: "Mudar papel",
      saveRole: "Salvar papel",
      remove: "Remover",
      confirmRemove: (name: string) =>
        `Remover ${name} da empresa? O acesso dela termina agora e a conta é apagada. Os chamados que ela abriu continuam na empresa.`,
      removed: (email: string) => `${email} foi removido(a) da empresa.`,
      roleSaved: "Papel alterado.",
      invitations: "Convites em aberto",
      noInvitations: "Nenhum convite em aberto.",
      invitedAt: "Enviado em",
      expiresAt: "Válido até",
      expired: "Expirado",
      resend: "Reenviar",
      revoke: "Cancelar convite",
      revoked: "Convite cancelado.",
      invalid: "Pedido inválido. Recarregue a página e tente de novo.",
      onlyMe:
        "Só você tem acesso por enquanto. Convide as pessoas da sua empresa: cada uma terá o próprio login e verá o que o papel dela permite.",
    },
    invite: {
      title: "Convidar pessoa",
      intro: "A pessoa recebe um link, válido por 7 dias, para criar a própria senha e entrar no portal.",
      email: "E-mail da pessoa",
      role: "Papel",
      submit: "Enviar convite",
      sending: "Enviando...",
      sent: (email: string) => `Convite enviado para ${email}. O link vale por 7 dias.`,
      linkOnce: (email: string) =>
        `Convite criado para ${email}. Este site não envia e-mails: copie o link abaixo e envie você mesmo à pessoa. Ele é mostrado só agora e vale por 7 dias.`,
      linkLabel: "Link do convite",
      copy: "Copiar link",
      copied: "Link copiado.",
      back: "Voltar para usuários",
      cannot: "Somente proprietários e administradores da empresa convidam pessoas.",
      emailInvalid: "Informe um e-mail válido.",
    },
    accept: {
      title: "Convite para o Portal do Cliente",
      intro: (company: string, role: string) =>
        `Você foi convidado(a) para o portal de ${company} como ${role.toLowerCase()}. Crie a sua senha para entrar.`,
      email: "E-mail",
      name: "Seu nome",
      password: "Senha",
      confirm: "Confirme a senha",
      passwordHint: "Pelo menos 8 caracteres.",
      mismatch: "As senhas não conferem.",
      submit: "Criar acesso e entrar",
      invalidTitle: "Convite indisponível",
      home: "Ir para o site",
    },
    noCompanyTitle: "Conta sem empresa",
  },
  en: {
    roles: COMPANY_ROLE_LABELS.en,
    roleHints: {
      owner: "Everything, including naming other owners.",
      admin: "People, the whole company's tickets, plan and integrations.",
      finance: "Invoices and plan, and their own tickets.",
      member: "Their own tickets.",
    } satisfies Record<CompanyRole, string>,
    users: {
      title: "Users",
      intro: (company: string) => `The people of ${company} who can use the Customer Portal.`,
      invite: "Invite someone",
      limit: (used: number, limit: number | null, plan: string | null) =>
        limit === null
          ? `${used} ${used === 1 ? "person" : "people"}${plan ? ` on the ${plan} plan, with no user limit` : ""}`
          : `${used} of ${limit} users of the ${plan} plan, open invitations included`,
      name: "Name",
      email: "E-mail",
      role: "Role",
      status: "Status",
      lastSignIn: "Last sign-in",
      never: "Never signed in",
      active: "Active",
      disabled: "Deactivated",
      you: "you",
      actions: "Actions",
      changeRole: "Change role",
      saveRole: "Save role",
      remove: "Remove",
      confirmRemove: (name: string) =>
        `Remove ${name} from the company? Their access ends now and the account is deleted. The tickets they opened stay with the company.`,
      removed: (email: string) => `${email} was removed from the company.`,
      roleSaved: "Role changed.",
      invitations: "Open invitations",
      noInvitations: "No open invitations.",
      invitedAt: "Sent on",
      expiresAt: "Valid until",
      expired: "Expired",
      resend: "Send again",
      revoke: "Cancel invitation",
      revoked: "Invitation cancelled.",
      invalid: "Invalid request. Reload the page and try again.",
      onlyMe:
        "Only you have access for now. Invite the people of your company: each gets their own sign-in and sees what their role allows.",
    },
    invite: {
      title: "Invite someone",
      intro: "They get a link, valid for 7 days, to choose their password and sign in to the portal.",
      email: "Their e-mail",
      role: "Role",
      submit: "Send invitation",
      sending: "Sending...",
      sent: (email: string) => `Invitation sent to ${email}. The link is valid for 7 days.`,
      linkOnce: (email: string) =>
        `Invitation created for ${email}. This site sends no e-mail: copy the link below and send it yourself. It is shown only now and is valid for 7 days.`,
      linkLabel: "Invitation link",
      copy: "Copy link",
      copied: "Link copied.",
      back: "Back to users",
      cannot: "Only the company's owners and administrators invite people.",
      emailInvalid: "Enter a valid e-mail.",
    },
    accept: {
      title: "Invitation to the Customer Portal",
      intro: (company: string, role: string) =>
        `You were invited to the portal of ${company} as ${role.toLowerCase()}. Choose your password to sign in.`,
      email: "E-mail",
      name: "Your name",
      password: "Password",
      confirm: "Confirm the password",
      passwordHint: "At least 8 characters.",
      mismatch: "The passwords do not match.",
      submit: "Create access and sign in",
      invalidTitle: "Invitation unavailable",
      home: "Go to the site",
    },
    noCompanyTitle: "Account without a company",
  },
};

export type PortalTexts = (typeof texts)["pt"];

export function portalTexts(language: OfferedLanguage | string): PortalTexts {
  return language === "en" ? (texts.en as PortalTexts) : texts.pt;
}
