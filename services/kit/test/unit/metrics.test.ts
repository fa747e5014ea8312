import { randomBytes } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { parse, type OperationDefinitionNode } from 'graphql';
import pino from 'pino';
import { createHttpApp } from '../../src/http';
import { graphqlMetricsPlugin, metricsRegistry, rootFieldsOf } from '../../src/metrics';
import { serviceNameOf, tracingRequested } from '../../src/telemetry';

const log = pino({ level: 'silent' });

/** Every label set (series) a metric has now; a histogram's buckets are one series. */
async function labelSets(metric: string): Promise<Record<string, string | number>[]> {
  const found = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === metric);
  const values = (found?.values ?? []) as { labels: Record<string, string | number>; metricName?: string }[];
  return values.filter((v) => v.metricName === undefined || v.metricName === `${metric}_count`).map((v) => v.labels);
}

const random = (bytes = 6) => randomBytes(bytes).toString('hex');

/** Requests over a real socket on 127.0.0.1 (fastify's inject needs an ESM-only dependency jest cannot load here). */
async function listening(app: ReturnType<typeof createHttpApp>) {
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return (method: string, url: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method, headers }).then(async (response) => ({ status: response.status, headers: response.headers, body: await response.text() }));
}

describe('kit metrics - bounded labels', () => {
  it('kit metrics - a burst of random URLs, methods and ids leaves only route patterns and statuses as labels', async () => {
    const app = createHttpApp({ log, readiness: [] });
    app.get('/api/coisas/:id', async (request) => ({ id: (request.params as { id: string }).id }));
    app.post('/api/coisas/:id/acao', async () => ({ ok: true }));
    const request = await listening(app);

    const sent: string[] = [];
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
    for (let i = 0; i < 600; i += 1) {
      const secret = `ing_${random(12)}`;
      sent.push(secret);
      const kind = i % 6;
      const url =
        kind === 0
          ? `/api/coisas/${secret}`
          : kind === 1
            ? `/api/coisas/${secret}/acao?empresa=${random()}`
            : kind === 2
              ? `/${random()}/${random()}?token=${secret}`
              : kind === 3
                ? `/api/coisas/${'x'.repeat(250)}${secret}`
                : kind === 4
                  ? `/api/%zz${secret}`
                  : `/api/../${secret}`;
      await request(methods[i % methods.length], url, { authorization: `Bearer ${secret}` });
    }

    const sets = await labelSets('http_request_duration_seconds');
    const routes = new Set(sets.map((labels) => labels.route));
    const statuses = new Set(sets.map((labels) => labels.status_code));
    // Only the registered patterns (and one series for whatever matched nothing) ever become a route label.
    expect([...routes].every((route) => ['/api/coisas/:id', '/api/coisas/:id/acao', 'unmatched'].includes(String(route)))).toBe(true);
    expect(routes.has('unmatched')).toBe(true);
    expect([...statuses].every((status) => /^[1-5]\d\d$/.test(String(status)))).toBe(true);
    // Bounded: at most every method x route x status seen, far below one series per request.
    expect(sets.length).toBeLessThanOrEqual(7 * 3 * statuses.size);
    const text = await metricsRegistry.metrics();
    for (const secret of sent) expect(text).not.toContain(secret.slice(4));
    await app.close();
  });

  it('kit metrics - /metrics answers the Prometheus text format', async () => {
    const app = createHttpApp({ log, readiness: [] });
    const request = await listening(app);
    await request('GET', '/healthz');
    const response = await request('GET', '/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*\} \d+/);
    await app.close();
  });

  it('kit metrics - GraphQL operations are labelled by the root field of the schema, never by the client-chosen name', async () => {
    const server = new ApolloServer({
      typeDefs: 'type Query { documento(id: ID!): String, documentos: [String] } type Mutation { emitir: String }',
      resolvers: { Query: { documento: () => 'x', documentos: () => [] }, Mutation: { emitir: () => 'ok' } },
      plugins: [graphqlMetricsPlugin()],
    });
    await server.start();
    for (let i = 0; i < 100; i += 1) {
      const name = `Op${random()}`;
      await server.executeOperation({ query: `query ${name} { a${random(2)}: documento(id: "${random()}") }`, operationName: name });
      await server.executeOperation({ query: `mutation ${name}M { emitir }` });
      await server.executeOperation({ query: `{ documento(id: "1") documentos }` });
      await server.executeOperation({ query: `{ campo${random()} }` });
      await server.executeOperation({ query: `{ ${random()} ` });
    }
    await server.stop();
    const sets = await labelSets('graphql_operations_total');
    const operations = new Set(sets.map((labels) => `${labels.operation_type}:${labels.operation}:${labels.outcome}`));
    expect([...operations].sort()).toEqual(['invalid:invalid:error', 'mutation:emitir:ok', 'query:documento:ok', 'query:multiple:ok']);
  });

  it('kit metrics - root fields through aliases, inline fragments and fragment spreads', () => {
    const document = parse(`
      query Q { a: documento(id: "1") ...F ... on Query { documentos } }
      fragment F on Query { outro: documento(id: "2") ...G }
      fragment G on Query { ...F __typename }
    `);
    expect(rootFieldsOf(document.definitions[0] as OperationDefinitionNode, document)).toEqual(['__typename', 'documento', 'documentos']);
  });
});

describe('kit telemetry - configured by the standard OTEL_* variables', () => {
  it('kit telemetry - off unless an exporter or an OTLP endpoint is named, and never when disabled', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
    expect(tracingRequested({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
  });

  it('kit telemetry - the process name comes from its entry file when OTEL_SERVICE_NAME is unset', () => {
    expect(serviceNameOf('/app/services/fiscal-document/src/main.ts')).toBe('fiscal-document');
    expect(serviceNameOf('/app/dist/tax-simulation.js')).toBe('tax-simulation');
    expect(serviceNameOf('/app/gateway/src/main.ts')).toBe('gateway');
    expect(serviceNameOf(undefined)).toBe('erp');
  });
});
