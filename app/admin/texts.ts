// Relative imports: routes.ts reads this module (through screens.ts) where the "~" alias is unknown.
import { FORM_KEYS, FORMS, type FormKey } from "../lib/forms/manifest.ts";
import { languageName } from "../lib/languages.ts";

/** The site's forms as staff name them (lead lists, funnel, sales rules, lead detail). */
export const FORM_NAMES = Object.fromEntries(FORM_KEYS.map((key) => [key, FORMS[key].staffName])) as Record<
  FormKey,
  string
>;

/** A stored form key by its name; one the site no longer has stays as it is. */
export function formName(key: string): string {
  return FORM_NAMES[key as FormKey] ?? key;
}

/** Texts of the admin area (B §2.8, §4.6, §8.3). Staff work in Portuguese. */
export const adminTexts = {
  title: "Administração",
  /** The admin header's product name (decision 098: the admin has its own shell). */
  productName: "Vértice — Administração",
  viewSite: "Ver site",
  /** Sales outcomes on the dashboard (decision 105). */
  outcomes: {
    title: (days: number) => `Resultados de vendas (últimos ${days} dias)`,
    byForm: "Por formulário",
    bySource: "Por origem da primeira visita",
    form: "Formulário",
    source: "Origem",
    total: "Leads",
    none: "Sem retorno",
    empty: "Nenhum lead no período. Os resultados aparecem quando o Jira avisar o status dos chamados.",
  },
  viewSiteHint: "abre o site público",
  signedInAs: "Conectado como",
  skipToContent: "Pular para o conteúdo",
  menu: "Menu",
  openMenu: "Abrir o menu da administração",
  closeMenu: "Fechar o menu da administração",
  navigation: "Menu da administração",
  loading: "Carregando...",
  dashboard: "Dashboard",
  jsonEditor: "Editor JSON",
  plansEditor: "Editor de planos",
  leads: "Leads",
  /** The sidebar's headings: the admin by task (decision 116). */
  menuGroups: {
    content: "Conteúdo",
    sales: "Vendas",
    customers: "Clientes",
    system: "Integrações e sistema",
  },
  companies: "Empresas",
  sales: "Distribuição de leads",
  media: "Mídia",
  settings: "Configurações",
  account: "Minha conta",
  logout: "Sair",
  collapse: "Recolher menu",
  expand: "Expandir menu",
  files: "Conteúdo do site",
  filesIntro:
    "Cada documento alimenta uma parte do site. Abra um para editar os textos e imagens; o nome do arquivo fica só como referência.",
  document: "Documento",
  file: "Arquivo",
  content: "Conteúdo",
  levels: "Níveis",
  level: "Nível",
  levelDefault: "Padrão",
  /**
   * A level of a document as staff read it: "Padrão", "Inglês", "Agronegócio", "Agronegócio, em
   * inglês" (the segment's name from the domain configuration when the screen has it).
   */
  levelName: (segment: string, lang: string, segmentNames: Record<string, string> = {}) => {
    const language = languageName(lang).toLowerCase();
    const site = segment ? (segmentNames[segment] ?? `Segmento ${segment}`) : "";
    if (site && lang) return `${site}, em ${language}`;
    if (site) return site;
    if (lang) return language.charAt(0).toUpperCase() + language.slice(1);
    return "Padrão";
  },
  /** A stored version of a level. */
  versionName: (version: number) => `versão ${version}`,
  open: "Abrir",
  newLevel: "Criar neste nível",
  save: "Salvar alterações",
  saving: "Salvando...",
  saved: "Alterações salvas com sucesso!",
  saveErrorDefault: "Não foi possível salvar as alterações.",
  loadErrorDefault: "Não foi possível carregar os dados.",
  noStructure: "Nenhuma estrutura de formulário encontrada",
  conflictShowCurrent: "Carregar a versão atual",
  add: "Adicionar",
  /** A list's add button names what it adds, in a sentence: "Adicionar slide", "Adicionar destaque". */
  addItem: (label: string) =>
    // "Slide" reads "slide" mid-sentence; an acronym ("FAQ", "SEO") keeps its capitals.
    `Adicionar ${/^[A-ZÀ-Ý][a-zà-ÿ]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label}`,
  upload: "Enviar imagem",
  uploading: "Enviando imagem...",
  remove: "Remover",
  item: (n: number) => `Item ${n}`,
  currencyHint: "Em reais, com vírgula: 199,90. As setas do teclado mudam um centavo.",
  currencyInvalid: "Informe um valor em reais com até dois decimais, ex.: 199,90.",
  iconNone: "— sem ícone —",
  iconAlias: (name: string, drawing: string) => `${name} (mesmo desenho: ${drawing})`,
  iconUnknown: (name: string) => `${name} (sem desenho no site: mostra um ponto)`,
  mapKey: "Chave",
  mapValue: "Valor",
  mapEmpty: "Nenhuma linha ainda.",
  mapNewRow: (n: number) => `linha ${n}`,
  mapRepeated: (key: string) => `A chave “${key}” aparece mais de uma vez: só a última vale.`,
  mapAdd: "Adicionar linha",
  variant: "Tipo",
  // Decision 132: what can break scoring, delivery or an address, apart and for admins.
  advanced: "Avançado",
  problems: (n: number) =>
    n === 1
      ? "Corrija o campo abaixo (ele está marcado no formulário):"
      : `Corrija os ${n} campos abaixo (eles estão marcados no formulário):`,
  advancedWarning:
    "Estes campos mudam a pontuação dos leads, a entrega ao Jira ou o endereço do formulário. Um valor errado pode deixar leads sem entrega ou mudar quem é atendido primeiro: altere só se souber o efeito.",
  advancedHidden:
    "Os campos avançados (identificadores, pontuação, integrações) só aparecem para administradores.",
  revisions: "Versões",
  restore: "Restaurar",
  restoreOf: (v: number) => `Restaurar a versão ${v}`,
  version: "Versão",
  author: "Autor",
  date: "Data",
  seed: "conteúdo original",
  current: "atual",
  changes: "Alterações",
  diffWith: (v: number) => `Diferenças da versão ${v} para a atual`,
  plansSaved: "Dados salvos com sucesso!",
  plansSaveError: (reason: string) => `Erro ao salvar: ${reason}`,
  plansLoadError: "Erro ao carregar dados",
  plansSaveFailed: "Erro ao salvar alterações",
  stats: {
    leads30: "Leads nos últimos 30 dias",
    pending: "Entregas pendentes",
    failed: "Entregas com falha",
    spam: "Retidos como spam",
    unassigned: (n: number) =>
      n === 1
        ? "1 lead dos últimos 30 dias está sem responsável de vendas."
        : `${n} leads dos últimos 30 dias estão sem responsável de vendas.`,
    seeUnassigned: "Ver os leads sem responsável",
    setRouting: "Definir quem recebe cada lead",
    byForm: "Leads por formulário e temperatura (30 dias)",
    byDay: "Leads por dia nos últimos 30 dias",
    leadsAxis: "Leads",
    day: "Dia",
    /** The chart's legend before the pointer is on a day (uPlot would print "--"). */
    pointAtDay: "aponte um dia no gráfico",
    peak: (day: string, n: number) => `Dia com mais leads: ${day} (${n}).`,
    form: "Formulário",
    cold: "Frio",
    warm: "Morno",
    hot: "Quente",
    total: "Total",
    edits: "Edições recentes de conteúdo",
    audit: "Atividade da administração",
    none: "Nenhum registro ainda.",
    heldTitle: (n: number) =>
      n === 1
        ? "1 lead morno ou quente foi retido como spam: confira se é uma pessoa"
        : `${n} leads mornos ou quentes foram retidos como spam: confira se são pessoas`,
    heldHint:
      "Leads que parecem reais não chegam ao Jira enquanto estiverem retidos. Abra cada um e use “Liberar para entrega” se for uma pessoa.",
    heldAll: "Ver todos os retidos",
  },
  /** The versions of a document compared field by field, and restores (decision 100). */
  history: {
    actions: "Ações",
    compare: "Comparar",
    compareVersion: "Comparar versão",
    withVersion: "com versão",
    versionOption: (v: number, current: boolean) => (current ? `${v} (atual)` : String(v)),
    diffBetween: (from: number, to: number) => `Diferenças da versão ${from} para a versão ${to}`,
    loading: "Carregando as versões...",
    loadError: "Não foi possível carregar as versões para comparar.",
    same: "Escolha duas versões diferentes para comparar.",
    noChanges: "Nenhuma alteração entre as versões.",
    count: (n: number) => (n === 1 ? "1 campo alterado" : `${n} campos alterados`),
    field: "Campo",
    before: (v: number) => `Versão ${v}`,
    after: (v: number, current: boolean) => (current ? `Versão ${v} (atual)` : `Versão ${v}`),
    kinds: {
      added: "incluído",
      removed: "removido",
      changed: "alterado",
      moved: "mudou de posição",
    } as Record<string, string>,
    absent: "não existia",
    empty: "(vazio)",
    yes: "Sim",
    no: "Não",
    position: (n: number) => `posição ${n}`,
    showAll: "ver tudo",
    restoreField: "Restaurar este campo",
    restoreOnlyCurrent: "Para restaurar um campo, compare uma versão com a atual.",
    confirmVersion: (v: number) =>
      `Restaurar a versão ${v}? Todo o conteúdo volta a ser o dessa versão, publicado como uma nova versão.`,
    confirmField: (label: string, v: number) =>
      `Restaurar “${label}” com o valor da versão ${v}? Só este campo muda, e a mudança é publicada como uma nova versão.`,
    confirmUnsaved: "As alterações não salvas no formulário serão descartadas.",
    restoring: "Restaurando...",
    restoredVersion: (v: number, now: string) => `Versão ${v} restaurada: publicada como a versão ${now}.`,
    restoredField: (label: string, v: number, now: string) =>
      `“${label}” restaurado da versão ${v}: publicado como a versão ${now}.`,
    restoreError: "Não foi possível restaurar.",
  },
  /** Levels that inherit field by field from the levels below (decision 101). */
  inheritance: {
    from: (level: string) => `Herdado de: ${level}`,
    own: "Definido neste nível",
    editing: (level: string) =>
      `Editando neste nível (ainda igual ao herdado de ${level}: só o que mudar é guardado)`,
    override: "Substituir neste nível",
    inherit: (level: string) => `Voltar a herdar de ${level}`,
    intro: (level: string) =>
      `Este nível guarda só o que muda em relação aos níveis abaixo. Os campos em cinza vêm de outro nível; mudanças lá chegam aqui. Nível atual: ${level}.`,
  },
  /** Drafts, preview, publishing and schedules (decision 100). */
  workflow: {
    saveDraft: "Salvar rascunho",
    hasDraft: "rascunho",
    draftNotPublished: "rascunho, ainda não publicado",
    savingDraft: "Salvando rascunho...",
    preview: "Pré-visualizar",
    publish: "Publicar",
    publishing: "Publicando...",
    schedule: "Agendar publicação",
    discard: "Descartar rascunho",
    confirmDiscard:
      "Descartar o rascunho? O formulário volta à versão publicada e as alterações do rascunho se perdem.",
    discarded: "Rascunho descartado. O formulário mostra a versão publicada.",
    draftSavedAt: (time: string, by: string | null) => `Rascunho salvo às ${time}${by ? ` por ${by}` : ""}.`,
    noDraft: "Sem rascunho: o formulário mostra a versão publicada.",
    unsaved: "Há alterações ainda não salvas no rascunho.",
    autosaveHint: "O rascunho é salvo sozinho a cada 30 segundos enquanto houver alterações.",
    draftError: (reason: string) => `Não foi possível salvar o rascunho: ${reason}`,
    draftBehind: (base: number, now: number) =>
      `Este rascunho partiu da versão ${base}, mas a versão publicada agora é a ${now}. Ao publicar, ele substitui a versão ${now}.`,
    editorOnly:
      "Você pode salvar rascunhos e pré-visualizar. Peça a um administrador para publicar ou agendar a publicação.",
    published: "Publicado no site.",
    publishConflict: "Publicar mesmo assim",
    loadTheirDraft: "Carregar o rascunho salvo por outra pessoa",
    leaveConfirm: "Há alterações não salvas neste conteúdo. Sair mesmo assim? Elas serão perdidas.",
    stay: "Continuar editando",
    leave: "Sair sem salvar",
    previewTitle: "Pré-visualização",
    previewIntro:
      "Veja o rascunho nas páginas reais do site. O link vale por 1 hora, não aparece em buscadores e pode ser enviado a um colega.",
    previewPage: "Página",
    previewSite: "Site",
    previewLanguage: "Idioma",
    previewOpen: "Abrir pré-visualização",
    previewCopy: "Copiar link",
    previewCopied: "Link copiado.",
    previewLink: "Link da pré-visualização",
    previewUntil: (time: string) => `Válido até ${time}.`,
    previewNone: "Este conteúdo não aparece nas páginas públicas do site: não há o que pré-visualizar.",
    previewError: "Não foi possível gerar o link de pré-visualização.",
    close: "Fechar",
    scheduleTitle: "Agendar",
    scheduleWhen: "Data e hora (horário de Brasília)",
    scheduleHint:
      "Publica o rascunho como está agora. Alterações feitas depois precisam de um novo agendamento.",
    scheduleSubmit: "Confirmar agendamento",
    scheduled: (when: string) => `Publicação agendada para ${when}.`,
    unpublishTitle: "Tirar do site em uma data",
    unpublishItem: "Artigo ou página",
    unpublishWhen: "Data e hora da saída (horário de Brasília)",
    unpublishSubmit: "Agendar despublicação",
    unpublishScheduled: (label: string, when: string) => `“${label}” sai do site em ${when}.`,
    pendingTitle: "Agendamentos deste conteúdo",
    pendingNone: "Nenhum agendamento pendente.",
    actionPublish: "Publicar rascunho",
    actionUnpublish: (label: string) => `Tirar do site: ${label}`,
    cancel: "Cancelar agendamento",
    confirmCancel: "Cancelar este agendamento?",
    cancelled: "Agendamento cancelado.",
    reschedule: "Reagendar",
    rescheduled: (when: string) => `Agendamento movido para ${when}.`,
    by: (who: string) => `por ${who}`,
    dashboardTitle: "Publicações agendadas",
    dashboardNone:
      "Nenhuma publicação agendada. Agende pelo editor de cada conteúdo, em “Agendar publicação”.",
    recentTitle: "Últimos agendamentos executados, com falha ou cancelados",
    when: "Quando (horário de Brasília)",
    document: "Conteúdo",
    change: "O que acontece",
    scheduledBy: "Agendado por",
    statuses: {
      pending: "Pendente",
      done: "Executado",
      failed: "Falhou",
      cancelled: "Cancelado",
    } as Record<string, string>,
  },
} as const;

