/** Texts of the privacy screen (decision 111): how long leads keep their personal data. */
export const privacyTexts = {
  title: "Privacidade",
  intro:
    "Leads mais antigos que este prazo têm os dados pessoais removidos toda noite (depois das 3h, horário de Brasília), também no Jira. A Política de Privacidade informa o prazo salvo aqui.",
  months: "Prazo de retenção de leads (meses)",
  hint: (min: number, max: number, fallback: number) => `De ${min} a ${max} meses; padrão ${fallback}.`,
  lastSaved: (by: string, when: string) => `Salvo por ${by} em ${when}.`,
  save: "Salvar prazo",
  saved: (months: number) =>
    `Prazo de retenção salvo: ${months} meses. A Política de Privacidade já mostra o novo prazo.`,
} as const;
