import { ServicosCte, type Ambiente, type DestinoTransmissao, type ModeloCte, type ServicoCte } from '@erp/contracts';
import tabelaOficial from './data/cte-webservices.json';

/**
 * The CT-e 4.00 web-service table: which authorizer serves each UF (MG, MS, MT, PR, RS, SP their own; SVSP for AP,
 * PE, RR; SVRS for the rest), per model (57 CT-e, 67 CT-e OS), and the URL of each service per authorizer and
 * environment. The relay's allow-list for CT-e calls, as `sefaz-endpoints.ts` is for the NF-e. Dated data with its
 * source (`fonte`, `lidoEm`); contingency (SVC-RS, SVC-SP) is not in it yet (docs/cte.md).
 */
export interface TabelaCte {
  fonte: string;
  lidoEm: string;
  autorizadores: Record<ModeloCte, Record<string, string>>;
  servicos: Record<ModeloCte, Record<string, Partial<Record<Ambiente, Partial<Record<ServicoCte, string>>>>>>;
}

export const TABELA_CTE: TabelaCte = tabelaOficial;

type DestinoCte = Extract<DestinoTransmissao, { tipo: 'CTE' }>;

/** The URL the table gives for a CT-e destination, or null: the relay calls nothing else. */
export function urlCte(tabela: TabelaCte, destino: DestinoCte): string | null {
  const autorizador = tabela.autorizadores[destino.modelo][destino.uf];
  if (!autorizador) return null;
  return tabela.servicos[destino.modelo][autorizador]?.[destino.ambiente]?.[destino.servico] ?? null;
}

/**
 * The table with every HOMOLOGAÇÃO URL on the local authority at `base`
 * (`<base>/ws/<autorizador>/<modelo>/homologacao/<serviço>`), PRODUÇÃO kept: as `tabelaComAutoridadeLocal` for the NF-e.
 */
export function tabelaCteComAutoridadeLocal(base: string): TabelaCte {
  const raiz = base.replace(/\/+$/, '');
  const servicos = {} as TabelaCte['servicos'];
  for (const modelo of ['CTE', 'CTEOS'] as const) {
    servicos[modelo] = {};
    for (const [autorizador, ambientes] of Object.entries(TABELA_CTE.servicos[modelo])) {
      const proprios = ServicosCte.filter((s) => (modelo === 'CTE' ? s !== 'CTeRecepcaoOSV4' : s !== 'CTeRecepcaoSincV4'));
      servicos[modelo][autorizador] = {
        ...ambientes,
        'HOMOLOGAÇÃO': Object.fromEntries(proprios.map((servico) => [servico, `${raiz}/ws/${autorizador}/${modelo}/homologacao/${servico}`])),
      };
    }
  }
  return { ...TABELA_CTE, fonte: `${TABELA_CTE.fonte}; HOMOLOGAÇÃO on the local authority at ${raiz}`, servicos };
}
