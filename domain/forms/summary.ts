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

/**
 * The stored answers as the admin's lead page lists them (decision 116): each field by its label in
 * the form's order, options by their names and a CNPJ formatted; empty answers left out; answers to
 * fields the form no longer has come last, under their stored names.
 */
export function answerRows(
  form: FormDefinition | null,
  answers: Record<string, unknown>,
): [string, string][] {
  const text = (value: unknown): string =>
    Array.isArray(value)
      ? value.map(String).join(", ")
      : typeof value === "object" && value !== null
        ? JSON.stringify(value)
        : String(value ?? "");
  const fields = form?.steps.flatMap((s) => s.fields) ?? [];
  const rows: [string, string][] = [];
  for (const field of fields) {
    const value = answers[field.name];
    if (typeof value !== "string" && !Array.isArray(value)) continue;
    if (asList(value as string | string[]).every((v) => String(v).trim() === "")) continue;
    rows.push([field.label, displayAnswer(form!, field.name, value as string | string[])]);
  }
  const known = new Set(fields.map((field) => field.name));
  for (const [name, value] of Object.entries(answers))
    if (!known.has(name) && text(value).trim()) rows.push([name, text(value)]);
  return rows;
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
    /^(nomeEmpresa|cnpjEmpresa|segmento|numeroFuncionarios|sistemaAtual|modulosInteresse|tipoEmpresa|tempoMercado|tamanhoEquipe|areasEspecialidade|setoresExperiencia)$/.test(
      name,
    )
  ) {
    return "empresa";
  }
  // What the company needs (the modules it wants) is about the company, not how to contact it.
  if (/^(melhorHorario|urgencia|assunto|modeloParceria)$/.test(name)) return "preferencias";
  return "outros";
}
