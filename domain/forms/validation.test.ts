import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type FormStep, fieldSchema, formDefinitionSchema, stepSchema } from "./definition.ts";
import {
  validateField,
  validateStep,
  validateSteps,
  validationMessages,
  validationMessagesEn,
} from "./validation.ts";

/** A field as the definition parser yields it (defaults applied: required false, validation []). */
function field(input: Record<string, unknown>) {
  return fieldSchema.parse({ name: "campo", type: "text", label: "Campo", ...input });
}

function step(fields: Record<string, unknown>[]): FormStep {
  return stepSchema.parse({ id: "passo", title: "Passo", type: "lead_capture", fields });
}

const REQUIRED = "Este campo é obrigatório";
const EMAIL = "E-mail inválido";
const CNPJ = "CNPJ deve ter 14 dígitos";
const PHONE = "Telefone deve ter pelo menos 10 dígitos";

describe("B §5.1 messages: worded exactly as the catalogue", () => {
  it("exports the catalogue texts", () => {
    expect(validationMessages.required).toBe(REQUIRED);
    expect(validationMessages.email).toBe(EMAIL);
    expect(validationMessages.cnpj).toBe(CNPJ);
    expect(validationMessages.phone).toBe(PHONE);
    expect(validationMessages.minLength(7)).toBe("Mínimo de 7 caracteres");
    expect(validationMessages.minSelections(3)).toBe("Selecione pelo menos 3 opção(ões)");
  });
});

describe("B §5.1 required: empty, whitespace-only or an empty checkbox list", () => {
  const text = field({ validation: ["required"] });
  const checkbox = field({
    type: "checkbox",
    validation: ["required"],
    options: [
      { value: "a", label: "A" },
      { value: "b", label: "B" },
    ],
  });

  it("refuses an empty string", () => {
    expect(validateField(text, "")).toBe(REQUIRED);
  });
  it("refuses a missing answer", () => {
    expect(validateField(text, undefined)).toBe(REQUIRED);
  });
  it("refuses whitespace only (spaces, tabs, new lines)", () => {
    expect(validateField(text, "   ")).toBe(REQUIRED);
    expect(validateField(text, "\t\n ")).toBe(REQUIRED);
  });
  it("refuses an empty checkbox list", () => {
    expect(validateField(checkbox, [])).toBe(REQUIRED);
  });
  it("accepts a non-empty text and a non-empty checkbox list", () => {
    expect(validateField(text, "x")).toBeNull();
    expect(validateField(checkbox, ["a"])).toBeNull();
  });
});

describe("B §5.1 email: not an e-mail address, or contains a space", () => {
  const email = field({ type: "email", validation: ["email"] });

  it("refuses an address without @", () => {
    expect(validateField(email, "maria.example.com")).toBe(EMAIL);
  });
  it("refuses an address with a space", () => {
    expect(validateField(email, "maria silva@example.com")).toBe(EMAIL);
    expect(validateField(email, "maria@exam ple.com")).toBe(EMAIL);
  });
  it("refuses an address without a domain dot", () => {
    expect(validateField(email, "maria@example")).toBe(EMAIL);
  });
  it("accepts a valid address", () => {
    expect(validateField(email, "maria.silva@empresa.com.br")).toBeNull();
  });
});

describe("B §5.1 cnpj: 14 letters and digits after stripping punctuation, with valid check digits", () => {
  const cnpj = field({ validation: ["cnpj"] });

  it("refuses 13 digits with punctuation", () => {
    expect(validateField(cnpj, "12.345.678/0001-9")).toBe(CNPJ);
  });
  it("accepts 14 digits with punctuation", () => {
    expect(validateField(cnpj, "12.345.678/0001-95")).toBeNull();
  });
  it("accepts 14 bare digits", () => {
    expect(validateField(cnpj, "12345678000195")).toBeNull();
  });
  it("refuses 15 digits with punctuation", () => {
    expect(validateField(cnpj, "12.345.678/0001-951")).toBe(CNPJ);
  });
  it("accepts the alphanumeric CNPJ (since July 2026), in any case", () => {
    expect(validateField(cnpj, "12.ABC.345/01DE-35")).toBeNull();
    expect(validateField(cnpj, "12abc34501de35")).toBeNull();
  });
  it("refuses 14 characters with wrong check digits as 'CNPJ inválido', in the visitor's language", () => {
    expect(validateField(cnpj, "12.345.678/0001-90")).toBe("CNPJ inválido");
    expect(validateField(cnpj, "12.ABC.345/01DE-36")).toBe("CNPJ inválido");
    expect(validateField(cnpj, "12.ABC.345/01DE-36", validationMessagesEn)).toBe("Invalid CNPJ");
    expect(validateField(cnpj, "12.ABC.345/01DE-3", validationMessagesEn)).toBe("CNPJ must have 14 digits");
  });
});

