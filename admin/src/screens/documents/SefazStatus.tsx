import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { STATUS_SEFAZ, type StatusSefaz as Status } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import { formatDateTime } from '../../format';

/** "Consultar a SEFAZ": whether the authorizer of the company's UF is in operation now, for the NF-e or the NFC-e (admin). */
export function SefazStatus() {
  const { api, session } = useApp();
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (session.role !== 'admin') return null;

  async function ask(modelo: 'NFE' | 'NFCE') {
    setAsking(true);
    setError(null);
    try {
      setStatus((await api.graphql(STATUS_SEFAZ, { modelo })).statusSefaz);
    } catch (e) {
      setStatus(null);
      setError(errorMessage(e));
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className="status-sefaz">
      <button type="button" disabled={asking} onClick={() => void ask('NFE')}>
        Situação da SEFAZ (NF-e)
      </button>{' '}
      <button type="button" disabled={asking} onClick={() => void ask('NFCE')}>
        Situação da SEFAZ (NFC-e)
      </button>
      <p role="status" className="discreto">
        {status
          ? `SEFAZ ${status.uf}, ${status.modelo === 'NFE' ? 'NF-e' : 'NFC-e'}, ${status.ambiente === 'PRODUÇÃO' ? 'produção' : 'homologação'}${status.autorizador === 'local' ? ' (autorizador local de desenvolvimento)' : ''}: ${
              status.emOperacao ? 'em operação' : 'fora de operação'
            } — ${status.cStat ? `${status.cStat} ` : ''}${status.motivo} (consultada em ${formatDateTime(status.consultadoEm)}).`
          : error
            ? `Não foi possível consultar a SEFAZ: ${error}`
            : ''}
      </p>
    </div>
  );
}
