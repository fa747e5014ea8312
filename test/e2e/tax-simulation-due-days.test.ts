import { graphql } from '../support/env';
import { corpoCompleto, obter, salvar } from './settings-helpers';
import { empresaNova, simular } from './tax-simulation-helpers';

/**
 * A company's own ICMS and ISS due days (fiscal settings `vencimentos`), used by every simulation of that company.
 * Calendar facts behind the figures (2026): Easter is Sunday 5 April, so Good Friday is Friday 3 April (national
 * holiday); Tiradentes is Tuesday 21 April. Operations in March are due in April.
 */

const vencimento = (linhas: { tributo: string; vencimento: string | null }[], tributo: string) => linhas.find((l) => l.tributo === tributo)?.vencimento;

async function empresaLucroPresumido(vencimentos?: unknown) {
  const nova = await empresaNova('venc');
  const base = corpoCompleto();
  const put = await salvar(nova.admin, {
    ...base,
    empresa: { ...base.empresa, regimeTributario: 'LUCRO_PRESUMIDO', aliquotaDas: null },
    ...(vencimentos === undefined ? {} : { vencimentos }),
  });
  if (put.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(put.body)}`);
  return nova;
}

describe('tax simulation - the company own ICMS and ISS due days from its fiscal settings', () => {
  it('tax simulation - without settings of its own, ICMS is due on day 10 and ISS on day 15 of the next month', async () => {
    // NF-e of 10 March 2026: ICMS day 10 April 2026 is a Friday, a business day -> 2026-04-10.
    // NFS-e of 10 March 2026: ISS day 15 April 2026 is a Wednesday -> 2026-04-15.
    const { usuario } = await empresaLucroPresumido();
    const nfe = await simular(usuario, { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', ufDestino: 'SP', cfop: '5102' });
    expect(nfe.errors).toBeUndefined();
    expect(vencimento(nfe.data!.simularImpostos.linhas, 'ICMS')).toBe('2026-04-10');
    const nfse = await simular(usuario, { tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-03-10', aliquotaIss: 5 });
    expect(nfse.errors).toBeUndefined();
    expect(vencimento(nfse.data!.simularImpostos.linhas, 'ISS')).toBe('2026-04-15');
  });

  it('tax simulation - ICMS day 5 brought forward and ISS day 21 postponed, as saved in the settings', async () => {
    // ICMS day 5 April 2026 is Easter Sunday; brought forward: Saturday 4, Good Friday 3 (holiday) -> Thursday 2 April.
    // ISS day 21 April 2026 is Tiradentes (holiday); postponed -> Wednesday 22 April.
    const { usuario, admin } = await empresaLucroPresumido({ icms: { dia: 5, ajuste: 'ANTECIPAR' }, iss: { dia: 21, ajuste: 'PRORROGAR' } });
    const lido = await obter(admin);
    expect(lido.body.dados.vencimentos).toEqual({ icms: { dia: 5, ajuste: 'ANTECIPAR' }, iss: { dia: 21, ajuste: 'PRORROGAR' }, cbs: null, ibs: null, is: null });
    const nfe = await simular(usuario, { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', ufDestino: 'SP', cfop: '5102' });
    expect(nfe.errors).toBeUndefined();
    expect(vencimento(nfe.data!.simularImpostos.linhas, 'ICMS')).toBe('2026-04-02');
    const nfse = await simular(usuario, { tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-03-10', aliquotaIss: 5 });
    expect(nfse.errors).toBeUndefined();
    expect(vencimento(nfse.data!.simularImpostos.linhas, 'ISS')).toBe('2026-04-22');
    // Federal taxes keep their own rule: PIS day 25 April 2026 is a Saturday, brought forward to Friday 24.
    expect(vencimento(nfse.data!.simularImpostos.linhas, 'PIS')).toBe('2026-04-24');
  });

  it('tax simulation - the GraphQL settings read and write the due days too', async () => {
    const { admin } = await empresaNova('venc-gql');
    const salvo = await graphql(
      `mutation ($entrada: ConfiguracaoFiscalEntrada!) { salvarConfiguracaoFiscal(entrada: $entrada) { vencimentos { icms { dia ajuste } iss { dia ajuste } } } }`,
      { entrada: { vencimentos: { iss: { dia: 10, ajuste: 'ANTECIPAR' } } } },
      admin,
    );
    expect(salvo.errors).toBeUndefined();
    expect(salvo.data).toEqual({ salvarConfiguracaoFiscal: { vencimentos: { icms: null, iss: { dia: 10, ajuste: 'ANTECIPAR' } } } });
  });

  it('settings - broken due days are refused all at once with CONFIGURACAO_INVALIDA, nothing saved', async () => {
    const { admin } = await empresaNova('venc-inv');
    const resposta = await salvar(admin, {
      ...corpoCompleto(),
      vencimentos: { icms: { dia: 0, ajuste: 'DEPOIS' }, iss: { ajuste: 'PRORROGAR', extra: 1 }, ipi: null },
    });
    expect(resposta.status).toBe(400);
    expect(resposta.body.codigo).toBe('CONFIGURACAO_INVALIDA');
    const campos = resposta.body.campos.map((c: { campo: string; regra: string }) => [c.campo, c.regra]).sort();
    expect(campos).toEqual(
      [
        ['vencimentos.icms.ajuste', 'valor_permitido'],
        ['vencimentos.icms.dia', 'intervalo'],
        ['vencimentos.ipi', 'campo_desconhecido'],
        ['vencimentos.iss.dia', 'obrigatorio'],
        ['vencimentos.iss.extra', 'campo_desconhecido'],
      ].sort(),
    );
    expect((await obter(admin)).body.dados.versao).toBe(0);
    const tipo = await salvar(admin, { ...corpoCompleto(), vencimentos: { icms: 'dia 5' } });
    expect(tipo.body.campos).toEqual([expect.objectContaining({ campo: 'vencimentos.icms', regra: 'tipo' })]);
  });
});
