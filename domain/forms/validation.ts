import { cnpjProblem } from "../cnpj.ts";
import type { Answers, FormField, FormStep } from "./definition.ts";

/** Field messages of B §5.1, exactly as the catalogue words them, and their English versions. */
export const validationMessages = {
  required: "Este campo é obrigatório",
  email: "E-mail inválido",
  cnpj: "CNPJ deve ter 14 dígitos",
  // The check digits of the CNPJ (alphanumeric since July 2026, domain/cnpj.ts).
  cnpjInvalid: "CNPJ inválido",
  phone: "Telefone deve ter pelo menos 10 dígitos",
  // The chat popup's phone rules (A §5, A §8), so the server checks what the popup checks.
  minDigits: (n: number) => `Telefone deve ter pelo menos ${n} dígitos`,
  maxDigits: "Telefone muito longo",
  minLength: (n: number) => `Mínimo de ${n} caracteres`,
  minSelections: (n: number) => `Selecione pelo menos ${n} opção(ões)`,
  // Decision 128: the choice past maxSelect is refused with this message, in the browser and here.
  maxSelections: (n: number) => `Escolha no máximo ${n} opções: desmarque uma para escolher outra.`,
};
export type ValidationMessages = typeof validationMessages;

export const validationMessagesEn: ValidationMessages = {
  required: "This field is required",
  email: "Invalid e-mail",
  cnpj: "CNPJ must have 14 digits",
  cnpjInvalid: "Invalid CNPJ",
  phone: "Phone must have at least 10 digits",
  minDigits: (n: number) => `Phone must have at least ${n} digits`,
  maxDigits: "Phone number too long",
  minLength: (n: number) => `At least ${n} characters`,
  minSelections: (n: number) => `Select at least ${n} option(s)`,
  maxSelections: (n: number) => `Choose at most ${n} options: uncheck one to choose another.`,
};

export function messagesForLanguage(language: string): ValidationMessages {
  return language === "en" ? validationMessagesEn : validationMessages;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

function isEmpty(value: string | string[] | undefined): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return value.trim() === "";
}

/**
 * The first failing rule of a field, or null (B §5.1). Rules apply only when listed on the field
 * and stop at the first failure; an empty optional field passes its other rules.
 */
export function validateField(
  field: FormField,
  value: string | string[] | undefined,
  messages: ValidationMessages = validationMessages,
): string | null {
  // "required" is checked first wherever it is listed: an empty field fails it or passes the rest.
  const required = field.required || field.validation.includes("required");
  if (isEmpty(value)) return required ? (field.required_message ?? messages.required) : null;
  if (field.maxSelect !== undefined && Array.isArray(value) && value.length > field.maxSelect) {
    return messages.maxSelections(field.maxSelect);
  }
  for (const rule of field.validation) {
    if (rule === "required") continue;
    const text = Array.isArray(value) ? "" : (value ?? "");
    if (rule === "email") {
      if (!EMAIL.test(text) || /\s/.test(text)) return messages.email;
    } else if (rule === "cnpj") {
      const problem = cnpjProblem(text);
      if (problem) return problem === "length" ? messages.cnpj : messages.cnpjInvalid;
    } else if (rule === "phone") {
      if (digitsOf(text).length < 10) return messages.phone;
    } else if (rule.startsWith("min_digits:")) {
      const n = Number(rule.slice("min_digits:".length));
      if (digitsOf(text).length < n) return messages.minDigits(n);
    } else if (rule.startsWith("max_digits:")) {
      if (digitsOf(text).length > Number(rule.slice("max_digits:".length))) return messages.maxDigits;
    } else if (rule.startsWith("min_length:")) {
      const n = Number(rule.slice("min_length:".length));
      if (text.trim().length < n) return messages.minLength(n);
    } else if (rule.startsWith("min_selections:")) {
      const n = Number(rule.slice("min_selections:".length));
      if ((Array.isArray(value) ? value.length : 0) < n) return messages.minSelections(n);
    }
  }
  return null;
}

export type FieldErrors = Record<string, string>;

export function validateStep(
  step: FormStep,
  answers: Answers,
  messages: ValidationMessages = validationMessages,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of step.fields) {
    const error = validateField(field, answers[field.name], messages);
    if (error) errors[field.name] = error;
  }
  return errors;
}

export function validateSteps(steps: FormStep[], answers: Answers): FieldErrors {
  return Object.assign({}, ...steps.map((step) => validateStep(step, answers)));
}
