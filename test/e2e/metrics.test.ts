import { rest, stackEnv } from '../support/env';
import { DOCUMENTOS, empresaFiscal, nfeVenda } from './fiscal-helpers';
import { empresaConfigurada } from './tax-simulation-helpers';
import { createToken, newAdmin } from './token-helpers';

/**
 * The running stack's /metrics: each process reports what it did, in series whose labels are patterns and names
 * the code knows, and no token, company or document id ever shows up in them.
 */
jest.setTimeout(60_000);

type Process = 'gateway' | 'token' | 'ingestion' | 'fiscal-document' | 'tax-simulation' | 'settings';

async function metrics(process: Process): Promise<string> {
  const base = process === 'gateway' ? stackEnv.gatewayUrl : stackEnv.serviceUrl(process);
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series (labels in any order), or 0 when it does not exist yet. */
function value(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const [series, sample] = line.split(/ (?=[^ ]+$)/);
    if (Object.entries(labels).every(([key, val]) => series.includes(`${key}="${val}"`))) return Number(sample);
  }
  return 0;
}

const ING = '/api/ingestao-pub';
const secrets: string[] = [];

test('metrics - ingestion rows by entity and result, rate-limit refusals, NATS requests on both sides, route patterns only', async () => {
  const admin = await newAdmin('metrics');
  const { token } = await createToken(admin, { entidades: ['incidente_seguranca'] });
  secrets.push(token, admin.companyId);
  const before = await metrics('ingestion');

  const linhas = [
    { codigo: 'MET-1', titulo: 'Medido', tipo: 'Confidencialidade', severidade: 'Alta' },
    { codigo: 'MET-2', titulo: 'Recusado', tipo: 'Ransomware' },
  ];
  expect((await rest('POST', `${ING}/incidente_seguranca`, { bearer: token, body: { linhas } })).status).toBe(200);
  let limited = false;
  for (let i = 0; i < 200 && !limited; i += 1) limited = (await rest('GET', `${ING}/entidades`, { bearer: token })).status === 429;
  expect(limited).toBe(true);

  const after = await metrics('ingestion');
  const rows = (result: string) => value(after, 'ingestion_rows_total', { entity: 'incidente_seguranca', result }) - value(before, 'ingestion_rows_total', { entity: 'incidente_seguranca', result });
  expect(rows('gravada')).toBeGreaterThanOrEqual(1);
  expect(rows('recusada')).toBeGreaterThanOrEqual(1);
  expect(value(after, 'ingestion_rate_limit_refusals_total', {})).toBeGreaterThan(value(before, 'ingestion_rate_limit_refusals_total', {}));
  // The route is its pattern; the token it authenticated asked over NATS, answered by the token service.
  expect(value(after, 'http_request_duration_seconds_count', { route: '/api/ingestao-pub/:entidade', status_code: '200', method: 'POST' })).toBeGreaterThan(0);
  expect(value(after, 'http_request_duration_seconds_count', { route: '/api/ingestao-pub/entidades', status_code: '429' })).toBeGreaterThan(0);
  expect(value(after, 'nats_request_duration_seconds_count', { subject: 'token.v1.authenticate', side: 'client', outcome: 'ok' })).toBeGreaterThan(0);
  const tokenMetrics = await metrics('token');
  expect(value(tokenMetrics, 'nats_request_duration_seconds_count', { subject: 'token.v1.authenticate', side: 'server', outcome: 'ok' })).toBeGreaterThan(0);
  expect(value(tokenMetrics, 'graphql_operations_total', { operation_type: 'mutation', operation: 'criarTokenIngestao', outcome: 'ok' })).toBeGreaterThan(0);
  const gateway = await metrics('gateway');
  expect(value(gateway, 'graphql_operations_total', { operation_type: 'mutation', operation: 'criarTokenIngestao', outcome: 'ok' })).toBeGreaterThan(0);
  expect(gateway).toContain('process_resident_memory_bytes{service="gateway"}');
});

test('metrics - fiscal documents issued and cancelled per model, provisioned titles per tax, the outbox relays', async () => {
  const empresa = await empresaFiscal();
  secrets.push(empresa.companyId, empresa.cnpj);
  const before = await metrics('fiscal-document');
  const emitido = await rest('POST', DOCUMENTOS, { bearer: empresa.usuario, body: nfeVenda() });
  expect(emitido.status).toBe(201);
  secrets.push(emitido.body.dados.id, emitido.body.dados.chaveAcesso);
  const cancelado = await rest('POST', `${DOCUMENTOS}/${emitido.body.dados.id}/cancelar`, { bearer: empresa.admin, body: { justificativa: 'pedido cancelado pelo cliente' } });
  expect(cancelado.status).toBe(200);
  const after = await metrics('fiscal-document');
  expect(value(after, 'fiscal_documents_issued_total', { model: 'NFE' }) - value(before, 'fiscal_documents_issued_total', { model: 'NFE' })).toBeGreaterThanOrEqual(1);
  expect(value(after, 'fiscal_documents_cancelled_total', { model: 'NFE' }) - value(before, 'fiscal_documents_cancelled_total', { model: 'NFE' })).toBeGreaterThanOrEqual(1);
  expect(after).toMatch(/^outbox_pending\{[^}]*relay="[a-z-]+"[^}]*\} \d+$/m);
  expect(after).toMatch(/^outbox_published_total\{[^}]*relay="[a-z-]+"/m);
  expect(value(after, 'nats_request_duration_seconds_count', { subject: 'tax.v1.calculate', side: 'client', outcome: 'ok' })).toBeGreaterThan(0);

  // Only a simulation of the company's own regime is provisioned.
  const { admin, usuario, companyId } = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'metrics-imp');
  secrets.push(companyId);
  const taxesBefore = await metrics('tax-simulation');
  const simulada = await rest('POST', '/api/erp/faturamento/impostos/simulacoes', {
    bearer: usuario,
    body: { tipoDocumento: 'NFSE', valor: 10_000, dataOperacao: '2026-11-20', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', aliquotaIss: 5 },
  });
  expect(simulada.status).toBe(201);
  const provisionada = await rest('POST', `/api/erp/faturamento/impostos/simulacoes/${simulada.body.dados.id}/provisionar`, { bearer: admin });
  const titulos: { tributo: string }[] = provisionada.body.dados.titulos;
  expect(titulos.length).toBeGreaterThan(0);
  // Another provisioning of the same simulation creates, and counts, nothing more (other tests may count in parallel).
  await rest('POST', `/api/erp/faturamento/impostos/simulacoes/${simulada.body.dados.id}/provisionar`, { bearer: admin });
  const taxesAfter = await metrics('tax-simulation');
  const created = titulos.reduce(
    (sum, { tributo }) => sum + value(taxesAfter, 'tax_provisioned_titles_total', { tributo }) - value(taxesBefore, 'tax_provisioned_titles_total', { tributo }),
    0,
  );
  expect(created).toBeGreaterThanOrEqual(titulos.length);
  expect(taxesAfter).toContain('relay="conta-pagar-solicitada"');
});

afterAll(async () => {
  // Whatever the tests sent, no value a client or a company owns became a label.
  for (const process of ['gateway', 'token', 'ingestion', 'fiscal-document', 'tax-simulation', 'settings'] as const) {
    const text = await metrics(process);
    for (const secret of secrets) expect({ process, leaked: text.includes(secret) ? secret : null }).toEqual({ process, leaked: null });
  }
});