export type AdminTexts = typeof adminTexts;

/** Texts of the lead inbox. */
export const inboxTexts = {
  title: "Leads",
  filters: "Filtrar leads",
  form: "Formulário",
  level: "Temperatura",
  status: "Entrega",
  from: "De",
  to: "Até",
  search: "Buscar (protocolo, chave, nome, e-mail, empresa)",
  all: "Todos",
  apply: "Filtrar",
  clear: "Limpar filtros",
  export: "Exportar CSV",
  none: "Nenhum lead encontrado.",
  total: (n: number) => (n === 1 ? "1 lead" : `${n} leads`),
  protocol: "Protocolo",
  protocolAndForm: "Protocolo, formulário e data",
  deliveryAndTracker: "Entrega e Jira",
  contact: "Contato",
  date: "Data",
  tracker: "Jira",
  trackerStatus: "Status no Jira",
  levels: { cold: "Frio", warm: "Morno", hot: "Quente" } as Record<string, string>,
  statuses: {
    pending: "Pendente",
    delivered: "Entregue",
    simulated: "Guardado no site",
    failed: "Falhou",
    spam: "Retido como spam",
  } as Record<string, string>,
  back: "Voltar aos leads",
  answers: "Respostas",
  consent: "Consentimento (LGPD)",
  purpose: "Finalidade",
  textVersion: "Versão do texto",
  consentAt: "Data do consentimento",
  /** The newsletter subscriber withdrew the consent (decision 102). */
  consentWithdrawn: "Consentimento retirado",
  consentWithdrawnAt: (when: string, via: string) => `Retirado em ${when} (${via})`,
  withdrawnVia: {
    "one-click": "cancelamento de um clique pelo programa de e-mail",
    page: "página de cancelamento da newsletter",
  } as Record<string, string>,
  tracking: "A visita",
  /** The Jira column of a lead with no issue: why there is none. */
  noTicket: { simulated: "Jira não configurado", pending: "Aguardando o Jira" } as Record<string, string>,
  temperature: "Temperatura",
  deliveries: "Entregas",
  noDeliveries: "Nenhuma entrega registrada para este lead.",
  noDeliveriesHeld: "Nenhuma entrega: o lead está retido. Libere-o para entregar.",
  job: "Destino",
  attempts: "Tentativas",
  lastError: "Último erro",
  outcome: {
    ok: "concluída",
    retry: "falhou, nova tentativa agendada",
    dead: "falhou, sem novas tentativas",
    // Decision 124: the service was down or refused the credentials; the attempt was given back.
    deferred: "adiada: o serviço não respondeu ou recusou as credenciais; nenhuma tentativa gasta",
  } as Record<string, string>,
  retry: "Tentar entregar de novo",
  retried: (n: number) => (n === 1 ? "1 entrega voltou para a fila." : `${n} entregas voltaram para a fila.`),
  release: "Liberar para entrega",
  released: "Lead liberado: entregas na fila.",
  discard: "Descartar (apagar o lead)",
  spamReason: "Motivo da retenção",
  page: (n: number, of: number) => `Página ${n} de ${of}`,
  previous: "Anterior",
  next: "Próxima",
  erasure: "Apagar os dados de um titular (LGPD art. 18)",
  erasureHint:
    "Todos os leads deste e-mail têm os dados pessoais apagados aqui e no Jira. Não pode ser desfeito.",
  erasureEmail: "E-mail do titular",
  erase: "Apagar dados",
  erased: (n: number, keys: number) =>
    `${n === 1 ? "1 lead teve" : `${n} leads tiveram`} os dados pessoais apagados; ${keys === 1 ? "1 chamado do Jira foi editado" : `${keys} chamados do Jira foram editados`}.`,
  erasureJiraFailed: (keys: string) =>
    `Não foi possível editar no Jira agora: ${keys}. Tente de novo mais tarde.`,
  sales: "Atendimento comercial",
  openRelated: "Abrir o lead anterior",
  owner: "Responsável",
  handling: "Responsável e prazo",
  until: "até",
  noOwner: "Sem responsável",
  respondBy: "Prazo",
  overdue: "Atrasado",
  overdueOnly: "Somente atrasados",
  result: "Resultado",
  noResult: "Sem retorno do Jira",
  routingRule: "Regra de distribuição",
  fallbackRule: "Responsável padrão",
  firstTouch: "Primeira origem (90 dias)",
  campaign: "Campanha (utm_campaign)",
  lastTouch: "Origem desta visita",
  timeline: "Histórico do contato",
  timelineTitle: (who: string) => `Histórico de ${who}`,
  timelineHint:
    "Todos os leads do mesmo e-mail ou da mesma empresa (raiz do CNPJ), do mais recente ao mais antigo.",
  timelineKeys: (email: string | null, root: string | null) =>
    [email ? `E-mail: ${email}` : "", root ? `Raiz do CNPJ: ${root}` : ""].filter(Boolean).join(" · "),
  related: "Lead anterior relacionado",
  thisLead: "este lead",
  backToLead: "Voltar ao lead",
} as const;

