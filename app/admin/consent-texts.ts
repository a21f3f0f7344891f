import { TAG_PROVIDERS, type TagProviderId } from "../../domain/consent/providers.ts";

/** The admin's cookies and tags screen (decision 123). */
export const consentAdminTexts = {
  nav: "Cookies e tags",
  title: "Cookies e tags de marketing",
  intro:
    "Cada tag só carrega para quem aceitou a categoria dela no aviso de cookies. Ao salvar, o site passa a pedir a escolha de novo a todos, porque a lista de cookies mudou.",
  tagsTitle: "Tags de marketing",
  categoryOf: { measurement: "Medição", marketing: "Marketing" } as const,
  hint: (id: TagProviderId) =>
    `Categoria ${consentAdminTexts.categoryOf[TAG_PROVIDERS[id].category]}. Exemplo: ${TAG_PROVIDERS[id].example}. Deixe vazio para desligar.`,
  save: "Salvar tags",
  saved: (count: number) =>
    count === 0
      ? "Tags salvas: nenhuma tag ligada."
      : `Tags salvas: ${count} ${count === 1 ? "tag ligada" : "tags ligadas"}. As páginas já carregam a nova lista para quem consentir.`,
  lastSaved: (by: string, when: string) => `Salvo por ${by} em ${when}.`,
  choicesTitle: "Escolhas dos visitantes",
  choicesIntro: (days: number) =>
    `Cada escolha feita no aviso de cookies nos últimos ${days} dias, por dia (horário de Brasília). Os registros são guardados pelo mesmo prazo dos leads.`,
  export: "Exportar CSV",
  exportHint: "Todas as escolhas do período, com o identificador anônimo de cada visitante.",
  none: "Nenhuma escolha registrada ainda. Elas aparecem aqui assim que um visitante responder ao aviso de cookies.",
  columns: {
    day: "Dia",
    total: "Escolhas",
    acceptAll: "Aceitaram todos",
    rejectAll: "Rejeitaram",
    custom: "Personalizaram",
    browserSignal: "Sinal do navegador",
    measurement: "Com Medição",
    marketing: "Com Marketing",
  },
} as const;
