/**
 * A date and time typed as São Paulo's wall clock (the value of a datetime-local input,
 * "2026-11-26T15:30"), which the server reads in America/Sao_Paulo (the schedules of decision 100).
 */
export function SaoPauloTimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        type="datetime-local"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </label>
  );
}
