import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { DOCUMENTO_FISCAL, DOCUMENTOS_FISCAIS, type DocumentoFiscal } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import { Message } from '../../components/Message';
import { ScreenTitle } from '../../components/ScreenTitle';
import { formatDateTime, formatMoney } from '../../format';
import { usePagedList } from '../../hooks/usePagedList';
import { DocumentDetail } from './DocumentDetail';
import { IssueDocumentForm } from './IssueDocumentForm';
import type { IssueForm } from './issue-input';
import type { CancelPrefill } from './nfse-substitution';
import { SefazStatus } from './SefazStatus';
import { VoidingForm } from './VoidingForm';
import { DocumentSearch, filterVariables, NO_FILTERS, type DocumentFilters } from './DocumentSearch';
import { formatCnpjCpf, modelName, SITUACOES } from './document-labels';

const PAGE_SIZE = 20;
const REFRESH_ID = 'docs-atualizar';

/** The company's fiscal documents: the list with its filters, the issue form, and the opened document. */
/** The document open at `#/documentos/<id>`, or null. */
function idFromHash(): string | null {
  const m = /^#\/documentos\/([^/?]+)/.exec(window.location.hash);
  return m ? decodeURIComponent(m[1]) : null;
}

const showDocument = (id: string | null) => {
  const hash = id ? `#/documentos/${encodeURIComponent(id)}` : '#/documentos';
  if (window.location.hash !== hash) window.location.hash = hash;
};

/**
 * The company's fiscal documents: the search with its filters, the list, the issue form, and the opened document
 * at its own URL (`#/documentos/<id>`: a reload, a bookmark or a link opens it; Esc or "Fechar" closes it).
 */
export function DocumentsScreen(props: { title: string }) {
  const { api } = useApp();
  const [filters, setFilters] = useState<DocumentFilters>(NO_FILTERS);
  const [openedId, setOpenedId] = useState<string | null>(idFromHash);
  const [opened, setOpened] = useState<DocumentoFiscal | null>(null);
  const [issuing, setIssuing] = useState(false);
  /** The issue form opened by "Emitir NFS-e substituta…", filled (a new one each time: `key`). */
  const [issueInitial, setIssueInitial] = useState<{ form: IssueForm; key: number } | null>(null);
  /** The replaced NFS-e opened to be cancelled by substitution, its cancel form filled. */
  const [cancelPrefill, setCancelPrefill] = useState<(CancelPrefill & { id: string }) | null>(null);
  const [openedError, setOpenedError] = useState<string | null>(null);
  const fetchPage = useCallback(
    async (depois: string | null) => (await api.graphql(DOCUMENTOS_FISCAIS, { ...filterVariables(filters), primeiros: PAGE_SIZE, depois })).documentosFiscais,
    [api, filters],
  );
  const list = usePagedList(fetchPage);
  const filterErrors = list.error instanceof ApiError && list.error.code === 'FILTRO_INVALIDO' ? list.error.fieldErrors : [];
  const error = openedError ?? (list.error && !filterErrors.length ? errorMessage(list.error) : null);

  useEffect(() => {
    const onHashChange = () => setOpenedId(idFromHash());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  // The document of the URL: read when it is not the one shown (a reload, a link, the browser's back).
  useEffect(() => {
    if (!openedId) {
      setOpened(null);
      return;
    }
    if (opened?.id === openedId) return;
    let current = true;
    setOpenedError(null);
    api.graphql(DOCUMENTO_FISCAL, { id: openedId }).then(
      (read) => {
        if (!current) return;
        if (read.documentoFiscal) setOpened(read.documentoFiscal);
        else setOpenedError('Documento não encontrado nesta empresa.');
      },
      (e: unknown) => current && setOpenedError(errorMessage(e)),
    );
    return () => {
      current = false;
    };
  }, [api, openedId, opened?.id]);

  const open = (d: DocumentoFiscal) => {
    setOpened(d);
    setOpenedId(d.id);
    showDocument(d.id);
  };

  const close = useCallback(() => {
    if (!opened) return;
    // Before the detail unmounts with the focus in it: back to the document's own "Abrir" (the detail may have
    // been opened by an issue, whose form is gone), or "Atualizar" when a filter hides the document.
    (document.querySelector<HTMLElement>(`tr[data-documento-id="${CSS.escape(opened.id)}"] button`) ?? document.getElementById(REFRESH_ID))?.focus();
    setOpened(null);
    setOpenedId(null);
    showDocument(null);
  }, [opened]);

  // Esc closes the open document (a confirmation dialog open on top closes itself first).
  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('dialog[open]')) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened, close]);

  /** "Atualizar": the list and the open document (its status, cancellation or marks may have changed elsewhere). */
  async function refresh() {
    const id = opened?.id;
    setOpenedError(null);
    await list.reload();
    if (!id) return;
    try {
      const read = (await api.graphql(DOCUMENTO_FISCAL, { id })).documentoFiscal;
      if (read) setOpened((current) => (current?.id === id ? read : current));
    } catch (e) {
      setOpenedError(errorMessage(e));
    }
  }

  /** A document changed here (issued, cancelled, marked): shown open, and in the list in its place (or first). */
  const update = (changed: DocumentoFiscal) => {
    open(changed);
    list.setItems((items) => {
      const current = items ?? [];
      return current.some((d) => d.id === changed.id) ? current.map((d) => (d.id === changed.id ? changed : d)) : [changed, ...current];
    });
  };

  return (
    <section>
      <ScreenTitle>{props.title}</ScreenTitle>
      <DocumentSearch onSearch={setFilters} errors={filterErrors} />
      <SefazStatus />
      <VoidingForm />
      <div className="linha espalhada">
        <button type="button" id={REFRESH_ID} onClick={() => void refresh()}>
          Atualizar
        </button>
        <button type="button" className="primario" aria-expanded={issuing} aria-controls="emitir-form" onClick={() => (setIssuing((v) => !v), setIssueInitial(null))}>
          {issuing ? 'Fechar emissão' : 'Emitir documento'}
        </button>
      </div>
      {issuing ? (
        <IssueDocumentForm
          key={issueInitial?.key ?? 0}
          initial={issueInitial?.form}
          onIssued={(documento) => {
            setIssuing(false);
            setIssueInitial(null);
            update(documento);
          }}
        />
      ) : null}
      {error ? <Message kind="error">{error}</Message> : null}
      {list.items === null && !error ? <p>Carregando…</p> : null}
      {list.items && list.items.length === 0 ? <p>Nenhum documento com estes filtros.</p> : null}
      {list.items && list.items.length > 0 ? <DocumentTable documentos={list.items} openedId={opened?.id ?? null} onOpen={open} /> : null}
      {list.next ? (
        <button type="button" onClick={() => void list.loadMore()}>
          Carregar mais documentos
        </button>
      ) : null}
      {opened ? (
        <DocumentDetail
          key={opened.id}
          documento={opened}
          onChange={update}
          onClose={close}
          cancelPrefill={cancelPrefill?.id === opened.id ? cancelPrefill : null}
          substitution={{
            onSubstitute: (form) => {
              setIssueInitial({ form, key: Date.now() });
              setIssuing(true);
            },
            onOpen: (documento, cancel) => {
              setCancelPrefill(cancel ? { ...cancel, id: documento.id } : null);
              open(documento);
            },
          }}
        />
      ) : null}
    </section>
  );
}

