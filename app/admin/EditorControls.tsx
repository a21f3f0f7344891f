import type { FieldStructure } from "@domain/content/form-structure.ts";
import { iconLabel } from "@domain/icon-labels.ts";
import { type ReactNode, useRef, useState } from "react";
import { ICON_NAMES, Icon, iconSymbol } from "~/components/Icon.tsx";
import { contentTexts as t } from "./content-texts.ts";
import { formatReais, parseReais, stepReais } from "./currency.ts";

/**
 * The editor's controls that are more than one input (decision 098): prices in R$ with a decimal comma,
 * icons from the site's set with a preview, and maps edited as rows of key and value.
 */

type Change = (value: unknown) => void;

/** What the form gives a field's control: its id, label and hint, the value, and how to change it. */
export interface FieldControlProps {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  value: unknown;
  required: boolean | undefined;
  onChange: Change;
}

/** A price in reais (B §5.5: R$, step 0.01) shown with a decimal comma whatever the browser's language. */
export function CurrencyField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: unknown;
  onChange: Change;
}) {
  const number = typeof value === "number" ? value : undefined;
  const [text, setText] = useState(number === undefined ? "" : formatReais(number));
  const [invalid, setInvalid] = useState(false);
  const [seen, setSeen] = useState(number);
  // Another value from outside (a restored version, the current one after a conflict) replaces the text.
  if (number !== seen) {
    setSeen(number);
    if (parseReais(text) !== number) {
      setText(number === undefined ? "" : formatReais(number));
      setInvalid(false);
    }
  }
  const hintId = `${id}-dica`;
  return (
    <div className="field">
      {label}
      <div className="editor-number editor-currency">
        <span className="editor-currency__prefix" aria-hidden="true">
          R$
        </span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-describedby={hintId}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            setText(event.target.value);
            const parsed = parseReais(event.target.value);
            setInvalid(parsed === null);
            // An empty price stays empty: the key is left out rather than saved as 0 (B §5.5).
            if (parsed !== null) onChange(parsed);
          }}
          onBlur={() => {
            const parsed = parseReais(text);
            if (typeof parsed === "number") setText(formatReais(parsed));
          }}
          onKeyDown={(event) => {
            if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
            event.preventDefault();
            const parsed = parseReais(text);
            const next = stepReais(
              typeof parsed === "number" ? parsed : number,
              event.key === "ArrowUp" ? 1 : -1,
            );
            setText(formatReais(next));
            setInvalid(false);
            onChange(next);
          }}
        />
      </div>
      <p id={hintId} className={invalid ? "field__error" : "field__hint"}>
        {invalid ? t.currencyInvalid : t.currencyHint}
      </p>
    </div>
  );
}

/** An icon chosen from the site's set (app/components/icons.svg), with the drawing shown beside it. */
export function IconPickerField({ id, label, hint, value, required, onChange }: FieldControlProps) {
  const current = typeof value === "string" ? value : "";
  const names = [...ICON_NAMES].sort((a, b) => iconLabel(a).localeCompare(iconLabel(b), "pt-BR"));
  const symbol = iconSymbol(current);
  return (
    <div className="field">
      {label}
      <div className="editor-icon">
        <span className="editor-icon__preview" aria-hidden="true">
          {current ? <Icon name={current} size={24} /> : null}
        </span>
        <select id={id} value={current} onChange={(event) => onChange(event.target.value || undefined)}>
          {(!required || !current) && <option value="">{t.iconNone}</option>}
          {current && !ICON_NAMES.has(current) && (
            // A name the content uses that is not one of the set's own: kept, and said what it draws.
            <option value={current}>
              {ICON_NAMES.has(symbol) ? t.iconAlias(current, iconLabel(symbol)) : t.iconUnknown(current)}
            </option>
          )}
          {/* Shown by its Portuguese name; the id stays the stored value (domain/icon-labels.ts). */}
          {names.map((name) => (
            <option key={name} value={name}>
              {iconLabel(name)}
            </option>
          ))}
        </select>
      </div>
      {hint}
    </div>
  );
}

interface Row {
  id: number;
  key: string;
  value: unknown;
}

