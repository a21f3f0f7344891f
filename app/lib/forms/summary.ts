import { formatCnpjForDisplay } from "../cnpj.ts";
import { isCnpjField } from "./cnpj-field.ts";
import type { Answers, FormDefinition } from "./definition.ts";

const asList = (value: string | string[] | undefined): string[] =>
  Array.isArray(value) ? value : value ? [value] : [];

/** Group titles of the success summary (B §2.6). */
export const GROUP_TITLES: Record<string, string> = {
  contato: "Dados de Contato",
  empresa: "Informações da Empresa",
  preferencias: "Preferências de Contato",
  outros: "Outros Dados",
};

/** Shows an answer as the visitor saw it: option labels instead of values. */
export function displayAnswer(form: FormDefinition, name: string, value: string | string[]): string {
  const field = form.steps.flatMap((s) => s.fields).find((f) => f.name === name);
  const values = asList(value);
  if (field && isCnpjField(field)) return values.map(formatCnpjForDisplay).join(", ");
  if (!field?.options) return values.join(", ");
  return values.map((v) => field.options?.find((o) => o.value === v)?.label ?? v).join(", ");
}

/** The stored answers with each CNPJ formatted for reading (the admin's lead detail). */
export function readableAnswers(
  form: FormDefinition | null,
  answers: Record<string, unknown>,
): Record<string, unknown> {
  const cnpjFields = new Set(
    (form?.steps.flatMap((s) => s.fields) ?? []).filter(isCnpjField).map((f) => f.name),
  );
  return Object.fromEntries(
    Object.entries(answers).map(([name, value]) => [
      name,
      cnpjFields.has(name) && typeof value === "string" ? formatCnpjForDisplay(value) : value,
    ]),
  );
}

/** Answers grouped as the success screen shows them (B §2.6). */
export function groupedAnswers(
  form: FormDefinition,
  answers: Answers,
  /** Shown for a phone field left empty (the ticket's 'Não informado', B §3.3); omitted if not given. */
  noPhone?: string,
): { title: string; rows: [string, string][] }[] {
  const groups = new Map<string, [string, string][]>();
  for (const step of form.steps) {
    for (const field of step.fields) {
      const value = answers[field.name];
      const empty = value === undefined || asList(value).every((v) => v.trim() === "");
      if (empty && !(noPhone && field.type === "tel")) continue;
      const group = field.group ?? inferGroup(field.name);
      const rows = groups.get(group) ?? [];
      rows.push([field.label, empty ? noPhone! : displayAnswer(form, field.name, value!)]);
      groups.set(group, rows);
    }
  }
  return ["contato", "empresa", "preferencias", "outros"]
    .filter((g) => groups.has(g))
    .map((g) => ({ title: GROUP_TITLES[g]!, rows: groups.get(g)! }));
}

/** Group of a field the definition does not place explicitly, from its name. */
export function inferGroup(name: string): "contato" | "empresa" | "preferencias" | "outros" {
  if (/^(nome(Responsavel)?|email(Contato)?|telefone(Contato)?|cargo\w*)$/.test(name)) return "contato";
  if (
    /^(nomeEmpresa|cnpjEmpresa|segmento|numeroFuncionarios|sistemaAtual|tipoEmpresa|tempoMercado|tamanhoEquipe|areasEspecialidade|setoresExperiencia)$/.test(
      name,
    )
  ) {
    return "empresa";
  }
  if (/^(melhorHorario|urgencia|assunto|modeloParceria|modulosInteresse)$/.test(name)) return "preferencias";
  return "outros";
}
