import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EMITIR_DOCUMENTO_FISCAL, type DocumentoFiscal, type ModeloDocumento } from '../../api/operations/documents';
import { ApiError } from '../../api/client';
import { useApp } from '../../app-context';
import { ErrorSummary } from '../../components/ErrorSummary';
import { Field } from '../../components/Field';
import { focusSoon } from '../../components/focus';
import { formatMoney } from '../../format';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { SITUACOES } from './document-labels';
import { CteFields } from './CteFields';
import { CteOsFields } from './CteOsFields';
import { MODELOS_EMISSAO, takerLabel } from './cte-os-input';
import { carriesGoods, emptySimples, issueFieldLabel, issueInput, MODALIDADES_FRETE, needsSimplesBand, newIssueForm, runningTotal, type IssueForm } from './issue-input';
import { IncompleteSettings, missingSettings } from './IncompleteSettings';
import { ItemFields } from './ItemFields';
import { NfseSubstitutedField } from './NfseSubstitutedField';
import { PaymentFields } from './PaymentFields';
import { SimplesBandFields } from './SimplesBandFields';
import { RecipientFields } from './RecipientFields';
import { Options } from '../../components/Options';

/** Issuing an NF-e, NFC-e, CT-e or NFS-e: the fields each model asks for, the API's field errors next to each. */
export function IssueDocumentForm(props: { onIssued: (documento: DocumentoFiscal) => void; initial?: IssueForm }) {
  const { api, announce, company, reloadCompany } = useApp();
  // `initial`: a substitute NFS-e, filled with the replaced one's data (nfse-substitution.ts).
  const [form, setForm] = useState<IssueForm>(() => props.initial ?? newIssueForm());
  const [sending, setSending] = useState(false);
  const [faltando, setFaltando] = useState<string[] | null>(null);
  const fieldErrors = useFieldErrors();
  const { errorFor } = fieldErrors;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => focusSoon(() => heading.current), []);
  // The regime decides CST or CSOSN: read fresh when the form opens (the settings may have just changed).
  useEffect(reloadCompany, [reloadCompany]);
  const regime = company?.empresa.regimeTributario ?? null;
  const total = runningTotal(form.itens);
  const os = form.modelo === 'CTE' && form.os;

  const set = <K extends keyof IssueForm>(key: K, value: IssueForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'referencia' | 'serie' | 'competencia' | 'chaveCte' | 'chavesNfe') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  // In a CT-e OS the recipient is the taker: its fields are named so.
  const takerOr = (campo: string, label: string) => (os ? takerLabel(campo, label) : label);

  async function issue(event: FormEvent) {
    event.preventDefault();
    const { input, localErrors } = issueInput(form);
    fieldErrors.clearGeneral();
    setFaltando(null);
    setSending(true);
    try {
      const documento = (await api.graphql(EMITIR_DOCUMENTO_FISCAL, { input })).emitirDocumentoFiscal;
      fieldErrors.reset();
      announce(documento.situacao === 'AUTORIZADO' ? `Documento nº ${documento.numero} autorizado.` : `Documento nº ${documento.numero}: ${SITUACOES[documento.situacao]}.`);
      props.onIssued(documento);
    } catch (e) {
      // Settings the company has not filled in: said by their labels, with the way to them (with the form's own findings).
      const missing = missingSettings(e);
      setFaltando(missing);
      // One round: the page's own findings (numbers it could not read) with every field the API refused.
      if (e instanceof ApiError && e.fieldErrors.length) {
        const own = new Set(localErrors.map((l) => l.campo));
        fieldErrors.show([...localErrors, ...e.fieldErrors.filter((f) => !own.has(f.campo))]);
      } else if (localErrors.length) {
        fieldErrors.show(localErrors);
      } else if (missing) {
        fieldErrors.setErrors(() => []);
        fieldErrors.focusSummary();
      } else {
        fieldErrors.fail(e);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <section id="emitir-form" className="cartao" aria-labelledby="emitir-titulo">
      <h2 id="emitir-titulo" tabIndex={-1} ref={heading}>
        {form.substituida && form.modelo === 'NFSE' ? 'Emitir NFS-e substituta' : 'Emitir documento fiscal'}
      </h2>
      <ErrorSummary fieldErrors={fieldErrors} intro={() => 'O documento não foi emitido. Corrija:'} fieldId={(campo) => (form.modelo === 'CTE' && /^itens\[\d+\]\.cfop$/.test(campo) ? (os ? 'cteOs.cfop' : 'cte.cfop') : campo || null)} fieldLabel={(campo) => (form.modelo === 'CTE' ? takerOr(campo, issueFieldLabel(campo).replace(/^Item (\d+)/, 'Componente $1')) : issueFieldLabel(campo))} wholeLabel="documento">
        {faltando ? <IncompleteSettings faltando={faltando} /> : null}
      </ErrorSummary>
      <form onSubmit={(e) => void issue(e)} noValidate aria-label="Emitir documento fiscal">
        <div className="grade">
          <Field id="modelo" label="Modelo" error={errorFor('modelo')} width="medium">
            {(a) => (
              <select {...a} value={os ? 'CTEOS' : form.modelo} onChange={(e) => setForm((f) => ({ ...f, modelo: (e.target.value === 'CTEOS' ? 'CTE' : e.target.value) as ModeloDocumento, os: e.target.value === 'CTEOS' }))}>
                <Options choices={MODELOS_EMISSAO} />
              </select>
            )}
          </Field>
          <Field id="serie" label="Série (opcional)" error={errorFor('serie')} help="Vazia: a série padrão." width="short">
            {(a) => <input {...a} required={false} inputMode="numeric" {...text('serie')} />}
          </Field>
          <Field id="referencia" label="Referência" required error={errorFor('referencia')} help="Sua chave (pedido): a mesma referência nunca gera um segundo documento." width="medium">
            {(a) => <input {...a} maxLength={60} {...text('referencia')} />}
          </Field>
          {form.modelo === 'NFSE' ? (
            <Field id="competencia" label="Competência (MM/AAAA)" error={errorFor('competencia')} width="short">
              {(a) => <input {...a} required={false} placeholder="11/2026" {...text('competencia')} />}
            </Field>
          ) : null}
        </div>
        {form.modelo === 'NFSE' ? (
          <NfseSubstitutedField chave={form.chaveNfseSubstituida ?? ''} substituida={form.substituida} onChange={(chave) => set('chaveNfseSubstituida', chave)} fieldErrors={fieldErrors} />
        ) : null}
        <RecipientFields
          modelo={form.modelo}
          taker={os}
          recipient={form.recipient}
          address={form.address}
          onRecipient={(recipient) => set('recipient', recipient)}
          onAddress={(address) => set('address', address)}
          fieldErrors={fieldErrors}
        />
        <ItemFields modelo={form.modelo} regime={regime} itens={form.itens} onChange={(update) => setForm((f) => ({ ...f, itens: update(f.itens) }))} fieldErrors={fieldErrors} />
        {carriesGoods(form.modelo) && needsSimplesBand(form.itens) ? <SimplesBandFields simples={form.simples ?? emptySimples()} onChange={(simples) => set('simples', simples)} fieldErrors={fieldErrors} /> : null}
        <p className="total-itens">
          Total dos itens: <strong>{total === null ? '—' : formatMoney(total)}</strong>
        </p>
        {form.modelo === 'NFCE' ? (
          <PaymentFields pagamentos={form.pagamentos} total={total} onChange={(update) => setForm((f) => ({ ...f, pagamentos: update(f.pagamentos) }))} fieldErrors={fieldErrors} />
        ) : null}
        {form.modelo === 'NFE' ? (
          <Field id="modalidadeFrete" label="Frete (modalidade)" error={errorFor('modalidadeFrete')} width="medium">
            {(a) => (
              <select {...a} required={false} value={form.modalidadeFrete} onChange={(e) => set('modalidadeFrete', e.target.value)}>
                <Options choices={MODALIDADES_FRETE} />
              </select>
            )}
          </Field>
        ) : null}
        {form.modelo === 'NFE' ? (
          <Field id="chaveCteReferenciada" label="Chave do CT-e do frete (opcional)" error={errorFor('chaveCteReferenciada')} width="long">
            {(a) => <input {...a} required={false} {...text('chaveCte')} />}
          </Field>
        ) : null}
        {form.modelo === 'CTE' && !os ? <CteFields cte={form.cte} onChange={(update) => setForm((f) => ({ ...f, cte: update(f.cte) }))} fieldErrors={fieldErrors} /> : null}
        {os ? <CteOsFields os={form.cteOs} onChange={(update) => setForm((f) => ({ ...f, cteOs: update(f.cteOs) }))} fieldErrors={fieldErrors} /> : null}
        {form.modelo === 'CTE' && !os ? (
          <Field id="chavesNfeTransportadas" label="Chaves das NF-e transportadas (uma por linha)" required error={errorFor('chavesNfeTransportadas')} width="long">
            {(a) => <textarea {...a} rows={3} {...text('chavesNfe')} />}
          </Field>
        ) : null}
        <button type="submit" className="primario" disabled={sending}>
          {sending ? 'Emitindo…' : 'Emitir'}
        </button>
      </form>
    </section>
  );
}
