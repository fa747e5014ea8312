import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { saveFile } from '../../api/download';
import { LOTE_IMPORTACAO, type LinhaRecusada, type LoteImportacao } from '../../api/operations/history';
import { useApp } from '../../app-context';
import { focusSoon } from '../../components/focus';
import { Message } from '../../components/Message';
import { readableValues, refusedRowsCsv } from '../../csv';
import { formatDateTime } from '../../format';
import { reasonByLabel } from './csv-import';

/**
 * The refused rows of one batch, read on their own (`loteImportacao`): the list reads only the counts. Reasons and
 * values are named by the fields' labels (`fields`, from `entidadesIngestaoComNome`); the CSV keeps the keys.
 */
export function RefusedRows(props: { lote: LoteImportacao; entityName: string; fields: { campo: string; rotulo: string }[]; onClose: () => void }) {
  const { api } = useApp();
  const { lote } = props;
  const [rows, setRows] = useState<LinhaRecusada[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    setRows(null);
    setError(null);
    focusSoon(() => heading.current);
    api
      .graphql(LOTE_IMPORTACAO, { loteId: lote.loteId })
      .then((read) => {
        if (!read.loteImportacao) throw new Error('este lote não está mais no histórico da empresa');
        return read.loteImportacao.linhasRecusadas;
      })
      .then((found) => live && setRows(found))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [api, lote]);

  return (
    <section className="cartao" aria-labelledby="lote-titulo">
      <div className="linha espalhada">
        <h2 id="lote-titulo" tabIndex={-1} ref={heading}>
          Linhas recusadas — {props.entityName}, {formatDateTime(lote.recebidoEm)}
        </h2>
        <button type="button" onClick={props.onClose}>
          Fechar
        </button>
      </div>
      <p>
        Lote <code>{lote.loteId}</code> enviado por <strong>{lote.origem}</strong>: {lote.recusadas} de {lote.totalLinhas} linhas recusadas. Corrija-as e
        reenvie; as colunas do CSV são as chaves dos campos.
      </p>
      {error ? <Message kind="error">{error}</Message> : null}
      {rows === null && !error ? <p>Carregando…</p> : null}
      {rows ? (
        <>
          <button
            type="button"
            className="primario"
            onClick={() => saveFile(new Blob([refusedRowsCsv(rows)], { type: 'text/csv;charset=utf-8' }), `recusadas-${lote.entidade}-${lote.loteId}.csv`)}
          >
            Baixar CSV das recusadas
          </button>
          <div className="tabela-rolavel">
            <table>
              <thead>
                <tr>
                  <th scope="col" className="num">Linha</th>
                  <th scope="col">Motivos</th>
                  <th scope="col">Valores enviados</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.linha}>
                    <th scope="row" className="num">{row.linha}</th>
                    <td>
                      <ul className="motivos">
                        {row.erros.map((e, i) => (
                          <li key={i}>{reasonByLabel(e, props.fields)}</li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <dl className="valores">
                        {readableValues(row).map(([key, value]) => (
                          <div key={key}>
                            <dt>{props.fields.find((f) => f.campo === key)?.rotulo ?? key}</dt>
                            <dd>{value}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