/** Texts of the settings screen: users and the tracker's status. */
export const settingsTexts = {
  title: "Configurações",
  users: "Usuários",
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
  tracker: "Integração com o Jira",
  notConfigured: "Serviço não configurado",
  connected: (account: string) => `Conectado como ${account}`,
  connectionFailed: "Falha na conexão",
  pending: "Entregas pendentes",
  failed: "Entregas com falha",
} as const;

/** Texts of the admin's customer companies (decision 091). */
export const companyTexts = {
  title: "Empresas clientes",
  search: "Buscar por razão social, nome fantasia ou CNPJ",
  apply: "Buscar",
  clear: "Limpar",
  total: (n: number) => (n === 1 ? "1 empresa" : `${n} empresas`),
  none: "Nenhuma empresa encontrada.",
  empty: "Nenhuma empresa cadastrada ainda. Cadastre a primeira abaixo.",
  legalName: "Razão social",
  tradeName: "Nome fantasia",
  cnpj: "CNPJ",
  plan: "Plano",
  noPlan: "Sem plano",
  status: "Situação",
  statuses: { active: "Ativa", suspended: "Suspensa" } as Record<string, string>,
  members: "Pessoas",
  createdAt: "Cadastro",
  create: "Cadastrar empresa",
  created: (name: string) => `Empresa ${name} cadastrada.`,
  save: "Salvar alterações",
  saved: "Alterações salvas com sucesso!",
  back: "Todas as empresas",
  notFound: "Empresa não encontrada.",
  suspend: "Suspender acesso",
  reactivate: "Reativar acesso",
  suspendHint: "Uma empresa suspensa continua cadastrada, mas as pessoas dela deixam de entrar no portal.",
  reactivateHint: "Esta empresa está suspensa: as pessoas dela não entram no portal.",
  details: "Dados da empresa",
  people: "Pessoas da empresa",
  noMembers:
    "Ninguém desta empresa tem acesso ao portal ainda. Convide o primeiro responsável acima: ele será o proprietário e poderá convidar as outras pessoas.",
  inviteOwner: "Convidar proprietário",
  inviteOwnerHint:
    "A pessoa recebe por e-mail um link, válido por 7 dias, para criar a própria senha. Como proprietária, ela convida as demais pessoas da empresa.",
  inviteOwnerHintNoMail:
    "Este site não envia e-mails: ao convidar, o link aparece aqui uma única vez, para você enviar à pessoa. Ele vale por 7 dias.",
  ownerEmail: "E-mail do proprietário",
  ownerEmailInvalid: "Informe um e-mail válido para o proprietário.",
  inviteOwnerSubmit: "Enviar convite",
  ownerInvited: (email: string) => `Convite enviado para ${email}. O link vale por 7 dias.`,
  ownerLinkOnce: (email: string) =>
    `Convite criado para ${email}. Copie o link abaixo e envie à pessoa: ele é mostrado só agora e vale por 7 dias.`,
  openInvitations: "Convites em aberto",
  invitationExpired: "expirado",
  invitationValidUntil: (date: string) => `válido até ${date}`,
  name: "Nome",
  email: "E-mail",
  role: "Papel",
  lastSignIn: "Último acesso",
  never: "Nunca",
  disabled: "Desativado",
  memberLimit: (used: number, limit: number | null) =>
    limit === null
      ? `${used} ${used === 1 ? "pessoa" : "pessoas"} (sem limite no plano)`
      : `${used} de ${limit} pessoas do plano`,
} as const;

