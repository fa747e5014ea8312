import path from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { SignedXml } from 'xml-crypto';
import { freePort } from '../../scripts/stack/ports';
import { startChild, stopChild, type Child } from '../../scripts/stack/processes';
import { criarPfx } from '../../services/settings/test/support/certificados';
import { newCompanyId, sessionFor, stackEnv } from '../support/env';
import { cnpjNovo, referenciaNova } from './fiscal-helpers';

/**
 * What the SEFAZ adapter's end-to-end files share: a fiscal-document process of the file with
 * FISCAL_AUTHORIZER=sefaz (its own database) behind a gateway of its own, the stack's settings service relaying
 * each call over mutual TLS to the local authority (services/local-authority, started by the stack; a company in
 * HOMOLOGAÇÃO is served there), and the authority's control port, which sets a scenario per issuer CNPJ and tells
 * what it received.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const CONTROLE = () => process.env.TEST_LOCAL_AUTHORITY_CONTROL_URL!;

export interface FiscalSefaz {
  gatewayUrl: string;
  /** The fiscal-document process itself (its /metrics). */
  fiscalUrl: string;
  db: Connection;
  nc: NatsConnection;
}

async function pronto(url: string, child: Child): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)) return;
    if (!child.alive()) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} did not become ready`);
}

/** Starts the file's fiscal-document (sefaz) and gateway in `beforeAll`, stops them in `afterAll`. */
export function usarFiscalSefaz(nome: string, envExtra: Record<string, string> = {}): FiscalSefaz {
  const contexto = {} as FiscalSefaz;
  const DB = `erp_fiscal_${nome}_${process.pid}`;
  let fiscal: Child;
  let gateway: Child;
  beforeAll(async () => {
    const portaFiscal = await freePort();
    const common = { cwd: ROOT, logDir: process.env.TEST_LOG_DIR };
    const env = { ...process.env, NODE_ENV: 'test', MONGODB_URL: stackEnv.mongodbUrl, NATS_URL: stackEnv.natsUrl, SESSION_JWT_SECRET: stackEnv.sessionSecret, APOLLO_TELEMETRY_DISABLED: '1' };
    fiscal = startChild(`fiscal-${nome}`, process.execPath, ['--import', 'tsx', 'services/fiscal-document/src/main.ts'], {
      ...common,
      env: {
        ...env,
        PORT: String(portaFiscal),
        MONGODB_DB: DB,
        FISCAL_AUTHORIZER: 'sefaz',
        SEFAZ_RECEIPT_POLL_MS: '200',
        FISCAL_RECONCILE_INTERVAL_MS: '1000',
        FISCAL_VOIDING_INTERVAL_MS: '1000',
        FISCAL_VOIDING_GRACE_MS: '0',
        ...envExtra,
      },
    });
    contexto.fiscalUrl = `http://127.0.0.1:${portaFiscal}`;
    await pronto(contexto.fiscalUrl, fiscal);
    const portaGateway = await freePort();
    gateway = startChild(`gateway-${nome}`, process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
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
    contexto.gatewayUrl = `http://127.0.0.1:${portaGateway}`;
    await pronto(contexto.gatewayUrl, gateway);
    contexto.db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: DB }).asPromise();
    contexto.nc = await connect({ servers: stackEnv.natsUrl });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([gateway && stopChild(gateway), fiscal && stopChild(fiscal)]);
    await contexto.db?.dropDatabase();
    await contexto.db?.close();
    await contexto.nc?.close();
  });
  return contexto;
}

