import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { freePort } from '../../scripts/stack/ports';
import { startChild, stopChild, type Child } from '../../scripts/stack/processes';
import { graphql, rest, stackEnv } from '../support/env';
import { DOCUMENTOS, emitir, empresaFiscal, eventosFiscais, nfeVenda, type EmpresaFiscal } from './fiscal-helpers';

/**
 * Voiding burned numbers (inutilização) with the local authorizer: on demand (GraphQL `inutilizarNumeracao`
 * and `POST /api/erp/faturamento/inutilizacoes`) against the stack, and the scheduled job against a
 * fiscal-document of this file (its own database, a short interval and no grace) behind a gateway of its own.
 * Numbers are burned for real: the local authorizer rejects an NCM that exists in no TIPI (778), as SEFAZ does.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const INUTILIZACOES = '/api/erp/faturamento/inutilizacoes';
const JUSTIFICATIVA = 'Numeração pulada por rejeição do documento na SEFAZ';
const NCM_INEXISTENTE = '00000000';

let nc: NatsConnection;
let stackDb: Connection;

beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
  stackDb = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: 'erp_fiscal_document' }).asPromise();
});
afterAll(async () => {
  await nc?.close();
  await stackDb?.close();
});

/** An NF-e the local authorizer refuses (778): its number is burned (`A_INUTILIZAR`). */
function queimar(sessao: string) {
  return emitir(sessao, nfeVenda({ itens: [{ codigo: 'X-1', descricao: 'Produto sem NCM válido', quantidade: 1, valorUnitario: 10, ncm: NCM_INEXISTENTE, cfop: '5102', csosn: '102' }] }));
}

async function numeros(db: Connection, companyId: string, modelo = 'NFE'): Promise<[number, string][]> {
  const lista = await db.collection('numeracao').find({ companyId, modelo }).sort({ numero: 1 }).toArray();
  return lista.map((n) => [n.numero as number, n.situacao as string]);
}

const INUTILIZAR = `mutation ($modelo: ModeloDocumento!, $serie: Int!, $de: Int!, $ate: Int!, $justificativa: String!) {
  inutilizarNumeracao(modelo: $modelo, serie: $serie, de: $de, ate: $ate, justificativa: $justificativa) {
    id modelo serie de ate ambiente situacao origem justificativa cStat motivo protocolo criadoEm inutilizadaEm
  }
}`;

