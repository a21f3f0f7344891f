import type { FieldStructure, FormStructure } from "@domain/content/form-structure.ts";
import { type DocumentName, documentSchemas } from "@domain/content/schemas.ts";
import { z } from "@domain/zod.ts";
import { documentMeta } from "./documents.ts";
import { type FieldMeta, OPTION_LABELS } from "./fields/words.ts";

/**
 * The editor's form description (B §3.9 `form_structure`), derived from the document's own zod
 * schema rather than written by hand, so the form always matches what a save accepts. Each field
 * names its component (`_ui`, B §2.8) from its type (a map is rows of key and value, a list of
 * objects a grid of cards, a hex pattern a colour) and from its words in server/content/fields/, which
 * also give its Portuguese label, help text and, where the type does not decide it, the control
 * (images, icons, prices in R$). Keys only hint at a control for a field without words there.
 */

export type { FieldStructure, FormStructure, UiComponent } from "@domain/content/form-structure.ts";

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
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
};

const LONG_TEXT =
  /description|text|content|answer|quote|excerpt|introduction|paragraph|legalText|fullDescription/i;
const IMAGE = /image|img|src|thumbnail|logo|background|featuredImage|profileImage|centralImage/i;
const PRICE = /price|amount|valor|preco/i;

/**
 * What the editor showed before decision 098 for a key without a Portuguese word: the key spelled out
 * ("defaultBackground" → "Default background"). Now only the fallback of a field missing from
 * server/content/fields/, which structure.test.ts refuses.
 */
