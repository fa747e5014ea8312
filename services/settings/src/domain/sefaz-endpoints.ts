import { ServicosSefaz, type Ambiente, type DestinoTransmissao, type ModeloSefaz, type ServicoSefaz } from '@erp/contracts';
import tabelaOficial from './data/sefaz-webservices.json';

/**
 * The SEFAZ web-service table: which authorizer serves each UF (its own, SVRS or SVAN; SVC-AN or SVC-RS in
 * contingency) and the URL of each NF-e 4.00 service per authorizer, model and environment. It is the relay's
 * allow-list: `settings.v1.transmit` calls a URL only when this table gives it for the destination asked.
 * Dated data with its source (`fonte`, `lidoEm` in the JSON); docs/sefaz.md says how to refresh it.
 */
export interface TabelaSefaz {
  fonte: string;
  lidoEm: string;
  autorizadores: Record<ModeloSefaz, Record<string, string>>;
  /** NF-e only: the NFC-e has no SVC (its contingency is offline emission). */
  contingencia: Record<string, string>;
  servicos: Record<ModeloSefaz, Record<string, Partial<Record<Ambiente, Partial<Record<ServicoSefaz, string>>>>>>;
}

export const TABELA_SEFAZ: TabelaSefaz = tabelaOficial;

type DestinoSefaz = Extract<DestinoTransmissao, { tipo: 'SEFAZ' }>;

/** The authorizer of a destination (`SP`, `SVRS`, `SVC-AN`...), or null when the table has none. */
export function autorizadorDe(tabela: TabelaSefaz, destino: DestinoSefaz): string | null {
  if (destino.contingencia) return destino.modelo === 'NFE' ? (tabela.contingencia[destino.uf] ?? null) : null;
  return tabela.autorizadores[destino.modelo][destino.uf] ?? null;
}

/** The URL the table gives for a destination, or null: the relay calls nothing else. */
export function urlSefaz(tabela: TabelaSefaz, destino: DestinoSefaz): string | null {
  const autorizador = autorizadorDe(tabela, destino);
  if (!autorizador) return null;
  return tabela.servicos[destino.modelo][autorizador]?.[destino.ambiente]?.[destino.servico] ?? null;
}


/**
 * The table with every HOMOLOGAÇÃO URL on the local authority (services/local-authority) at `base`: one path per
 * authorizer, model and service (`<base>/ws/<autorizador>/<modelo>/homologacao/<serviço>`), so the authority sees
 * which authorizer of the UF table was meant. PRODUÇÃO keeps SEFAZ's own URLs: the local authority never answers
 * for a production document. Outside production only (config.ts refuses LOCAL_AUTHORITY_URL in production).
 */
export function tabelaComAutoridadeLocal(base: string): TabelaSefaz {
  const raiz = base.replace(/\/+$/, '');
  const servicos = {} as TabelaSefaz['servicos'];
  for (const modelo of ['NFE', 'NFCE'] as const) {
    servicos[modelo] = {};
    for (const [autorizador, ambientes] of Object.entries(TABELA_SEFAZ.servicos[modelo])) {
      servicos[modelo][autorizador] = {
        ...ambientes,
        'HOMOLOGAÇÃO': Object.fromEntries(ServicosSefaz.map((servico) => [servico, `${raiz}/ws/${autorizador}/${modelo}/homologacao/${servico}`])),
      };
    }
  }
  return { ...TABELA_SEFAZ, fonte: `${TABELA_SEFAZ.fonte}; HOMOLOGAÇÃO on the local authority at ${raiz}`, servicos };
}
