import { context, isSpanContextValid, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type * as FastifyOtel from '@fastify/otel';
import type * as GraphqlInstrumentation from '@opentelemetry/instrumentation-graphql';
import type * as HttpInstrumentationModule from '@opentelemetry/instrumentation-http';
import type * as MongodbInstrumentation from '@opentelemetry/instrumentation-mongodb';
import type * as Sdk from '@opentelemetry/sdk-node';

/**
 * OpenTelemetry traces, configured only by the standard `OTEL_*` variables and off unless an exporter is named:
 * `OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (OTLP, the default exporter) or
 * `OTEL_TRACES_EXPORTER` (`otlp`, `console`; `none` keeps it off). Without the SDK, `@opentelemetry/api` is a
 * no-op: the helpers below cost nearly nothing and put no header on any message.
 *
 * The SDK must start before fastify, http, mongodb and graphql are first required, so it runs from a preload
 * (`telemetry-preload.ts`, given to node with `--import`/`--require`), not from a service's own code.
 */

/** The SDK started by the preload, shared through a global: the preload may be a bundle of its own. */
const SDK_KEY = Symbol.for('erp.telemetry.sdk');
type WithSdk = typeof globalThis & { [SDK_KEY]?: { shutdown(): Promise<void> } };

export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '' && s !== 'none');
  if (env.OTEL_TRACES_EXPORTER !== undefined && exporters.length === 0) return false;
  return exporters.length > 0 || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** `services/<name>/...`, `dist/<name>.js` or `gateway/...`: the process's name when `OTEL_SERVICE_NAME` is unset. */
export function serviceNameOf(entry: string | undefined): string {
  const path = (entry ?? '').replace(/\\/g, '/');
  const service = /services\/([a-z-]+)\//.exec(path) ?? /dist\/([a-z-]+)\.js$/.exec(path);
  if (service) return service[1];
  return path.includes('gateway/') ? 'gateway' : 'erp';
}

/**
 * Starts the SDK with the HTTP (client and server), fastify, MongoDB and GraphQL instrumentations, exporting
 * spans only (metrics are Prometheus's, at `/metrics`; logs stay pino's JSON lines). Health and metrics
 * scrapes make no spans. Returns false when tracing is off. Synchronous on purpose: the preload must have
 * hooked `require` before the entry file loads anything.
 */
export function startTelemetry(env: NodeJS.ProcessEnv = process.env): boolean {
  const holder = globalThis as WithSdk;
  if (holder[SDK_KEY]) return true;
  if (!tracingRequested(env)) return false;
  // Loaded only when tracing is on: the SDK and its instrumentations take about 60 MB and most of a second.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof Sdk;
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof HttpInstrumentationModule;
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof FastifyOtel;
  const { MongoDBInstrumentation } = require('@opentelemetry/instrumentation-mongodb') as typeof MongodbInstrumentation;
  const { GraphQLInstrumentation } = require('@opentelemetry/instrumentation-graphql') as typeof GraphqlInstrumentation;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const quiet = new Set(['/healthz', '/readyz', '/metrics']);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceNameOf(process.argv[1]),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => quiet.has((request.url ?? '').split('?')[0]),
      }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => quiet.has(route.url) }),
      // No statement in a span: a filter may hold a company's data.
      new MongoDBInstrumentation({ dbStatementSerializer: () => '' }),
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true }),
    ],
  });
  sdk.start();
  holder[SDK_KEY] = sdk;
  return true;
}

/** Exports what is still buffered and stops the SDK (part of a process's orderly stop); a no-op when off. */
export async function stopTelemetry(): Promise<void> {
  const holder = globalThis as WithSdk;
  const sdk = holder[SDK_KEY];
  if (!sdk) return;
  holder[SDK_KEY] = undefined;
  await sdk.shutdown();
}

/** The active trace for log lines: `traceId` and `spanId`, or nothing outside a trace. */
export function traceFields(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const ids = span.spanContext();
  return isSpanContextValid(ids) ? { traceId: ids.traceId, spanId: ids.spanId } : {};
}

/** What carries a trace across NATS: message headers (`traceparent`, `tracestate`, W3C). */
export interface HeaderCarrier {
  set(name: string, value: string): void;
  get(name: string): string;
}

const getter = {
  get: (carrier: HeaderCarrier | undefined, key: string) => carrier?.get(key) || undefined,
  keys: () => ['traceparent', 'tracestate'],
};

/** Writes the trace of `ctx` (default: the active one) into the headers; nothing when tracing is off. */
export function injectTrace(headers: HeaderCarrier, ctx: Context = context.active()): void {
  propagation.inject(ctx, headers, { set: (carrier, key, value) => carrier.set(key, value) });
}

/** The `traceparent` of the active trace, to store beside work that another process or a later pass carries on. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** A context whose parent is the stored `traceparent` (the active one when there is none). */
export function contextOfTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), { traceparent });
}

const tracer = () => trace.getTracer('@erp/kit');

/**
 * Runs `work` inside a messaging span (`<subject> send|process|publish`), ending it with the outcome. Its parent
 * is the trace carried by `headers` (a received message), else `parent` (a stored traceparent), else the active one.
 */
export async function inMessagingSpan<T>(
  name: string,
  options: { kind: 'client' | 'server' | 'producer' | 'consumer'; subject: string; headers?: HeaderCarrier; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const kinds = { client: SpanKind.CLIENT, server: SpanKind.SERVER, producer: SpanKind.PRODUCER, consumer: SpanKind.CONSUMER };
  const base = options.parent ?? context.active();
  const parent = options.headers ? propagation.extract(base, options.headers, getter) : base;
  return tracer().startActiveSpan(
    name,
    { kind: kinds[options.kind], attributes: { 'messaging.system': 'nats', 'messaging.destination.name': options.subject } },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
