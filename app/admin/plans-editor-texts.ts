/** Texts of the plans editor (B §2.8 "pages", §8.3): its own messages around the content editor's form. */
export const plansEditorTexts = {
  title: "Editor de planos",
  saved: "Dados salvos com sucesso!",
  saveError: (reason: string) => `Erro ao salvar: ${reason}`,
  loadError: "Erro ao carregar dados",
  saveFailed: "Erro ao salvar alterações",
} as const;
