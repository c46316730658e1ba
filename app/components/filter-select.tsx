// A filter of the GET search forms (users, books, problem sets, academies, payments, messages, …): a labelled select
// whose first choice, '전체', filters nothing. Everything it chooses goes into the address, so it works without
// JavaScript.

export type FilterOption = readonly [value: string | number, label: string];

export function FilterSelect({
  label,
  name,
  value,
  options,
  allLabel = '전체',
}: {
  label: string;
  name: string;
  /** The value in the address (empty: all). */
  value: string | number | null | undefined;
  options: readonly FilterOption[];
  allLabel?: string;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ''}>
        <option value="">{allLabel}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