describe('voiding on demand (local authorizer)', () => {
  let e: EmpresaFiscal;

  beforeAll(async () => {
    e = await empresaFiscal();
    expect((await emitir(e.admin, nfeVenda())).body.dados.numero).toBe(1);
    const [dois, tres] = [await queimar(e.admin), await queimar(e.admin)];
    for (const r of [dois, tres]) expect(r.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '778' });
    expect((await emitir(e.admin, nfeVenda())).body.dados.numero).toBe(4);
  }, 60_000);

  it('voiding - the numbers a rejection burned (778) are voided over GraphQL with the local authorizer\'s 102; the same request over REST answers that voiding (200); one ERP_NUMERACAO_INUTILIZADA in the FISCAL stream', async () => {
    expect(await numeros(stackDb, e.companyId)).toEqual([
      [1, 'USADO'],
      [2, 'A_INUTILIZAR'],
      [3, 'A_INUTILIZAR'],
      [4, 'USADO'],
    ]);
    const r = await graphql(INUTILIZAR, { modelo: 'NFE', serie: 1, de: 2, ate: 3, justificativa: `  ${JUSTIFICATIVA} ` }, e.admin);
    expect(r.errors).toBeUndefined();
    const inutilizacao = r.data!.inutilizarNumeracao;
    expect(inutilizacao).toMatchObject({ modelo: 'NFE', serie: 1, de: 2, ate: 3, ambiente: 'HOMOLOGAÇÃO', situacao: 'INUTILIZADA', origem: 'MANUAL', justificativa: JUSTIFICATIVA, cStat: '102' });
    expect(inutilizacao.protocolo).toMatch(/^\d{15}$/);
    expect(await numeros(stackDb, e.companyId)).toEqual([
      [1, 'USADO'],
      [2, 'INUTILIZADO'],
      [3, 'INUTILIZADO'],
      [4, 'USADO'],
    ]);

    const repetida = await rest('POST', INUTILIZACOES, { bearer: e.admin, body: { modelo: 'NFE', serie: 1, de: 2, ate: 3, justificativa: JUSTIFICATIVA } });
    expect(repetida.status).toBe(200);
    expect(repetida.body.dados).toMatchObject({ id: inutilizacao.id, protocolo: inutilizacao.protocolo });

    const lista = await rest('GET', INUTILIZACOES, { bearer: e.usuario });
    expect(lista.status).toBe(200);
    expect(lista.body.dados).toEqual([expect.objectContaining({ id: inutilizacao.id, situacao: 'INUTILIZADA', de: 2, ate: 3 })]);
    const outra = await empresaFiscal();
    expect((await rest('GET', INUTILIZACOES, { bearer: outra.admin })).body.dados).toEqual([]);

    // Late duplicates would show here: the relay runs every 2 s.
    await new Promise((res) => setTimeout(res, 2_500));
    const eventId = `inutilizacao:${e.companyId}|HOMOLOGAÇÃO|NFE|1|2-3`;
    const eventos = await eventosFiscais(nc, (p) => p.eventId === eventId, 1);
    expect(eventos).toHaveLength(1);
    expect(eventos[0]).toMatchObject({ subject: 'fiscal.v1.ERP_NUMERACAO_INUTILIZADA', msgId: eventId });
    expect(eventos[0].payload).toEqual({
      eventId,
      companyId: e.companyId,
      ambiente: 'HOMOLOGAÇÃO',
      emitenteCnpj: e.cnpj,
      modelo: 'NFE',
      serie: 1,
      numeroInicial: 2,
      numeroFinal: 3,
      justificativa: JUSTIFICATIVA,
      protocolo: inutilizacao.protocolo,
      inutilizadoEm: inutilizacao.inutilizadaEm,
      origem: 'MANUAL',
    });
  }, 60_000);

  it('voiding - refusals: bad input (every field at once), a number in use, never taken or voided already, a user, another company, and the numbering never reuses a voided number', async () => {
    const pedir = (corpo: unknown, sessao = e.admin) => rest('POST', INUTILIZACOES, { bearer: sessao, body: corpo });
    const invalida = await pedir({ modelo: 'CTE', serie: 1, de: 5, ate: 2, justificativa: 'curta', extra: true });
    expect(invalida.status).toBe(400);
    expect(invalida.body).toMatchObject({ sucesso: false, codigo: 'INUTILIZACAO_INVALIDA' });
    expect(invalida.body.campos.map((c: any) => [c.campo, c.regra])).toEqual([
      ['extra', 'campo_desconhecido'],
      ['modelo', 'modelo_sem_inutilizacao'],
      ['ate', 'faixa_invertida'],
      ['justificativa', 'justificativa_invalida'],
    ]);
    const grande = await pedir({ modelo: 'NFE', serie: 1, de: 1, ate: 1001, justificativa: JUSTIFICATIVA });
    expect(grande.body.campos).toEqual([expect.objectContaining({ campo: 'ate', regra: 'faixa_grande_demais' })]);
    expect((await pedir({ modelo: 'NFE', serie: 1, de: 1, ate: 1, justificativa: 'x'.repeat(256) })).body.codigo).toBe('INUTILIZACAO_INVALIDA');

    const emUso = await pedir({ modelo: 'NFE', serie: 1, de: 1, ate: 2, justificativa: JUSTIFICATIVA });
    expect(emUso.status).toBe(422);
    expect(emUso.body).toMatchObject({ codigo: 'FAIXA_NAO_INUTILIZAVEL', numero: 1, motivo: 'EM_USO' });
    const naoTomado = await pedir({ modelo: 'NFE', serie: 1, de: 5, ate: 5, justificativa: JUSTIFICATIVA });
    expect(naoTomado.body).toMatchObject({ codigo: 'FAIXA_NAO_INUTILIZAVEL', numero: 5, motivo: 'NAO_UTILIZADO' });
    const outraSerie = await pedir({ modelo: 'NFE', serie: 2, de: 1, ate: 1, justificativa: JUSTIFICATIVA });
    expect(outraSerie.body).toMatchObject({ codigo: 'FAIXA_NAO_INUTILIZAVEL', numero: 1, motivo: 'NAO_UTILIZADO' });

    const usuario = await pedir({ modelo: 'NFE', serie: 1, de: 2, ate: 3, justificativa: JUSTIFICATIVA }, e.usuario);
    expect(usuario.status).toBe(403);
    expect(usuario.body.codigo).toBe('FORBIDDEN');
    const gqlUsuario = await graphql(INUTILIZAR, { modelo: 'NFE', serie: 1, de: 2, ate: 3, justificativa: JUSTIFICATIVA }, e.usuario);
    expect(gqlUsuario.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await rest('POST', INUTILIZACOES, { body: { modelo: 'NFE', serie: 1, de: 2, ate: 3, justificativa: JUSTIFICATIVA } })).status).toBe(401);

    // Another company's numbers do not exist for this one.
    const outra = await empresaFiscal();
    expect((await pedir({ modelo: 'NFE', serie: 1, de: 2, ate: 2, justificativa: JUSTIFICATIVA }, outra.admin)).body).toMatchObject({ codigo: 'FAIXA_NAO_INUTILIZAVEL', motivo: 'NAO_UTILIZADO' });

    // Part of a voided range, not the same range: voided already.
    const parte = await pedir({ modelo: 'NFE', serie: 1, de: 3, ate: 3, justificativa: JUSTIFICATIVA });
    expect(parte.body).toMatchObject({ codigo: 'FAIXA_NAO_INUTILIZAVEL', numero: 3, motivo: 'JA_INUTILIZADO' });
    expect((await emitir(e.admin, nfeVenda())).body.dados.numero).toBe(5);
  }, 60_000);

  it('voiding - two identical requests at once: one voiding registered, the other answers it or says it is under way; one event', async () => {
    const c = await empresaFiscal();
    await emitir(c.admin, nfeVenda());
    await queimar(c.admin);
    await queimar(c.admin);
    const corpo = { modelo: 'NFE', serie: 1, de: 2, ate: 3, justificativa: JUSTIFICATIVA };
    const respostas = await Promise.all([0, 1, 2].map(() => rest('POST', INUTILIZACOES, { bearer: c.admin, body: corpo })));
    const statuses = respostas.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const r of respostas) {
      if (r.status === 409) expect(r.body.codigo).toBe('INUTILIZACAO_PENDENTE');
      else expect(r.status === 200 || r.status === 201).toBe(true);
    }
    const registros = await stackDb.collection('inutilizacoes').find({ companyId: c.companyId, situacao: 'INUTILIZADA' }).toArray();
    expect(registros).toHaveLength(1);
    await new Promise((res) => setTimeout(res, 2_500));
    expect(await eventosFiscais(nc, (p) => p.companyId === c.companyId && p.numeroInicial === 2, 1)).toHaveLength(1);
  }, 60_000);
});

