import { useEffect, useRef, useState, type FormEvent } from 'react';
import { REGISTRAR_CARTA_CORRECAO, type CartaCorrecao } from '../../api/operations/corrections';
import type { DocumentoFiscal } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import { ErrorSummary } from '../../components/ErrorSummary';
import { Field } from '../../components/Field';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import {
  alteracoesInput,
  CONDICOES_USO_CCE_CTE,
  CONDICOES_USO_CCE_NFE,
  CORRECAO_MAX,
  CORRECAO_MIN,
  correctionFieldLabel,
  emptyAlteracao,
  VALOR_ALTERADO_MAX,
  type AlteracaoForm,
} from './correction-labels';
import { modelName } from './document-labels';

/**
 * The correction letter's dialog (native <dialog>, modal: Esc or "Voltar" closes it and nothing is sent). An NF-e
 * takes the correction as text (15 to 1,000 characters, counted while typing); a CT-e takes its changes, each a
 * group, a field and the new value (grupoAlterado, campoAlterado, valorAlterado, and the item of a repeated group).
 * The fixed conditions of use the event carries are shown above the button. A refusal stays in the dialog: each
 * field's message under it, by label in the summary (the API's `CORRECAO_INVALIDA` fields, or why the matter is
 * forbidden).
 */
export function CorrectionDialog(props: { documento: DocumentoFiscal; onRegistered: (carta: CartaCorrecao) => void; onClose: () => void }) {
  const { api } = useApp();
  const d = props.documento;
  const cte = d.modelo === 'CTE';
  const ref = useRef<HTMLDialogElement>(null);
  const [correcao, setCorrecao] = useState('');
  const [alteracoes, setAlteracoes] = useState<AlteracaoForm[]>([emptyAlteracao()]);
  const [sending, setSending] = useState(false);
  const fieldErrors = useFieldErrors();
  const { errorFor } = fieldErrors;
  const length = correcao.trim().length;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    document.getElementById(cte ? 'cce-alteracoes[0].grupo' : 'cce-correcao')?.focus();
  }, [cte]);

  const setChange = (i: number, key: keyof AlteracaoForm, value: string) => setAlteracoes((list) => list.map((a, j) => (j === i ? { ...a, [key]: value } : a)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!cte && (length < CORRECAO_MIN || length > CORRECAO_MAX)) {
      fieldErrors.show([{ campo: 'correcao', regra: 'tamanho', erro: `deve ter de ${CORRECAO_MIN} a ${CORRECAO_MAX} caracteres (tem ${length})` }]);
      return;
    }
    fieldErrors.reset();
    setSending(true);
    try {
      const variables = cte ? { id: d.id, alteracoes: alteracoesInput(alteracoes) } : { id: d.id, correcao: correcao.trim() };
      props.onRegistered((await api.graphql(REGISTRAR_CARTA_CORRECAO, variables)).registrarCartaCorrecao);
    } catch (e) {
      fieldErrors.fail(e);
    } finally {
      setSending(false);
    }
  }

  const field = (campo: string) => `cce-${campo}`;

  return (
    <dialog ref={ref} className="dialogo dialogo-largo" aria-labelledby="cce-dialogo-titulo" onClose={props.onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="cce-dialogo-titulo">
          Carta de correção {cte ? "do" : "da"} {modelName(d)} nº {d.numero}
        </h2>
        <p>
          {cte
            ? 'Informe cada alteração: o grupo e o campo do leiaute do CT-e e o novo valor. Valores, impostos, as partes e as datas não podem ser corrigidos.'
            : 'Descreva a correção. Valores, quantidades, impostos, a troca do destinatário e as datas não podem ser corrigidos por carta.'}{' '}
          Uma nova carta substitui as anteriores: repita nela o que ainda vale.
        </p>
        <ErrorSummary fieldErrors={fieldErrors} intro={() => 'A carta não foi registrada. Corrija:'} fieldId={(campo) => (campo ? field(campo) : null)} fieldLabel={correctionFieldLabel} wholeLabel="carta" />
        {cte ? (
          alteracoes.map((a, i) => (
            <fieldset key={i} className="grade">
              <legend>Alteração {i + 1}</legend>
              <Field id={field(`alteracoes[${i}].grupo`)} label="Grupo alterado" required error={errorFor(`alteracoes[${i}].grupo`)} help="Ex.: compl, rem, dest" width="short">
                {(attrs) => <input {...attrs} maxLength={20} value={a.grupo} onChange={(e) => setChange(i, 'grupo', e.target.value)} />}
              </Field>
              <Field id={field(`alteracoes[${i}].campo`)} label="Campo alterado" required error={errorFor(`alteracoes[${i}].campo`)} help="Ex.: xObs, xNome" width="short">
                {(attrs) => <input {...attrs} maxLength={20} value={a.campo} onChange={(e) => setChange(i, 'campo', e.target.value)} />}
              </Field>
              <Field id={field(`alteracoes[${i}].valor`)} label="Valor alterado" required error={errorFor(`alteracoes[${i}].valor`)} help={`Até ${VALOR_ALTERADO_MAX} caracteres.`} width="long">
                {(attrs) => <input {...attrs} maxLength={VALOR_ALTERADO_MAX} value={a.valor} onChange={(e) => setChange(i, 'valor', e.target.value)} />}
              </Field>
              <Field id={field(`alteracoes[${i}].numeroItem`)} label="Nº do item (opcional)" error={errorFor(`alteracoes[${i}].numeroItem`)} help="Só para um grupo que se repete (1 a 99)." width="short">
                {(attrs) => <input {...attrs} inputMode="numeric" value={a.numeroItem} onChange={(e) => setChange(i, 'numeroItem', e.target.value)} />}
              </Field>
            </fieldset>
          ))
        ) : (
          <Field id={field('correcao')} label="Correção" required error={errorFor('correcao')} help={`De ${CORRECAO_MIN} a ${CORRECAO_MAX} caracteres (${length} digitados).`} width="long">
            {(attrs) => <textarea {...attrs} rows={4} maxLength={CORRECAO_MAX} value={correcao} onChange={(e) => setCorrecao(e.target.value)} />}
          </Field>
        )}
        {cte ? (
          <button type="button" onClick={() => setAlteracoes((list) => [...list, emptyAlteracao()])}>
            Adicionar alteração
          </button>
        ) : null}
        <h3>Condições de uso</h3>
        <p className="discreto">A carta leva este texto fixo do leiaute, palavra por palavra:</p>
        <blockquote className="condicoes-uso">{cte ? CONDICOES_USO_CCE_CTE : CONDICOES_USO_CCE_NFE}</blockquote>
        <div className="botoes">
          <button type="button" onClick={() => ref.current?.close()}>
            Voltar
          </button>
          <button type="submit" className="primario" disabled={sending}>
            {sending ? 'Registrando…' : 'Registrar carta de correção'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
