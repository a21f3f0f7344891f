import { languageName } from "../../domain/languages.ts";

/**
 * Texts of the content screens (B §2.8, §4.6, §8.3): the site's documents, their editor with its
 * levels, versions, drafts and schedules (decisions 100, 101), shared by the plans editor's form.
 * Relative imports: the screen table (screens.ts) reads this module for the sidebar's label.
 */
export const contentTexts = {
  files: "Conteúdo do site",
  filesIntro:
    "Cada documento alimenta uma parte do site. Abra um para editar os textos e imagens; o nome do arquivo fica só como referência.",
  document: "Documento",
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
  saved: "Alterações salvas com sucesso!",
  saveErrorDefault: "Não foi possível salvar as alterações.",
  noStructure: "Nenhuma estrutura de formulário encontrada",
  conflictShowCurrent: "Carregar a versão atual",
  add: "Adicionar",
  /** A list's add button names what it adds, in a sentence: "Adicionar slide", "Adicionar destaque". */
  addItem: (label: string) =>
    // "Slide" reads "slide" mid-sentence; an acronym ("FAQ", "SEO") keeps its capitals.
    `Adicionar ${/^[A-ZÀ-Ý][a-zà-ÿ]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label}`,
  upload: "Enviar imagem",
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
