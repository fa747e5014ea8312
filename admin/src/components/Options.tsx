/** The `<option>`s of a select from its [value, label] pairs (a record's entries or a list), in their order. */
type Pairs = readonly (readonly [string, string])[];

export function Options(props: { choices: Record<string, string> | Pairs }) {
  // Array.isArray does not narrow a readonly array: the list is said to be one.
  const pairs: Pairs = Array.isArray(props.choices) ? (props.choices as Pairs) : Object.entries(props.choices);
  return (
    <>
      {pairs.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
