import mongoose from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subjects } from '@erp/contracts';
import { graphql, rest, stackEnv } from '../support/env';
import { corpoCompleto } from './settings-helpers';
import { SIMULACOES, empresaConfigurada, empresaNova, lerMensagens, mensagensAssentadas, provisionar, simular } from './tax-simulation-helpers';

/**
 * Provisioning: one payable title per payable line, each claimed by a unique insert that also holds its finance
 * request (outbox), published on JetStream with Nats-Msg-Id = title id. Read back from the FINANCE stream.
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

describe('tax simulation - provisioning', () => {
  it('tax simulation - provisioning twice creates each title once and publishes one finance request per title', async () => {
    // The Lucro Presumido NFS-e of R$ 100,000 (January 2026): PIS 650.00, COFINS 3,000.00, CSLL 2,880.00,
    // IRPJ 4,800.00, ISS 5,000.00 are payable; the 2026 CBS/IBS lines are informative, so no title for them.
    const { admin, companyId } = await empresaNova('provisao');
    const simulada = await rest('POST', SIMULACOES, {
      bearer: admin,
      body: { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 },
    });
    const id = simulada.body.dados.id as string;

    const primeira = await rest('POST', `${SIMULACOES}/${id}/provisionar`, { bearer: admin });
    expect(primeira.status).toBe(200);
    expect(primeira.body.dados.provisionada).toBe(true);
    expect(primeira.body.dados.titulos).toEqual([
      { id: `${id}:PIS`, tributo: 'PIS', valor: 650, vencimento: '2026-02-25', competencia: '2026-01', credor: 'UNIAO', codigoReceita: '8109' },
      { id: `${id}:COFINS`, tributo: 'COFINS', valor: 3000, vencimento: '2026-02-25', competencia: '2026-01', credor: 'UNIAO', codigoReceita: '2172' },
      { id: `${id}:CSLL`, tributo: 'CSLL', valor: 2880, vencimento: '2026-04-30', competencia: '2026-01', credor: 'UNIAO', codigoReceita: '2372' },
      { id: `${id}:IRPJ`, tributo: 'IRPJ', valor: 4800, vencimento: '2026-04-30', competencia: '2026-01', credor: 'UNIAO', codigoReceita: '2089' },
      { id: `${id}:ISS`, tributo: 'ISS', valor: 5000, vencimento: '2026-02-18', competencia: '2026-01', credor: 'MUNICIPIO', codigoReceita: null },
    ]);

    // The stored titles as the first call left them (its outbox entries published): a second call must not write.
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
    expect(mensagens.map((m) => m.msgId).sort()).toEqual(primeira.body.dados.titulos.map((t: { id: string }) => t.id).sort());
    const pis = mensagens.find((m) => m.evento.tributo === 'PIS')!;
    expect(pis.msgId).toBe(pis.evento.tituloId);
    expect(pis.evento).toEqual({
      tituloId: `${id}:PIS`,
      companyId,
      simulacaoId: id,
      tributo: 'PIS',
      valorCentavos: 65000,
      vencimento: '2026-02-25',
      competencia: '2026-01',
      credor: 'UNIAO',
      codigoReceita: '8109',
      solicitadoEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(mensagens.find((m) => m.evento.tributo === 'ISS')!.evento).toMatchObject({ valorCentavos: 500000, credor: 'MUNICIPIO', codigoReceita: null });
  });

  it('tax simulation - five concurrent provisionings make one set of titles and exactly one message per title in the stream', async () => {
    // The Lucro Real NF-e (R$ 50,000, SP, purchases R$ 20,000, quarter profit R$ 100,000, March 2026):
    // PIS 405.90 (6912), COFINS 1,869.60 (5856), CSLL 9,000.00 (6012), IRPJ 19,000.00 (no code: 0220 or 3373
    // depends on whether the company is obliged to the Lucro Real), ICMS 5,400.00 to the state.
    const { admin } = await empresaNova('concorrente');
    const simulada = await simular(admin, {
      tipoDocumento: 'NFE',
      valor: 50000,
      dataOperacao: '2026-03-10',
      regime: 'LUCRO_REAL',
      ufOrigem: 'SP',
      comprasCreditaveis: 20000,
      lucroRealTrimestre: 100000,
    });
    const id = simulada.data!.simularImpostos.id as string;

    const respostas = await Promise.all(Array.from({ length: 5 }, () => provisionar(admin, id)));
    for (const resposta of respostas) expect(resposta.errors).toBeUndefined();
    const conjuntos = respostas.map((r) => JSON.stringify(titulosOrdenados(r.data!.provisionarImpostos.titulos)));
    expect(new Set(conjuntos).size).toBe(1);
    expect(respostas[0].data!.provisionarImpostos.titulos).toEqual([
      { id: `${id}:PIS`, tributo: 'PIS', valor: 405.9, vencimento: '2026-04-24', competencia: '2026-03', credor: 'UNIAO', codigoReceita: '6912' },
      { id: `${id}:COFINS`, tributo: 'COFINS', valor: 1869.6, vencimento: '2026-04-24', competencia: '2026-03', credor: 'UNIAO', codigoReceita: '5856' },
      { id: `${id}:CSLL`, tributo: 'CSLL', valor: 9000, vencimento: '2026-04-30', competencia: '2026-03', credor: 'UNIAO', codigoReceita: '6012' },
      { id: `${id}:IRPJ`, tributo: 'IRPJ', valor: 19000, vencimento: '2026-04-30', competencia: '2026-03', credor: 'UNIAO', codigoReceita: null },
      { id: `${id}:ICMS`, tributo: 'ICMS', valor: 5400, vencimento: '2026-04-10', competencia: '2026-03', credor: 'ESTADO', codigoReceita: null },
    ]);

    const mensagens = await mensagensAssentadas(nc, id, 5);
    const porTitulo = new Map<string, number>();
    for (const m of mensagens) porTitulo.set(m.evento.tituloId, (porTitulo.get(m.evento.tituloId) ?? 0) + 1);
    expect(Object.fromEntries(porTitulo)).toEqual({ [`${id}:PIS`]: 1, [`${id}:COFINS`]: 1, [`${id}:CSLL`]: 1, [`${id}:IRPJ`]: 1, [`${id}:ICMS`]: 1 });
    expect(mensagens.every((m) => m.msgId === m.evento.tituloId)).toBe(true);
  });

  it('tax simulation - Simples Nacional provisions only the DAS; a 2027 simulation leaves CBS/IBS without a title until their due date exists', async () => {
    // SN from the settings at 7.5%: DAS 10,000 x 7.5% = 750.00, due Mon 23 Nov 2026; the ISS inside it is no title.
    const sn = await empresaConfigurada({ regimeTributario: 'SIMPLES_NACIONAL', uf: 'SP', aliquotaDas: 7.5 }, 'prov-sn');
    const simulada = await simular(sn.admin, { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15' });
    const id = simulada.data!.simularImpostos.id as string;
    const prov = await provisionar(sn.admin, id);
    expect(prov.data!.provisionarImpostos.titulos).toEqual([
      { id: `${id}:DAS`, tributo: 'DAS', valor: 750, vencimento: '2026-11-23', competencia: '2026-10', credor: 'UNIAO', codigoReceita: null },
    ]);

    // 2027 Lucro Real NF-e of R$ 10,000: ICMS 1,800.00 (Mon 12 Apr 2027) is a title; CBS 713.40 and IBS 4.10 + 4.10
    // are payable but have no due date in force, so they are listed, not provisioned; IRPJ/CSLL are not computable.
    const { admin } = await empresaNova('prov-2027');
    const s2027 = await simular(admin, { tipoDocumento: 'NFE', valor: 10000, dataOperacao: '2027-03-10', regime: 'LUCRO_REAL', ufOrigem: 'SP' });
    const id2027 = s2027.data!.simularImpostos.id as string;
    const prov2027 = (await provisionar(admin, id2027)).data!.provisionarImpostos;
    expect(prov2027.titulos).toEqual([
      { id: `${id2027}:ICMS`, tributo: 'ICMS', valor: 1800, vencimento: '2027-04-12', competencia: '2027-03', credor: 'ESTADO', codigoReceita: null },
    ]);
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
    expect(linhas.ISS.fundamento).toContain('LC 123/2006 art. 21 §4º');
    expect(dados.totalDevido).toBe(399);
    expect(dados.partilhaDas.map((p: { tributo: string }) => p.tributo)).toEqual(['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP']);

    const prov = (await provisionar(sn.admin, id)).data!.provisionarImpostos;
    expect(prov.titulos).toEqual([
      { id: `${id}:DAS`, tributo: 'DAS', valor: 399, vencimento: '2026-11-23', competencia: '2026-10', credor: 'UNIAO', codigoReceita: null },
    ]);
    expect(prov.pendentesDeVencimento).toEqual([]);
    const mensagens = await mensagensAssentadas(nc, id, 1);
    expect(mensagens.map((m) => [m.msgId, m.evento.tributo, m.evento.valorCentavos])).toEqual([[`${id}:DAS`, 'DAS', 39900]]);
    expect(await db.collection('titulos').countDocuments({ simulacaoId: id })).toBe(1);

    // The GraphQL input takes it too.
    const porGraphql = await simular(sn.usuario, { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', anexoSimples: 'III', receitaBruta12Meses: 150000, issRetido: true });
    expect(porGraphql.data!.simularImpostos.linhas.map((l: { tributo: string; valor: number; informativo: boolean }) => [l.tributo, l.valor, l.informativo])).toEqual([
      ['DAS', 399, false],
      ['ISS', 201, true],
    ]);
  });

  it('tax simulation - CBS/IBS kept without a due date become titles once the company sets their due days, each once', async () => {
    // 2027 Lucro Presumido NFS-e of R$ 10,000, ISS 5%, 10 March 2027 (no PIS/COFINS from 2027):
    //   ISS 500.00, day 15 April 2027 (Thursday) -> 2027-04-15; IRPJ 32% x 10,000 = 3,200 x 15% = 480.00 and
    //   CSLL 3,200 x 9% = 288.00, Q1 -> last business day of April 2027, Friday 30 -> 2027-04-30.
    //   CBS/IBS base 10,000 - ISS 500 = 9,500: CBS (8.8% assumed reference - 0.1 p.p.) 8.7% = 826.50;
    //   IBS_UF 0.05% = 4.75; IBS_MUN 0.05% = 4.75: payable, but no due date in force and none in the settings yet.
    const empresa = { ...corpoCompleto().empresa, regimeTributario: 'LUCRO_PRESUMIDO', aliquotaDas: null };
    const { admin } = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'prov-venc');
    const simulada = await simular(admin, { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2027-03-10', aliquotaIss: 5 });
    expect(simulada.errors).toBeUndefined();
    const id = simulada.data!.simularImpostos.id as string;

    const primeira = (await provisionar(admin, id)).data!.provisionarImpostos;
    expect(primeira.titulos.map((t: { tributo: string; valor: number; vencimento: string }) => [t.tributo, t.valor, t.vencimento])).toEqual([
      ['CSLL', 288, '2027-04-30'],
      ['IRPJ', 480, '2027-04-30'],
      ['ISS', 500, '2027-04-15'],
    ]);
    expect(primeira.pendentesDeVencimento).toEqual(['CBS', 'IBS_UF', 'IBS_MUN']);
    expect(primeira.linhas.find((l: { tributo: string }) => l.tributo === 'CBS')).toMatchObject({ valor: 826.5, vencimento: null });
    expect(await mensagensAssentadas(nc, id, 3)).toHaveLength(3);

    // The company sets CBS and IBS day 20, postponed: Tuesday 20 April 2027 is a business day -> 2027-04-20.
    const salvo = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { ...corpoCompleto(), empresa, vencimentos: { cbs: { dia: 20, ajuste: 'PRORROGAR' }, ibs: { dia: 20, ajuste: 'PRORROGAR' } } },
    });
    expect(salvo.status).toBe(200);

    // Three concurrent provisionings: the three missing titles are claimed once each, the old ones untouched.
    const respostas = await Promise.all([1, 2, 3].map(() => provisionar(admin, id)));
    for (const resposta of respostas) expect(resposta.errors).toBeUndefined();
    const [depois] = respostas.map((r) => r.data!.provisionarImpostos);
    for (const resposta of respostas) expect(resposta.data!.provisionarImpostos).toEqual(depois);
    expect(depois.titulos.map((t: { id: string; tributo: string; valor: number; vencimento: string; credor: string }) => [t.id, t.tributo, t.valor, t.vencimento, t.credor])).toEqual([
      [`${id}:CSLL`, 'CSLL', 288, '2027-04-30', 'UNIAO'],
      [`${id}:IRPJ`, 'IRPJ', 480, '2027-04-30', 'UNIAO'],
      [`${id}:ISS`, 'ISS', 500, '2027-04-15', 'MUNICIPIO'],
      [`${id}:CBS`, 'CBS', 826.5, '2027-04-20', 'UNIAO'],
      [`${id}:IBS_UF`, 'IBS_UF', 4.75, '2027-04-20', 'ESTADO'],
      [`${id}:IBS_MUN`, 'IBS_MUN', 4.75, '2027-04-20', 'MUNICIPIO'],
    ]);
    expect(depois.pendentesDeVencimento).toEqual([]);
    expect(depois.linhas.find((l: { tributo: string }) => l.tributo === 'CBS')).toMatchObject({ vencimento: '2027-04-20' });

    const mensagens = await mensagensAssentadas(nc, id, 6);
    expect(mensagens.map((m) => m.msgId).sort()).toEqual(depois.titulos.map((t: { id: string }) => t.id).sort());
    expect(mensagens.find((m) => m.evento.tributo === 'CBS')!.evento).toMatchObject({ valorCentavos: 82650, vencimento: '2027-04-20', competencia: '2027-03', credor: 'UNIAO' });
  });

  it('tax simulation - only one regime of a comparison is provisioned; another one is refused with COMPARACAO_JA_PROVISIONADA', async () => {
    // NFS-e R$ 10,000, ISS 5%, October 2026, compared under SN (DAS 6% = 600.00), LP and LR.
    const { admin } = await empresaNova('prov-comp');
    const comparar = async () => {
      const r = await graphql(
        `mutation ($input: SimularImpostosInput!) { compararRegimes(input: $input) { id regime comparacaoId } }`,
        { input: { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', aliquotaIss: 5 } },
        admin,
      );
      expect(r.errors).toBeUndefined();
      return r.data!.compararRegimes as { id: string; regime: string }[];
    };

    const [sn, lp] = await comparar();
    const escolhida = await rest('POST', `${SIMULACOES}/${lp.id}/provisionar`, { bearer: admin });
    expect(escolhida.status).toBe(200);
    const titulosLp = escolhida.body.dados.titulos.length;
    expect(titulosLp).toBeGreaterThan(0);
    // The same one again is idempotent; the other regime is refused, over REST and GraphQL alike, and writes nothing.
    expect((await rest('POST', `${SIMULACOES}/${lp.id}/provisionar`, { bearer: admin })).body.dados).toEqual(escolhida.body.dados);
    const outra = await rest('POST', `${SIMULACOES}/${sn.id}/provisionar`, { bearer: admin });
    expect(outra.status).toBe(409);
    expect(outra.body).toMatchObject({ sucesso: false, codigo: 'COMPARACAO_JA_PROVISIONADA', simulacaoProvisionada: lp.id });
    const viaGraphql = await provisionar(admin, sn.id);
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe('COMPARACAO_JA_PROVISIONADA');
    expect((await rest('GET', `${SIMULACOES}/${sn.id}`, { bearer: admin })).body.dados).toMatchObject({ provisionada: false, titulos: [] });
    expect(await db.collection('titulos').countDocuments({ simulacaoId: sn.id })).toBe(0);

    // A fresh comparison, its three regimes provisioned at once: exactly one wins, the others get 409.
    const tres = await comparar();
    const respostas = await Promise.all(tres.map((s) => rest('POST', `${SIMULACOES}/${s.id}/provisionar`, { bearer: admin })));
    expect(respostas.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const vencedora = tres[respostas.findIndex((r) => r.status === 200)];
    for (const r of respostas.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ codigo: 'COMPARACAO_JA_PROVISIONADA', simulacaoProvisionada: vencedora.id });
    for (const perdedora of tres.filter((s) => s.id !== vencedora.id)) {
      expect(await db.collection('titulos').countDocuments({ simulacaoId: perdedora.id })).toBe(0);
      expect(await lerMensagens(nc, perdedora.id)).toEqual([]);
    }
  });

  it('tax simulation - a title whose request was recorded but not published (a crash) is published by the relay', async () => {
    // What a provisioning leaves behind when it dies right after its claim: the title with a pending outbox entry.
    const simulacaoId = `crash-${Date.now().toString(36)}`;
    const tituloId = `${simulacaoId}:ICMS`;
    const agora = new Date();
    const payload = {
      tituloId,
      companyId: 'empresa-crash',
      simulacaoId,
      tributo: 'ICMS',
      valorCentavos: 12345,
      vencimento: '2026-12-10',
      competencia: '2026-11',
      credor: 'ESTADO',
      codigoReceita: null,
      solicitadoEm: agora.toISOString(),
    };
    await db.collection('titulos').insertOne({
      _id: tituloId as never,
      companyId: 'empresa-crash',
      simulacaoId,
      tributo: 'ICMS',
      valorCentavos: 12345,
      vencimento: '2026-12-10',
      competencia: '2026-11',
      credor: 'ESTADO',
      codigoReceita: null,
      criadoEm: agora,
      criadoPor: 'ninguem',
      outbox: { eventId: tituloId, subject: Subjects.contaPagarSolicitada, payload, estado: 'PENDENTE', criadoEm: agora, falhas: 0 },
    });
    expect(await lerMensagens(nc, simulacaoId)).toEqual([]);

    const mensagens = await mensagensAssentadas(nc, simulacaoId, 1);
    expect(mensagens).toEqual([{ msgId: tituloId, evento: payload }]);
    const doc = await db.collection('titulos').findOne({ _id: tituloId as never });
    expect(doc?.outbox).toMatchObject({ estado: 'PUBLICADO' });
  });
});
