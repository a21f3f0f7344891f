import { Form, useNavigation } from "react-router";
import { formatDateTime } from "~/lib/format.ts";

export const privacyCardTexts = {
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

export interface PrivacyCardData {
  months: number;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
  limits: { min: number; max: number; default: number };
}

/** The retention period staff set (decision 111): one number, versioned like the sales settings. */
export function PrivacyCard({ privacy }: { privacy: PrivacyCardData }) {
  const busy = useNavigation().state === "submitting";
  const t = privacyCardTexts;
  const when = (iso: string) => formatDateTime(iso);
  return (
    <>
      <h2 id="privacidade">{t.title}</h2>
      <p>{t.intro}</p>
      <Form method="post" className="inbox-filters" aria-labelledby="privacidade" key={privacy.version}>
        <input type="hidden" name="version" value={privacy.version} />
        <div className="field">
          <label htmlFor="retencao-meses" className="field__label">
            {t.months}
          </label>
          <input
            id="retencao-meses"
            type="number"
            name="leadRetentionMonths"
            required
            min={privacy.limits.min}
            max={privacy.limits.max}
            step={1}
            defaultValue={privacy.months}
            aria-describedby="retencao-dica"
          />
          <span id="retencao-dica" className="field__hint">
            {t.hint(privacy.limits.min, privacy.limits.max, privacy.limits.default)}
            {privacy.updatedAt && privacy.updatedBy
              ? ` ${t.lastSaved(privacy.updatedBy, when(privacy.updatedAt))}`
              : ""}
          </span>
        </div>
        <button
          type="submit"
          name="intent"
          value="privacy-save"
          className="button button--primary"
          disabled={busy}
        >
          {t.save}
        </button>
      </Form>
    </>
  );
}
