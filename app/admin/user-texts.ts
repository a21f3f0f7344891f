/** Texts of the staff users screen (decisions 072, 074, 091): the accounts, and creating one. */
export const usersTexts = {
  title: "Usuários",
  email: "E-mail",
  name: "Nome",
  role: "Papel",
  roles: { admin: "Administrador", editor: "Editor de conteúdo", customer: "Cliente" } as Record<
    string,
    string
  >,
  state: "Situação",
  active: "Ativo",
  disabled: "Desativado",
  twoFactor: "Verificação em 2 etapas",
  twoFactorOn: "Ativada",
  twoFactorOff: "Desativada",
  twoFactorPending: "A configurar no próximo login",
  actions: "Ações",
  disable: "Desativar",
  enable: "Reativar",
  endSessions: "Encerrar sessões",
  sessionsEnded: (n: number) => (n === 1 ? "1 sessão encerrada." : `${n} sessões encerradas.`),
  create: "Criar usuário",
  created: (email: string, password: string) =>
    `Usuário ${email} criado. Senha provisória (mostrada só agora): ${password}`,
  invited: (email: string) =>
    `Usuário ${email} criado. Um convite foi enviado por e-mail para que a pessoa escolha a própria senha (link válido por 7 dias).`,
  inviteFailed: (email: string) =>
    `Usuário ${email} criado, mas o convite não pôde ser enviado agora. A pessoa pode usar “Esqueci minha senha” na página de login.`,
  cnpj: "CNPJ da empresa (clientes)",
  cnpjHint: "Um cliente pertence a uma empresa: ela é criada se ainda não existir.",
  companyName: "Razão social (empresa nova)",
  customerNeedsCompany: "Informe o CNPJ da empresa do cliente.",
  access: "Primeiro acesso",
  accessPassword: "Senha provisória (mostrada uma vez aqui)",
  accessInvite: "Convite por e-mail (a pessoa escolhe a senha)",
  inviteUnavailable: "O convite por e-mail precisa do envio de e-mails (SMTP_URL) configurado.",
  saved: "Alteração salva.",
  notYourself: "Você não pode desativar a sua própria conta.",
} as const;
