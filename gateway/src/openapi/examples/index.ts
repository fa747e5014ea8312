import type { Operation } from '../operation';
import { DOCUMENT_EXAMPLES } from './documents';
import { INGESTION_EXAMPLES } from './ingestion';
import { SETTINGS_EXAMPLES } from './settings';
import { TAX_EXAMPLES } from './taxes';

/**
 * Example request bodies and answers of the operations whose paths do not carry their own, by `METHOD /path`. Each
 * was taken from a real answer of the running stack (`test/e2e/openapi-responses.test.ts` exercises every operation)
 * and trimmed; `gateway/test/unit/openapi-examples.test.ts` checks that every operation has them and that each is
 * valid against its own schema, so an example cannot drift from the contract unseen.
 */
export interface OperationExamples {
  /** Named request bodies (OpenAPI `examples`). */
  request?: Record<string, { summary: string; value: unknown }>;
  /** One example answer per success status. */
  answers?: Record<number, unknown>;
}

const EXAMPLES: Record<string, OperationExamples> = { ...INGESTION_EXAMPLES, ...SETTINGS_EXAMPLES, ...DOCUMENT_EXAMPLES, ...TAX_EXAMPLES };

/** The operation with the examples above where it declares none of its own (its own always win). */
export function withExamples(path: string, method: string, op: Operation): Operation {
  const found = EXAMPLES[`${method.toUpperCase()} ${path}`];
  if (!found) return op;
  const ok = Object.fromEntries(
    Object.entries(op.ok).map(([status, success]) => {
      const example = found.answers?.[Number(status)];
      return [status, success.example === undefined && example !== undefined ? { ...success, example } : success];
    }),
  );
  return { ...op, ...(op.examples === undefined && found.request ? { examples: found.request } : {}), ok };
}