/** A REST call through the file's gateway; a JSON answer is parsed. */
export async function chamar(contexto: FiscalSefaz, method: string, caminho: string, bearer: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(`${contexto.gatewayUrl}${caminho}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const texto = await r.text();
  return { status: r.status, body: texto.startsWith('{') ? JSON.parse(texto) : texto };
}

/** A GraphQL operation through the file's gateway. */
export async function graphqlSefaz(contexto: FiscalSefaz, bearer: string, query: string, variables: Record<string, unknown> = {}): Promise<{ data?: any; errors?: any[] }> {
  const r = await fetch(`${contexto.gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await r.json()) as { data?: any; errors?: any[] };
}

/** The next answers of each service for an issuer (services/local-authority/src/app/cenarios.ts, `Cenario`). */
export async function cenario(cnpj: string, dados: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${CONTROLE()}/cenarios`, { method: 'POST', body: JSON.stringify({ cnpj, ...dados }) });
  if (!r.ok) throw new Error(`scenario refused: ${r.status}`);
}

export interface EstadoSefaz {
  chamadas: Record<string, number>;
  autorizadas: { chave: string; cStat: string; nProt: string; cancelada: boolean; tpEventoCancelamento: string | null; chNFeRef: string | null }[];
  inutilizadas: { mod: string; serie: number; de: number; ate: number; nProt: string }[];
  /** Every request received for the issuer, in order: the service and the SHA-256 of its signed document as received (a resend is the same bytes). */
  recebidos: { servico: string; sha256: string }[];
}

export async function estado(cnpj: string): Promise<EstadoSefaz> {
  return (await fetch(`${CONTROLE()}/estado?cnpj=${cnpj}`)).json() as never;
}

/** A regime-normal company (IBS/CBS groups in 2026) with address and a certificate, saved through the gateway. */
export async function empresaSefaz(contexto: FiscalSefaz, regime: 'LUCRO_PRESUMIDO' | 'SIMPLES_NACIONAL' = 'LUCRO_PRESUMIDO') {
  const companyId = newCompanyId('sefaz');
  const cnpj = cnpjNovo();
  const admin = await sessionFor(companyId, 'admin');
  const salvo = await chamar(contexto, 'PUT', '/api/erp/faturamento/configuracao', admin, {
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

export const nfe = (extra: Record<string, unknown> = {}) => ({
  referencia: referenciaNova('SEFAZ'),
  modelo: 'NFE',
  destinatario: {
    documento: '11.222.333/0001-81',
    nome: 'Cliente Comprador Ltda',
    uf: 'RJ',
    codigoMunicipio: '3304557',
    inscricaoEstadual: '12345678',
    endereco: { logradouro: 'Avenida Rio Branco', numero: '156', complemento: 'Sala 1201', bairro: 'Centro', municipio: 'Rio de Janeiro', cep: '20040-003', telefone: '(21) 2222-3333' },
  },
  itens: [{ codigo: 'P-1', descricao: 'Cadeira de escritório', quantidade: 2, valorUnitario: 250.5, ncm: '94013000', cfop: '6102', cst: '00' }],
  ...extra,
});

/** An NFC-e sale to an unidentified consumer inside São Paulo. */
export const nfce = (extra: Record<string, unknown> = {}) => ({
  referencia: referenciaNova('NFCE'),
  modelo: 'NFCE',
  itens: [{ codigo: 'C-1', descricao: 'Café torrado 500 g', quantidade: 1, valorUnitario: 32.9, ncm: '09012100', cfop: '5102', cst: '00' }],
  ...extra,
});

/** xml-crypto's verifier on the element `elemento` of `xml`, with the certificate its signature carries. */
export function assinaturaValida(xml: string, elemento: string): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const parte = new XMLSerializer().serializeToString(doc.getElementsByTagName(elemento).item(0)!);
  const der = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(parte)![1];
  const verificador = new SignedXml({ publicCert: `-----BEGIN CERTIFICATE-----\n${der}\n-----END CERTIFICATE-----\n` });
  const sig = new DOMParser().parseFromString(parte, 'text/xml').getElementsByTagName('Signature').item(0)!;
  verificador.loadSignature(sig);
  return verificador.checkSignature(parte);
}

/** Polls `ler` until `pronto` holds (or `tentativas` x 250 ms), and answers the last value read. */
export async function aguardar<T>(ler: () => Promise<T>, pronto: (valor: T) => boolean, tentativas = 80): Promise<T> {
  let valor = await ler();
  for (let i = 0; i < tentativas && !pronto(valor); i += 1) {
    await new Promise((r) => setTimeout(r, 250));
    valor = await ler();
  }
  return valor;
}
