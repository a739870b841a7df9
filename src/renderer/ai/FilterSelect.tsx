/** One gallery filter dropdown: an "all" choice first, then the given options. */
export function FilterSelect({
  testId,
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  testId: string;
  label: string;
  value: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <select
      className="library-select"
      data-testid={testId}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A labelled date input of the gallery filters ("From" or "To"). */
export function DateFilter({
  id,
  label,
  testId,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  testId: string;
  value: string;
  min?: string;
  max?: string;
  onChange(value: string): void;
}) {
  return (
    <label className="date-filter" htmlFor={id}>
      {label}
      <input
        id={id}
        type="date"
        className="library-select"
        data-testid={testId}
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
