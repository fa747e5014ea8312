import { useEffect, useRef, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  /** Text of the confirming button: the action itself ("Revogar token"), never "OK". */
  action: string;
  danger?: boolean;
  /** Uncontrolled form controls inside the dialog (renewal date, scope); `onConfirm` gets their values. */
  content?: ReactNode;
  onConfirm: (data: FormData) => void | Promise<void>;
}

/**
 * A modal confirmation on the native <dialog>: focus moves into it (to the safe choice, "Voltar"), Esc closes it,
 * the page behind is inert, and focus goes back to the button that opened it when it closes.
 */
export function ConfirmDialog(props: { request: ConfirmRequest | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const { request, onClose } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      dialog.showModal();
      back.current?.focus();
    } else if (!request && dialog.open) {
      dialog.close();
    }
  }, [request]);

  return (
    <dialog ref={ref} className="dialogo" aria-labelledby="dialogo-titulo" aria-describedby="dialogo-mensagem" onClose={onClose}>
      {request ? (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const confirm = request.onConfirm;
            onClose();
            void confirm(data);
          }}
        >
          <h2 id="dialogo-titulo">{request.title}</h2>
          <div id="dialogo-mensagem">{request.message}</div>
          {request.content}
          <div className="botoes">
            <button type="button" ref={back} onClick={onClose}>
              Voltar
            </button>
            <button type="submit" className={request.danger ? 'perigo' : 'primario'}>
              {request.action}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