export function spelledOut(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where a walk is: the path for messages, the schema's definitions and the references being expanded. */
interface Walk {
  path: string;
  defs: Record<string, JsonSchema>;
  root: JsonSchema;
  refs: readonly string[];
  /** Fields without words in server/content/fields/, and words for fields that do not exist. */
  problems: string[];
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

/** A `$ref` of a recursive schema (z.lazy: the menu's nested entries) resolved against its definitions. */
function resolve(schema: JsonSchema, walk: Walk): JsonSchema {
  if (!schema.$ref) return schema;
  if (schema.$ref === "#") return walk.root;
  const name = schema.$ref.replace(/^#\/(?:\$defs|definitions)\//, "");
  return walk.defs[name] ?? {};
}

/** The value of the field that tells a union's variants apart, and that field's key. */
function tagOf(variant: JsonSchema): { key: string; tag: string } | undefined {
  for (const [key, property] of Object.entries(variant.properties ?? {})) {
    if (property.const !== undefined) return { key, tag: String(property.const) };
    if (property.enum?.length) return { key, tag: String(property.enum[0]) };
  }
  return undefined;
}

/** One field's structure from its JSON schema, its key and its words (server/content/fields/). */
export function fieldFor(
  key: string,
  schema: JsonSchema,
  required: boolean,
  meta?: FieldMeta,
  walk: Walk = { path: key, defs: {}, root: schema, refs: [], problems: [] },
): FieldStructure {
  if (!meta) walk.problems.push(`${walk.path}: sem rótulo em server/content/fields`);
  const label = meta?.label ?? spelledOut(key);
  const words = {
    label,
    required,
    ...(meta?.helperText ? { helperText: meta.helperText } : {}),
    ...(meta?.placeholder ? { placeholder: meta.placeholder } : {}),
    ...(meta?.advanced ? { advanced: true } : {}),
  };
  const ref = schema.$ref;
  if (ref) {
    // A recursive schema is drawn once; its own nested copies are edited as JSON.
    if (walk.refs.includes(ref)) return { ...words, _ui: "textarea", fullWidth: true };
    walk = { ...walk, refs: [...walk.refs, ref] };
    schema = resolve(schema, walk);
  }
  const all = schema.oneOf ?? schema.anyOf;
  // A nullable value (z.nullable): the field of its other type, which may be left empty.
  const variants = all?.filter((v) => v.type !== "null");
  if (all && variants && variants.length === 1) return fieldFor(key, variants[0]!, false, meta, walk);
  if (variants && variants.length > 1) {
    const types = new Set(
      variants.map((v) => typeOf(resolve(v, walk))).map((type) => (type === "integer" ? "number" : type)),
    );
    if (types.size === 1 && types.has("object")) {
      // A discriminated union (a page per template, a text block per type): one tab per variant.
      const fields: Record<string, FieldStructure> = {};
      let discriminator: string | undefined;
      variants.forEach((raw, index) => {
        const variant = resolve(raw, walk);
        const tagged = tagOf(variant);
        discriminator ??= tagged?.key;
        const tag = tagged?.tag ?? String(index);
        const own = meta?.variants?.[tag];
        if (meta && !own) walk.problems.push(`${walk.path}<${tag}>: variante sem rótulo`);
        const merged: FieldMeta | undefined = meta && {
          label: own?.label ?? tag,
          fields: { ...meta.fields, ...own?.fields },
        };
        fields[tag] = objectField(merged?.label ?? tag, variant, true, merged, {
          ...walk,
          path: `${walk.path}<${tag}>`,
        });
      });
      return { ...words, _ui: "tabbed_form", fields, ...(discriminator ? { discriminator } : {}) };
    }
    if (types.has("number") && types.has("string") && types.size === 2)
      // A number or a text (a plan limit: 10 or 'Ilimitado'): typed as text, numbers kept numbers.
      return {
        ...words,
        _ui: "text_input",
        accepts: "number_or_text",
        helperText: meta?.helperText ?? "Um número ou um texto",
      };
    if (types.size === 1 && types.has("string"))
      return fieldFor(key, { type: "string" }, required, meta, walk);
    // A text or an object (a title template per segment): edited as JSON when it is an object.
    return { ...words, _ui: "textarea", fullWidth: true };
  }
  if (schema.enum) return { ...words, _ui: "select", ...selectOptions(schema.enum.map(String)) };
  if (schema.const !== undefined)
    return { ...words, _ui: "select", ...selectOptions([String(schema.const)]) };
  const suffix = meta?.suffix ? { suffix: meta.suffix } : {};
  switch (typeOf(schema)) {
    case "boolean":
      return { ...words, _ui: "checkbox" };
    case "number":
    case "integer":
      return meta?.ui === "currency_input" || (!meta?.ui && PRICE.test(key))
        ? { ...words, _ui: "currency_input", features: { prefix: "R$", step: 0.01 } }
        : {
            ...words,
            _ui: "metric_input",
            features: { ...(typeOf(schema) === "integer" ? { step: 1 } : {}), ...suffix },
          };
    case "array": {
      const raw = schema.items ?? {};
      if (raw.$ref && walk.refs.includes(raw.$ref)) return { ...words, _ui: "textarea", fullWidth: true };
      const item = resolve(raw, walk);
      const union = item.oneOf ?? item.anyOf;
      const ofObjects =
        typeOf(item) === "object" || (union?.every((v) => typeOf(resolve(v, walk)) === "object") ?? false);
      if (ofObjects) {
        if (meta && !meta.item) walk.problems.push(`${walk.path}[]: item sem rótulo`);
        const template = fieldFor(key, raw, true, meta?.item, { ...walk, path: `${walk.path}[]` });
        return { ...words, _ui: "card_grid", template, fullWidth: true };
      }
      return { ...words, _ui: "chip_list", fullWidth: true };
    }
    case "object":
      if (!schema.properties && typeof schema.additionalProperties === "object") {
        // A map (limit key → its name): rows of key and value.
        if (meta && (!meta.item || !meta.keyLabel)) walk.problems.push(`${walk.path}{}: mapa sem rótulos`);
        const template = fieldFor(key, schema.additionalProperties, true, meta?.item, {
          ...walk,
          path: `${walk.path}{}`,
        });
        return {
          ...words,
          _ui: "key_value",
          keyLabel: meta?.keyLabel ?? "Chave",
          template,
          fullWidth: true,
        };
      }
      return objectField(label, schema, required, meta, walk, words);
    default: {
      const ui = meta?.ui;
      if (ui === "color_picker" || (!ui && schema.pattern?.includes("0-9a-fA-F")))
        return { ...words, _ui: "color_picker" };
      if (ui === "icon_picker" || (!ui && key === "icon")) return { ...words, _ui: "icon_picker" };
      if (ui === "image_upload" || (!ui && IMAGE.test(key) && !LONG_TEXT.test(key)))
        return {
          ...words,
          _ui: "image_upload",
          helperText:
            meta?.helperText ?? "Envie uma imagem, ou informe um caminho em /images/... ou um endereço https",
        };
      if (ui === "textarea" || (!ui && LONG_TEXT.test(key) && (schema.maxLength ?? 1000) > 200))
        return { ...words, _ui: "textarea", fullWidth: true };
      return { ...words, _ui: "text_input" };
    }
  }
}

function objectField(
  label: string,
  schema: JsonSchema,
  required: boolean,
  meta: FieldMeta | undefined,
  walk: Walk,
  words: Partial<FieldStructure> = {},
): FieldStructure {
  const needed = new Set(schema.required ?? []);
  const fields: Record<string, FieldStructure> = {};
  const properties = schema.properties ?? {};
  // An item's identifier comes last: an editor opens a slide on its title, not on the key that
  // tells it apart in the list (decision 116). The stored document keeps its own key order.
  const keys = Object.keys(properties).sort((a, b) => Number(a === "id") - Number(b === "id"));
  for (const [key, child] of keys.map((key) => [key, properties[key]!] as const))
    fields[key] = fieldFor(key, child, needed.has(key), meta?.fields?.[key], {
      ...walk,
      path: `${walk.path}.${key}`,
    });
  for (const key of Object.keys(meta?.fields ?? {}))
    if (!Object.hasOwn(properties, key)) walk.problems.push(`${walk.path}.${key}: rótulo sem campo`);
  return { ...words, _ui: "form_section", label, required, fields };
}

function jsonSchemaOf(name: DocumentName): JsonSchema {
  return z.toJSONSchema(documentSchemas[name], { io: "input", unrepresentable: "any" }) as JsonSchema;
}

function build(name: DocumentName, problems: string[]): FormStructure {
  const schema = jsonSchemaOf(name);
  const meta = documentMeta[name];
  const walk: Walk = {
    path: name,
    defs: schema.$defs ?? schema.definitions ?? {},
    root: schema,
    refs: [],
    problems,
  };
  const section = objectField(meta.title, schema, true, { label: meta.title, fields: meta.fields }, walk);
  return {
    file: `${name}.json`,
    header: { _ui: "page_header", label: meta.title },
    fields: section.fields ?? {},
  };
}

const structures = new Map<DocumentName, FormStructure>();

/** The form structure of a document type (B §7.5 analyze-structure), computed once per type. */
export function formStructure(name: DocumentName): FormStructure {
  const cached = structures.get(name);
  if (cached) return cached;
  const structure = build(name, []);
  structures.set(name, structure);
  return structure;
}

/**
 * What is wrong with a document's words in server/content/fields/: fields without a label, and labels of
 * fields that no longer exist (structure.test.ts fails on any).
 */
export function labelProblems(name: DocumentName): string[] {
  const problems: string[] = [];
  build(name, problems);
  return problems;
}

/** A document's title in Portuguese (the editor's header, the file lists). */
export function documentTitle(name: DocumentName): string {
  return documentMeta[name].title;
}

/** A select's values and, for those the editor names in Portuguese, their names (OPTION_LABELS). */
function selectOptions(options: string[]): { options: string[]; optionLabels: Record<string, string> } {
  return {
    options,
    optionLabels: Object.fromEntries(
      options.flatMap((option) => (OPTION_LABELS[option] ? [[option, OPTION_LABELS[option]]] : [])),
    ),
  };
}
