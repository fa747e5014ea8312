import Joi from 'joi';
import { CommonErrorCodes, Refusal } from '@erp/contracts';

export interface ReadCeilingLimits {
  /** Reads of one company running at once. */
  perCompany: number;
  /** Reads of one company waiting for a turn; one more is refused at once. */
  waitingPerCompany: number;
  /** Reads of all companies running at once in this process: below the database pool, so writes and token checks always find a connection. */
  total: number;
  /** Longest wait for a turn before the read is refused. */
  maxWaitMs: number;
}

interface Waiter {
  companyId: string;
  start: () => void;
}

/** Seconds a refused reader is told to wait (`Retry-After` on REST): a turn frees within one query's time limit. */
const RETRY_AFTER_SECONDS = 1;

/** REST answers it 429 with `Retry-After`; GraphQL with `extensions.code` (the kit's mappings). */
const busy = () =>
  new Refusal(CommonErrorCodes.CONSULTAS_SIMULTANEAS_DEMAIS, 'a empresa já tem consultas demais em andamento; tente de novo em instantes', {
    status: 429,
    extra: { tenteNovamenteEmSegundos: RETRY_AFTER_SECONDS },
  });

/**
 * The per-company ceiling on the expensive reads (lists, pages, files: import history, ingested records, fiscal
 * documents, voidings, XML and DANFE, tax simulations): a company runs at most
 * `perCompany` of them at once and queues at most `waitingPerCompany` more; the process runs at most `total`.
 * One tenant flooding the graph then waits for itself instead of holding the database for everyone.
 * In memory, per process: with N replicas a company can run N × `perCompany` reads.
 */
export class ReadCeiling {
  private readonly running = new Map<string, number>();
  private runningTotal = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly limits: ReadCeilingLimits) {}

  async run<T>(companyId: string, read: () => Promise<T>): Promise<T> {
    await this.turn(companyId);
    try {
      return await read();
    } finally {
      this.leave(companyId);
    }
  }

  private canStart(companyId: string): boolean {
    return this.runningTotal < this.limits.total && (this.running.get(companyId) ?? 0) < this.limits.perCompany;
  }

  private enter(companyId: string): void {
    this.running.set(companyId, (this.running.get(companyId) ?? 0) + 1);
    this.runningTotal += 1;
  }

  private turn(companyId: string): Promise<void> {
    const waiting = this.queue.filter((waiter) => waiter.companyId === companyId).length;
    if (waiting === 0 && this.canStart(companyId)) {
      this.enter(companyId);
      return Promise.resolve();
    }
    if (waiting >= this.limits.waitingPerCompany) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        companyId,
        start: () => {
          clearTimeout(timer);
          this.enter(companyId);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(waiter), 1);
        reject(busy());
      }, this.limits.maxWaitMs);
      this.queue.push(waiter);
    });
  }

  private leave(companyId: string): void {
    const left = (this.running.get(companyId) ?? 1) - 1;
    if (left === 0) this.running.delete(companyId);
    else this.running.set(companyId, left);
    this.runningTotal -= 1;
    // First come, first served among the waiters that may start now.
    for (let i = 0; i < this.queue.length && this.runningTotal < this.limits.total; ) {
      const waiter = this.queue[i];
      if (this.canStart(waiter.companyId)) {
        this.queue.splice(i, 1);
        waiter.start();
      } else {
        i += 1;
      }
    }
  }
}

/** The variables of a service's read ceiling: `<PREFIX>_READS_PER_COMPANY`, `_READS_WAITING_PER_COMPANY`, `_READS_TOTAL`. */
export type ReadCeilingConfig<P extends string> = Record<`${P}_READS_PER_COMPANY` | `${P}_READS_WAITING_PER_COMPANY` | `${P}_READS_TOTAL`, number>;

/**
 * Joi keys of a service's read ceiling, the same defaults everywhere: 2 reads of one company at once, 4 waiting,
 * 8 of all companies, below the database pool of 20 (`mongo.ts`) so writes and token checks always find a connection.
 */
export function readCeilingKeys<P extends string>(prefix: P): Record<keyof ReadCeilingConfig<P>, Joi.Schema> {
  return {
    [`${prefix}_READS_PER_COMPANY`]: Joi.number().integer().min(1).max(100).default(2),
    [`${prefix}_READS_WAITING_PER_COMPANY`]: Joi.number().integer().min(0).max(1_000).default(4),
    [`${prefix}_READS_TOTAL`]: Joi.number().integer().min(1).max(19).default(8),
  } as Record<keyof ReadCeilingConfig<P>, Joi.Schema>;
}

/** The platform's default `maxTimeMS` of a query a client triggers. */
const DEFAULT_QUERY_MAX_TIME_MS = 5_000;

/**
 * The ceiling a service's configuration describes. A turn comes within `maxWaitMs` or not at all: the service's
 * query time limit (5 s by default), so a waiting read never outlives a running one by much.
 */
export function readCeilingOf<P extends string>(prefix: P, config: ReadCeilingConfig<P>, maxWaitMs = DEFAULT_QUERY_MAX_TIME_MS): ReadCeiling {
  return new ReadCeiling({
    perCompany: config[`${prefix}_READS_PER_COMPANY`],
    waitingPerCompany: config[`${prefix}_READS_WAITING_PER_COMPANY`],
    total: config[`${prefix}_READS_TOTAL`],
    maxWaitMs,
  });
}
