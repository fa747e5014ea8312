import { useEffect, useRef, useState } from 'react';
import type { TokenIngestao } from '../../api/operations/tokens';
import { focusSoon } from '../../components/focus';

/** The value, shown once: a read-only field, a copy button and the warning. Closing it forgets the value. */
export function CreatedToken(props: { value: string; token: TokenIngestao; onClose: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => focusSoon(() => heading.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied('Copiado para a área de transferência.');
    } catch {
      field.current?.select();
      setCopied('Não foi possível copiar automaticamente: o valor está selecionado, use Ctrl+C.');
    }
  }

  return (
    <section className="cartao token-criado" aria-labelledby="token-criado-titulo">
      <h2 id="token-criado-titulo" tabIndex={-1} ref={heading}>
        Token "{props.token.nome}" criado — copie o valor agora
      </h2>
      <p className="alerta" id="token-criado-aviso">
        <strong>Este valor aparece só esta vez.</strong> Guarde-o no sistema que vai enviar os dados. Ele não fica gravado em
        lugar nenhum (só um resumo criptográfico); se for perdido, revogue este token e crie outro.
      </p>
      <label htmlFor="token-criado-valor">Valor do token</label>
      <div className="linha">
        <input id="token-criado-valor" ref={field} readOnly value={props.value} className="valor-token" aria-describedby="token-criado-aviso" onFocus={(e) => e.target.select()} />
        <button type="button" className="primario" onClick={() => void copy()}>
          Copiar
        </button>
      </div>
      <p role="status">{copied}</p>
      <button type="button" onClick={props.onClose}>
        Já guardei o valor — fechar
      </button>
    </section>
  );
}
