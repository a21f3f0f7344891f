import { useId, useState } from "react";

/** A secret shown once (a new API key): selectable text and a copy button, announced when copied. */
export function CopyField({
  value,
  label,
  copy,
  copied,
}: {
  value: string;
  label: string;
  copy: string;
  copied: string;
}) {
  const [done, setDone] = useState(false);
  const id = useId();
  return (
    <div className="copy-field">
      <label className="field" htmlFor={id}>
        <span className="field__label">{label}</span>
        <input
          id={id}
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
      <button
        type="button"
        className="button button--outline"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setDone(true));
        }}
      >
        {copy}
      </button>
      <p aria-live="polite">{done ? copied : ""}</p>
    </div>
  );
}
