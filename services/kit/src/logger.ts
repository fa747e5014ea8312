import pino, { type Logger } from 'pino';
import { traceFields } from './telemetry';

export type { Logger };

/**
 * Paths whose values are replaced before a line is written: credentials must never reach a log,
 * whatever object happens to be logged.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'token',
  '*.token',
  'senha',
  '*.senha',
  'password',
  '*.password',
  'certificado',
  '*.certificado',
  'pfx',
  '*.pfx',
  'csrt',
  '*.csrt',
  'FISCAL_RESP_TEC_CSRT',
];

/**
 * JSON lines with `service`, the request's `reqId` (fastify's child loggers) and, inside a trace, its `traceId`
 * and `spanId`, so a log line leads to its trace and back.
 */
export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    mixin: traceFields,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
