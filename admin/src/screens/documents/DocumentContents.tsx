import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { DETALHE_DOCUMENTO_FISCAL, type DetalheDocumentoFiscal, type DocumentoFiscal } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../../format';
import { maskCep, maskIe } from '../../masks';
import { formatCnpjCpf, isCteOs, TRIBUTOS } from './document-labels';

/** A unit price keeps its 4 decimals (R$ 3,3333), a money value its 2. */
const unitPrice = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * What a document holds and what happened to it, read with `detalheDocumentoFiscal` when it opens (and again when
 * its situation or marks change): the recipient by name and address, each item with its own taxes, the events.
 */
export function DocumentContents(props: { documento: DocumentoFiscal }) {
  const { api } = useApp();
  const d = props.documento;
  const [detail, setDetail] = useState<DetalheDocumentoFiscal | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.graphql(DETALHE_DOCUMENTO_FISCAL, { id: d.id }).then(
      (answer) => live && setDetail(answer.detalheDocumentoFiscal ?? null),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [api, d.id, d.situacao, d.entregueEm, d.servicoIniciadoEm]);

  if (error) return <p className="discreto">Não foi possível ler os itens e eventos: {error}</p>;
  if (!detail) return <p className="discreto">Carregando itens e eventos…</p>;
  const r = detail.destinatario;
  const endereco = r?.logradouro ? `${r.logradouro}, ${r.numero ?? 's/n'}${r.complemento ? ` ${r.complemento}` : ''} — ${r.bairro ?? ''}, ${r.municipio ?? ''}/${r.uf ?? ''}, CEP ${maskCep(r.cep ?? '')}` : null;

  return (
    <>
      <h3>{isCteOs(d) ? 'Tomador do serviço' : 'Destinatário'}</h3>
      {r ? (
        <dl className="pares destinatario">
          <dt>Nome</dt>
          <dd>{r.nome ?? '—'}</dd>
          <dt>{r.tipoDocumento}</dt>
          <dd>{formatCnpjCpf(r.documento)}</dd>
          {r.inscricaoEstadual ? (
            <>
              <dt>Inscrição estadual</dt>
              <dd>{maskIe(r.inscricaoEstadual, r.uf)}</dd>
            </>
          ) : null}
          {endereco ? (
            <>
              <dt>Endereço</dt>
              <dd>{endereco}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p>Consumidor não identificado.</p>
      )}

      <h3>Itens</h3>
      <div className="tabela-rolavel">
        <table className="itens-documento">
          <caption className="so-leitor">Itens do documento</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Código</th>
              <th scope="col">Descrição</th>
              <th scope="col">NCM / CFOP</th>
              <th scope="col" className="num">Quantidade</th>
              <th scope="col" className="num">Valor unitário</th>
              <th scope="col" className="num">Valor</th>
              <th scope="col">Impostos do item</th>
            </tr>
          </thead>
          <tbody>
            {detail.itens.map((item) => (
              <tr key={item.numero}>
                <td>{item.numero}</td>
                <td>{item.codigo}</td>
                <td>{item.descricao}</td>
                <td>{[item.ncm, item.cfop].filter(Boolean).join(' / ') || '—'}</td>
                <td className="num">
                  {formatNumber(item.quantidade)} {item.unidade}
                </td>
                <td className="num">{unitPrice.format(item.valorUnitario)}</td>
                <td className="num">{formatMoney(item.valorTotal)}</td>
                <td>
                  {item.impostos.length
                    ? item.impostos.map((l) => `${TRIBUTOS[l.tributo] ?? l.tributo} ${formatPercent(l.aliquota)}: ${formatMoney(l.valor)}${l.informativo ? ' (informativo)' : ''}`).join('; ')
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>Eventos</h3>
      <ol className="eventos">
        {detail.eventos.map((e, i) => (
          <li key={i}>
            <strong>{e.descricao}</strong> em {formatDateTime(e.em)}
            {e.protocolo ? ` — protocolo ${e.protocolo}` : ''}
            {e.detalhe ? ` — ${e.detalhe}` : ''}
          </li>
        ))}
        {detail.eventos.length === 0 ? <li className="discreto">Nenhum evento ainda.</li> : null}
      </ol>
    </>
  );
}
