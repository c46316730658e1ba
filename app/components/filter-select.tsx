// A filter of the GET search forms (users, books, problem sets, academies, payments, messages, …): a labelled select
// whose first choice, '전체', filters nothing. Everything it chooses goes into the address, so it works without
// JavaScript.

export type FilterOption = readonly [value: string | number, label: string];

/** The options of `values`, each named by its label in `labels` (an enumeration's label table). */
export function choices<V extends string | number>(
  values: readonly V[],
  labels: Readonly<Record<V, string>> | Readonly<Record<number, string>>,
): FilterOption[] {
  return values.map((v) => [v, (labels as Record<V, string>)[v]] as const);
}

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
        <Options options={options} />
      </select>
    </label>
  );
}

/** A select's options: value and label each (`choices` for an enumeration). */
export function Options({ options }: { options: readonly FilterOption[] }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