describe("B §5.1 phone: at least 10 digits", () => {
  const phone = field({ type: "tel", validation: ["phone"] });

  it("refuses 9 digits", () => {
    expect(validateField(phone, "(62) 3333-400")).toBe(PHONE);
  });
  it("accepts 10 digits (landline with area code)", () => {
    expect(validateField(phone, "(62) 3333-4000")).toBeNull();
  });
  it("accepts 11 digits (mobile with area code)", () => {
    expect(validateField(phone, "(62) 99999-0000")).toBeNull();
  });
});

describe("A §5 chat popup phone on the server: min_digits:8 and max_digits:15", () => {
  const phone = field({ validation: ["required", "min_digits:8", "max_digits:15"] });

  it("refuses 7 digits with the popup's message", () => {
    expect(validateField(phone, "9876-543")).toBe("Telefone deve ter pelo menos 8 dígitos");
  });
  it("accepts 8 digits (a number without its area code)", () => {
    expect(validateField(phone, "9876-5432")).toBeNull();
  });
  it("accepts 15 digits and refuses 16 as too long", () => {
    expect(validateField(phone, "123456789012345")).toBeNull();
    expect(validateField(phone, "1234567890123456")).toBe("Telefone muito longo");
  });
  it("has the English wording too", () => {
    expect(validateField(phone, "123", validationMessagesEn)).toBe("Phone must have at least 8 digits");
  });
});

describe("B §5.1 min_length:N: fewer than N characters (trimmed)", () => {
  const name = field({ validation: ["min_length:10"] });

  it("refuses N-1 characters", () => {
    expect(validateField(name, "123456789")).toBe("Mínimo de 10 caracteres");
  });
  it("accepts exactly N characters", () => {
    expect(validateField(name, "1234567890")).toBeNull();
  });
  it("counts the characters after trimming", () => {
    expect(validateField(name, "   123456789   ")).toBe("Mínimo de 10 caracteres");
  });
  it("uses N from the rule in the message (a name needs 2)", () => {
    expect(validateField(field({ validation: ["min_length:2"] }), "A")).toBe("Mínimo de 2 caracteres");
    expect(validateField(field({ validation: ["min_length:2"] }), "Al")).toBeNull();
  });
});

describe("B §5.1 min_selections:N: fewer than N checkbox selections", () => {
  const modules = field({
    type: "checkbox",
    validation: ["min_selections:2"],
    options: [
      { value: "a", label: "A" },
      { value: "b", label: "B" },
      { value: "c", label: "C" },
    ],
  });

  it("refuses N-1 selections", () => {
    expect(validateField(modules, ["a"])).toBe("Selecione pelo menos 2 opção(ões)");
  });
  it("accepts N selections", () => {
    expect(validateField(modules, ["a", "c"])).toBeNull();
  });
});

describe("maxSelect: more choices than allowed are refused on the server too (decision 128)", () => {
  const modules = field({
    type: "checkbox",
    maxSelect: 2,
    options: [
      { value: "a", label: "A" },
      { value: "b", label: "B" },
      { value: "c", label: "C" },
    ],
  });

  it("refuses maxSelect + 1, naming the limit", () => {
    expect(validateField(modules, ["a", "b", "c"])).toBe(
      "Escolha no máximo 2 opções: desmarque uma para escolher outra.",
    );
    expect(validateField(modules, ["a", "b", "c"], validationMessagesEn)).toBe(
      "Choose at most 2 options: uncheck one to choose another.",
    );
  });
  it("accepts maxSelect choices", () => {
    expect(validateField(modules, ["a", "c"])).toBeNull();
  });
});

describe("B §5.1 rules stop at the first failure per field", () => {
  const email = field({ type: "email", validation: ["required", "email"] });

  it("an empty required e-mail reports only the required message", () => {
    expect(validateField(email, "")).toBe(REQUIRED);
  });
  it("a filled but invalid required e-mail reports the e-mail message", () => {
    expect(validateField(email, "nao-e-email")).toBe(EMAIL);
  });
  it("the first listed failing rule wins when several fail", () => {
    const both = field({ validation: ["min_length:20", "email"] });
    expect(validateField(both, "x y")).toBe("Mínimo de 20 caracteres");
    const reversed = field({ validation: ["email", "min_length:20"] });
    expect(validateField(reversed, "x y")).toBe(EMAIL);
  });
  it("a required field stays required wherever 'required' is listed", () => {
    // B §5.1: required fails on an empty value; listing it after another rule must not skip it.
    const late = field({ type: "email", validation: ["email", "required"] });
    expect(validateField(late, "")).toBe(REQUIRED);
  });
});

