import type { FieldStructure } from "@domain/content/form-structure.ts";
import { itemName } from "@domain/content/item-name.ts";
import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from "react";
import { contentTexts as t } from "./content-texts.ts";
import { CurrencyField, IconPickerField, KeyValueField, numberOrText } from "./EditorControls.tsx";
import { ImageUploadField } from "./ImageUploadField.tsx";

/**
 * A content document as a form, drawn from its structure (B §2.8): each `_ui` is one component.
 * The value is edited as a whole and handed back through `onChange`; B §5.5's rules apply: an
 * empty number stays empty (the key is left out), a boolean is the checkbox's state.
 */

type Value = unknown;
type Change = (value: Value) => void;

function asRecord(value: Value): Record<string, Value> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, Value>)
    : {};
}

/** Whether the person editing may see and change advanced fields (decision 132): admins only. */
export const AdvancedAccess = createContext(false);

/**
 * The advanced fields of a section, apart under "Avançado" with a warning, for admins; nothing for
 * anyone else (their values stay in the document as they were).
 */
export function AdvancedFields({ children, count }: { children: ReactNode; count: number }) {
  const may = useContext(AdvancedAccess);
  if (count === 0 || !may) return null;
  return (
    <details className="editor-advanced">
      <summary>{t.advanced}</summary>
      <p className="banner banner--warning">{t.advancedWarning}</p>
      {children}
    </details>
  );
}

/** A structure's fields split into the ones everyone edits and the advanced ones. */
export function splitAdvanced(fields: Record<string, FieldStructure>) {
  const entries = Object.entries(fields);
  return {
    common: entries.filter(([, field]) => !field.advanced),
    advanced: entries.filter(([, field]) => field.advanced),
  };
}

/** Whether any field, at any depth, is advanced. */
export function hasAdvanced(fields: Record<string, FieldStructure> | undefined): boolean {
  return Object.values(fields ?? {}).some(
    (field) =>
      field.advanced ||
      hasAdvanced(field.fields) ||
      (field.template ? hasAdvanced({ item: field.template }) : false),
  );
}

/** An item's own title in its accordion: the first naming field with a text, or its number. */
export function itemTitle(value: Value, index: number): string {
  const name = itemName(value);
  return name === undefined ? t.item(index + 1) : `${index + 1}. ${name}`;
}

/** The variant of a union (a page's template, a text block's type) that a value is. */
function variantOf(structure: FieldStructure, value: Value): string | undefined {
  const variants = structure.fields ?? {};
  const key = structure.discriminator ?? "template";
  const tag = asRecord(value)[key];
  if (typeof tag === "string") {
    if (tag in variants) return tag;
    // A tag of several spellings ("map", "mapa"): the variant whose tag field offers it.
    const found = Object.entries(variants).find(([, v]) => v.fields?.[key]?.options?.includes(tag));
    if (found) return found[0];
  }
  return Object.keys(variants)[0];
}

/**
 * A value moved from one structure to another (a page changing template): the fields both have,
 * drawn the same way, keep their values (sections compared field by field); the rest start empty.
 */
export function carryOver(value: Value, from: FieldStructure | undefined, to: FieldStructure): Value {
  if (to._ui !== "form_section") return from && from._ui === to._ui ? value : emptyOf(to);
  const record = asRecord(value);
  const out = asRecord(emptyOf(to));
  for (const [key, field] of Object.entries(to.fields ?? {})) {
    const before = from?.fields?.[key];
    if (record[key] === undefined || !before) continue;
    if (field._ui === "form_section" && before._ui === "form_section")
      out[key] = carryOver(record[key], before, field);
    else if (field._ui === before._ui) out[key] = record[key];
  }
  return out;
}

/** A new, empty item for a card grid, from its template. */
function emptyOf(structure: FieldStructure | undefined): Value {
  if (!structure) return "";
  switch (structure._ui) {
    case "form_section":
      return Object.fromEntries(
        Object.entries(structure.fields ?? {})
          .filter(([, field]) => field.required)
          .map(([key, field]) => [key, emptyOf(field)]),
      );
    case "tabbed_form": {
      const [tag, variant] = Object.entries(structure.fields ?? {})[0] ?? [];
      return {
        ...asRecord(emptyOf(variant)),
        ...(tag ? { [structure.discriminator ?? "template"]: tag } : {}),
      };
    }
    case "key_value":
      return {};
    case "card_grid":
    case "chip_list":
      return [];
    case "checkbox":
      return false;
    case "currency_input":
    case "metric_input":
      return 0;
    default:
      return "";
  }
}

