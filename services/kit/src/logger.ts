import pino, { type Logger } from 'pino';

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
];

export function createLogger(service: string, level: string): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
