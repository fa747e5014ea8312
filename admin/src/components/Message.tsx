import type { ReactNode, Ref } from 'react';

export type MessageKind = 'error' | 'ok' | 'warning';
const KIND_CLASS: Record<MessageKind, string> = { error: 'mensagem-erro', ok: 'mensagem-ok', warning: 'mensagem-aviso' };

/** A block message: `error` for failures (role=alert), `ok` and `warning` as status. Focusable, so a screen can move focus to it. */
export function Message(props: { kind: MessageKind; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div className={`mensagem ${KIND_CLASS[props.kind]}`} role={props.kind === 'error' ? 'alert' : 'status'} tabIndex={-1} ref={props.ref}>
      {props.children}
    </div>
  );
}

/** The outcome of an action, shown as a message. */
export interface Outcome {
  kind: 'ok' | 'error';
  text: string;
}
