import path from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { SignedXml } from 'xml-crypto';
import { freePort } from '../../scripts/stack/ports';
import { startChild, stopChild, type Child } from '../../scripts/stack/processes';
import { criarPfx } from '../../services/settings/test/support/certificados';
import { newCompanyId, sessionFor, stackEnv } from '../support/env';
import { lerCodigo128, pdfParaPng, textoDoPdf } from './danfe-helpers';
import { cnpjNovo, DOCUMENTOS, eventosDoDocumento, eventosFiscais, referenciaNova } from './fiscal-helpers';

/**
 * The SEFAZ adapter end to end: a fiscal-document process of this file with FISCAL_AUTHORIZER=sefaz (its own
 * database) behind a gateway of its own, the stack's settings service relaying each call over mutual TLS to
 * the local SEFAZ stand-in (test/support/sefaz-stand-in.ts, started by the global setup), which verifies the
 * signature and the key and answers with SEFAZ's structures. Each recovery path is driven by a scenario.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const DB = `erp_fiscal_sefaz_${process.pid}`;
const CONTROLE = () => process.env.TEST_SEFAZ_CONTROL_URL!;

let fiscal: Child;
let gateway: Child;
let gatewayUrl: string;
let db: Connection;
let nc: NatsConnection;

async function pronto(url: string, child: Child): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)) return;
    if (!child.alive()) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} did not become ready`);
}

beforeAll(async () => {
  const portaFiscal = await freePort();
  const common = { cwd: ROOT, logDir: process.env.TEST_LOG_DIR };
  const env = { ...process.env, NODE_ENV: 'test', MONGODB_URL: stackEnv.mongodbUrl, NATS_URL: stackEnv.natsUrl, SESSION_JWT_SECRET: stackEnv.sessionSecret, APOLLO_TELEMETRY_DISABLED: '1' };
  fiscal = startChild('fiscal-sefaz', process.execPath, ['--import', 'tsx', 'services/fiscal-document/src/main.ts'], {
    ...common,
    env: { ...env, PORT: String(portaFiscal), MONGODB_DB: DB, FISCAL_AUTHORIZER: 'sefaz', SEFAZ_RECEIPT_POLL_MS: '200', FISCAL_RECONCILE_INTERVAL_MS: '1000', FISCAL_VOIDING_INTERVAL_MS: '1000', FISCAL_VOIDING_GRACE_MS: '0' },
  });
  await pronto(`http://127.0.0.1:${portaFiscal}`, fiscal);
  const portaGateway = await freePort();
  gateway = startChild('gateway-sefaz', process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
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
  nc = await connect({ servers: stackEnv.natsUrl });
}, 120_000);

afterAll(async () => {
  await Promise.all([gateway && stopChild(gateway), fiscal && stopChild(fiscal)]);
  await db?.dropDatabase();
  await db?.close();
  await nc?.close();
});

async function chamar(method: string, caminho: string, bearer: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(`${gatewayUrl}${caminho}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const texto = await r.text();
  return { status: r.status, body: texto.startsWith('{') ? JSON.parse(texto) : texto };
}

async function cenario(cnpj: string, dados: Record<string, unknown>): Promise<void> {
  await fetch(`${CONTROLE()}/cenarios`, { method: 'POST', body: JSON.stringify({ cnpj, ...dados }) });
}

async function estado(cnpj: string): Promise<{
  chamadas: Record<string, number>;
  autorizadas: { chave: string; cStat: string; nProt: string; cancelada: boolean }[];
  inutilizadas: { mod: string; serie: number; de: number; ate: number; nProt: string }[];
}> {
  return (await fetch(`${CONTROLE()}/estado?cnpj=${cnpj}`)).json() as never;
}

/** A regime-normal company (IBS/CBS groups in 2026) with address and a certificate, saved through the gateway. */
async function empresaSefaz(regime: 'LUCRO_PRESUMIDO' | 'SIMPLES_NACIONAL' = 'LUCRO_PRESUMIDO') {
  const companyId = newCompanyId('sefaz');
  const cnpj = cnpjNovo();
  const admin = await sessionFor(companyId, 'admin');
  const salvo = await chamar('PUT', '/api/erp/faturamento/configuracao', admin, {
    ambiente: 'HOMOLOGAÇÃO',
    seriePadrao: 1,
    series: [1],
    timeoutSegundos: 5,
    empresa: {
      cnpj,
      razaoSocial: 'Empresa Transmissora Ltda',
      inscricaoEstadual: '110042490114',
      uf: 'SP',
      codigoMunicipio: '3550308',
      regimeTributario: regime,
      aliquotaDas: regime === 'SIMPLES_NACIONAL' ? 6 : null,
      endereco: { logradouro: 'Rua das Flores', numero: '100', bairro: 'Centro', municipio: 'São Paulo', cep: '01001-000' },
    },
    certificadoA1: { arquivoBase64: criarPfx('senha-a1', { cnpjNoNome: cnpj }).toString('base64'), senha: 'senha-a1' },
  });
  if (salvo.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(salvo.body)}`);
  return { companyId, cnpj, admin };
}

const nfe = (extra: Record<string, unknown> = {}) => ({
  referencia: referenciaNova('SEFAZ'),
  modelo: 'NFE',
  destinatario: { documento: '11.222.333/0001-81', nome: 'Cliente Comprador Ltda', uf: 'RJ', inscricaoEstadual: '12345678' },
  itens: [{ codigo: 'P-1', descricao: 'Cadeira de escritório', quantidade: 2, valorUnitario: 250.5, ncm: '94013000', cfop: '6102', cst: '00' }],
  ...extra,
});

function assinaturaValida(xml: string, elemento: string): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const parte = new XMLSerializer().serializeToString(doc.getElementsByTagName(elemento).item(0)!);
  const der = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(parte)![1];
  const verificador = new SignedXml({ publicCert: `-----BEGIN CERTIFICATE-----\n${der}\n-----END CERTIFICATE-----\n` });
  const sig = new DOMParser().parseFromString(parte, 'text/xml').getElementsByTagName('Signature').item(0)!;
  verificador.loadSignature(sig);
  return verificador.checkSignature(parte);
}

describe('sefaz - transmission through the stand-in', () => {
  it('sefaz - an NF-e is signed, sent over mutual TLS and authorized: nfeProc kept and its signature verified by xml-crypto, one event', async () => {
    const e = await empresaSefaz();
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', cStat: '100', numero: 1 });
    const sefaz = await estado(e.cnpj);
    expect(sefaz.autorizadas).toEqual([expect.objectContaining({ chave: r.body.dados.chaveAcesso, cStat: '100', nProt: r.body.dados.protocolo })]);
    const proc = await db.collection('xml_documentos').findOne({ _id: `${r.body.dados.id}:NFE_PROC` as never });
    expect(proc?.xml).toContain('<nfeProc');
    expect(proc?.xml).toContain(`<chNFe>${r.body.dados.chaveAcesso}</chNFe>`);
    expect(proc?.xml).toContain('<IBSCBS>');
    expect(assinaturaValida(proc!.xml as string, 'NFe')).toBe(true);
    const eventos = await eventosDoDocumento(nc, r.body.dados.id, 1);
    expect(eventos.map((ev) => ev.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);
  }, 60_000);

  it('sefaz - timeout, then already authorized: the query by key adopts SEFAZ protocol; one number, one authorization at SEFAZ', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_ATRASA'], atrasoMs: 8_000 });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas).toMatchObject({ NFeAutorizacao4: 1, NFeConsultaProtocolo4: 1 });
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1, protocolo: sefaz.autorizadas[0].nProt });
  }, 60_000);

  it('sefaz - connection lost and the first query lags (217): the same signed NF-e is sent again, SEFAZ answers 204, the query adopts it', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'], consulta: ['NAO_CONSTA'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas).toMatchObject({ NFeAutorizacao4: 2, NFeConsultaProtocolo4: 2 });
    expect(sefaz.autorizadas).toHaveLength(1);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1, protocolo: sefaz.autorizadas[0].nProt });
    const numeros = await db.collection('numeracao').find({ companyId: e.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'USADO']]);
  }, 60_000);

  it('sefaz - 103 then 105 then 104 with the protocol: the receipt is polled until the authorization', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['ASSINCRONO'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', cStat: '100' });
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ NFeAutorizacao4: 1, NFeRetAutorizacao4: 2 });
  }, 60_000);

  it('sefaz - 539 (the number is another key\'s at SEFAZ): rejected, the number is not voided, the next NF-e takes number 2', async () => {
    const e = await empresaSefaz();
    await fetch(`${CONTROLE()}/numeros-de-outra-chave`, { method: 'POST', body: JSON.stringify({ cnpj: e.cnpj, mod: '55', serie: 1, numero: 1, chave: '3'.repeat(44) }) });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '539' });
    const seguinte = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(seguinte.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 2 });
    const numeros = await db.collection('numeracao').find({ companyId: e.companyId }).sort({ numero: 1 }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([
      [1, 'USADO'],
      [2, 'USADO'],
    ]);
  }, 60_000);

  it('sefaz - a denial (301) keeps the document as DENEGADO with its number spent, never voided', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { denegar: '301' });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ codigo: 'DOCUMENTO_DENEGADO', cStat: '301' });
    const lido = await chamar('GET', `${DOCUMENTOS}/${r.body.documentoId}`, e.admin);
    expect(lido.body.dados).toMatchObject({ situacao: 'DENEGADO', cStat: '301' });
    const numeros = await db.collection('numeracao').find({ companyId: e.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'USADO']]);
  }, 60_000);

  it('sefaz - no answer and the query fails too: PENDENTE (202) with its number; the reconciliation resolves it by a query, one event', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'], consulta: ['ERRO_500'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(202);
    expect(r.body.dados).toMatchObject({ situacao: 'PENDENTE', numero: 1 });
    let lido: any;
    for (let i = 0; i < 40; i += 1) {
      lido = (await chamar('GET', `${DOCUMENTOS}/${r.body.dados.id}`, e.admin)).body.dados;
      if (lido.situacao !== 'PENDENTE') break;
      await new Promise((res) => setTimeout(res, 250));
    }
    const sefaz = await estado(e.cnpj);
    expect(lido).toMatchObject({ situacao: 'AUTORIZADO', numero: 1, protocolo: sefaz.autorizadas[0].nProt });
    expect(sefaz.chamadas.NFeAutorizacao4).toBe(1);
    await new Promise((res) => setTimeout(res, 2_000));
    expect((await eventosDoDocumento(nc, r.body.dados.id, 1)).map((ev) => ev.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);
  }, 60_000);

  it('sefaz - cancellation: 135 registered with procEventoNFe kept; the lost answer of a retried cancellation (573) is adopted by a query', async () => {
    const e = await empresaSefaz();
    const primeira = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    const cancelada = await chamar('POST', `${DOCUMENTOS}/${primeira.body.dados.id}/cancelar`, e.admin, { justificativa: 'Pedido cancelado pelo cliente antes do envio' });
    expect(cancelada.status).toBe(200);
    expect(cancelada.body.dados).toMatchObject({ situacao: 'CANCELADO' });
    const proc = await db.collection('xml_documentos').findOne({ _id: `${primeira.body.dados.id}:CANCELAMENTO_PROC` as never });
    expect(proc?.xml).toContain('<procEventoNFe');
    expect(assinaturaValida(proc!.xml as string, 'evento')).toBe(true);

    // The event is registered but its answer lost; the query still shows the NF-e authorized (lag), so the
    // same signed event goes again: 573, and the query that follows finds the cancellation.
    const segunda = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    await cenario(e.cnpj, { evento: ['PROCESSA_E_DERRUBA'], consulta: ['ANTES_DO_CANCELAMENTO'] });
    const retentada = await chamar('POST', `${DOCUMENTOS}/${segunda.body.dados.id}/cancelar`, e.admin, { justificativa: 'Pedido cancelado pelo cliente antes do envio' });
    expect(retentada.status).toBe(200);
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas.NFeRecepcaoEvento4).toBe(3);
    expect(sefaz.autorizadas.find((a) => a.chave === segunda.body.dados.chaveAcesso)?.cancelada).toBe(true);
    expect((await eventosDoDocumento(nc, segunda.body.dados.id, 2)).filter((ev) => ev.subject === 'fiscal.v1.ERP_NFE_CANCELADA')).toHaveLength(1);
  }, 90_000);

  it('sefaz - 501: SEFAZ refuses a cancellation past its deadline; the document stays AUTORIZADO', async () => {
    const e = await empresaSefaz();
    const emitida = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    await cenario(e.cnpj, { prazoCancelamentoMinutos: 0 });
    await new Promise((res) => setTimeout(res, 50));
    const r = await chamar('POST', `${DOCUMENTOS}/${emitida.body.dados.id}/cancelar`, e.admin, { justificativa: 'Pedido cancelado pelo cliente antes do envio' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ codigo: 'PRAZO_CANCELAMENTO_EXPIRADO', cStat: '501' });
    expect((await chamar('GET', `${DOCUMENTOS}/${emitida.body.dados.id}`, e.admin)).body.dados.situacao).toBe('AUTORIZADO');
  }, 60_000);

  it('sefaz - a rejected NF-e burns its number; the scheduled job voids it with NFeInutilizacao4 (signed inutNFe checked by the stand-in): the lost first answer is resent as the same bytes, 563 adopted, ProcInutNFe kept, one event', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { rejeitar: '778', inutilizacao: ['PROCESSA_E_DERRUBA'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '778' });

    let lista: any[] = [];
    for (let i = 0; i < 80 && !lista.some((v) => v.situacao === 'INUTILIZADA'); i += 1) {
      await new Promise((res) => setTimeout(res, 250));
      lista = (await chamar('GET', '/api/erp/faturamento/inutilizacoes', e.admin)).body.dados;
    }
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas.NFeInutilizacao4).toBe(2);
    expect(sefaz.inutilizadas).toEqual([expect.objectContaining({ mod: '55', serie: 1, de: 1, ate: 1 })]);
    expect(lista).toEqual([expect.objectContaining({ modelo: 'NFE', serie: 1, de: 1, ate: 1, situacao: 'INUTILIZADA', origem: 'AUTOMATICA', cStat: '563', protocolo: sefaz.inutilizadas[0].nProt })]);
    const registro = await db.collection('inutilizacoes').findOne({ _id: lista[0].id as never });
    expect(registro?.xml).toContain('<ProcInutNFe');
    expect(assinaturaValida(registro!.xml as string, 'inutNFe')).toBe(true);
    const numeros = await db.collection('numeracao').find({ companyId: e.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'INUTILIZADO']]);

    await new Promise((res) => setTimeout(res, 2_500));
    const eventos = await eventosFiscais(nc, (p) => p.companyId === e.companyId && p.numeroInicial === 1, 1);
    expect(eventos).toHaveLength(1);
    expect(eventos[0].payload).toMatchObject({ emitenteCnpj: e.cnpj, modelo: 'NFE', numeroFinal: 1, protocolo: sefaz.inutilizadas[0].nProt, origem: 'AUTOMATICA' });
    expect((await chamar('POST', DOCUMENTOS, e.admin, nfe())).body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 2 });
  }, 60_000);

  it('sefaz - GET .../xml answers the nfeProc (signature verified by xml-crypto); GET .../danfe.pdf is the DANFE of that XML: the Code-128C decodes to the key, SEFAZ\'s protocol and the issuer\'s address are printed', async () => {
    const e = await empresaSefaz();
    const doc = (await chamar('POST', DOCUMENTOS, e.admin, nfe())).body.dados;
    const xml = await fetch(`${gatewayUrl}${DOCUMENTOS}/${doc.id}/xml`, { headers: { authorization: `Bearer ${e.admin}` } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(xml.headers.get('content-disposition')).toBe(`attachment; filename="${doc.chaveAcesso}-procNFe.xml"`);
    const corpo = await xml.text();
    expect(corpo.startsWith('<?xml version="1.0" encoding="UTF-8"?><nfeProc')).toBe(true);
    expect(corpo).toContain(`<nProt>${doc.protocolo}</nProt>`);
    expect(assinaturaValida(corpo, 'NFe')).toBe(true);

    const danfe = await fetch(`${gatewayUrl}${DOCUMENTOS}/${doc.id}/danfe.pdf`, { headers: { authorization: `Bearer ${e.admin}` } });
    expect(danfe.status).toBe(200);
    const pdf = Buffer.from(await danfe.arrayBuffer());
    expect(lerCodigo128(pdfParaPng(pdf, 'danfe-sefaz-nfe'))).toEqual({ texto: doc.chaveAcesso, inicio: 105 });
    const texto = textoDoPdf(pdf).replace(/\s+/g, ' ');
    for (const trecho of ['Empresa Transmissora Ltda', 'Rua das Flores, 100', 'CEP 01001-000', 'São Paulo - SP', '110042490114', doc.protocolo, 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', 'Cadeira de escritório', '6102', '501,00', 'VALOR DA CBS']) {
      expect(texto).toContain(trecho);
    }
    expect(texto).not.toContain('não foi transmitida à SEFAZ');
  }, 60_000);
});
