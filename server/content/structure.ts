import type { FieldStructure, FormStructure } from "~/lib/content/form-structure.ts";
import { type DocumentName, documentSchemas } from "~/lib/content/schemas.ts";
import { z } from "~/lib/zod.ts";

/**
 * The editor's form description (B §3.9 `form_structure`), derived from the document's own zod
 * schema rather than written by hand, so the form always matches what a save accepts. Each field
 * names its component (`_ui`, B §2.8); names hint at the better component (prices in R$, colours,
 * images, long texts).
 */

export type { FieldStructure, FormStructure, UiComponent } from "~/lib/content/form-structure.ts";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  maxLength?: number;
  additionalProperties?: JsonSchema | boolean;
  description?: string;
};

/** Portuguese labels of the common keys; others are spelled out from the key. */
const LABELS: Record<string, string> = {
  title: "Título",
  subtitle: "Subtítulo",
  description: "Descrição",
  text: "Texto",
  name: "Nome",
  icon: "Ícone",
  link: "Link",
  url: "Endereço",
  cta: "Chamada para ação",
  features: "Recursos",
  items: "Itens",
  image: "Imagem",
  alt: "Texto alternativo",
  plans: "Planos",
  monthly_price: "Preço mensal",
  annual_price: "Preço anual",
  popular: "Popular",
  pages: "Páginas",
  posts: "Artigos",
  partners: "Parceiros",
  path: "Caminho",
  isPublic: "Página pública",
  template: "Modelo",
  content: "Conteúdo",
  hero: "Destaque",
  slides: "Slides",
  testimonials: "Depoimentos",
  quote: "Citação",
  author: "Autor",
  company: "Empresa",
  color: "Cor",
  tags: "Tags",
  category: "Categoria",
};

const LONG_TEXT =
  /description|text|content|answer|quote|excerpt|introduction|paragraph|legalText|fullDescription/i;
const IMAGE = /image|img|src|thumbnail|logo|background|featuredImage|profileImage|centralImage/i;
const PRICE = /price|amount|valor|preco/i;

export function labelFor(key: string): string {
  if (LABELS[key]) return LABELS[key]!;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

/** One field's structure from its JSON schema and its key. */
export function fieldFor(key: string, schema: JsonSchema, required: boolean): FieldStructure {
  const label = labelFor(key);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && variants.length > 1) {
    const objects = variants.filter((v) => typeOf(v) === "object");
    if (objects.length === variants.length) {
      // A discriminated union (a page per template): one tab per variant.
      const fields: Record<string, FieldStructure> = {};
      objects.forEach((variant, index) => {
        const tag = Object.values(variant.properties ?? {}).find((p) => p.const !== undefined)?.const;
        fields[String(tag ?? index)] = objectField(String(tag ?? `${label} ${index + 1}`), variant, true);
      });
      return { _ui: "tabbed_form", label, required, fields };
    }
    // A value of several simple types (a limit: a number or 'Ilimitado'): typed as text.
    return { _ui: "text_input", label, required, helperText: "Número ou texto" };
  }
  if (schema.enum) return { _ui: "select", label, required, options: schema.enum.map(String) };
  switch (typeOf(schema)) {
    case "boolean":
      return { _ui: "checkbox", label, required };
    case "number":
    case "integer":
      return PRICE.test(key)
        ? { _ui: "currency_input", label, required, features: { prefix: "R$", step: 0.01 } }
        : { _ui: "metric_input", label, required, features: typeOf(schema) === "integer" ? { step: 1 } : {} };
    case "array": {
      const item = schema.items ?? {};
      const variants = item.oneOf ?? item.anyOf;
      const ofObjects =
        typeOf(item) === "object" || (variants?.every((v) => typeOf(v) === "object") ?? false);
      if (ofObjects)
        return { _ui: "card_grid", label, required, template: fieldFor(key, item, true), fullWidth: true };
      return { _ui: "chip_list", label, required, fullWidth: true };
    }
    case "object":
      if (!schema.properties && typeof schema.additionalProperties === "object")
        return {
          _ui: "textarea",
          label,
          required,
          helperText: "Pares chave: valor, um por linha (JSON)",
          fullWidth: true,
        };
      return objectField(label, schema, required);
    default:
      if (schema.pattern?.includes("0-9a-fA-F")) return { _ui: "color_picker", label, required };
      if (IMAGE.test(key) && !LONG_TEXT.test(key))
        return {
          _ui: "image_upload",
          label,
          required,
          helperText: "Envie uma imagem, ou informe um caminho em /images/... ou um endereço https",
        };
      if (LONG_TEXT.test(key) && (schema.maxLength ?? 1000) > 200)
        return { _ui: "textarea", label, required, fullWidth: true };
      return { _ui: "text_input", label, required };
  }
}

function objectField(label: string, schema: JsonSchema, required: boolean): FieldStructure {
  const needed = new Set(schema.required ?? []);
  const fields: Record<string, FieldStructure> = {};
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    fields[key] = fieldFor(key, child, needed.has(key));
  return { _ui: "form_section", label, required, fields };
}

const structures = new Map<DocumentName, FormStructure>();

/** The form structure of a document type (B §7.5 analyze-structure), computed once per type. */
export function formStructure(name: DocumentName): FormStructure {
  const cached = structures.get(name);
  if (cached) return cached;
  const schema = z.toJSONSchema(documentSchemas[name], { io: "input", unrepresentable: "any" }) as JsonSchema;
  const section = fieldFor(name, schema, true);
  const structure: FormStructure = {
    file: `${name}.json`,
    header: { _ui: "page_header", label: labelFor(name) },
    fields: section.fields ?? { data: section },
  };
  structures.set(name, structure);
  return structure;
}
