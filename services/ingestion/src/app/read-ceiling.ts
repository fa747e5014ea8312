import { IngestionErrorCodes, Refusal } from '@erp/contracts';

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

const busy = () =>
  new Refusal(
    IngestionErrorCodes.CONSULTAS_SIMULTANEAS_DEMAIS,
    'a empresa já tem consultas de histórico/registros demais em andamento; tente de novo em instantes',
  );

/**
 * The per-company ceiling on the expensive reads (import history, ingested records): a company runs at most
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
