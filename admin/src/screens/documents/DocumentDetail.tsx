import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import { CANCELAR_DOCUMENTO_FISCAL, REGISTRAR_ENTREGA, REGISTRAR_INICIO_SERVICO, type DocumentoFiscal } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { focusSoon } from '../../components/focus';
import { Message, type Outcome } from '../../components/Message';
import { deadlineEnded, formatDateTime, formatTimeLeft, untilDeadline } from '../../format';
import { useNow } from '../../hooks/useNow';
import { CorrectionLetters } from './CorrectionLetters';
import { DocumentContents } from './DocumentContents';
import { DocumentFacts } from './DocumentFacts';
import { DocumentFiles } from './DocumentFiles';
import { modelName, SITUACOES } from './document-labels';
import { NfseCancelFields } from './NfseCancelFields';
import { NfseSubstitution, type SubstitutionActions } from './NfseSubstitution';
import type { CancelPrefill } from './nfse-substitution';

/**
 * One document opened from the list (or just issued): what it is, its files, and what can still be done with it
 * (cancel within the deadline, mark the delivery or the start of the service), each after a confirmation.
 */
export function DocumentDetail(props: {
  documento: DocumentoFiscal;
  onChange: (d: DocumentoFiscal) => void;
  onClose: () => void;
  substitution: SubstitutionActions;
  /** Opened to cancel a replaced NFS-e: the cancel form starts filled with its substitute (nfse-substitution.ts). */
  cancelPrefill?: CancelPrefill | null;
}) {
  const { api, session } = useApp();
  const d = props.documento;
  const prefill = props.cancelPrefill ?? null;
  const [justificativa, setJustificativa] = useState(prefill?.justificativa ?? '');
  /** NFC-e: the key of the NFC-e issued in its place (cancellation by substitution, event 110112); NFS-e: 105102. */
  const [substituta, setSubstituta] = useState(prefill?.substituta ?? '');
  const [substitutaError, setSubstitutaError] = useState<string | null>(null);
  /** NFS-e: the reason of the cancellation (1, 2, 9). */
  const [motivoNfse, setMotivoNfse] = useState(prefill?.motivo ?? '9');
  const [justificativaError, setJustificativaError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLDivElement | null>(null);
  // The countdown to the deadline runs on screen but is not announced: a live countdown would talk non-stop.
  const deadline = d.situacao === 'AUTORIZADO' && d.prazoCancelamento ? Date.parse(d.prazoCancelamento) : null;
  const now = useNow(deadline !== null);
  const timeLeft = deadline === null ? 0 : deadline - now;

  useEffect(() => focusSoon(() => heading.current), []);

  const show = (result: Outcome) => {
    setOutcome(result);
    focusSoon(() => outcomeRef.current);
  };

  async function run(change: () => Promise<DocumentoFiscal>, success: string) {
    try {
      props.onChange(await change());
      setJustificativa('');
      show({ kind: 'ok', text: success });
    } catch (e) {
      show({ kind: 'error', text: errorMessage(e) });
    }
  }

  function askCancellation(event: FormEvent) {
    event.preventDefault();
    const length = justificativa.trim().length;
    if (length < 15 || length > 255) {
      setJustificativaError(`A justificativa deve ter de 15 a 255 caracteres (tem ${length}).`);
      focusSoon(document.getElementById('doc-justificativa'));
      return;
    }
    setJustificativaError(null);
    const chNFeRef = substituta.replace(/\s/g, '') || null;
    const motivo = d.modelo === 'NFSE' ? motivoNfse : null;
    // Past the ordinary deadline an NFC-e is cancelled only by substitution: its key is then required.
    if (d.modelo === 'NFCE' && !cancellable && !chNFeRef) {
      setSubstitutaError('Passado o prazo do cancelamento comum, informe a chave da NFC-e emitida no lugar desta.');
      focusSoon(document.getElementById('doc-substituta'));
      return;
    }
    setSubstitutaError(null);
    setRequest({
      title: `Cancelar ${modelName(d)} nº ${d.numero}?`,
      message: (
        <p>
          O cancelamento é <strong>definitivo</strong>: o documento perde a validade fiscal, o valor não pode ser cobrado e a
          contabilidade integrada é avisada do cancelamento para estornar o lançamento.
          {chNFeRef ? ` É um cancelamento por substituição: a autoridade registra ${d.modelo === 'NFSE' ? 'a NFS-e' : 'a NFC-e'} informada como a que substitui esta.` : ''}
        </p>
      ),
      action: 'Cancelar documento',
      danger: true,
      onConfirm: () =>
        run(async () => (await api.graphql(CANCELAR_DOCUMENTO_FISCAL, { id: d.id, justificativa, chNFeRef, motivo })).cancelarDocumentoFiscal, `Documento nº ${d.numero} cancelado.`),
    });
  }

  function askMark(mark: 'entrega' | 'inicio') {
    const delivery = mark === 'entrega';
    setRequest({
      title: delivery ? 'Registrar a entrega das mercadorias?' : 'Registrar o início do serviço de transporte?',
      message: (
        <p>
          Depois disto o documento <strong>não pode mais ser cancelado</strong>
          {delivery ? ': para desfazer a venda, emite-se uma NF-e de devolução.' : '.'} O registro não pode ser desfeito.
        </p>
      ),
      action: delivery ? 'Registrar entrega' : 'Registrar início do serviço',
      danger: true,
      onConfirm: () =>
        delivery
          ? run(async () => (await api.graphql(REGISTRAR_ENTREGA, { id: d.id })).registrarEntrega, 'Entrega registrada.')
          : run(async () => (await api.graphql(REGISTRAR_INICIO_SERVICO, { id: d.id })).registrarInicioServico, 'Início do serviço registrado.'),
    });
  }

  const cancellable = d.situacao === 'AUTORIZADO' && deadline !== null && timeLeft > 0;
  // An NFC-e may still be cancelled by substitution up to 168 h after its authorization (after the 30 minutes).
  const substitutable = d.modelo === 'NFCE' && d.situacao === 'AUTORIZADO' && d.autorizadoEm !== null && Date.now() < Date.parse(d.autorizadoEm) + 168 * 3_600_000;
  const whyNotCancellable = d.entregueEm ? ' (mercadoria entregue: emita uma NF-e de devolução)' : d.servicoIniciadoEm ? ' (serviço iniciado)' : ' (prazo encerrado)';

  return (
    <section className="cartao detalhe" aria-labelledby="doc-titulo">
      <div className="linha espalhada">
        <h2 id="doc-titulo" tabIndex={-1} ref={heading}>
          {modelName(d)} nº {d.numero}, série {d.serie} — {SITUACOES[d.situacao]}
        </h2>
        <button type="button" onClick={props.onClose} aria-keyshortcuts="Escape">
          Fechar
        </button>
      </div>
      {outcome ? (
        <Message kind={outcome.kind} ref={outcomeRef}>
          {outcome.text}
        </Message>
      ) : null}
      <DocumentFacts documento={d} />
      <DocumentContents documento={d} />
      <DocumentFiles documento={d} onOutcome={show} />
      <CorrectionLetters documento={d} onOutcome={show} />
      <NfseSubstitution documento={d} {...props.substitution} />

      {d.situacao === 'AUTORIZADO' ? (
        <>
          <h3>Cancelamento</h3>
          {deadline !== null && timeLeft <= 0 ? (
            // The deadline passed with the detail open: said once, in words (no countdown at zero).
            <p className="prazo prazo-curto">
              Prazo de cancelamento encerrado <strong>{deadlineEnded(d.prazoCancelamento!)}</strong>
              {substitutable ? ': esta NFC-e ainda pode ser cancelada por substituição.' : '.'}
            </p>
          ) : deadline !== null ? (
            <p className={`prazo${timeLeft < 30 * 60_000 ? ' prazo-curto' : ''}`}>
              Pode ser cancelado <strong>{untilDeadline(d.prazoCancelamento!)}</strong>. Faltam{' '}
              <span className="contagem" aria-label={`faltam ${formatTimeLeft(timeLeft)}`}>
                {formatTimeLeft(timeLeft)}
              </span>
              .
            </p>
          ) : (
            <p>
              {substitutable
                ? `O prazo do cancelamento comum terminou; esta NFC-e ainda pode ser cancelada por substituição até ${formatDateTime(new Date(Date.parse(d.autorizadoEm!) + 168 * 3_600_000).toISOString())}.`
                : `Este documento não pode mais ser cancelado${whyNotCancellable}.`}
            </p>
          )}
          {prefill && cancellable && session.role === 'admin' ? (
            <p className="mensagem mensagem-aviso">
              Cancelamento por substituição preenchido com a chave da NFS-e substituta: confira a justificativa e clique em “Cancelar documento…”.
            </p>
          ) : null}
          {(cancellable || substitutable) && session.role === 'admin' ? (
            <form onSubmit={askCancellation} className="cancelar" aria-label="Cancelar documento">
              <Field id="doc-justificativa" label="Justificativa" required error={justificativaError} help={`De 15 a 255 caracteres (${justificativa.trim().length} digitados).`} width="long">
                {(a) => <textarea {...a} rows={2} maxLength={255} value={justificativa} onChange={(e) => setJustificativa(e.target.value)} />}
              </Field>
              {d.modelo === 'NFCE' ? (
                <Field
                  id="doc-substituta"
                  label="Chave da NFC-e que substitui esta"
                  required={!cancellable}
                  error={substitutaError}
                  help="Cancelamento por substituição (até 168 h após a autorização): a chave de 44 dígitos da NFC-e emitida no lugar desta. Vazia: cancelamento comum, dentro do prazo."
                  width="long"
                >
                  {(a) => <input {...a} inputMode="numeric" value={substituta} onChange={(e) => setSubstituta(e.target.value)} />}
                </Field>
              ) : null}
              {d.modelo === 'NFSE' ? (
                <NfseCancelFields motivo={motivoNfse} onMotivo={setMotivoNfse} substituta={substituta} onSubstituta={setSubstituta} substitutaError={substitutaError} />
              ) : null}
              <button type="submit" className="perigo">
                Cancelar documento…
              </button>
            </form>
          ) : null}
          {cancellable && session.role !== 'admin' ? <p className="discreto">Só administradores cancelam documentos.</p> : null}
          <div className="botoes">
            {d.modelo === 'NFE' && !d.entregueEm ? (
              <button type="button" onClick={() => askMark('entrega')}>
                Registrar entrega…
              </button>
            ) : null}
            {d.modelo === 'CTE' && !d.servicoIniciadoEm ? (
              <button type="button" onClick={() => askMark('inicio')}>
                Registrar início do serviço…
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      <ConfirmDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}
