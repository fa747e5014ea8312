import { graphql, rest } from '../support/env';
import { SIMULACOES, empresaConfigurada } from './tax-simulation-helpers';

/**
 * The ICMS situations with ST, base reduction and deferral in a simulation, through the gateway (REST and GraphQL):
 * the same engine the NF-e uses. Lucro Presumido in SP, R$ 1,000.00 inside SP (18 %), 2026.
 */
const linhas = (dados: { linhas: { tributo: string; valor: number; base: number }[] }) => Object.fromEntries(dados.linhas.map((l) => [l.tributo, l.valor]));

describe('tax simulation - ICMS-ST, pRedBC, pDif', () => {
  it('simulation - CST 20 (pRedBC 40 %: ICMS 600.00 x 18 % = 108.00), CST 51 (pDif 33.33 %: 180.00 - 59.99 = 120.01), CST 10 (ST 1,400.00 x 18 % - 180.00 = 72.00 in the notes); inputs out of place refused', async () => {
    const { admin } = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'icms-st');
    const base = { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10' };
    const reduzida = await rest('POST', SIMULACOES, { bearer: admin, body: { ...base, cst: '20', reducaoBaseIcms: 40 } });
    expect(reduzida.status).toBe(201);
    expect(linhas(reduzida.body.dados)).toMatchObject({ ICMS: 108 });
    const diferida = await rest('POST', SIMULACOES, { bearer: admin, body: { ...base, cst: '51', diferimentoIcms: 33.33 } });
    expect(linhas(diferida.body.dados)).toMatchObject({ ICMS: 120.01 });

    const st = await graphql(
      `mutation ($input: SimularImpostosInput!) { simularImpostos(input: $input) { linhas { tributo valor } avisos } }`,
      { input: { ...base, cst: '10', icmsSt: { mva: 40 } } },
      admin,
    );
    expect(st.errors).toBeUndefined();
    expect(st.data!.simularImpostos.avisos.join(' ')).toMatch(/ICMS-ST: base .* = R\$ 1\.400,00; .* = R\$ 72,00/);

    const fora = await rest('POST', SIMULACOES, { bearer: admin, body: { ...base, cst: '00', reducaoBaseIcms: 40, icmsSt: { mva: 40, base: 100 } } });
    expect([fora.status, fora.body.codigo]).toEqual([400, 'SIMULACAO_INVALIDA']);
    expect(fora.body.campos.map((c: any) => `${c.campo}:${c.regra}`)).toEqual(['icmsSt.base:CAMPOS_INCOERENTES', 'reducaoBaseIcms:NAO_SE_APLICA', 'icmsSt:NAO_SE_APLICA']);
  }, 60_000);
});
