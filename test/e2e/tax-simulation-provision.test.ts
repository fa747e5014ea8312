import mongoose from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subjects } from '@erp/contracts';
import { rest, stackEnv } from '../support/env';
import { corpoCompleto } from './settings-helpers';
import { SIMULACOES, empresaConfigurada, lerMensagens, mensagensAssentadas, provisionar, simular } from './tax-simulation-helpers';

/**
 * Provisioning: each payable line lands on its period's title (company, tax, period), each version of a title claimed
 * by a unique insert that also holds its finance request (outbox), published on JetStream with Nats-Msg-Id =
 * `${tituloId}#${versao}`. Read back from the FINANCE stream. Every company here has its regime in its settings: only
 * a simulation of the company's regime is provisioned (tax-simulation-periods.test.ts has the refusals).
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

const titulosOrdenados = (titulos: { id: string }[]) => [...titulos].sort((a, b) => a.id.localeCompare(b.id));
const LP = { regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null };
const LR = { regimeTributario: 'LUCRO_REAL', uf: 'SP', aliquotaDas: null };

describe('tax simulation - provisioning', () => {
  it('tax simulation - provisioning twice puts each line on its period title once and publishes one finance request per title', async () => {
    // The Lucro Presumido NFS-e of R$ 100,000 (January 2026): PIS 650.00, COFINS 3,000.00, CSLL 2,880.00,
    // IRPJ 4,800.00, ISS 5,000.00 are payable; the 2026 CBS/IBS lines are informative, so no title for them.
    const { admin, companyId } = await empresaConfigurada(LP, 'provisao');
    const simulada = await rest('POST', SIMULACOES, { bearer: admin, body: { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', aliquotaIss: 5 } });
    const id = simulada.body.dados.id as string;

    const primeira = await rest('POST', `${SIMULACOES}/${id}/provisionar`, { bearer: admin });
    expect(primeira.status).toBe(200);
    expect(primeira.body.dados.provisionada).toBe(true);
    const titulo = (tributo: string, periodo: string, valor: number, vencimento: string, competencia: string, credor: string, codigoReceita: string | null) => ({
      id: `${companyId}:${tributo}:${periodo}`,
      tributo,
      periodo,
      valor,
      contribuicao: valor,
      versao: 1,
      vencimento,
      competencia,
      credor,
      codigoReceita,
    });
    expect(primeira.body.dados.titulos).toEqual([
      titulo('PIS', '2026-01', 650, '2026-02-25', '2026-01', 'UNIAO', '8109'),
      titulo('COFINS', '2026-01', 3000, '2026-02-25', '2026-01', 'UNIAO', '2172'),
      titulo('CSLL', '2026-T1', 2880, '2026-04-30', '2026-03', 'UNIAO', '2372'),
      titulo('IRPJ', '2026-T1', 4800, '2026-04-30', '2026-03', 'UNIAO', '2089'),
      titulo('ISS', '2026-01', 5000, '2026-02-18', '2026-01', 'MUNICIPIO', null),
    ]);

    // The stored versions as the first call left them (their outbox entries published): a second call must not write.
    const guardados = async () => (await db.collection('titulos').find({ simulacaoId: id }).sort({ _id: 1 }).toArray()).map((t) => JSON.stringify(t));
    await mensagensAssentadas(nc, id, 5);
    const antes = await guardados();
    expect(antes).toHaveLength(5);
    expect(antes.every((t) => t.includes('"estado":"PUBLICADO"'))).toBe(true);

    const segunda = await rest('POST', `${SIMULACOES}/${id}/provisionar`, { bearer: admin });
    expect(segunda.status).toBe(200);
    expect(segunda.body.dados).toEqual(primeira.body.dados);
    expect(await guardados()).toEqual(antes);
    expect((await rest('GET', `${SIMULACOES}/${id}`, { bearer: admin })).body.dados).toEqual(primeira.body.dados);

    const mensagens = await mensagensAssentadas(nc, id, 5);
    expect(mensagens).toHaveLength(5);
    expect(mensagens.map((m) => m.msgId).sort()).toEqual(primeira.body.dados.titulos.map((t: { id: string }) => `${t.id}#1`).sort());
    const pis = mensagens.find((m) => m.evento.tributo === 'PIS')!;
    expect(pis.evento).toEqual({
      tituloId: `${companyId}:PIS:2026-01`,
      versao: 1,
      companyId,
      simulacaoId: id,
      tributo: 'PIS',
      periodo: '2026-01',
      valorCentavos: 65000,
      vencimento: '2026-02-25',
      competencia: '2026-01',
      credor: 'UNIAO',
      codigoReceita: '8109',
      solicitadoEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(mensagens.find((m) => m.evento.tributo === 'ISS')!.evento).toMatchObject({ valorCentavos: 500000, credor: 'MUNICIPIO', codigoReceita: null });
  });

  it('tax simulation - five concurrent provisionings of one simulation make one version per title and exactly one message each', async () => {
    // The Lucro Real NF-e (R$ 50,000, SP, purchases R$ 20,000, quarter profit R$ 100,000, March 2026):
    // PIS 405.90 (6912), COFINS 1,869.60 (5856), CSLL 9,000.00 (6012), IRPJ 19,000.00 (no code: 0220 or 3373
    // depends on whether the company is obliged to the Lucro Real), ICMS 5,400.00 to the state.
    const { admin, companyId } = await empresaConfigurada(LR, 'concorrente');
    const simulada = await simular(admin, { tipoDocumento: 'NFE', valor: 50000, dataOperacao: '2026-03-10', comprasCreditaveis: 20000, lucroRealTrimestre: 100000 });
    const id = simulada.data!.simularImpostos.id as string;

    const respostas = await Promise.all(Array.from({ length: 5 }, () => provisionar(admin, id)));
    for (const resposta of respostas) expect(resposta.errors).toBeUndefined();
    const conjuntos = respostas.map((r) => JSON.stringify(titulosOrdenados(r.data!.provisionarImpostos.titulos)));
    expect(new Set(conjuntos).size).toBe(1);
    expect(respostas[0].data!.provisionarImpostos.titulos.map((t: any) => [t.id, t.valor, t.versao, t.vencimento, t.codigoReceita])).toEqual([
      [`${companyId}:PIS:2026-03`, 405.9, 1, '2026-04-24', '6912'],
      [`${companyId}:COFINS:2026-03`, 1869.6, 1, '2026-04-24', '5856'],
      [`${companyId}:CSLL:2026-T1`, 9000, 1, '2026-04-30', '6012'],
      [`${companyId}:IRPJ:2026-T1`, 19000, 1, '2026-04-30', null],
      [`${companyId}:ICMS:2026-03`, 5400, 1, '2026-04-10', null],
    ]);

    const mensagens = await mensagensAssentadas(nc, id, 5);
    const porTitulo = new Map<string, number>();
    for (const m of mensagens) porTitulo.set(m.evento.tituloId, (porTitulo.get(m.evento.tituloId) ?? 0) + 1);
    expect([...porTitulo.values()]).toEqual([1, 1, 1, 1, 1]);
    expect(mensagens.every((m) => m.msgId === `${m.evento.tituloId}#1`)).toBe(true);
    expect(await db.collection('titulos').countDocuments({ simulacaoId: id })).toBe(5);
  });

  it('tax simulation - Simples Nacional provisions only the DAS; a 2027 simulation leaves CBS/IBS without a title until their due date exists', async () => {
    // SN from the settings at 7.5%: DAS 10,000 x 7.5% = 750.00, due Mon 23 Nov 2026; the ISS inside it is no title.
    const sn = await empresaConfigurada({ regimeTributario: 'SIMPLES_NACIONAL', uf: 'SP', aliquotaDas: 7.5 }, 'prov-sn');
    const simulada = await simular(sn.admin, { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15' });
    const id = simulada.data!.simularImpostos.id as string;
    const prov = await provisionar(sn.admin, id);
    expect(prov.data!.provisionarImpostos.titulos.map((t: any) => [t.id, t.valor, t.vencimento, t.credor])).toEqual([[`${sn.companyId}:DAS:2026-10`, 750, '2026-11-23', 'UNIAO']]);

    // 2027 Lucro Real NF-e of R$ 10,000: ICMS 1,800.00 (Mon 12 Apr 2027) is a title; CBS 713.40 and IBS 4.10 + 4.10
    // are payable but have no due date in force, so they are listed, not provisioned; IRPJ/CSLL are not computable.
    const { admin, companyId } = await empresaConfigurada(LR, 'prov-2027');
    const s2027 = await simular(admin, { tipoDocumento: 'NFE', valor: 10000, dataOperacao: '2027-03-10' });
    const id2027 = s2027.data!.simularImpostos.id as string;
    const prov2027 = (await provisionar(admin, id2027)).data!.provisionarImpostos;
    expect(prov2027.titulos.map((t: any) => [t.id, t.valor, t.vencimento])).toEqual([[`${companyId}:ICMS:2027-03`, 1800, '2027-04-12']]);
    expect(prov2027.pendentesDeVencimento).toEqual(['CBS', 'IBS_UF', 'IBS_MUN']);
    expect((await mensagensAssentadas(nc, id2027, 1)).map((m) => m.evento.tributo)).toEqual(['ICMS']);
  });

  it('tax simulation - ISS withheld by the taker (issRetido): the DAS title is the DAS without the ISS share and the ISS gets no title', async () => {
    // Research example (c) with withholding: SN, NFS-e R$ 10,000, Anexo III band 1 (RBT12 150,000): effective 6%, the
    // band's effective ISS rate 6% x 33.5% = 2.01% -> ISS 201.00 withheld and paid by the taker (LC 123 art. 21 §4º);
    // DAS 6% - 2.01% = 3.99% -> 399.00, due Mon 23 Nov 2026 (20 Nov is a holiday). Simulated over REST (the body
    // takes issRetido), provisioned over GraphQL.
    const sn = await empresaConfigurada({ regimeTributario: 'SIMPLES_NACIONAL', uf: 'SP', aliquotaDas: null }, 'prov-iss-retido');
    const simulada = await rest('POST', SIMULACOES, {
      bearer: sn.admin,
      body: { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', anexoSimples: 'III', receitaBruta12Meses: 150000, aliquotaIss: 5, issRetido: true },
    });
    expect(simulada.status).toBe(201);
    const dados = simulada.body.dados;
    const id = dados.id as string;
    const linhas = Object.fromEntries(dados.linhas.map((l: { tributo: string }) => [l.tributo, l]));
    expect(linhas.DAS).toMatchObject({ valor: 399, aliquota: 3.99, informativo: false, retidoPeloTomador: false, vencimento: '2026-11-23' });
    expect(linhas.ISS).toMatchObject({ valor: 201, aliquota: 2.01, informativo: true, retidoPeloTomador: true, vencimento: null });
    expect(dados.totalDevido).toBe(399);

    const prov = (await provisionar(sn.admin, id)).data!.provisionarImpostos;
    expect(prov.titulos.map((t: any) => [t.tributo, t.valor, t.vencimento])).toEqual([['DAS', 399, '2026-11-23']]);
    expect(prov.pendentesDeVencimento).toEqual([]);
    const mensagens = await mensagensAssentadas(nc, id, 1);
    expect(mensagens.map((m) => [m.msgId, m.evento.tributo, m.evento.valorCentavos])).toEqual([[`${sn.companyId}:DAS:2026-10#1`, 'DAS', 39900]]);
    expect(await db.collection('titulos').countDocuments({ simulacaoId: id })).toBe(1);
  });

  it('tax simulation - CBS/IBS kept without a due date become titles once the company sets their due days, each once', async () => {
    // 2027 Lucro Presumido NFS-e of R$ 10,000, ISS 5%, 10 March 2027 (no PIS/COFINS from 2027): ISS 500.00 (15 April);
    // IRPJ 32% x 10,000 = 3,200 x 15% = 480.00 and CSLL 3,200 x 9% = 288.00 (30 April 2027). CBS/IBS base 10,000 - 500
    // = 9,500: CBS 8.7% = 826.50; IBS_UF 0.05% = 4.75; IBS_MUN 0.05% = 4.75: payable, no due date in force or settings.
    const empresa = { ...corpoCompleto().empresa, ...LP };
    const { admin, companyId } = await empresaConfigurada(LP, 'prov-venc');
    const simulada = await simular(admin, { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2027-03-10', aliquotaIss: 5 });
    expect(simulada.errors).toBeUndefined();
    const id = simulada.data!.simularImpostos.id as string;

    const primeira = (await provisionar(admin, id)).data!.provisionarImpostos;
    expect(primeira.titulos.map((t: any) => [t.tributo, t.valor, t.vencimento])).toEqual([
      ['CSLL', 288, '2027-04-30'],
      ['IRPJ', 480, '2027-04-30'],
      ['ISS', 500, '2027-04-15'],
    ]);
    expect(primeira.pendentesDeVencimento).toEqual(['CBS', 'IBS_UF', 'IBS_MUN']);
    expect(await mensagensAssentadas(nc, id, 3)).toHaveLength(3);

    // The company sets CBS and IBS day 20, postponed: Tuesday 20 April 2027 is a business day -> 2027-04-20.
    const salvo = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { ...corpoCompleto(), empresa, vencimentos: { cbs: { dia: 20, ajuste: 'PRORROGAR' }, ibs: { dia: 20, ajuste: 'PRORROGAR' } } },
    });
    expect(salvo.status).toBe(200);

    // Three concurrent provisionings: the three missing lines are put once each, the old ones untouched.
    const respostas = await Promise.all([1, 2, 3].map(() => provisionar(admin, id)));
    for (const resposta of respostas) expect(resposta.errors).toBeUndefined();
    const [depois] = respostas.map((r) => r.data!.provisionarImpostos);
    for (const resposta of respostas) expect(resposta.data!.provisionarImpostos).toEqual(depois);
    expect(depois.titulos.map((t: any) => [t.id, t.valor, t.vencimento, t.credor])).toEqual([
      [`${companyId}:CSLL:2027-T1`, 288, '2027-04-30', 'UNIAO'],
      [`${companyId}:IRPJ:2027-T1`, 480, '2027-04-30', 'UNIAO'],
      [`${companyId}:ISS:2027-03`, 500, '2027-04-15', 'MUNICIPIO'],
      [`${companyId}:CBS:2027-03`, 826.5, '2027-04-20', 'UNIAO'],
      [`${companyId}:IBS_UF:2027-03`, 4.75, '2027-04-20', 'ESTADO'],
      [`${companyId}:IBS_MUN:2027-03`, 4.75, '2027-04-20', 'MUNICIPIO'],
    ]);
    expect(depois.pendentesDeVencimento).toEqual([]);
    expect(depois.linhas.find((l: { tributo: string }) => l.tributo === 'CBS')).toMatchObject({ vencimento: '2027-04-20' });

    const mensagens = await mensagensAssentadas(nc, id, 6);
    expect(mensagens.map((m) => m.msgId).sort()).toEqual(depois.titulos.map((t: { id: string }) => `${t.id}#1`).sort());
    expect(mensagens.find((m) => m.evento.tributo === 'CBS')!.evento).toMatchObject({ valorCentavos: 82650, vencimento: '2027-04-20', competencia: '2027-03', credor: 'UNIAO' });
  });

  it('tax simulation - a title version whose request was recorded but not published (a crash) is published by the relay', async () => {
    // What a provisioning leaves behind when it dies right after its claim: the version with a pending outbox entry.
    const simulacaoId = `crash-${Date.now().toString(36)}`;
    const tituloId = `empresa-crash-${simulacaoId}:ICMS:2026-11`;
    const id = `${tituloId}#1`;
    const agora = new Date();
    const payload = {
      tituloId,
      versao: 1,
      companyId: 'empresa-crash',
      simulacaoId,
      tributo: 'ICMS',
      periodo: '2026-11',
      valorCentavos: 12345,
      vencimento: '2026-12-10',
      competencia: '2026-11',
      credor: 'ESTADO',
      codigoReceita: null,
      solicitadoEm: agora.toISOString(),
    };
    await db.collection('titulos').insertOne({
      _id: id as never,
      companyId: 'empresa-crash',
      tituloId,
      versao: 1,
      tributo: 'ICMS',
      periodo: '2026-11',
      competencia: '2026-11',
      simulacaoId,
      contribuicaoCentavos: 12345,
      valorCentavos: 12345,
      vencimento: '2026-12-10',
      figuraDe: agora,
      credor: 'ESTADO',
      codigoReceita: null,
      criadoEm: agora,
      criadoPor: 'ninguem',
      outbox: { eventId: id, subject: Subjects.contaPagarSolicitada, payload, estado: 'PENDENTE', criadoEm: agora, falhas: 0 },
    });
    expect(await lerMensagens(nc, simulacaoId)).toEqual([]);

    const mensagens = await mensagensAssentadas(nc, simulacaoId, 1);
    expect(mensagens).toEqual([{ msgId: id, evento: payload }]);
    const doc = await db.collection('titulos').findOne({ _id: id as never });
    expect(doc?.outbox).toMatchObject({ estado: 'PUBLICADO' });
  });
});
