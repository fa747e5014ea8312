import type { Ambiente } from '@erp/contracts';
import { authorizerFor, type FiscalDeps } from './deps';
import { incompleteSettings } from './refusals';

/** The models whose authorizer has a status service: NF-e, NFC-e (NFeStatusServico4), CT-e and CT-e OS (CTeStatusServicoV4). */
export type ModeloStatus = 'NFE' | 'NFCE' | 'CTE' | 'CTEOS';

/** What an admin sees of the authorizer serving the company (GraphQL `statusSefaz`). */
export interface StatusSefazView {
  uf: string;
  modelo: ModeloStatus;
  ambiente: Ambiente;
  /** `sefaz` or `local` (development). */
  autorizador: string;
  /** 107 in operation; 108 paralysed for a short while; 109 paralysed without forecast; null: no answer. */
  cStat: string | null;
  motivo: string;
  emOperacao: boolean;
  consultadoEm: Date;
}

/**
 * NFeStatusServico4 (CT-e and CT-e OS: CTeStatusServicoV4) for the company's UF, environment and a model, asked through the authorizer that serves it
 * (the company's certificate, the relay): whether SEFAZ is up before anyone wonders why documents stay pending.
 */
export async function statusSefaz(
  deps: Pick<FiscalDeps, 'settings' | 'authorizers' | 'clock'>,
  companyId: string,
  modelo: ModeloStatus,
): Promise<StatusSefazView> {
  const settings = await deps.settings(companyId);
  const uf = settings.empresa.uf;
  if (!uf) throw incompleteSettings(['empresa.uf']);
  const documento = modelo === 'CTEOS' ? 'CTE' : modelo;
  const autorizador = authorizerFor(deps, documento, settings.ambiente, 'atende');
  const resposta = await autorizador.statusServico({ companyId, uf, ambiente: settings.ambiente, modelo: documento, cteOs: modelo === 'CTEOS' });
  return {
    uf,
    modelo,
    ambiente: settings.ambiente,
    autorizador: autorizador.nome,
    cStat: resposta.cStat,
    motivo: resposta.xMotivo,
    emOperacao: resposta.cStat === '107',
    consultadoEm: deps.clock(),
  };
}