/** Texts of the lead operations settings (decision 105): sales team, routing rules, outcomes. */
export const salesTexts = {
  title: "Distribuição de leads",
  intro:
    "Quem atende cada lead no Jira e o que cada status do Jira significa como resultado de vendas. Os prazos contam horas úteis: segunda a sexta, das 8h às 18h (horário de Brasília), sem feriados nacionais.",
  team: "Equipe comercial",
  teamHint: "Cada pessoa é uma conta do Jira. O ID da conta aparece no perfil da pessoa no Jira (712020:…).",
  name: "Nome",
  accountId: "ID da conta no Jira",
  addOwner: "Adicionar pessoa",
  remove: "Remover",
  noOwners: "Nenhuma pessoa ainda. Adicione a equipe comercial para distribuir os leads.",
  rules: "Regras de distribuição",
  rulesHint:
    "A primeira regra que combinar com o lead decide; as pessoas da regra recebem os leads em rodízio. Uma condição sem nada marcado aceita qualquer valor.",
  noRules: "Nenhuma regra: todos os leads vão para o responsável padrão.",
  addRule: "Adicionar regra",
  rule: (n: number) => `Regra ${n}`,
  ruleName: "Nome da regra",
  forms: "Formulários",
  segments: "Segmentos",
  temperatures: "Temperaturas",
  states: "Estados (pelo DDD do telefone)",
  owners: "Pessoas (rodízio)",
  moveUp: "Subir",
  moveDown: "Descer",
  removeRule: "Remover regra",
  fallback: "Responsável padrão",
  fallbackHint: "Recebe os leads que nenhuma regra pegou e os que o Jira recusar (conta inativa).",
  nobody: "Ninguém (lead sem responsável)",
  save: "Salvar distribuição",
  saved: "Distribuição salva.",
  outcomes: "Resultados de vendas",
  outcomesHint:
    "Cada status do Jira vira um resultado. Sem uma escolha aqui, o resultado vem da categoria do status: A fazer → Aberto, Em andamento → Em atendimento, Concluído → Ganho (ou Perdido, quando o nome diz).",
  status: "Status no Jira",
  leadsWith: "Leads",
  outcome: "Resultado",
  byDefault: (label: string) => `Padrão (${label})`,
  addStatus: "Adicionar status",
  newStatus: "Nome do status",
  noStatuses:
    "Nenhum status recebido do Jira ainda. Os status aparecem aqui quando o Jira avisar a primeira mudança.",
  saveOutcomes: "Salvar resultados",
  outcomesSaved: "Resultados salvos; os leads já mostram o novo resultado.",
  lastSaved: (at: string, by: string | null) => `Última alteração: ${at}${by ? ` por ${by}` : ""}.`,
  temperatureLabels: { cold: "Frio", warm: "Morno", hot: "Quente" } as Record<string, string>,
  invalid: "Verifique os campos destacados.",
} as const;
