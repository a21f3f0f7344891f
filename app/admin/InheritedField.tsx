import type { ReactNode } from "react";
import { contentTexts } from "./content-texts.ts";

const t = contentTexts.inheritance;

/**
 * One top-level field of a segment or language level (decision 101): inherited ones are greyed
 * with where they come from ('Herdado de: Padrão') and a control to override them here; overridden
 * ones say so, with a control to go back to inheriting (the value below comes back, and the level
 * stops storing the field at its next save).
 */
export function InheritedField({
  state,
  source,
  onOverride,
  onInherit,
  children,
}: {
  /** inherited: the value below, locked; editing: unlocked but still the same; own: differs here. */
  state: "inherited" | "editing" | "own";
  source: string;
  onOverride: () => void;
  onInherit: () => void;
  children: ReactNode;
}) {
  return (
    <div className={`inherit inherit--${state}`}>
      <div className="inherit__bar">
        <span className="inherit__note">
          {state === "inherited" ? t.from(source) : state === "own" ? t.own : t.editing(source)}
        </span>
        {state === "inherited" ? (
          <button type="button" className="button button--link" onClick={onOverride}>
            {t.override}
          </button>
        ) : (
          <button type="button" className="button button--link" onClick={onInherit}>
            {t.inherit(source)}
          </button>
        )}
      </div>
      {/* A disabled fieldset greys the inherited value and keeps it out of reach until overridden. */}
      <fieldset className="inherit__field" disabled={state === "inherited"}>
        {children}
      </fieldset>
    </div>
  );
}