/**
 * The problems the server found in the document, by the path the form names its fields with
 * ("pages.19.content.hero.title"): each field shows its own beside it (decision 133).
 */
export const FieldProblems = createContext<ReadonlyMap<string, string>>(new Map());

/** Whether a problem lies at or under a path: a closed item with one inside opens. */
function problemUnder(problems: ReadonlyMap<string, string>, path: string): boolean {
  for (const key of problems.keys()) if (key === path || key.startsWith(`${path}.`)) return true;
  return false;
}

/** A list item's accordion, opened when a problem appears inside it (the person may close it again). */
function ItemDetails({ path, children }: { path: string; children: ReactNode }) {
  const problems = useContext(FieldProblems);
  const opened = problemUnder(problems, path);
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (opened && ref.current) ref.current.open = true;
  }, [opened]);
  return (
    <details ref={ref} className="editor-item">
      {children}
    </details>
  );
}

type FieldProps = { name: string; structure: FieldStructure; value: Value; onChange: Change };

/** A field of the document, with the server's problem of it, if any, beside it. */
export function StructureField(props: FieldProps) {
  const problem = useContext(FieldProblems).get(props.name);
  const control = <FieldControl {...props} />;
  if (!problem) return control;
  return (
    <div className="editor-problem" data-path={props.name}>
      {control}
      <p className="field__error">{problem}</p>
    </div>
  );
}

