import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { ENTIDADES_INGESTAO, type EntidadeIngestao } from '../../api/operations/entities';
import { HISTORICO_IMPORTACOES, type LoteImportacao } from '../../api/operations/history';
import { useApp } from '../../app-context';
import { Field } from '../../components/Field';
import { Message } from '../../components/Message';
import { ScreenTitle } from '../../components/ScreenTitle';
import { formatDateTime, formatNumber } from '../../format';
import { modoIngestaoLabel } from '../../labels';
import { usePagedList } from '../../hooks/usePagedList';
import { entityName } from '../entity-name';
import { CsvUpload } from './CsvUpload';
import { RefusedRows } from './RefusedRows';

const PAGE_SIZE = 20;
const REFRESH_ID = 'historico-atualizar';
const ADMINS_ONLY = 'Só administradores da empresa veem o histórico de importações.';

/** The import history: batches newest first, by entity, and the refused rows of one batch. */
export function HistoryScreen(props: { title: string }) {
  const { api, session } = useApp();
  const [entidades, setEntidades] = useState<EntidadeIngestao[]>([]);
  const [entidade, setEntidade] = useState('');
  const [opened, setOpened] = useState<LoteImportacao | null>(null);
  const fetchPage = useCallback(
    async (depois: string | null) => (await api.graphql(HISTORICO_IMPORTACOES, { entidade: entidade || null, primeiros: PAGE_SIZE, depois })).historicoImportacoes,
    [api, entidade],
  );
  // Another entity empties the list first: its rows are never shown under the new filter.
  const list = usePagedList(fetchPage, { clearOnNewQuery: true });
  const lotes = list.items;
  const error = list.error ? (list.error instanceof ApiError && list.error.code === 'FORBIDDEN' ? ADMINS_ONLY : errorMessage(list.error)) : null;

  useEffect(() => {
    api
      .graphql(ENTIDADES_INGESTAO)
      .then((read) => setEntidades(read.entidadesIngestaoComNome))
      .catch(() => setEntidades([]));
  }, [api]);

  if (session.role !== 'admin') {
    return (
      <section>
        <ScreenTitle>{props.title}</ScreenTitle>
        <Message kind="warning">{ADMINS_ONLY}</Message>
      </section>
    );
  }

  return (
    <section>
      <ScreenTitle>{props.title}</ScreenTitle>
      <p className="introducao">Lotes recebidos pela API de ingestão, do mais recente ao mais antigo. A origem é o nome do token que enviou o lote.</p>
      <div className="filtros">
        <Field id="historico-entidade" label="Entidade" width="medium">
          {(a) => (
            <select
              {...a}
              required={false}
              value={entidade}
              onChange={(e) => {
                setEntidade(e.target.value);
                setOpened(null);
              }}
            >
              <option value="">Todas</option>
              {entidades.map((e) => (
                <option key={e.entidade} value={e.entidade}>
                  {e.nome}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="button" id={REFRESH_ID} onClick={() => void list.reload()}>
          Atualizar
        </button>
      </div>
      {error ? <Message kind="error">{error}</Message> : null}
      {lotes === null && !error ? <p>Carregando…</p> : null}
      {lotes && lotes.length === 0 ? <p>Nenhum lote recebido{entidade ? ' para esta entidade' : ''}.</p> : null}
      {lotes && lotes.length > 0 ? (
        <div className="tabela-rolavel">
          <table>
            <caption className="so-leitor">Lotes de importação</caption>
            <thead>
              <tr>
                <th scope="col">Recebido em</th>
                <th scope="col">Entidade</th>
                <th scope="col">Origem</th>
                <th scope="col">Modo</th>
                <th scope="col" className="num">Linhas</th>
                <th scope="col" className="num">Gravadas</th>
                <th scope="col" className="num">Recusadas</th>
                <th scope="col" className="num">Duplicadas</th>
                <th scope="col" className="num">Duração</th>
                <th scope="col">Recusas e avisos</th>
              </tr>
            </thead>
            <tbody>
              {lotes.map((l) => (
                <tr key={l.loteId} data-lote-id={l.loteId} className={opened?.loteId === l.loteId ? 'selecionada' : undefined}>
                  <td>{formatDateTime(l.recebidoEm)}</td>
                  <td>{entityName(entidades, l.entidade)}</td>
                  <td>
                    {l.origem} <code className="discreto">{l.prefixoToken}…</code>
                  </td>
                  <td>{modoIngestaoLabel(l.modo)}</td>
                  <td className="num">{formatNumber(l.totalLinhas)}</td>
                  <td className="num">{formatNumber(l.gravadas)}</td>
                  <td className={`num${l.recusadas > 0 ? ' destaque-erro' : ''}`}>{formatNumber(l.recusadas)}</td>
                  <td className="num">{formatNumber(l.duplicadas)}</td>
                  <td className="num">{formatNumber(l.duracaoMs)} ms</td>
                  <td>
                    {l.recusadas > 0 ? (
                      <button type="button" onClick={() => setOpened(l)} aria-label={`Ver recusadas: ${l.recusadas} linhas do lote de ${formatDateTime(l.recebidoEm)}`}>
                        Ver recusadas
                      </button>
                    ) : (
                      <span className="discreto">nenhuma</span>
                    )}
                    {l.linhasComAviso.length > 0 ? (
                      // Written rows with a note (a link not found, an unknown user): gravadas, but someone should look.
                      <details className="avisos-lote">
                        <summary>{l.linhasComAviso.length === 1 ? '1 linha gravada com aviso' : `${l.linhasComAviso.length} linhas gravadas com aviso`}</summary>
                        <ul>
                          {l.linhasComAviso.map((a) => (
                            <li key={a.linha}>
                              Linha {a.linha}: {a.aviso}
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.next ? (
        <button type="button" onClick={() => void list.loadMore()}>
          Carregar mais lotes
        </button>
      ) : null}
      {opened ? (
        <RefusedRows
          lote={opened}
          entityName={entityName(entidades, opened.entidade)}
          fields={entidades.find((e) => e.entidade === opened.entidade)?.campos ?? []}
          onClose={() => {
            // Before the panel unmounts with the focus in it: back to the batch's own button.
            (document.querySelector<HTMLElement>(`tr[data-lote-id="${CSS.escape(opened.loteId)}"] button`) ?? document.getElementById(REFRESH_ID))?.focus();
            setOpened(null);
          }}
        />
      ) : null}
      <CsvUpload entidades={entidades} onSent={() => void list.reload()} />
    </section>
  );
}
