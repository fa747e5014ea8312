import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subjects } from '@erp/contracts';
import { requestReply } from '@erp/kit';
import { graphql, rest, stackEnv } from '../support/env';
import { corpoCompleto } from './settings-helpers';
import { SIMULACOES, empresaConfigurada, provisionar, simular } from './tax-simulation-helpers';

/**
 * The audit's findings, through the gateway as a client would send them: the Simples Nacional first month from the
 * company's start of activity, the export of services, the fuel resale; and the NF-e half over tax.v1.calculate (the
 * item's ICMS situation, the DIFAL group).
 */
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(() => nc.close());

const linhas = (dados: { linhas: { tributo: string; valor: number }[] }) => Object.fromEntries(dados.linhas.map((l) => [l.tributo, l.valor]));

describe('tax simulation - the law as the audit checked it', () => {
  it('Simples Nacional first month - the start of activity in the settings: R$ 50,000 in that month, annex I, DAS 3,595.00', async () => {
    // Settings: SN, SP, started 3 May 2026. RBT12 of the rate = 50,000 x 12 = 600,000 -> band 3:
    // (600,000 x 9.5% - 13,860) / 600,000 = 7.19% -> DAS 3,595.00 (the engine gave 2,000.00 at the nominal 4%).
    const empresa = { regimeTributario: 'SIMPLES_NACIONAL', uf: 'SP', aliquotaDas: null, inicioAtividade: '2026-05-03' };
    const { admin, companyId } = await empresaConfigurada(empresa, 'lei-inicio');
    const config = await graphql(`{ configuracaoFiscal { empresa { inicioAtividade } } }`, {}, admin);
    expect(config.data!.configuracaoFiscal.empresa.inicioAtividade).toBe('2026-05-03');

    const simulada = await rest('POST', SIMULACOES, { bearer: admin, body: { tipoDocumento: 'NFE', valor: 50000, dataOperacao: '2026-05-20', anexoSimples: 'I' } });
    expect(simulada.status).toBe(201);
    expect(linhas(simulada.body.dados)).toEqual({ DAS: 3595 });
    expect(simulada.body.dados.linhas[0].aliquota).toBe(7.19);
    // The company's own DAS, provisioned: one title for May 2026.
    const prov = (await provisionar(admin, simulada.body.dados.id)).data!.provisionarImpostos;
    expect(prov.titulos.map((t: any) => [t.id, t.valor])).toEqual([[`${companyId}:DAS:2026-05`, 3595]]);

    // The input's date wins: a company started long ago, RBT12 R$ 160,000 -> band 1, 4% -> 2,000.00.
    const antiga = await simular(admin, { tipoDocumento: 'NFE', valor: 50000, dataOperacao: '2026-05-20', anexoSimples: 'I', inicioAtividade: '2020-01-01', receitaBruta12Meses: 160000 });
    expect(linhas(antiga.data!.simularImpostos)).toEqual({ DAS: 2000 });
    // Before the start: refused, naming the field.
    const antes = await rest('POST', SIMULACOES, { bearer: admin, body: { tipoDocumento: 'NFE', valor: 100, dataOperacao: '2026-04-30', anexoSimples: 'I' } });
    expect(antes.status).toBe(400);
    expect(antes.body.campos).toEqual([{ campo: 'dataOperacao', regra: 'ANTERIOR_AO_INICIO_ATIVIDADE', erro: expect.any(String) }]);

    // The settings refuse a date that is not one.
    const errada = await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: admin, body: { ...corpoCompleto(), empresa: { ...corpoCompleto().empresa, ...empresa, inicioAtividade: '2026-02-30' } } });
    expect(errada.status).toBe(400);
    expect(errada.body.campos).toContainEqual(expect.objectContaining({ campo: 'empresa.inicioAtividade', regra: 'data_inexistente' }));
  });

  it('export of services - Lucro Presumido NFS-e R$ 100,000 exported: IRPJ 4,800.00 and CSLL 2,880.00 only (R$ 8,650 less)', async () => {
    const { admin, companyId } = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'lei-exportacao');
    const corpo = { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', aliquotaIss: 5 };
    const domestico = (await rest('POST', SIMULACOES, { bearer: admin, body: corpo })).body.dados;
    const exportado = (await rest('POST', SIMULACOES, { bearer: admin, body: { ...corpo, exportacaoServico: true } })).body.dados;
    expect(linhas(exportado)).toEqual({ CSLL: 2880, IRPJ: 4800 });
    expect(exportado.totalDevido).toBe(7680);
    expect(domestico.totalDevido - exportado.totalDevido).toBe(8650);
    const prov = (await provisionar(admin, exportado.id)).data!.provisionarImpostos;
    expect(prov.titulos.map((t: any) => [t.id, t.valor])).toEqual([
      [`${companyId}:CSLL:2026-T1`, 2880],
      [`${companyId}:IRPJ:2026-T1`, 4800],
    ]);
  });

  it('fuel resale - R$ 100,000 of gasoline: no ICMS, PIS and COFINS at zero, IRPJ 240.00 + CSLL 1,080.00; the producer is refused', async () => {
    const { admin } = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'lei-combustivel');
    const revenda = { tipoDocumento: 'NFE', valor: 100000, dataOperacao: '2026-03-10', ncm: '27101259', atividade: 'COMBUSTIVEIS' };
    const r = (await simular(admin, revenda)).data!.simularImpostos;
    expect(linhas(r)).toMatchObject({ PIS: 0, COFINS: 0, CSLL: 1080, IRPJ: 240 });
    expect(r.linhas.some((l: { tributo: string }) => l.tributo === 'ICMS')).toBe(false);
    expect(r.totalDevido).toBe(1320);
    const { atividade: _revenda, ...produtor } = revenda;
    const recusa = await rest('POST', SIMULACOES, { bearer: admin, body: produtor });
    expect(recusa.status).toBe(400);
    expect(recusa.body.campos).toEqual([{ campo: 'atividade', regra: 'COMBUSTIVEL_NAO_MODELADO', erro: expect.stringContaining('ad rem') }]);
  });

  it('tax.v1.calculate - the NF-e items: CST 40 carries no ICMS, CST 00 does, and a sale to a non-taxpayer in CE carries its ICMSUFDest', async () => {
    // LP, SP. Item 1 CST 00 R$ 1,000: ICMS 180.00, CBS base 790.07. Item 2 CST 40 R$ 1,000: no ICMS, base 963.50.
    // Item 3 to CE, consumer not a taxpayer, R$ 1,000: ICMS 7% = 70.00, DIFAL 200.00 - 70.00 = 130.00.
    const { companyId } = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'lei-nats');
    const item = { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-11-20' } as const;
    const reply = await requestReply(nc, Subjects.taxCalculate, {
      companyId,
      operacoes: [
        { ...item, cfop: '5102', cst: '00' },
        { ...item, cfop: '5102', cst: '40' },
        { ...item, cfop: '6108', ufDestino: 'CE', cst: '00', consumidorFinal: true, destinatarioContribuinteIcms: false },
      ],
    });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const [comIcms, semIcms, difal] = reply.resultados;
    expect(comIcms.linhas.find((l) => l.tributo === 'ICMS')).toMatchObject({ valorCentavos: 18000 });
    expect(comIcms.linhas.find((l) => l.tributo === 'CBS')).toMatchObject({ baseCentavos: 79007 });
    expect(semIcms.linhas.some((l) => l.tributo === 'ICMS')).toBe(false);
    expect(semIcms.linhas.find((l) => l.tributo === 'CBS')).toMatchObject({ baseCentavos: 96350 });
    expect(difal.linhas.filter((l) => l.tributo.startsWith('ICMS')).map((l) => [l.tributo, l.valorCentavos])).toEqual([
      ['ICMS', 7000],
      ['ICMS_UF_DEST', 13000],
    ]);
    expect(difal.difal).toEqual({
      baseCentavos: 100000,
      baseFcpCentavos: 0,
      aliquotaFcpDestino: 0,
      aliquotaInternaDestino: 20,
      aliquotaInterestadual: 7,
      percentualPartilhaDestino: 100,
      fcpDestinoCentavos: 0,
      icmsDestinoCentavos: 13000,
      icmsRemetenteCentavos: 0,
    });
    expect(comIcms.difal).toBeUndefined();

    // A destination whose DIFAL base is not modelled: refused, naming the item's field.
    const mg = await requestReply(nc, Subjects.taxCalculate, { companyId, operacoes: [{ ...item, cfop: '6108', ufDestino: 'MG', consumidorFinal: true, destinatarioContribuinteIcms: false }] });
    expect(mg).toMatchObject({ ok: false, codigo: 'SIMULACAO_INVALIDA', campos: [{ campo: 'operacoes[0].ufDestino', regra: 'DIFAL_NAO_MODELADO' }] });
  });
});
