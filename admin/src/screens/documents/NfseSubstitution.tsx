import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { DETALHE_DOCUMENTO_FISCAL, DOCUMENTOS_FISCAIS, type DocumentoFiscal } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import { MODELOS, SITUACOES } from './document-labels';
import { readableNfseKey } from './NfseSubstitutedField';
import { pendingCancellationText, substituteForm, substitutionCancelPrefill, type CancelPrefill } from './nfse-substitution';
import type { IssueForm } from './issue-input';

/** What the detail can ask the documents screen: open the issue form filled, or open another document (maybe with its cancel form filled). */
export interface SubstitutionActions {
  onSubstitute: (form: IssueForm) => void;
  onOpen: (documento: DocumentoFiscal, cancel?: CancelPrefill) => void;
}

/** The company's document of a key (the search's company-led read), or null. */
function useDocumentByKey(chave: string | null, refresh: unknown): { doc: DocumentoFiscal | null; error: string | null } {
  const { api } = useApp();
  const [state, setState] = useState<{ doc: DocumentoFiscal | null; error: string | null }>({ doc: null, error: null });
  useEffect(() => {
    if (!chave) return;
    let live = true;
    api.graphql(DOCUMENTOS_FISCAIS, { chaveAcesso: chave, primeiros: 1 }).then(
      (r) => live && setState({ doc: r.documentosFiscais.itens[0] ?? null, error: null }),
      (e: unknown) => live && setState({ doc: null, error: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, chave, refresh]);
  return state;
}

/**
 * The substitution in a document's detail: an authorized NFS-e offers "Emitir NFS-e substituta…"; a substitute says
 * which NFS-e it replaces and, while that one is still authorized here, leads to its cancellation by substitution
 * (filled with this key); a document cancelled by substitution names the one issued in its place.
 */
export function NfseSubstitution(props: { documento: DocumentoFiscal } & SubstitutionActions) {
  const { api, session } = useApp();
  const d = props.documento;
  const replaced = useDocumentByKey(d.chaveNfseSubstituida ?? null, d.situacao);
  const substitute = useDocumentByKey(d.chaveSubstituta ?? null, d.situacao);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function startSubstitute() {
    setBusy(true);
    setError(null);
    try {
      const detail = (await api.graphql(DETALHE_DOCUMENTO_FISCAL, { id: d.id })).detalheDocumentoFiscal;
      if (!detail) throw new Error('Documento não encontrado nesta empresa.');
      props.onSubstitute(substituteForm(d, detail));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const offersSubstitute = d.modelo === 'NFSE' && d.situacao === 'AUTORIZADO' && !d.chaveSubstituta;
  if (!offersSubstitute && !d.chaveNfseSubstituida && !d.chaveSubstituta) return null;
  const old = replaced.doc;
  const substituteDoc = substitute.doc;
  return (
    <section aria-labelledby="doc-substituicao">
      <h3 id="doc-substituicao">Substituição</h3>
      {d.chaveNfseSubstituida ? (
        <div className="substituicao">
          <p>
            Esta NFS-e substitui a {old ? `NFS-e nº ${old.numero}, série ${old.serie}` : 'NFS-e'} de chave <code className="chave">{readableNfseKey(d.chaveNfseSubstituida)}</code>
            {old ? ` (${SITUACOES[old.situacao].toLowerCase()}).` : '.'}
          </p>
          {replaced.error ? <p className="discreto">Não foi possível ler a NFS-e substituída: {replaced.error}</p> : null}
          {old && old.situacao === 'AUTORIZADO' && d.situacao === 'AUTORIZADO' ? <p>{pendingCancellationText(d.chaveNfseSubstituida)}</p> : null}
          {old ? (
            <div className="botoes">
              <button type="button" onClick={() => props.onOpen(old)}>
                Abrir a NFS-e substituída
              </button>
              {old.situacao === 'AUTORIZADO' && d.situacao === 'AUTORIZADO' && session.role === 'admin' ? (
                <button type="button" className="primario" onClick={() => props.onOpen(old, substitutionCancelPrefill(d))}>
                  Cancelar a NFS-e substituída…
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
      {d.chaveSubstituta ? (
        <div className="substituicao">
          <p>
            Cancelado por substituição: {substituteDoc ? `${MODELOS[substituteDoc.modelo]} nº ${substituteDoc.numero}, série ${substituteDoc.serie}` : 'o documento'} de chave{' '}
            <code className="chave">{readableNfseKey(d.chaveSubstituta)}</code> foi emitido no lugar deste.
          </p>
          {substituteDoc ? (
            <button type="button" onClick={() => props.onOpen(substituteDoc)}>
              Abrir o documento substituto
            </button>
          ) : null}
        </div>
      ) : null}
      {offersSubstitute ? (
        <>
          <p className="discreto">Para corrigir esta NFS-e, emite-se outra no lugar dela, com os dados corrigidos; esta depois é cancelada por substituição.</p>
          <button type="button" onClick={() => void startSubstitute()} disabled={busy}>
            Emitir NFS-e substituta…
          </button>
          {error ? <p className="erro-campo">{error}</p> : null}
        </>
      ) : null}
    </section>
  );
}
