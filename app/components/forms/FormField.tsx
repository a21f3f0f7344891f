import type { FormField as Field } from "@domain/forms/definition.ts";
import { type FormTexts, fieldHint } from "@domain/forms/texts.ts";

interface Props {
  field: Field;
  value: string | string[] | undefined;
  error?: string;
  texts: FormTexts;
  /** Always controlled: the server renders the values as attributes, so the form also works without JavaScript. */
  onChange: (value: string | string[]) => void;
  onToggle: (optionValue: string) => void;
}

/** One field of a form definition (B §3.4) with its label, hint, and error under it (B §4.3). */
export function FormFieldInput({ field, value, error, texts, onChange, onToggle }: Props) {
  const id = `campo-${field.name}`;
  const hintText = fieldHint(texts, field.description, field.maxSelect);
  const describedBy =
    [hintText ? `${id}-ajuda` : null, error ? `${id}-erro` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": field.required || undefined,
  };
  const label = (
    <>
      {field.label}
      {field.required ? (
        <span className="field__required" aria-hidden="true">
          {" "}
          *
        </span>
      ) : (
        <span className="field__optional"> {texts.optional}</span>
      )}
    </>
  );
  const hint = (
    <>
      {hintText && (
        <p id={`${id}-ajuda`} className="field__hint">
          {hintText}
        </p>
      )}
      {error && (
        <p id={`${id}-erro`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );

  if (field.type === "checkbox") {
    const selected = Array.isArray(value) ? value : [];
    return (
      <fieldset
        className={`field field--choices${error ? " field--invalid" : ""}`}
        aria-describedby={describedBy}
        id={id}
      >
        <legend className="field__label">{label}</legend>
        {field.description || field.maxSelect ? hint : null}
        <div className="choices">
          {field.options?.map((option) => (
            <label key={option.value} className="choice">
              <input
                type="checkbox"
                name={field.name}
                value={option.value}
                checked={selected.includes(option.value)}
                onChange={() => onToggle(option.value)}
              />
              <span>
                <span className="choice__label">{option.label}</span>
                {option.description && <span className="choice__description">{option.description}</span>}
              </span>
            </label>
          ))}
        </div>
        {!(field.description || field.maxSelect) && hint}
      </fieldset>
    );
  }

  const text = typeof value === "string" ? value : "";
  const controlled = {
    value: text,
    onChange: (e: { target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement }) =>
      onChange(e.target.value),
  };

  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {field.type === "select" ? (
        <select {...common} {...controlled}>
          <option value="">{field.placeholder ?? texts.selectPlaceholder}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" ? (
        <textarea
          {...common}
          {...controlled}
          rows={field.rows ?? 4}
          placeholder={field.placeholder}
          maxLength={5000}
        />
      ) : (
        <input
          {...common}
          {...controlled}
          type={field.type}
          placeholder={field.placeholder}
          // A CNPJ may hold letters since July 2026: the full keyboard, in capitals.
          inputMode={field.mask === "phone" || field.type === "tel" ? "numeric" : undefined}
          autoCapitalize={field.mask === "cnpj" ? "characters" : undefined}
          spellCheck={field.mask === "cnpj" ? false : undefined}
          autoComplete={autocompleteFor(field)}
          maxLength={field.mask === "cnpj" ? 18 : field.mask === "phone" ? 15 : 300}
        />
      )}
      {hint}
    </div>
  );
}

function autocompleteFor(field: Field): string | undefined {
  if (field.type === "email") return "email";
  if (field.type === "tel") return "tel";
  if (/^nome(Responsavel)?$/.test(field.name)) return "name";
  if (field.name === "nomeEmpresa") return "organization";
  return undefined;
}