/** Rows numbered by the field's own counter, so the server and the browser draw the same ids. */
function rowsOf(value: unknown, counter: { current: number }): Row[] {
  const record = typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  return Object.entries(record).map(([key, entry]) => ({ id: counter.current++, key, value: entry }));
}

function objectOf(rows: Row[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const row of rows) if (row.key.trim() !== "") record[row.key.trim()] = row.value;
  return record;
}

/**
 * A map (a plan's limits, the names of the limits) as rows of key and value: rows are added and
 * removed; a row without a key is not saved yet; a repeated key is shown as an error.
 */
export function KeyValueField({
  id,
  structure,
  value,
  onChange,
  emptyValue,
  renderValue,
}: {
  id: string;
  structure: FieldStructure;
  value: unknown;
  onChange: Change;
  emptyValue: unknown;
  renderValue: (row: {
    name: string;
    structure: FieldStructure;
    value: unknown;
    onChange: Change;
  }) => ReactNode;
}) {
  const counter = useRef(0);
  const [rows, setRows] = useState(() => rowsOf(value, counter));
  const incoming = JSON.stringify(value ?? {});
  const [seen, setSeen] = useState(incoming);
  // Another value from outside (a restored version) replaces the rows; one this field sent does not.
  if (incoming !== seen) {
    setSeen(incoming);
    if (incoming !== JSON.stringify(objectOf(rows))) setRows(rowsOf(value, counter));
  }
  const update = (next: Row[]) => {
    setRows(next);
    onChange(objectOf(next));
  };
  const keys = rows.map((row) => row.key.trim()).filter((key) => key !== "");
  const repeated = keys.find((key, index) => keys.indexOf(key) !== index);
  const keyLabel = structure.keyLabel ?? t.mapKey;
  const valueLabel = structure.template?.label ?? t.mapValue;
  return (
    <fieldset className="editor-section editor-map">
      <legend>
        {structure.label}
        {structure.required && <span aria-hidden="true"> *</span>}
      </legend>
      {structure.helperText && <p className="field__hint">{structure.helperText}</p>}
      {rows.length === 0 && <p className="field__hint">{t.mapEmpty}</p>}
      <ul className="editor-map__rows">
        {rows.map((row, index) => {
          const rowName = row.key.trim() || t.mapNewRow(index + 1);
          return (
            <li key={row.id} className="editor-map__row">
              <div className="field">
                <label htmlFor={`${id}-chave-${row.id}`} className="field__label">
                  {keyLabel}
                </label>
                <input
                  id={`${id}-chave-${row.id}`}
                  type="text"
                  value={row.key}
                  aria-invalid={(row.key.trim() !== "" && row.key.trim() === repeated) || undefined}
                  onChange={(event) =>
                    update(rows.map((old) => (old.id === row.id ? { ...old, key: event.target.value } : old)))
                  }
                />
              </div>
              <div className="editor-map__value">
                {structure.template &&
                  renderValue({
                    name: `${id}.${row.key}`,
                    structure: { ...structure.template, label: `${valueLabel} (${rowName})` },
                    value: row.value,
                    onChange: (next) =>
                      update(rows.map((old) => (old.id === row.id ? { ...old, value: next } : old))),
                  })}
              </div>
              <button
                type="button"
                className="button button--outline editor-map__remove"
                aria-label={`${t.remove} ${rowName}`}
                onClick={() => update(rows.filter((old) => old.id !== row.id))}
              >
                {t.remove}
              </button>
            </li>
          );
        })}
      </ul>
      {repeated && (
        <p className="field__error" role="alert">
          {t.mapRepeated(repeated)}
        </p>
      )}
      <button
        type="button"
        className="button button--outline"
        onClick={() => setRows([...rows, { id: counter.current++, key: "", value: emptyValue }])}
      >
        {t.mapAdd}
      </button>
    </fieldset>
  );
}

/** A value that is a number or a text (a plan's limit: 10 or 'Ilimitado'): digits are kept a number. */
export function numberOrText(text: string): string | number {
  const trimmed = text.trim();
  return /^\d+(?:[.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(",", ".")) : text;
}
