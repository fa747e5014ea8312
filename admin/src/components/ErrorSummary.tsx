import type { ReactNode } from 'react';
import type { FieldErrors } from '../hooks/useFieldErrors';
import { Message } from './Message';

/**
 * What a refused form shows above itself, in one focusable block: the refused fields, each a link to its field,
 * then any other message of the refusal. The focus moves here after a refusal (useFieldErrors).
 */
export function ErrorSummary(props: {
  fieldErrors: FieldErrors;
  /** The first line, given the number of refused fields ("A configuração não foi salva: ..."). */
  intro: (count: number) => ReactNode;
  /** The element id of the field on this screen; null when the screen has no such field (then no link). */
  fieldId: (campo: string) => string | null;
  /** What an error of the whole input (no `campo`) is called ("documento"). */
  wholeLabel: string;
  /** The label a person reads for a field (default: the text of its `<label>` on the screen, else the API's key). */
  fieldLabel?: (campo: string) => string;
  className?: string;
  /** Other messages of the refusal, shown between the fields and the general message (a conflict). */
  children?: ReactNode;
}) {
  const { errors, general, summaryRef } = props.fieldErrors;
  return (
    <div tabIndex={-1} ref={summaryRef} className={props.className}>
      {errors.length ? (
        <Message kind="error">
          <p>{props.intro(errors.length)}</p>
          <ul>
            {errors.map((e, i) => {
              const id = props.fieldId(e.campo);
              const text = `${e.campo ? (props.fieldLabel?.(e.campo) ?? labelOnScreen(id) ?? e.campo) : props.wholeLabel}: ${e.erro}`;
              return (
                <li key={i}>
                  {id ? (
                    <a
                      href={`#${id}`}
                      onClick={(event) => {
                        event.preventDefault();
                        document.getElementById(id)?.focus();
                      }}
                    >
                      {text}
                    </a>
                  ) : (
                    <span>{text}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </Message>
      ) : null}
      {props.children}
      {general ? <Message kind="error">{general}</Message> : null}
    </div>
  );
}

/** The text of the `<label>` of the field with this id, as the person reads it next to the field. */
function labelOnScreen(id: string | null): string | null {
  if (!id) return null;
  const label = document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent?.replace(/\s*\*$/, '').trim();
  return label || null;
}