function FieldControl({ name, structure, value, onChange }: FieldProps) {
  const id = `campo-${useId().replace(/[^A-Za-z0-9-]/g, "")}`;
  const label = (
    <label htmlFor={id} className="field__label">
      {structure.label}
      {structure.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  const hint = structure.helperText ? <p className="field__hint">{structure.helperText}</p> : null;
  // What every self-contained control takes (icon picker, image upload).
  const control = () => ({ id, label, hint, value, required: structure.required, onChange });
  switch (structure._ui) {
    case "form_section": {
      const { common, advanced } = splitAdvanced(structure.fields ?? {});
      const draw = ([key, field]: [string, FieldStructure]) => (
        <StructureField
          key={key}
          name={`${name}.${key}`}
          structure={field}
          value={asRecord(value)[key]}
          onChange={(next) => {
            const record = { ...asRecord(value) };
            if (next === undefined) delete record[key];
            else record[key] = next;
            onChange(record);
          }}
        />
      );
      return (
        <fieldset className="editor-section">
          <legend>{structure.label}</legend>
          {hint}
          {common.map(draw)}
          <AdvancedFields count={advanced.length}>{advanced.map(draw)}</AdvancedFields>
        </fieldset>
      );
    }
    case "tabbed_form": {
      // A union (a page per template, a text block per type): the variant of the value's own tag,
      // chosen in its own list; its tag field is that list, not drawn again inside.
      const tag = variantOf(structure, value);
      const variant = tag ? structure.fields?.[tag] : undefined;
      if (!variant) return null;
      const key = structure.discriminator ?? "template";
      const { [key]: _tag, ...shown } = variant.fields ?? {};
      const choose = (next: string) => {
        const to = structure.fields?.[next];
        if (!to || next === tag) return;
        // What both share is kept (the hero, the texts); the rest starts empty, so the new
        // template is not refused for the old one's sections.
        onChange({ ...asRecord(carryOver(value, variant, to)), [key]: next });
      };
      return (
        <div className="editor-tabs">
          <div className="field">
            <label htmlFor={id} className="field__label">
              {variant.fields?.[key]?.label ?? t.variant}
            </label>
            <select id={id} value={tag} onChange={(event) => choose(event.target.value)}>
              {Object.entries(structure.fields ?? {}).map(([option, each]) => (
                <option key={option} value={option}>
                  {each.label}
                </option>
              ))}
            </select>
          </div>
          <StructureField
            name={name}
            structure={{ ...variant, fields: shown }}
            value={value}
            onChange={onChange}
          />
        </div>
      );
    }
    case "card_grid": {
      const items = Array.isArray(value) ? value : [];
      return (
        <div className="editor-grid">
          <p className="field__label">{structure.label}</p>
          {hint}
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no stable id of their own; the order is the identity here
            <ItemDetails key={index} path={`${name}.${index}`}>
              <summary>{itemTitle(item, index)}</summary>
              {structure.template && (
                <StructureField
                  name={`${name}.${index}`}
                  structure={structure.template}
                  value={item}
                  onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
                />
              )}
              <button
                type="button"
                className="button button--outline editor-item__remove"
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                {t.remove} ({itemTitle(item, index)})
              </button>
            </ItemDetails>
          ))}
          <button
            type="button"
            className="button button--outline"
            onClick={() => onChange([...items, emptyOf(structure.template)])}
          >
            {t.addItem(structure.template?.label ?? structure.label)}
          </button>
        </div>
      );
    }
    case "chip_list": {
      const items = Array.isArray(value) ? value.map(String) : [];
      return (
        <div className="field">
          <p className="field__label">{structure.label}</p>
          <ul className="editor-chips">
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: plain strings may repeat while typed
              <li key={index}>
                <input
                  type="text"
                  aria-label={`${structure.label} ${index + 1}`}
                  value={item}
                  onChange={(event) =>
                    onChange(items.map((old, i) => (i === index ? event.target.value : old)))
                  }
                />
                <button
                  type="button"
                  aria-label={`${t.remove} ${item}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--outline" onClick={() => onChange([...items, ""])}>
            {t.add}
          </button>
        </div>
      );
    }
    case "checkbox":
      return (
        <div className="field field--inline">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </div>
      );
    case "key_value":
      return (
        <KeyValueField
          id={id}
          structure={structure}
          value={value}
          onChange={onChange}
          emptyValue={emptyOf(structure.template)}
          renderValue={(row) => <StructureField {...row} />}
        />
      );
    case "icon_picker":
      return <IconPickerField {...control()} />;
    case "currency_input":
      return <CurrencyField id={id} label={label} value={value} onChange={onChange} />;
    case "metric_input":
      return (
        <div className="field">
          {label}
          <div className="editor-number">
            {structure.features?.prefix && <span aria-hidden="true">{structure.features.prefix}</span>}
            <input
              id={id}
              type="number"
              step={structure.features?.step ?? "any"}
              value={typeof value === "number" ? value : ""}
              // An empty number stays empty: the key is left out rather than saved as 0 (B §5.5).
              onChange={(event) =>
                onChange(event.target.value === "" ? undefined : Number(event.target.value))
              }
            />
            {structure.features?.suffix && <span>{structure.features.suffix}</span>}
          </div>
          {hint}
        </div>
      );
    case "select":
      return (
        <div className="field">
          {label}
          <select
            id={id}
            value={typeof value === "string" ? value : ""}
            onChange={(event) => onChange(event.target.value)}
          >
            {!structure.required && <option value="">—</option>}
            {(structure.options ?? []).map((option) => (
              <option key={option} value={option}>
                {structure.optionLabels?.[option] ?? option}
              </option>
            ))}
          </select>
        </div>
      );
    case "color_picker":
      return (
        <div className="field">
          {label}
          <div className="editor-color">
            <input
              type="color"
              aria-label={structure.label}
              value={typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value) ? value : "#000000"}
              onChange={(event) => onChange(event.target.value)}
            />
            <input
              id={id}
              type="text"
              value={typeof value === "string" ? value : ""}
              onChange={(event) => onChange(event.target.value || undefined)}
            />
          </div>
        </div>
      );
    case "textarea":
      if (typeof value === "object" && value !== null)
        return <JsonArea id={id} label={label} hint={hint} value={value} onChange={onChange} />;
      return (
        <div className="field field--wide">
          {label}
          <textarea
            id={id}
            rows={4}
            value={
              typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value, null, 2)
            }
            onChange={(event) =>
              onChange(event.target.value === "" && !structure.required ? undefined : event.target.value)
            }
          />
          {hint}
        </div>
      );
    case "image_upload":
      return <ImageUploadField {...control()} />;
    default:
      return (
        <div className="field">
          {label}
          <input
            id={id}
            type="text"
            value={typeof value === "string" || typeof value === "number" ? String(value) : ""}
            placeholder={structure.placeholder}
            onChange={(event) => {
              const text = event.target.value;
              if (text === "" && !structure.required) onChange(undefined);
              else onChange(structure.accepts === "number_or_text" ? numberOrText(text) : text);
            }}
          />
          {hint}
        </div>
      );
  }
}

/** A map of keys to values (plan limits) edited as JSON; invalid JSON is shown, not saved. */
function JsonArea({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  value: Value;
  onChange: Change;
}) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <div className="field field--wide">
      {label}
      <textarea
        id={id}
        rows={6}
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          setText(event.target.value);
          try {
            onChange(JSON.parse(event.target.value));
            setInvalid(false);
          } catch {
            setInvalid(true);
          }
        }}
      />
      {invalid ? <p className="field__error">JSON inválido</p> : hint}
    </div>
  );
}
