import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of one process (`GET /metrics`), from one registry. Every label value comes from a closed
 * set the code knows: route patterns (never a raw URL), HTTP methods and statuses, contract subjects, the schema's
 * root fields, entity and model names, relay names. Never a token, company, user or anything a client chose.
 */
export const metricsRegistry = new Registry();
let processMetrics = false;

/** Node's own figures (heap, event-loop lag, GC, handles), once per process, under the process's name. */
export function enableProcessMetrics(service: string): void {
  if (processMetrics) return;
  processMetrics = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry });
}

type Labels<L extends string> = readonly L[];

/** A counter of the process's registry; asking twice for one name returns the same counter. */
export function counter<L extends string>(name: string, help: string, labelNames: Labels<L> = []): Counter<L> {
  return (metricsRegistry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

export function histogram<L extends string>(name: string, help: string, labelNames: Labels<L>, buckets?: number[]): Histogram<L> {
  return (
    (metricsRegistry.getSingleMetric(name) as Histogram<L> | undefined) ??
    new Histogram({ name, help, labelNames, registers: [metricsRegistry], ...(buckets ? { buckets } : {}) })
  );
}

export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: Labels<L>,
  collect?: (this: Gauge<L>) => Promise<void> | void,
): Gauge<L> {
  return (metricsRegistry.getSingleMetric(name) as Gauge<L> | undefined) ?? new Gauge({ name, help, labelNames, collect, registers: [metricsRegistry] });
}

/** `value` when it is one of `allowed`, else `other`: a label that a caller's input could widen stays bounded. */
export function boundedLabel(value: string, allowed: readonly string[], other = 'other'): string {
  return allowed.includes(value) ? value : other;
}

// ---- HTTP ----

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** A request no route matched (404s, refused URLs): one series, whatever the URL was. */
export const UNMATCHED_ROUTE = 'unmatched';

const httpDuration = () =>
  histogram('http_request_duration_seconds', 'HTTP requests by route pattern and status, seconds', ['method', 'route', 'status_code'], [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
  ]);

/** The route pattern (`/api/ingestao-pub/:entidade`), never the URL. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Times every response by method, route pattern and status, and serves the registry at `GET /metrics`
 * (Prometheus text format). For the HTTP app of every process: the five services and the gateway.
 */
export function serveMetrics(app: FastifyInstance): void {
  const duration = httpDuration();
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: boundedLabel(request.method, METHODS, 'OTHER'), route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (_request, reply) => {
    const body = await metricsRegistry.metrics();
    return reply.type(metricsRegistry.contentType).send(body);
  });
}

// ---- GraphQL ----

/** Operations refused before they were resolved (parse or validation errors): no field to name. */
export const INVALID_OPERATION = 'invalid';
export const SEVERAL_ROOT_FIELDS = 'multiple';

/** The root fields an operation selects, by schema name (aliases resolved), through fragments at the top. */
export function rootFieldsOf(operation: OperationDefinitionNode, document: DocumentNode): string[] {
  const fragments = new Map(
    document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d.selectionSet] as const),
  );
  const names = new Set<string>();
  const visit = (set: SelectionSetNode, seen: Set<string>) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet, seen);
      else if (!seen.has(selection.name.value)) {
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment, new Set([...seen, selection.name.value]));
      }
    }
  };
  visit(operation.selectionSet, new Set());
  return [...names].sort();
}

/**
 * Counts and times GraphQL operations by type (`query`, `mutation`) and by the root field they ask for
 * (`multiple` when several, `invalid` when parse or validation refused them). Root fields are read only after
 * validation, so they are the schema's own names: the client's `operationName` never becomes a label.
 */
export function graphqlMetricsPlugin<C extends BaseContext>(): ApolloServerPlugin<C> {
  const operations = counter('graphql_operations_total', 'GraphQL operations by type, root field and outcome', ['operation_type', 'operation', 'outcome']);
  const duration = histogram('graphql_operation_duration_seconds', 'GraphQL operations by type and root field, seconds', ['operation_type', 'operation']);
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      let operationType = INVALID_OPERATION;
      let operation = INVALID_OPERATION;
      return {
        async didResolveOperation({ operation: definition, document }) {
          if (!definition) return;
          operationType = definition.operation;
          const fields = rootFieldsOf(definition, document);
          operation = fields.length === 1 ? fields[0] : SEVERAL_ROOT_FIELDS;
        },
        async willSendResponse({ response }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          const labels = { operation_type: operationType, operation };
          operations.inc({ ...labels, outcome: errors?.length ? 'error' : 'ok' });
          duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
        },
      };
    },
  };
}

// ---- NATS request/reply ----

export type NatsSide = 'client' | 'server';

/** Request/reply latency per contract subject, side and outcome, and failures per subject and reason. */
export function natsRequestMetrics() {
  return {
    duration: histogram('nats_request_duration_seconds', 'NATS request/reply by contract subject, side and outcome, seconds', ['subject', 'side', 'outcome'], [
      0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
    ]),
    failures: counter('nats_request_failures_total', 'NATS requests that failed, by contract subject, side and reason', ['subject', 'side', 'reason']),
  };
}

// ---- outbox ----

/** What the outbox relays report: pending entries (counted at scrape time), publishes and failed publishes. */
export function outboxMetrics() {
  return {
    published: counter('outbox_published_total', 'Outbox events published to JetStream, by relay', ['relay']),
    failures: counter('outbox_publish_failures_total', 'Outbox publish attempts that failed (retried later), by relay', ['relay']),
  };
}

const pendingCounters = new Map<string, () => Promise<number>>();

/** Makes `outbox_pending{relay}` ask `count` at every scrape; a relay that stops calls the returned function. */
export function reportOutboxPending(relay: string, count: () => Promise<number>): () => void {
  pendingCounters.set(relay, count);
  gauge('outbox_pending', 'Outbox events not yet published, by relay (counted at scrape time)', ['relay'], async function collect() {
    this.reset();
    for (const [name, pending] of pendingCounters) {
      const value = await pending().catch(() => undefined);
      if (value !== undefined) this.set({ relay: name }, value);
    }
  });
  return () => {
    pendingCounters.delete(relay);
  };
}
