import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { CONFIGURACAO_FISCAL, SALVAR_CONFIGURACAO_FISCAL, VERSAO_CONFIGURACAO_FISCAL, type ConfiguracaoFiscal } from '../../api/operations/settings';
import { useApp } from '../../app-context';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { ErrorSummary } from '../../components/ErrorSummary';
import { Field } from '../../components/Field';
import { focusSoon } from '../../components/focus';
import { Message } from '../../components/Message';
import { ScreenTitle } from '../../components/ScreenTitle';
import { formatDateTime } from '../../format';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { CertificateFields } from './CertificateFields';
import { CompanyFields } from './CompanyFields';
import { EmissionFields } from './EmissionFields';
import { NfseFields } from './NfseFields';
import { ReferenceRatesFields } from './ReferenceRatesFields';
import { CERTIFICATE_REFUSAL_FIELD, FORM_FIELDS, formFromSettings, settingsFieldId, settingsInput, type SettingsForm } from './settings-form';
import type { SettingsBinding } from './settings-binding';

/** The label a person reads for a field of this screen (its `<label>`'s text), or the API's key when it has none. */
const settingsFieldLabel = (campo: string) => document.querySelector(`label[for="${settingsFieldId(campo)}"]`)?.firstChild?.textContent ?? campo;

interface Conflict {
  versao: number;
  atualizadoEm: string | null;
}

