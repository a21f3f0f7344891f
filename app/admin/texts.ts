/** Texts of the admin area (B §2.8, §4.6, §8.3). Staff work in Portuguese. */
export const adminTexts = {
  title: "Administração",
  dashboard: "Dashboard",
  jsonEditor: "Editor JSON",
  plansEditor: "Editor de planos",
  settings: "Configurações",
  logout: "Logout",
  collapse: "Recolher menu",
  expand: "Expandir menu",
  files: "Arquivos JSON",
  file: "Arquivo",
  levels: "Níveis",
  level: "Nível",
  levelDefault: "Padrão",
  levelName: (segment: string, lang: string) =>
    segment && lang
      ? `${segment} + ${lang}`
      : segment
        ? `segmento ${segment}`
        : lang
          ? `idioma ${lang}`
          : "Padrão",
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
  remove: "Remover",
  item: (n: number) => `Item ${n}`,
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
  noChanges: "Sem diferenças.",
  plansSaved: "Dados salvos com sucesso!",
  plansSaveError: (reason: string) => `Erro ao salvar: ${reason}`,
  plansLoadError: "Erro ao carregar dados",
  plansSaveFailed: "Erro ao salvar alterações",
  stats: {
    leads30: "Leads nos últimos 30 dias",
    pending: "Entregas pendentes",
    failed: "Entregas com falha",
    spam: "Retidos como spam",
    byForm: "Leads por formulário e temperatura (30 dias)",
    form: "Formulário",
    cold: "Frio",
    warm: "Morno",
    hot: "Quente",
    total: "Total",
    edits: "Edições recentes de conteúdo",
    none: "Nenhum registro ainda.",
  },
} as const;

export type AdminTexts = typeof adminTexts;
