import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { SignJWT } from 'jose';
import { IngestionEntities } from '@erp/contracts';
import { graphql, newCompanyId, rest, sessionFor, stackEnv } from '../../support/env';
import { emitir, empresaFiscal, nfeVenda } from '../../e2e/fiscal-helpers';
import { simular } from '../../e2e/tax-simulation-helpers';
import { CRIAR, INATIVAR, REVOGAR } from '../../e2e/token-helpers';

export type ServiceName = 'token' | 'ingestion' | 'fiscal-document' | 'tax-simulation' | 'settings';
export const SERVICE_NAMES: readonly ServiceName[] = ['token', 'ingestion', 'fiscal-document', 'tax-simulation', 'settings'];

/** Everything the generators may name: sessions and tokens in every state, the graph's schema, the entities. */
export interface FuzzContext {
  gatewayUrl: string;
  serviceUrls: Record<ServiceName, string>;
  sessions: {
    admin: string;
    user: string;
    /** An admin of another company: what it reads must never be the control company's. */
    foreign: string;
    forgedKey: string;
    expired: string;
    algNone: string;
    noCompany: string;
    oddRole: string;
  };
  tokens: {
    /** Valid UPSERT tokens of the fuzz company, all entities; several, so the rate limit is not all the run sees. */
    valid: string[];
    insert: string;
    narrow: string;
    revoked: string;
    inactive: string;
    expired: string;
  };
  fields: Record<string, string[]>;
  schema: GraphQLSchema;
  /** Text in every value the control company wrote; no response to anyone else may contain it. */
  marker: string;
  /**
   * More of the control company's data that no answer may hold unless the request itself carried it (a foreign id
   * sent on purpose): its document's id and access key, its simulation's id.
   */
  controlTexts: string[];
  control: { session: string; token: string; document: string; simulation: string };
  /** The fuzz company's own fiscal documents and simulations, so the fiscal routes reach real ones. */
  fiscal: { documents: string[]; simulations: string[] };
  sentinel: { session: string; token: string };
}

const FORGED_KEY = 'not-the-platform-key-not-the-platform-key';

async function token(session: string, input: Record<string, unknown>): Promise<{ id: string; value: string }> {
  const result = await graphql<{ criarTokenIngestao: { token: string; tokenIngestao: { id: string } } }>(
    CRIAR,
    { input: { nome: `fuzz ${Math.random().toString(36).slice(2)}`, entidades: [...IngestionEntities], ...input } },
    session,
  );
  if (!result.data) throw new Error(`fuzz setup: criarTokenIngestao failed: ${JSON.stringify(result.errors)}`);
  return { id: result.data.criarTokenIngestao.tokenIngestao.id, value: result.data.criarTokenIngestao.token };
}

async function mustAnswer(query: string, variables: Record<string, unknown>, session: string): Promise<void> {
  const result = await graphql(query, variables, session);
  if (result.errors) throw new Error(`fuzz setup: ${query.slice(0, 40)} failed: ${JSON.stringify(result.errors)}`);
}

function signed(claims: Record<string, unknown>, key: string, expiresAt: string | number = '2h'): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('fuzz-user')
    .setIssuer('erp-dev')
    .setAudience('erp-internal')
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(key));
}

/** What the control company reads of itself: compared before and after the run. */
export async function controlSnapshot(context: FuzzContext): Promise<string> {
  const records = await graphql(
    `{ registrosIngeridos(entidade: "incidente_seguranca", primeiros: 200) { itens { id chave valores vinculos loteId } proximo }
       historicoImportacoes(primeiros: 200) { itens { loteId entidade gravadas recusadas duplicadas totalLinhas linhasRecusadas { linha valores erros } } proximo } }`,
    {},
    context.control.session,
  );
  const settings = await rest('GET', '/api/erp/faturamento/configuracao', { bearer: context.control.session });
  const discovery = await rest('GET', '/api/ingestao-pub/entidades', { bearer: context.control.token });
  const fiscal = await graphql(
    `{ documentosFiscais(primeiros: 50) { itens { id referencia numero chaveAcesso situacao valorTotal canceladoEm entregueEm } proximo }
       inutilizacoes(primeiros: 50) { id de ate situacao }
       simulacoesImposto(primeiros: 50) { itens { id valor totalDevido provisionada linhas { tributo valor } } proximo } }`,
    {},
    context.control.session,
  );
  const document = await rest('GET', `/api/erp/faturamento/documentos/${context.control.document}`, { bearer: context.control.session });
  const simulation = await rest('GET', `/api/erp/faturamento/impostos/simulacoes/${context.control.simulation}`, { bearer: context.control.session });
  return JSON.stringify({
    records,
    settings: { status: settings.status, body: settings.body },
    discovery: discovery.body,
    fiscal,
    document: { status: document.status, body: document.body },
    simulation: { status: simulation.status, body: simulation.body },
  });
}

/** A document of `session`'s company (fiscal settings saved), issued through the gateway: its id and access key. */
async function issued(session: string, referencia: string): Promise<{ id: string; chaveAcesso: string }> {
  const reply = await emitir(session, nfeVenda({ referencia }));
  if (reply.status !== 201) throw new Error(`fuzz setup: document not issued: ${JSON.stringify(reply.body)}`);
  return { id: reply.body.dados.id as string, chaveAcesso: reply.body.dados.chaveAcesso as string };
}