/** The company's fiscal settings ("Faturamento › Configurações › Fiscal"): every field, saved at once, with conflict handling. */
export function SettingsScreen(props: { title: string }) {
  const { api, session, reloadCompany } = useApp();
  const [settings, setSettings] = useState<ConfiguracaoFiscal | null>(null);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  /** A .pfx being read: saving now would send the form without it (or with the previous file). */
  const [readingCertificate, setReadingCertificate] = useState(false);
  const fieldErrors = useFieldErrors();
  const { errorFor, reset: resetErrors, fail } = fieldErrors;
  const savedRef = useRef<HTMLDivElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const readOnly = session.role !== 'admin';

  const load = useCallback(async () => {
    try {
      const read = (await api.graphql(CONFIGURACAO_FISCAL)).configuracaoFiscal;
      setSettings(read);
      setForm(formFromSettings(read));
      resetErrors();
      setConflict(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (e) {
      fail(e, { focus: false });
    }
  }, [api, resetErrors, fail]);

  useEffect(() => {
    void load();
  }, [load]);

  const bind = useMemo<SettingsBinding | null>(() => {
    if (!form) return null;
    const update = (change: Partial<SettingsForm>) => setForm((f) => (f ? { ...f, ...change } : f));
    return {
      form,
      update,
      readOnly,
      errorFor,
      field: (campo, label, control, extra = {}) => (
        <Field id={settingsFieldId(campo)} label={label} error={errorFor(campo)} help={extra.help} width={extra.width}>
          {(a) => control({ ...a, required: false })}
        </Field>
      ),
      text: (campo) => ({
        value: form.texts[campo],
        onChange: (e) =>
          setForm((f) => {
            if (!f) return f;
            const texts = { ...f.texts, [campo]: e.target.value };
            // A new service item derives its national code again (an old one would contradict it).
            if (campo === 'nfse.codigoServico') texts['nfse.codigoServicoNacional'] = '';
            return { ...f, texts };
          }),
      }),
    };
  }, [form, readOnly, errorFor]);

  // Edits not saved are not lost without a word: leaving the screen (its links) or the page asks first.
  const dirty = Boolean(form && settings && JSON.stringify(form) !== JSON.stringify(formFromSettings(settings)));
  useEffect(() => {
    if (!dirty) return;
    const question = 'As alterações das configurações fiscais não foram salvas. Sair e perdê-las?';
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href^="#/"]');
      if (link && link.getAttribute('href') !== '#/configuracoes' && !window.confirm(question)) e.preventDefault();
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = question;
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty]);

  if (!form || !settings || !bind) {
    return (
      <section>
        <ScreenTitle>{props.title}</ScreenTitle>
        {fieldErrors.general ? <Message kind="error">{fieldErrors.general}</Message> : <p>Carregando…</p>}
      </section>
    );
  }

  /**
   * A save that cannot be undone from this screen asks first: overwriting someone else's version, removing the
   * stored certificate, removing the stored web-service password. One dialog lists whichever of them this save does.
   */
  function askSave(event: FormEvent, versaoEsperada: number, overwrite: boolean) {
    event.preventDefault();
    if (!form || !settings || readingCertificate) return;
    const losses: ReactNode[] = [];
    if (overwrite) losses.push(<li key="versao">as alterações da versão {versaoEsperada} são substituídas pelas suas (quem as fez não é avisado);</li>);
    if (form.removerCertificado && settings.certificadoA1) {
      losses.push(<li key="certificado">o certificado A1 de {settings.certificadoA1.titular} é apagado: nenhum documento é transmitido até outro ser enviado;</li>);
    }
    if (form.removerNfseSenha && settings.nfse.senha) losses.push(<li key="senha">a senha guardada do web service da NFS-e é apagada;</li>);
    // Leaving HOMOLOGAÇÃO is the one switch whose consequence is outside this page: it is named before the save.
    const toProduction = form.texts.ambiente === 'PRODUÇÃO' && settings.ambiente !== 'PRODUÇÃO';
    if (toProduction) {
      losses.push(
        <li key="producao">
          os próximos documentos vão à SEFAZ em <strong>PRODUÇÃO</strong>: têm valor fiscal, seus impostos são devidos, e um documento emitido só se
          desfaz por cancelamento dentro do prazo;
        </li>,
      );
    }
    if (!losses.length) return void save(versaoEsperada);
    const onlyProduction = toProduction && losses.length === 1;
    setRequest({
      title: onlyProduction ? 'Passar a emitir em PRODUÇÃO?' : overwrite ? `Salvar por cima da versão ${versaoEsperada}?` : 'Salvar e remover o que está guardado?',
      message: (
        <>
          <p>{onlyProduction ? 'Ao salvar:' : <>Ao salvar, <strong>não dá para desfazer</strong>:</>}</p>
          <ul>{losses}</ul>
        </>
      ),
      action: onlyProduction ? 'Salvar e emitir em PRODUÇÃO' : overwrite ? `Salvar por cima da versão ${versaoEsperada}` : 'Salvar e remover',
      danger: true,
      onConfirm: () => save(versaoEsperada),
    });
  }

  async function save(versaoEsperada: number) {
    if (!form || readingCertificate) return;
    setSaved(null);
    fieldErrors.clearGeneral();
    setConflict(null);
    const { input, localErrors } = settingsInput(form);
    if (localErrors.length) return fieldErrors.show(localErrors);
    setSaving(true);
    try {
      const stored = (await api.graphql(SALVAR_CONFIGURACAO_FISCAL, { entrada: input, versaoEsperada })).salvarConfiguracaoFiscal;
      setSettings(stored);
      setForm(formFromSettings(stored));
      resetErrors();
      if (fileInput.current) fileInput.current.value = '';
      setSaved(`Configurações salvas (versão ${stored.versao}).`);
      // The header's environment badge and certificate warning follow what was saved.
      reloadCompany();
      focusSoon(() => savedRef.current);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'CONFLITO_DE_EDICAO') {
        const current = await api.graphql(VERSAO_CONFIGURACAO_FISCAL).catch(() => null);
        setConflict(current?.configuracaoFiscal ?? { versao: settings?.versao ?? 0, atualizadoEm: null });
        fieldErrors.focusSummary();
      } else if (e instanceof ApiError && !e.fieldErrors.length && CERTIFICATE_REFUSAL_FIELD[e.code]) {
        fieldErrors.show([{ campo: CERTIFICATE_REFUSAL_FIELD[e.code], regra: e.code, erro: e.message }]);
      } else {
        fieldErrors.fail(e);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <ScreenTitle>{props.title}</ScreenTitle>
      <p className="introducao">
        Faturamento › Configurações › Fiscal. Versão {settings.versao}
        {settings.atualizadoEm ? `, salva em ${formatDateTime(settings.atualizadoEm)}` : ' (nada salvo ainda: valores padrão)'}.
        {readOnly ? ' Só administradores alteram estas configurações.' : ''}
      </p>
      <ErrorSummary
        fieldErrors={fieldErrors}
        className="resumo-erros"
        intro={(count) => `A configuração não foi salva: ${count === 1 ? '1 campo precisa' : `${count} campos precisam`} de correção.`}
        fieldId={(campo) => {
          const field = campo.replace(/\[\d+\]$/, '');
          return FORM_FIELDS.has(field) ? settingsFieldId(field) : null;
        }}
        wholeLabel="corpo"
        fieldLabel={settingsFieldLabel}
      >
        {conflict ? (
          <Message kind="error">
            <p>
              <strong>Conflito de edição:</strong> outra pessoa salvou a versão {conflict.versao}
              {conflict.atualizadoEm ? ` em ${formatDateTime(conflict.atualizadoEm)}` : ''} depois que você abriu esta tela (versão {settings.versao}). Nada
              do que você digitou foi gravado.
            </p>
            <div className="botoes">
              <button type="button" onClick={() => void load()}>
                Descartar as minhas alterações e carregar a versão {conflict.versao}
              </button>
              <button type="button" className="perigo" onClick={(e) => askSave(e, conflict.versao, true)}>
                Salvar as minhas alterações por cima da versão {conflict.versao}
              </button>
            </div>
          </Message>
        ) : null}
      </ErrorSummary>
      {saved ? (
        <Message kind="ok" ref={savedRef}>
          {saved}
        </Message>
      ) : null}

      <form onSubmit={(e) => askSave(e, settings.versao, false)} noValidate aria-label="Configurações fiscais">
        <EmissionFields bind={bind} />
        <CompanyFields bind={bind} />
        <ReferenceRatesFields bind={bind} />
        <CertificateFields bind={bind} certificate={settings.certificadoA1} fieldErrors={fieldErrors} fileInput={fileInput} onReading={setReadingCertificate} />
        <NfseFields bind={bind} nfse={settings.nfse} />
        {readOnly ? null : (
          <div className="botoes">
            <button type="submit" className="primario" disabled={saving || readingCertificate}>
              {saving ? 'Salvando…' : readingCertificate ? 'Lendo o certificado…' : 'Salvar configurações'}
            </button>
            <button type="button" onClick={() => void load()}>
              Desfazer alterações
            </button>
          </div>
        )}
      </form>
      <ConfirmDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}
