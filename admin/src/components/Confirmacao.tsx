import { useEffect, useRef, type ReactNode } from 'react';

export interface PedidoConfirmacao {
  titulo: string;
  mensagem: ReactNode;
  /** Text of the confirming button: the action itself ("Revogar token"), never "OK". */
  acao: string;
  perigo?: boolean;
  /** Uncontrolled form controls inside the dialog (renewal date, scope); `aoConfirmar` gets their values. */
  conteudo?: ReactNode;
  aoConfirmar: (dados: FormData) => void | Promise<void>;
}

/**
 * A modal confirmation on the native <dialog>: focus moves into it (to the safe choice, "Voltar"), Esc closes it,
 * the page behind is inert, and focus goes back to the button that opened it when it closes.
 */
export function Confirmacao(props: { pedido: PedidoConfirmacao | null; aoFechar: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const voltar = useRef<HTMLButtonElement>(null);
  const { pedido, aoFechar } = props;

  useEffect(() => {
    const dialogo = ref.current;
    if (!dialogo) return;
    if (pedido && !dialogo.open) {
      dialogo.showModal();
      voltar.current?.focus();
    } else if (!pedido && dialogo.open) {
      dialogo.close();
    }
  }, [pedido]);

  return (
    <dialog ref={ref} className="dialogo" aria-labelledby="dialogo-titulo" aria-describedby="dialogo-mensagem" onClose={aoFechar}>
      {pedido ? (
        <form
          method="dialog"
          onSubmit={(evento) => {
            evento.preventDefault();
            const dados = new FormData(evento.currentTarget);
            const acao = pedido.aoConfirmar;
            aoFechar();
            void acao(dados);
          }}
        >
          <h2 id="dialogo-titulo">{pedido.titulo}</h2>
          <div id="dialogo-mensagem">{pedido.mensagem}</div>
          {pedido.conteudo}
          <div className="botoes">
            <button type="button" ref={voltar} onClick={aoFechar}>
              Voltar
            </button>
            <button type="submit" className={pedido.perigo ? 'perigo' : 'primario'}>
              {pedido.acao}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
