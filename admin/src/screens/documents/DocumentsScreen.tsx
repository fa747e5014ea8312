import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/client';
import { DOCUMENTO_FISCAL, DOCUMENTOS_FISCAIS, type DocumentoFiscal, type ModeloDocumento, type SituacaoDocumento } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import { Field } from '../../components/Field';
import { Message } from '../../components/Message';
import { ScreenTitle } from '../../components/ScreenTitle';
import { formatDateTime, formatMoney } from '../../format';
import { usePagedList } from '../../hooks/usePagedList';
import { DocumentDetail } from './DocumentDetail';
import { IssueDocumentForm } from './IssueDocumentForm';
import { MODELOS, SITUACOES } from './document-labels';

const PAGE_SIZE = 20;
const REFRESH_ID = 'docs-atualizar';

/** The company's fiscal documents: the list with its filters, the issue form, and the opened document. */
export function DocumentsScreen(props: { title: string }) {
  const { api } = useApp();
  const [modelo, setModelo] = useState<'' | ModeloDocumento>('');
  const [situacao, setSituacao] = useState<'' | SituacaoDocumento>('');
  const [opened, setOpened] = useState<DocumentoFiscal | null>(null);
  const [issuing, setIssuing] = useState(false);
  const [openedError, setOpenedError] = useState<string | null>(null);
  const fetchPage = useCallback(
    async (depois: string | null) =>
      (await api.graphql(DOCUMENTOS_FISCAIS, { modelo: modelo || null, situacao: situacao || null, primeiros: PAGE_SIZE, depois })).documentosFiscais,
    [api, modelo, situacao],
  );
  const list = usePagedList(fetchPage);
  const error = openedError ?? (list.error ? errorMessage(list.error) : null);

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
    setOpened(changed);
    list.setItems((items) => {
      const current = items ?? [];
      return current.some((d) => d.id === changed.id) ? current.map((d) => (d.id === changed.id ? changed : d)) : [changed, ...current];
    });
  };

  return (
    <section>
      <ScreenTitle>{props.title}</ScreenTitle>
      <div className="linha espalhada">
        <div className="filtros">
          <Field id="docs-modelo" label="Modelo" width="short">
            {(a) => (
              <select {...a} required={false} value={modelo} onChange={(e) => setModelo(e.target.value as ModeloDocumento | '')}>
                <option value="">Todos</option>
                {Object.entries(MODELOS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="docs-situacao" label="Situação" width="short">
            {(a) => (
              <select {...a} required={false} value={situacao} onChange={(e) => setSituacao(e.target.value as SituacaoDocumento | '')}>
                <option value="">Todas</option>
                {Object.entries(SITUACOES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="button" id={REFRESH_ID} onClick={() => void refresh()}>
            Atualizar
          </button>
        </div>
        <button type="button" className="primario" aria-expanded={issuing} aria-controls="emitir-form" onClick={() => setIssuing((v) => !v)}>
          {issuing ? 'Fechar emissão' : 'Emitir documento'}
        </button>
      </div>
      {issuing ? (
        <IssueDocumentForm
          onIssued={(documento) => {
            setIssuing(false);
            update(documento);
          }}
        />
      ) : null}
      {error ? <Message kind="error">{error}</Message> : null}
      {list.items === null && !error ? <p>Carregando…</p> : null}
      {list.items && list.items.length === 0 ? <p>Nenhum documento com estes filtros.</p> : null}
      {list.items && list.items.length > 0 ? <DocumentTable documentos={list.items} openedId={opened?.id ?? null} onOpen={setOpened} /> : null}
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
          onClose={() => {
            // Before the detail unmounts with the focus in it: back to the document's own "Abrir" (the detail may have
            // been opened by an issue, whose form is gone), or "Atualizar" when a filter hides the document.
            (document.querySelector<HTMLElement>(`tr[data-documento-id="${CSS.escape(opened.id)}"] button`) ?? document.getElementById(REFRESH_ID))?.focus();
            setOpened(null);
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
              <td>{MODELOS[d.modelo]}</td>
              <td>
                {d.serie} / {d.numero}
              </td>
              <td>{d.referencia}</td>
              <td>{d.destinatarioDocumento ?? '—'}</td>
              <td className="num">{formatMoney(d.valorTotal)}</td>
              <td>
                <span className={`selo selo-${d.situacao.toLowerCase()}`}>{SITUACOES[d.situacao]}</span>
              </td>
              <td>
                <button type="button" onClick={() => props.onOpen(d)} aria-label={`Abrir ${MODELOS[d.modelo]} número ${d.numero}`}>
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
