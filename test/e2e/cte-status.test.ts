import { graphql } from '../support/env';
import { cenario, estado } from './sefaz-helpers';
import { empresaFiscal } from './fiscal-helpers';

const STATUS = `query ($modelo: ModeloSefaz) { statusSefaz(modelo: $modelo) { uf modelo ambiente autorizador cStat motivo emOperacao } }`;

/** CTeStatusServicoV4 through the gateway: the statusSefaz query of the CT-e (57) and CT-e OS (67), asked of the local authority's stand-in over mutual TLS. */
describe('ct-e service status', () => {
  it('ct-e status - statusSefaz(modelo: CTE | CTEOS) asks CTeStatusServicoV4: 107 in operation; 108 from the scenario is not in operation', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    for (const modelo of ['CTE', 'CTEOS']) {
      const r = await graphql(STATUS, { modelo }, e.admin);
      expect([r.errors, r.data?.statusSefaz]).toEqual([undefined, { uf: 'SP', modelo, ambiente: 'HOMOLOGAÇÃO', autorizador: 'sefaz-cte', cStat: '107', motivo: 'Serviço em Operação', emOperacao: true }]);
    }
    expect((await estado(e.cnpj)).chamadas.CTeStatusServicoV4).toBe(2);
    await cenario(e.cnpj, { status: '108' });
    const parado = await graphql(STATUS, { modelo: 'CTE' }, e.admin);
    expect(parado.data?.statusSefaz).toMatchObject({ cStat: '108', emOperacao: false });
    // A user (not admin) is refused, as for the NF-e.
    expect((await graphql(STATUS, { modelo: 'CTE' }, e.usuario)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  }, 60_000);
});