describe("B §5.1 rules apply only if listed: an optional empty field passes its other rules", () => {
  it("an optional phone left empty is valid (telefone in the contact form)", () => {
    expect(validateField(field({ type: "tel", validation: ["phone"] }), "")).toBeNull();
    expect(validateField(field({ type: "tel", validation: ["phone"] }), undefined)).toBeNull();
  });
  it("an optional e-mail, CNPJ and min_length left empty are valid", () => {
    expect(validateField(field({ validation: ["email"] }), "   ")).toBeNull();
    expect(validateField(field({ validation: ["cnpj"] }), "")).toBeNull();
    expect(validateField(field({ validation: ["min_length:10"] }), "")).toBeNull();
  });
  it("an optional phone still checks a value once one is typed", () => {
    expect(validateField(field({ type: "tel", validation: ["phone"] }), "6233")).toBe(PHONE);
  });
  it("a field with no rules accepts anything", () => {
    expect(validateField(field({}), "")).toBeNull();
  });
});

describe("B §3.4 required: true without 'required' in the list still enforces required", () => {
  it("required: true with no validation list", () => {
    expect(validateField(field({ required: true }), "")).toBe(REQUIRED);
    expect(validateField(field({ required: true }), "ok")).toBeNull();
  });
  it("required: true with other rules checks required first", () => {
    const email = field({ type: "email", required: true, validation: ["email"] });
    expect(validateField(email, " ")).toBe(REQUIRED);
    expect(validateField(email, "invalido")).toBe(EMAIL);
  });
});

describe("B §4.3 Continuar validates the step: errors collected per field name", () => {
  const contact = step([
    { name: "nome", type: "text", label: "Nome", required: true, validation: ["required", "min_length:2"] },
    { name: "email", type: "email", label: "Email", required: true, validation: ["required", "email"] },
    { name: "telefone", type: "tel", label: "Telefone", validation: ["phone"] },
    {
      name: "mensagem",
      type: "textarea",
      label: "Mensagem",
      required: true,
      validation: ["required", "min_length:10"],
    },
  ]);

  it("reports every failing field under its name, and nothing for valid fields", () => {
    expect(validateStep(contact, { nome: "A", email: "", telefone: "", mensagem: "curta" })).toEqual({
      nome: "Mínimo de 2 caracteres",
      email: REQUIRED,
      mensagem: "Mínimo de 10 caracteres",
    });
  });
  it("a valid step has no errors", () => {
    expect(
      validateStep(contact, {
        nome: "Ana",
        email: "ana@empresa.com.br",
        mensagem: "Quero conhecer o ERP",
      }),
    ).toEqual({});
  });
  it("validateSteps merges the errors of every step", () => {
    const second = step([
      {
        name: "segmento",
        type: "checkbox",
        label: "Segmento",
        required: true,
        options: [{ value: "industria", label: "Indústria" }],
      },
      { name: "cnpjEmpresa", type: "text", label: "CNPJ", validation: ["cnpj"] },
    ]);
    expect(
      validateSteps([contact, second], {
        nome: "Ana",
        email: "ana@empresa",
        mensagem: "Quero conhecer o ERP",
        segmento: [],
        cnpjEmpresa: "123",
      }),
    ).toEqual({ email: EMAIL, segmento: REQUIRED, cnpjEmpresa: CNPJ });
    expect(validateSteps([], {})).toEqual({});
  });
});

describe("A §8 — a field's own text for a missing answer (the chat popup's service messages)", () => {
  const whatsapp = formDefinitionSchema.parse(
    JSON.parse(readFileSync(new URL("../../content/data/form-whatsapp.json", import.meta.url), "utf8")),
  );

  it("a missing name and phone get 'Nome é obrigatório' and 'WhatsApp é obrigatório'", () => {
    expect(validateSteps(whatsapp.steps, {})).toEqual({
      nomeResponsavel: "Nome é obrigatório",
      telefoneContato: "WhatsApp é obrigatório",
    });
  });

  it("other rules of those fields keep their messages", () => {
    const errors = validateSteps(whatsapp.steps, { nomeResponsavel: "A", telefoneContato: "123" });
    expect(errors.nomeResponsavel).not.toBe("Nome é obrigatório");
    expect(errors.telefoneContato).not.toBe("WhatsApp é obrigatório");
  });
});
