import type { FormStep } from "@domain/forms/definition.ts";

/** Where the visitor is among the steps (B §2.6), shown when there is more than one. */
export function StepIndicator({
  steps,
  current,
  label,
}: {
  steps: FormStep[];
  current: number;
  label: string;
}) {
  if (steps.length < 2) return null;
  return (
    <div role="group" aria-label={label}>
      <ol className="step-indicator">
        {steps.map((s, index) => (
          <li
            key={s.id}
            className={index === current ? "is-current" : index < current ? "is-done" : undefined}
            aria-current={index === current ? "step" : undefined}
          >
            <span className="step-indicator__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="step-indicator__title">{s.title}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
