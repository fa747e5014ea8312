import mongoose from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { graphql, rest, stackEnv } from '../support/env';
import { corpoCompleto } from './settings-helpers';
import { SIMULACOES, empresaConfigurada, empresaNova, lerMensagens, mensagensAssentadas, provisionar, simular } from './tax-simulation-helpers';

/**
 * Provisioning builds payable titles per period of assessment (company, tax, period), once, whatever the number of
 * simulations behind them; and only for the company's own regime (a simulation of another regime is a what-if).
 */
let nc: NatsConnection;
let db: mongoose.Connection;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: process.env.TEST_TAX_SIMULATION_DB ?? 'erp_tax_simulation' }).asPromise();
});
afterAll(async () => {
  await nc.close();
  await db.close();
});

const LR = { regimeTributario: 'LUCRO_REAL', uf: 'SP', aliquotaDas: null };
const doTitulo = (tituloId: string) => (evento: { tituloId: string }) => evento.tituloId === tituloId;

describe('tax simulation - provisioning per period of assessment', () => {
  it('what-if - a simulation of another regime than the company’s is refused with 409 REGIME_DIFERENTE_DA_EMPRESA and writes nothing', async () => {
    // The audit's case: a Simples Nacional company simulated "Lucro Presumido" and got five titles out of it.
    const sn = await empresaConfigurada({ regimeTributario: 'SIMPLES_NACIONAL', uf: 'SP', aliquotaDas: null }, 'periodo-whatif');
    const simulada = await rest('POST', SIMULACOES, { bearer: sn.admin, body: { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 } });
    expect(simulada.status).toBe(201);
    const id = simulada.body.dados.id as string;
    const recusa = await rest('POST', `${SIMULACOES}/${id}/provisionar`, { bearer: sn.admin });
    expect(recusa.status).toBe(409);
    expect(recusa.body).toMatchObject({ sucesso: false, codigo: 'REGIME_DIFERENTE_DA_EMPRESA', regimeSimulacao: 'LUCRO_PRESUMIDO', regimeEmpresa: 'SIMPLES_NACIONAL' });
    expect(recusa.body.erro).toContain('só comparação');
    expect((await provisionar(sn.admin, id)).errors?.[0]?.extensions?.code).toBe('REGIME_DIFERENTE_DA_EMPRESA');
    expect((await rest('GET', `${SIMULACOES}/${id}`, { bearer: sn.admin })).body.dados).toMatchObject({ provisionada: false, titulos: [] });
    expect(await db.collection('titulos').countDocuments({ simulacaoId: id })).toBe(0);
    expect(await lerMensagens(nc, id)).toEqual([]);

    // A company whose settings name no regime provisions nothing either.
    const semRegime = await empresaNova('periodo-sem-regime');
    const outra = await rest('POST', SIMULACOES, { bearer: semRegime.admin, body: { tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 } });
    const semRegimeRecusa = await rest('POST', `${SIMULACOES}/${outra.body.dados.id}/provisionar`, { bearer: semRegime.admin });
    expect(semRegimeRecusa.status).toBe(409);
    expect(semRegimeRecusa.body).toMatchObject({ codigo: 'REGIME_DIFERENTE_DA_EMPRESA', regimeEmpresa: null });
  });

  it('comparison - only the company’s regime is provisioned; after a change of regime the comparison stays with the one provisioned', async () => {
    const empresa = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'periodo-comp');
    const comparar = await graphql(
      `mutation ($input: SimularImpostosInput!) { compararRegimes(input: $input) { id regime comparacaoId } }`,
      { input: { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', aliquotaIss: 5 } },
      empresa.admin,
    );
    const [sn, lp, lr] = comparar.data!.compararRegimes as { id: string; regime: string }[];
    // The three at once: the company's regime wins, the others are what-ifs.
    const respostas = await Promise.all([sn, lp, lr].map((s) => rest('POST', `${SIMULACOES}/${s.id}/provisionar`, { bearer: empresa.admin })));
    expect(respostas.map((r) => [r.status, r.body.codigo ?? null])).toEqual([
      [409, 'REGIME_DIFERENTE_DA_EMPRESA'],
      [200, null],
      [409, 'REGIME_DIFERENTE_DA_EMPRESA'],
    ]);
    // The company moves to the Simples Nacional: the comparison's SN column is still refused, it was not the chosen one.
    const salvo = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: empresa.admin,
      body: { ...corpoCompleto(), empresa: { ...corpoCompleto().empresa, regimeTributario: 'SIMPLES_NACIONAL', uf: 'SP', aliquotaDas: null } },
    });
    expect(salvo.status).toBe(200);
    const depois = await rest('POST', `${SIMULACOES}/${sn.id}/provisionar`, { bearer: empresa.admin });
    expect(depois.status).toBe(409);
    expect(depois.body).toMatchObject({ codigo: 'COMPARACAO_JA_PROVISIONADA', simulacaoProvisionada: lp.id });
    expect(await db.collection('titulos').countDocuments({ simulacaoId: sn.id })).toBe(0);
  });

  it('periods - two Lucro Real documents of one quarter provisioned AT ONCE: one title per tax and period, the quarter’s IRPJ once', async () => {
    // March 2026, SP, quarter profit R$ 100,000 in both (IRPJ 15,000 + 10% x 40,000 = 19,000.00; CSLL 9,000.00).
    // A: R$ 50,000 with R$ 20,000 of purchases: ICMS 9,000 - 3,600 = 5,400.00; PIS 676.50 - 270.60 = 405.90;
    //    COFINS 3,116.00 - 1,246.40 = 1,869.60.
    // B: R$ 10,000: ICMS 1,800.00; PIS (10,000 - 1,800) x 1.65% = 135.30; COFINS 8,200 x 7.6% = 623.20.
    // Titles: ICMS 5,400 + 1,800 = 7,200.00; PIS 541.20; COFINS 2,492.80 (each two versions, two messages);
    // IRPJ 19,000.00 and CSLL 9,000.00 once (the second simulation's equal figure changes nothing: no second message).
    const { admin, companyId } = await empresaConfigurada(LR, 'periodo-lr');
    const a = (await simular(admin, { tipoDocumento: 'NFE', valor: 50000, dataOperacao: '2026-03-10', comprasCreditaveis: 20000, lucroRealTrimestre: 100000 })).data!.simularImpostos.id as string;
    const b = (await simular(admin, { tipoDocumento: 'NFE', valor: 10000, dataOperacao: '2026-03-20', lucroRealTrimestre: 100000 })).data!.simularImpostos.id as string;

    const [ra, rb] = await Promise.all([provisionar(admin, a), provisionar(admin, b)]);
    expect(ra.errors).toBeUndefined();
    expect(rb.errors).toBeUndefined();
    const atual = async () => {
      const leitura = await graphql(`query ($id: ID!) { simulacaoImposto(id: $id) { titulos { id valor contribuicao versao } } }`, { id: b }, admin);
      return Object.fromEntries(leitura.data!.simulacaoImposto.titulos.map((t: any) => [t.id.slice(companyId.length + 1), [t.valor, t.contribuicao, t.versao]]));
    };
    expect(await atual()).toEqual({
      'PIS:2026-03': [541.2, 135.3, 2],
      'COFINS:2026-03': [2492.8, 623.2, 2],
      'CSLL:2026-T1': [9000, 9000, 2],
      'IRPJ:2026-T1': [19000, 19000, 2],
      'ICMS:2026-03': [7200, 1800, 2],
    });

    const irpj = `${companyId}:IRPJ:2026-T1`;
    const icms = `${companyId}:ICMS:2026-03`;
    const daEmpresa = (evento: { companyId: string }) => evento.companyId === companyId;
    const mensagens = await mensagensAssentadas(nc, daEmpresa, 8);
    expect(mensagens).toHaveLength(8);
    expect(new Set(mensagens.map((m) => m.msgId)).size).toBe(8);
    expect(mensagens.filter((m) => doTitulo(irpj)(m.evento)).map((m) => [m.msgId, m.evento.valorCentavos])).toEqual([[`${irpj}#1`, 1900000]]);
    const icmsFinal = mensagens.filter((m) => doTitulo(icms)(m.evento)).sort((x, y) => x.evento.versao - y.evento.versao).at(-1)!;
    expect([icmsFinal.msgId, icmsFinal.evento.valorCentavos]).toEqual([`${icms}#2`, 720000]);

    // Both again, at once: nothing new anywhere.
    await Promise.all([provisionar(admin, a), provisionar(admin, b)]);
    expect(await db.collection('titulos').countDocuments({ companyId })).toBe(10);

    // A newer simulation of the quarter says the profit is R$ 120,000: IRPJ 18,000 + 6,000 = 24,000.00, CSLL 10,800.00.
    // The quarter's titles are restated (version 3, one message each); its March ICMS of R$ 1,000 x 18% = 180.00 adds up.
    const c = (await simular(admin, { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-25', lucroRealTrimestre: 120000 })).data!.simularImpostos.id as string;
    const rc = (await provisionar(admin, c)).data!.provisionarImpostos;
    expect(Object.fromEntries(rc.titulos.map((t: any) => [t.tributo, [t.valor, t.versao]]))).toMatchObject({ IRPJ: [24000, 3], CSLL: [10800, 3], ICMS: [7380, 3] });
    const restated = await mensagensAssentadas(nc, doTitulo(irpj), 2);
    expect(restated.map((m) => [m.msgId, m.evento.valorCentavos])).toEqual([
      [`${irpj}#1`, 1900000],
      [`${irpj}#3`, 2400000],
    ]);
  });
});
