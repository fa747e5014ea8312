import type { DocumentoFiscal } from '../../api/operations/documents';
import { formatDateTime, formatMoney, formatPercent, groupedKey } from '../../format';
import { ambienteLabel } from '../../labels';
import { authorityName, formatCnpjCpf, isCteOs, TRIBUTOS } from './document-labels';

/** What a document is: its key, numbers, parties, SEFAZ answer, marks and cancellation, then its taxes. */
export function DocumentFacts(props: { documento: DocumentoFiscal }) {
  const d = props.documento;
  return (
    <>
      <dl className="pares">
        <dt>Chave de acesso</dt>
        <dd>
          <code className="chave">{groupedKey(d.chaveAcesso)}</code>
        </dd>
        <dt>Número / série</dt>
        <dd>
          {d.numero} / {d.serie}
        </dd>
        <dt>Referência</dt>
        <dd>{d.referencia}</dd>
        <dt>Ambiente</dt>
        <dd>{ambienteLabel(d.ambiente)}</dd>
        <dt>Emitente</dt>
        <dd>{formatCnpjCpf(d.emitenteCnpj)}</dd>
        <dt>{isCteOs(d) ? 'Tomador do serviço' : 'Destinatário'}</dt>
        <dd>{d.destinatarioNome ? `${d.destinatarioNome} — ${formatCnpjCpf(d.destinatarioDocumento)}` : formatCnpjCpf(d.destinatarioDocumento)}</dd>
        <dt>Valor total</dt>
        <dd>{formatMoney(d.valorTotal)}</dd>
        <dt>Emitido em</dt>
        <dd>{formatDateTime(d.emitidoEm)}</dd>
        <dt>Autorizado em</dt>
        <dd>{formatDateTime(d.autorizadoEm)}</dd>
        <dt>Protocolo</dt>
        <dd>{d.protocolo ?? '—'}</dd>
        <dt>Resposta da {authorityName(d)}</dt>
        <dd>{d.cStat ? `${d.cStat} — ${d.motivo ?? ''}` : '—'}</dd>
        {d.competencia ? (
          <>
            <dt>Competência</dt>
            <dd>{d.competencia}</dd>
          </>
        ) : null}
        {d.simplesRemessa ? (
          <>
            <dt>Operação</dt>
            <dd>Simples Remessa (sem receita, sem débito de imposto sobre o valor)</dd>
          </>
        ) : null}
        {d.entregueEm ? (
          <>
            <dt>Entregue em</dt>
            <dd>{formatDateTime(d.entregueEm)}</dd>
          </>
        ) : null}
        {d.servicoIniciadoEm ? (
          <>
            <dt>Serviço iniciado em</dt>
            <dd>{formatDateTime(d.servicoIniciadoEm)}</dd>
          </>
        ) : null}
        {d.canceladoEm ? (
          <>
            <dt>Cancelado em</dt>
            <dd>{formatDateTime(d.canceladoEm)}</dd>
            <dt>Protocolo do cancelamento</dt>
            <dd>{d.protocoloCancelamento ?? '—'}</dd>
            <dt>Justificativa</dt>
            <dd>{d.justificativaCancelamento}</dd>
          </>
        ) : null}
      </dl>

      <h3>Impostos</h3>
      {d.impostos.length ? (
        <div className="tabela-rolavel">
          <table>
            <thead>
              <tr>
                <th scope="col">Tributo</th>
                <th scope="col" className="num">Base</th>
                <th scope="col" className="num">Alíquota</th>
                <th scope="col" className="num">Valor</th>
                <th scope="col">Observação</th>
              </tr>
            </thead>
            <tbody>
              {d.impostos.map((i) => (
                <tr key={i.tributo}>
                  <th scope="row">{TRIBUTOS[i.tributo] ?? i.tributo}</th>
                  <td className="num">{formatMoney(i.base)}</td>
                  <td className="num">{formatPercent(i.aliquota)}</td>
                  <td className="num">{formatMoney(i.valor)}</td>
                  <td>{i.informativo ? 'informativo (não pago à parte)' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Nenhum imposto destacado.</p>
      )}
    </>
  );
}
