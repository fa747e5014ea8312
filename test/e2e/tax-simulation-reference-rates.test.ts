import { graphql } from '../support/env';
import { corpoCompleto, obter, salvar } from './settings-helpers';
import { empresaNova, simular } from './tax-simulation-helpers';

/**
 * The CBS/IBS rates the law leaves to a Senate resolution not yet issued: per year in the company's fiscal settings
 * (`aliquotasReferencia`), and per simulation in the input (`aliquotaReferenciaCbs`, `aliquotaIbsUf`,
 * `aliquotaIbsMun`), which wins. NF-e R$ 1,000 inside SP, Lucro Presumido, 10 June 2029: ICMS 18% x 9/10 = 16.2% ->
 * 162.00, so the CBS/IBS base is 1,000 - 162 = 838.00 (no PIS/COFINS from 2027).
 */
const NFE_2029 = { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2029-06-10', cfop: '5102' };
const valores = (linhas: { tributo: string; valor: number; naoCalculavel: boolean }[]) =>
  Object.fromEntries(linhas.filter((l) => ['CBS', 'IBS_UF', 'IBS_MUN'].includes(l.tributo)).map((l) => [l.tributo, l.naoCalculavel ? 'NAO_CALCULAVEL' : l.valor]));

async function empresaLucroPresumido(aliquotasReferencia?: unknown) {
  const nova = await empresaNova('aliq-ref');
  const base = corpoCompleto();
  const put = await salvar(nova.admin, {
    ...base,
    empresa: { ...base.empresa, regimeTributario: 'LUCRO_PRESUMIDO', aliquotaDas: null },
    ...(aliquotasReferencia === undefined ? {} : { aliquotasReferencia }),
  });
  return { ...nova, put };
}

describe('tax simulation - CBS/IBS reference rates from the company settings and the input', () => {
  it('tax simulation - without rates: CBS at the 8.8% assumption (73.74) and the 2029 IBS not computable', async () => {
    const { usuario } = await empresaLucroPresumido();
    const r = await simular(usuario, NFE_2029);
    expect(r.errors).toBeUndefined();
    expect(valores(r.data!.simularImpostos.linhas)).toEqual({ CBS: 73.74, IBS_UF: 'NAO_CALCULAVEL', IBS_MUN: 'NAO_CALCULAVEL' });
    expect(r.data!.simularImpostos.completo).toBe(false);
    expect(r.data!.simularImpostos.premissas.join(' ')).toContain('PREMISSA');
  });

  it('tax simulation - the company 2029 rates make the IBS computable; the input CBS rate wins over the company one', async () => {
    // Company 2029: CBS 9% -> 838 x 9% = 75.42; IBS-UF 16% -> 134.08; IBS-Mun 2% -> 16.76.
    const { usuario, admin, put } = await empresaLucroPresumido([{ ano: 2029, cbs: 9, ibsUf: 16, ibsMun: 2 }]);
    expect(put.status).toBe(200);
    expect((await obter(admin)).body.dados.aliquotasReferencia).toEqual([{ ano: 2029, cbs: 9, ibsUf: 16, ibsMun: 2 }]);
    const daEmpresa = await simular(usuario, NFE_2029);
    expect(valores(daEmpresa.data!.simularImpostos.linhas)).toEqual({ CBS: 75.42, IBS_UF: 134.08, IBS_MUN: 16.76 });
    expect(daEmpresa.data!.simularImpostos.completo).toBe(true);
    expect(daEmpresa.data!.simularImpostos.premissas).toEqual([]);

    // Input CBS 10% -> 838 x 10% = 83.80; the IBS rates still come from the company.
    const daEntrada = await simular(usuario, { ...NFE_2029, aliquotaReferenciaCbs: 10 });
    expect(valores(daEntrada.data!.simularImpostos.linhas)).toEqual({ CBS: 83.8, IBS_UF: 134.08, IBS_MUN: 16.76 });
  });

  it('tax simulation - the input rates alone, through GraphQL, for a company without any (2027: CBS 9.5% - 0.1 = 9.4%)', async () => {
    // 2027 NF-e R$ 1,000 SP: base 1,000 - 180 = 820; CBS 9.4% = 77.08; IBS 0.05% + 0.05% = 0.41 + 0.41 (fixed by law).
    const { usuario } = await empresaLucroPresumido();
    const r = await simular(usuario, { ...NFE_2029, dataOperacao: '2027-06-10', aliquotaReferenciaCbs: 9.5 });
    expect(valores(r.data!.simularImpostos.linhas)).toEqual({ CBS: 77.08, IBS_UF: 0.41, IBS_MUN: 0.41 });
  });

  it('settings - reference rates are read and written through GraphQL too, and broken ones refused all at once', async () => {
    const { admin } = await empresaNova('aliq-ref-gql');
    const salvo = await graphql(
      `mutation ($entrada: ConfiguracaoFiscalEntrada!) { salvarConfiguracaoFiscal(entrada: $entrada) { aliquotasReferencia { ano cbs ibsUf ibsMun } } }`,
      { entrada: { aliquotasReferencia: [{ ano: 2030, ibsUf: 17.5 }, { ano: 2027, cbs: 8.6 }] } },
      admin,
    );
    expect(salvo.errors).toBeUndefined();
    expect(salvo.data!.salvarConfiguracaoFiscal.aliquotasReferencia).toEqual([
      { ano: 2027, cbs: 8.6, ibsUf: null, ibsMun: null },
      { ano: 2030, cbs: null, ibsUf: 17.5, ibsMun: null },
    ]);
    const recusado = await salvar(admin, { ...corpoCompleto(), aliquotasReferencia: [{ ano: 2028, ibsUf: 1 }, { ano: 2041, cbs: 60 }] });
    expect(recusado.status).toBe(400);
    expect(recusado.body.codigo).toBe('CONFIGURACAO_INVALIDA');
    expect(recusado.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`).sort()).toEqual(
      ['aliquotasReferencia[0].ibsUf:nao_se_aplica', 'aliquotasReferencia[1].ano:intervalo', 'aliquotasReferencia[1].cbs:intervalo'].sort(),
    );
  });
});
