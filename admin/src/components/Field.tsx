import type { ReactNode } from 'react';

export interface FieldAttributes {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  required: boolean;
}

export type FieldWidth = 'short' | 'medium' | 'long';
const WIDTH_CLASS: Record<FieldWidth, string> = { short: 'campo-curta', medium: 'campo-media', long: 'campo-longa' };

/**
 * A labelled form control with its help and its error next to it. The control gets `id`, `aria-invalid` and
 * `aria-describedby` from here, so a screen reader reads the label, then the error and the help.
 */
export function Field(props: {
  id: string;
  label: string;
  error?: string | null;
  help?: ReactNode;
  required?: boolean;
  width?: FieldWidth;
  children: (attributes: FieldAttributes) => ReactNode;
}) {
  const describedBy = [props.error ? `${props.id}-erro` : null, props.help ? `${props.id}-ajuda` : null].filter(Boolean).join(' ');
  return (
    <div className={`campo ${WIDTH_CLASS[props.width ?? 'medium']}${props.error ? ' campo-com-erro' : ''}`}>
      <label htmlFor={props.id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.children({ id: props.id, 'aria-invalid': Boolean(props.error), 'aria-describedby': describedBy || undefined, required: Boolean(props.required) })}
      {props.error ? (
        <p className="erro-campo" id={`${props.id}-erro`}>
          {props.error}
        </p>
      ) : null}
      {props.help ? (
        <p className="ajuda" id={`${props.id}-ajuda`}>
          {props.help}
        </p>
      ) : null}
    </div>
  );
}
