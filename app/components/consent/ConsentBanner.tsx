import type { Granted } from "@domain/consent/choice.ts";
import type { OptionalCategory } from "@domain/consent/providers.ts";
import type { ConsentTexts } from "@domain/consent/texts.ts";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";

export type Decision = { method: "accept_all" | "reject_all" } | { method: "custom"; ticked: Granted };

interface Props {
  texts: ConsentTexts;
  policyUrl: string;
  /** What is granted now (a reopened choice starts from it). */
  granted: Granted;
  /** The browser refuses tracking: the optional categories are shown off and cannot be ticked. */
  signal: boolean;
  /** Reopened from the footer: the categories open, and focus goes into the choice. */
  reopened: boolean;
  onDecide(decision: Decision): void;
  /** Hears the choice's height as it is drawn and whenever it changes (the page keeps room for it). */
  onHeight(height: number): void;
}

const OPTIONAL: OptionalCategory[] = ["measurement", "marketing"];

/**
 * The cookie choice (decision 123): drawn in the browser, so every visitor's page has the same bytes.
 * 'Aceitar todos' and 'Rejeitar' are the same button, side by side; 'Personalizar' opens the
 * categories. A region first in the page's order (a screen reader and the Tab key meet it first),
 * drawn at the bottom of the screen, never over the chat button (app.css).
 */
export function ConsentBanner({ texts, policyUrl, granted, signal, reopened, onDecide, onHeight }: Props) {
  const [customising, setCustomising] = useState(reopened);
  const [ticked, setTicked] = useState<Granted>(granted);
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (reopened) first.current?.focus();
  }, [reopened]);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    onHeight(element.getBoundingClientRect().height);
    if (typeof ResizeObserver !== "function") return;
    const observer = new ResizeObserver(() => onHeight(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => observer.disconnect();
  }, [onHeight]);
  return (
    <section ref={box} className="consent" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <h2 id={titleId} className="consent__title">
        {texts.title}
      </h2>
      {/* Two short blocks, not one long one: on a phone a long text drawn after load is the page's
          largest paint (its LCP); each category is described under "Personalizar". */}
      <p className="consent__intro">{texts.intro}</p>
      <p className="consent__more">
        <a href={policyUrl}>{texts.policy}</a> · {texts.later}
      </p>
      {customising && (
        <fieldset className="consent__categories">
          <legend>{texts.categoriesTitle}</legend>
          <label className="consent__category">
            <input type="checkbox" checked disabled />
            <span>
              <strong>{texts.categories.necessary.name}</strong> ({texts.alwaysOn})
              <span className="consent__description">{texts.categories.necessary.description}</span>
            </span>
          </label>
          {OPTIONAL.map((category) => (
            <label key={category} className="consent__category">
              <input
                type="checkbox"
                name={category}
                checked={!signal && ticked[category]}
                disabled={signal}
                onChange={(event) => setTicked({ ...ticked, [category]: event.currentTarget.checked })}
              />
              <span>
                <strong>{texts.categories[category].name}</strong>
                <span className="consent__description">{texts.categories[category].description}</span>
              </span>
            </label>
          ))}
          {signal && <p className="consent__signal">{texts.signal}</p>}
        </fieldset>
      )}
      <div className="consent__actions">
        <button
          ref={first}
          type="button"
          className="consent__button"
          onClick={() => onDecide({ method: "accept_all" })}
        >
          {texts.acceptAll}
        </button>
        <button type="button" className="consent__button" onClick={() => onDecide({ method: "reject_all" })}>
          {texts.reject}
        </button>
        {customising ? (
          <button
            type="button"
            className="consent__button consent__button--secondary"
            onClick={() => onDecide({ method: "custom", ticked })}
          >
            {texts.save}
          </button>
        ) : (
          <button
            type="button"
            className="consent__button consent__button--secondary"
            aria-expanded={false}
            onClick={() => setCustomising(true)}
          >
            {texts.customise}
          </button>
        )}
      </div>
    </section>
  );
}
