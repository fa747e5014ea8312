import { UFS } from '../ufs';
import { Field } from './Field';

/** The 27 UFs as a select (blank first: nothing chosen yet). */
export function UfSelect(props: { id: string; label: string; value: string; onChange: (uf: string) => void; error: string | null; required?: boolean }) {
  return (
    <Field id={props.id} label={props.label} required={props.required ?? true} error={props.error} width="short">
      {(a) => (
        <select {...a} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          <UfOptions blank="—" />
        </select>
      )}
    </Field>
  );
}

/** The options of a UF select: a blank one first (what it means: "—", "padrão"), then the 27. */
export function UfOptions(props: { blank: string }) {
  return (
    <>
      <option value="">{props.blank}</option>
      {UFS.map((uf) => (
        <option key={uf}>{uf}</option>
      ))}
    </>
  );
}
