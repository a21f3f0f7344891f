import { useId, useState } from "react";
import { webhookTexts as t } from "~/admin/webhook-texts.ts";

/**
 * An endpoint's signing secret: hidden until asked (a screen share or a screenshot shows dots),
 * selectable, with a copy button whose result is announced.
 */
export function SecretField({ value }: { value: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div className="copy-field">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t.secret}
        </label>
        <input
          id={id}
          type={shown ? "text" : "password"}
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-dica`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <span id={`${id}-dica`} className="field__hint">
          {t.secretHint}
        </span>
      </div>
      <button
        type="button"
        className="button button--outline"
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? t.hide : t.show}
      </button>
      <button
        type="button"
        className="button button--outline"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {t.copy}
      </button>
      <p aria-live="polite">{copied ? t.copied : ""}</p>
    </div>
  );
}
