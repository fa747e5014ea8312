import type { ReactNode } from 'react';

export interface AtributosCampo {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  required: boolean;
}

/**
 * A labelled form control with its help and its error next to it. The control gets `id`, `aria-invalid` and
 * `aria-describedby` from here, so a screen reader reads the label, then the error and the help.
 */
export function Campo(props: {
  id: string;
  rotulo: string;
  erro?: string | null;
  ajuda?: ReactNode;
  obrigatorio?: boolean;
  children: (atributos: AtributosCampo) => ReactNode;
  largura?: 'curta' | 'media' | 'longa';
}) {
  const descricoes = [props.erro ? `${props.id}-erro` : null, props.ajuda ? `${props.id}-ajuda` : null].filter(Boolean).join(' ');
  return (
    <div className={`campo campo-${props.largura ?? 'media'}${props.erro ? ' campo-com-erro' : ''}`}>
      <label htmlFor={props.id}>
        {props.rotulo}
        {props.obrigatorio ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.children({ id: props.id, 'aria-invalid': Boolean(props.erro), 'aria-describedby': descricoes || undefined, required: Boolean(props.obrigatorio) })}
      {props.erro ? (
        <p className="erro-campo" id={`${props.id}-erro`}>
          {props.erro}
        </p>
      ) : null}
      {props.ajuda ? (
        <p className="ajuda" id={`${props.id}-ajuda`}>
          {props.ajuda}
        </p>
      ) : null}
    </div>
  );
}

/** A block message: `erro` for failures (role=alert), `ok` for results (role=status). Focusable so a screen can move focus to it. */
export function Mensagem(props: { tipo: 'erro' | 'ok' | 'aviso'; children: ReactNode; foco?: (el: HTMLDivElement | null) => void }) {
  return (
    <div className={`mensagem mensagem-${props.tipo}`} role={props.tipo === 'erro' ? 'alert' : 'status'} tabIndex={-1} ref={props.foco}>
      {props.children}
    </div>
  );
}
