import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { STATUS_SEFAZ, type ModeloSefaz, type StatusSefaz as Status } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import { formatDateTime } from '../../format';
import { missingSettings } from './IncompleteSettings';
import { Options } from '../../components/Options';

/** The authorizers that answer a status service, one per kind of document (CT-e and CT-e OS each have their own). */
export const DOCUMENTOS_SEFAZ: [ModeloSefaz, string][] = [
  ['NFE', 'NF-e (55)'],
  ['NFCE', 'NFC-e (65)'],
  ['CTE', 'CT-e (57)'],
  ['CTEOS', 'CT-e OS (67)'],
];

/** The answer in words: 107 in operation, 108 / 109 paralysed (for a while / with no forecast), no answer unknown. */
export function situacaoEmPalavras(status: Pick<Status, 'cStat' | 'emOperacao'>): string {
  if (status.emOperacao) return 'em operação';
  if (status.cStat === '108') return 'paralisada no momento (volta em breve)';
  if (status.cStat === '109') return 'paralisada, sem previsão de volta';
  if (status.cStat === null) return 'situação desconhecida (a SEFAZ não respondeu)';
  return 'fora de operação';
}

export function statusEmPalavras(status: Status): string {
  const documento = DOCUMENTOS_SEFAZ.find(([modelo]) => modelo === status.modelo)?.[1] ?? status.modelo;
  const ambiente = status.ambiente === 'PRODUÇÃO' ? 'produção' : 'homologação';
  const local = status.autorizador === 'local' ? ' (autorizador local de desenvolvimento)' : '';
  const resposta = status.cStat ? `${status.cStat} ${status.motivo}` : status.motivo;
  return `SEFAZ ${status.uf}, ${documento}, ${ambiente}${local}: ${situacaoEmPalavras(status)} — ${resposta} (consultada em ${formatDateTime(status.consultadoEm)}).`;
}

/**
 * "Consultar a SEFAZ" (admin): whether the authorizer of the company's UF for a kind of document (NF-e, NFC-e, CT-e,
 * CT-e OS) is in operation now. One select and one button, so the screen does not grow with the kinds.
 */
export function SefazStatus() {
  const { api, session } = useApp();
  const [modelo, setModelo] = useState<ModeloSefaz>('NFE');
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (session.role !== 'admin') return null;

  async function ask() {
    setAsking(true);
    setError(null);
    try {
      setStatus((await api.graphql(STATUS_SEFAZ, { modelo })).statusSefaz);
    } catch (e) {
      setStatus(null);
      // The UF asked comes from the settings: one missing is named by its label and where it is filled in.
      const missing = missingSettings(e);
      setError(missing ? `as configurações fiscais da empresa estão incompletas; falta: ${missing.join(', ')} (em Configurações fiscais)` : errorMessage(e));
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className="status-sefaz">
      <label htmlFor="status-sefaz-modelo">Serviço da SEFAZ para</label>{' '}
      <select id="status-sefaz-modelo" value={modelo} onChange={(e) => setModelo(e.target.value as ModeloSefaz)}>
        <Options choices={DOCUMENTOS_SEFAZ} />
      </select>{' '}
      <button type="button" disabled={asking} onClick={() => void ask()}>
        Consultar a SEFAZ
      </button>
      <p role="status" className="discreto">
        {status ? statusEmPalavras(status) : error ? `Não foi possível consultar a SEFAZ: ${error}` : ''}
      </p>
    </div>
  );
}