function DocumentTable(props: { documentos: DocumentoFiscal[]; openedId: string | null; onOpen: (d: DocumentoFiscal) => void }) {
  return (
    <div className="tabela-rolavel">
      <table>
        <caption className="so-leitor">Documentos fiscais</caption>
        <thead>
          <tr>
            <th scope="col">Emitido em</th>
            <th scope="col">Modelo</th>
            <th scope="col">Série / número</th>
            <th scope="col">Referência</th>
            <th scope="col">Destinatário</th>
            <th scope="col" className="num">Valor</th>
            <th scope="col">Situação</th>
            <th scope="col">Detalhe</th>
          </tr>
        </thead>
        <tbody>
          {props.documentos.map((d) => (
            <tr key={d.id} data-documento-id={d.id} className={props.openedId === d.id ? 'selecionada' : undefined}>
              <td>{formatDateTime(d.emitidoEm)}</td>
              <td>{modelName(d)}</td>
              <td>
                {d.serie} / {d.numero}
              </td>
              <td>{d.referencia}</td>
              <td>
                {d.destinatarioNome ?? (d.destinatarioDocumento ? '' : '—')}
                {d.destinatarioDocumento ? <span className="discreto bloco">{formatCnpjCpf(d.destinatarioDocumento)}</span> : null}
              </td>
              <td className="num">{formatMoney(d.valorTotal)}</td>
              <td>
                <span className={`selo selo-${d.situacao.toLowerCase()}`}>{SITUACOES[d.situacao]}</span>
              </td>
              <td>
                <button type="button" onClick={() => props.onOpen(d)} aria-label={`Abrir ${modelName(d)} número ${d.numero}`}>
                  Abrir
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