describe('scheduled voiding (local authorizer)', () => {
  const DB = `erp_fiscal_voiding_${process.pid}`;
  let fiscal: Child;
  let gateway: Child;
  let gatewayUrl: string;
  let db: Connection;

  async function pronto(url: string, child: Child): Promise<void> {
    for (let i = 0; i < 600; i += 1) {
      if (await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)) return;
      if (!child.alive()) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${child.name} did not become ready`);
  }

  beforeAll(async () => {
    const common = { cwd: ROOT, logDir: process.env.TEST_LOG_DIR };
    const env = { ...process.env, NODE_ENV: 'test', MONGODB_URL: stackEnv.mongodbUrl, NATS_URL: stackEnv.natsUrl, SESSION_JWT_SECRET: stackEnv.sessionSecret, APOLLO_TELEMETRY_DISABLED: '1' };
    const portaFiscal = await freePort();
    fiscal = startChild('fiscal-voiding', process.execPath, ['--import', 'tsx', 'services/fiscal-document/src/main.ts'], {
      ...common,
      env: { ...env, PORT: String(portaFiscal), MONGODB_DB: DB, FISCAL_VOIDING_INTERVAL_MS: '300', FISCAL_VOIDING_GRACE_MS: '0' },
    });
    await pronto(`http://127.0.0.1:${portaFiscal}`, fiscal);
    const portaGateway = await freePort();
    gateway = startChild('gateway-voiding', process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
      ...common,
      env: {
        ...env,
        PORT: String(portaGateway),
        TOKEN_SERVICE_URL: stackEnv.serviceUrl('token'),
        INGESTION_SERVICE_URL: stackEnv.serviceUrl('ingestion'),
        FISCAL_DOCUMENT_SERVICE_URL: `http://127.0.0.1:${portaFiscal}`,
        TAX_SIMULATION_SERVICE_URL: stackEnv.serviceUrl('tax-simulation'),
        SETTINGS_SERVICE_URL: stackEnv.serviceUrl('settings'),
      },
    });
    gatewayUrl = `http://127.0.0.1:${portaGateway}`;
    await pronto(gatewayUrl, gateway);
    db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: DB }).asPromise();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([gateway && stopChild(gateway), fiscal && stopChild(fiscal)]);
    await db?.dropDatabase();
    await db?.close();
  });

  async function chamar(method: string, caminho: string, bearer: string, body?: unknown): Promise<{ status: number; body: any }> {
    const r = await fetch(`${gatewayUrl}${caminho}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, body: await r.json() };
  }

  it('voiding - the job voids every burned NF-e and NFC-e number by itself (AUTOMATICA, 102), per model and series, each range once with one event; numbering goes on after them', async () => {
    const e = await empresaFiscal();
    const nfce = (ncm: string) =>
      nfeVenda({ modelo: 'NFCE', destinatario: null, itens: [{ codigo: 'C-1', descricao: 'Café', quantidade: 1, valorUnitario: 5, ncm, cfop: '5102', csosn: '102' }] });
    const nfeRuim = () => nfeVenda({ itens: [{ codigo: 'X', descricao: 'Sem NCM', quantidade: 1, valorUnitario: 10, ncm: NCM_INEXISTENTE, cfop: '5102', csosn: '102' }] });
    expect((await chamar('POST', DOCUMENTOS, e.admin, nfeVenda())).body.dados.numero).toBe(1);
    // Two NF-e refused at once (numbers 2 and 3), one NFC-e (number 1 of model 65).
    const recusas = await Promise.all([chamar('POST', DOCUMENTOS, e.admin, nfeRuim()), chamar('POST', DOCUMENTOS, e.admin, nfeRuim()), chamar('POST', DOCUMENTOS, e.admin, nfce(NCM_INEXISTENTE))]);
    for (const r of recusas) expect(r.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '778' });

    let lista: any[] = [];
    for (let i = 0; i < 60; i += 1) {
      lista = (await chamar('GET', INUTILIZACOES, e.usuario)).body.dados;
      const cobertos = lista.filter((v) => v.situacao === 'INUTILIZADA').reduce((t, v) => t + v.ate - v.de + 1, 0);
      if (cobertos === 3) break;
      await new Promise((res) => setTimeout(res, 250));
    }
    for (const v of lista) expect(v).toMatchObject({ situacao: 'INUTILIZADA', origem: 'AUTOMATICA', cStat: '102', serie: 1, ambiente: 'HOMOLOGAÇÃO' });
    // NF-e 2 and 3 (one range, or two when the job passed between the two refusals), NFC-e 1.
    const nfe = lista.filter((v) => v.modelo === 'NFE').flatMap((v) => Array.from({ length: v.ate - v.de + 1 }, (_, k) => v.de + k));
    expect(nfe.sort()).toEqual([2, 3]);
    expect(lista.filter((v) => v.modelo === 'NFCE').map((v) => [v.de, v.ate])).toEqual([[1, 1]]);
    expect(await numeros(db, e.companyId)).toEqual([
      [1, 'USADO'],
      [2, 'INUTILIZADO'],
      [3, 'INUTILIZADO'],
    ]);
    expect(await numeros(db, e.companyId, 'NFCE')).toEqual([[1, 'INUTILIZADO']]);

    // Several passes later nothing was voided twice.
    await new Promise((res) => setTimeout(res, 2_500));
    expect(await db.collection('inutilizacoes').countDocuments({ companyId: e.companyId })).toBe(lista.length);
    const eventos = await eventosFiscais(nc, (p) => p.companyId === e.companyId && typeof p.numeroInicial === 'number', lista.length);
    expect(eventos).toHaveLength(lista.length);
    for (const ev of eventos) expect(ev.payload).toMatchObject({ origem: 'AUTOMATICA', justificativa: expect.stringMatching(/^Numeração não utilizada/) });

    expect((await chamar('POST', DOCUMENTOS, e.admin, nfeVenda())).body.dados.numero).toBe(4);
    expect((await chamar('POST', DOCUMENTOS, e.admin, nfce('21069090'))).body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 2 });
  }, 90_000);
});