async function simulated(session: string): Promise<string> {
  const reply = await simular(session, { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 });
  if (!reply.data) throw new Error(`fuzz setup: simulation failed: ${JSON.stringify(reply.errors)}`);
  return reply.data.simularImpostos.id as string;
}

/**
 * Creates the run's companies, sessions and tokens through the public API, writes the control batch, document and
 * simulation, and reads the graph's schema (introspection is on outside production). Waits until the short-lived
 * token expired.
 */
export async function prepareContext(tokenCount: number): Promise<FuzzContext> {
  const companyId = newCompanyId('fuzz');
  const admin = await sessionFor(companyId, 'admin');
  const expiresAt = Date.now() + 3_000;
  const expiring = await token(admin, { expiraEm: new Date(expiresAt).toISOString() });
  const valid: string[] = [];
  for (let i = 0; i < tokenCount; i += 1) valid.push((await token(admin, {})).value);
  const insert = await token(admin, { modo: 'INSERT' });
  const narrow = await token(admin, { entidades: ['risco_corporativo'] });
  const revoked = await token(admin, {});
  await mustAnswer(REVOGAR, { id: revoked.id }, admin);
  const inactive = await token(admin, {});
  await mustAnswer(INATIVAR, { id: inactive.id }, admin);

  const controlCompany = newCompanyId('fuzz-control');
  const marker = `CTRL${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const control = { session: await sessionFor(controlCompany, 'admin'), token: '', document: '', simulation: '' };
  control.token = (await token(control.session, {})).value;
  // Fiscal data of the control company: read before and after, and never in anyone else's answer.
  await empresaFiscal({ companyId: controlCompany });
  const controlDocument = await issued(control.session, `${marker}-doc`);
  control.document = controlDocument.id;
  control.simulation = await simulated(control.session);
  // The fuzz company's own: the fiscal routes reach real documents (one cancelled, one delivered by the run, maybe).
  await empresaFiscal({ companyId });
  const documents = [(await issued(admin, `fuzz-a-${companyId}`)).id, (await issued(admin, `fuzz-b-${companyId}`)).id];
  const simulations = [await simulated(admin)];
  const batch = await rest('POST', '/api/ingestao-pub/incidente_seguranca', {
    bearer: control.token,
    body: {
      linhas: [1, 2, 3].map((n) => ({ codigo: `${marker}-${n}`, titulo: `controle ${marker}`, tipo: 'Confidencialidade', severidade: 'Alta' })).concat([{ codigo: `${marker}-bad`, tipo: marker } as never]),
    },
  });
  if (batch.status !== 200 || batch.body.dados.gravadas !== 3) throw new Error(`fuzz setup: control batch: ${JSON.stringify(batch.body)}`);

  const sentinelCompany = newCompanyId('fuzz-sentinel');
  const sentinel = { session: await sessionFor(sentinelCompany, 'admin'), token: '' };
  sentinel.token = (await token(sentinel.session, {})).value;

  const discovery = await rest('GET', '/api/ingestao-pub/entidades', { bearer: valid[0] });
  const fields: Record<string, string[]> = {};
  for (const entity of discovery.body.dados.entidades as { entidade: string; campos: { campo: string }[] }[]) {
    fields[entity.entidade] = entity.campos.map((c) => c.campo);
  }

  const introspection = await graphql<IntrospectionQuery>(getIntrospectionQuery(), {}, admin);
  if (!introspection.data) throw new Error(`fuzz setup: introspection failed: ${JSON.stringify(introspection.errors)}`);

  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: 'x', companyId, role: 'admin', iss: 'erp-dev', aud: 'erp-internal', exp: 9_999_999_999 })).toString('base64url');
  const context: FuzzContext = {
    gatewayUrl: stackEnv.gatewayUrl,
    serviceUrls: Object.fromEntries(SERVICE_NAMES.map((name) => [name, stackEnv.serviceUrl(name)])) as Record<ServiceName, string>,
    sessions: {
      admin,
      user: await sessionFor(companyId, 'user'),
      foreign: await sessionFor(newCompanyId('fuzz-foreign'), 'admin'),
      forgedKey: await signed({ companyId, role: 'admin' }, FORGED_KEY),
      expired: await signed({ companyId, role: 'admin' }, stackEnv.sessionSecret, Math.floor(Date.now() / 1000) - 60),
      algNone: `${header}.${payload}.`,
      noCompany: await signed({ role: 'admin' }, stackEnv.sessionSecret),
      oddRole: await signed({ companyId: [companyId], role: 'root' }, stackEnv.sessionSecret),
    },
    tokens: { valid, insert: insert.value, narrow: narrow.value, revoked: revoked.value, inactive: inactive.value, expired: expiring.value },
    fields,
    schema: buildClientSchema(introspection.data),
    marker,
    controlTexts: [controlDocument.id, controlDocument.chaveAcesso, control.simulation],
    control,
    fiscal: { documents, simulations },
    sentinel,
  };
  const wait = expiresAt + 500 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return context;
}
