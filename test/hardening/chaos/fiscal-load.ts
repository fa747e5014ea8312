import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Streams, Subjects } from '@erp/contracts';
import { DOCUMENTOS, empresaFiscal, nfeVenda, type EmpresaFiscal } from '../../e2e/fiscal-helpers';
import { SIMULACOES } from '../../e2e/tax-simulation-helpers';

type Call = (method: string, path: string, bearer: string, body?: unknown) => Promise<{ status: number; body: any } | null>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the fiscal load got done: each must be on its stream exactly once. */
export interface FiscalOutcome {
  /** Documents whose cancellation was answered (200, or 409 once an earlier try had cancelled it). */
  cancelled: string[];
  /** Payable title versions (`tituloId#versao`) a provisioning answered with. */
  titles: string[];
  /** Operations that never got an answer after their retries. */
  gaveUp: number;
}

/** Retries `attempt` as a client would (the same request) until `done` says so or 20 tries passed. */
async function retried<T>(attempt: () => Promise<{ status: number; body: any } | null>, done: (reply: { status: number; body: any }) => T | null): Promise<T | null> {
  for (let i = 1; i <= 20; i += 1) {
    const reply = await attempt();
    const result = reply ? done(reply) : null;
    if (result !== null) return result;
    await sleep(500 * Math.min(i, 4));
  }
  return null;
}

/**
 * A company issuing and cancelling NF-e (each cancellation an `ERP_NFE_CANCELADA` event, through the outbox) and
 * simulating and provisioning taxes (each title a `finance.v1.conta-pagar.solicitada` request), while the
 * stack is restarted under it. Every request is retried as a client would; both operations are idempotent.
 */
export async function fiscalLoad(call: Call, running: () => boolean): Promise<FiscalOutcome> {
  const empresa: EmpresaFiscal = await empresaFiscal();
  const outcome: FiscalOutcome = { cancelled: [], titles: [], gaveUp: 0 };
  const cancellations = (async () => {
    while (running()) {
      const corpo = nfeVenda();
      const id = await retried(
        () => call('POST', DOCUMENTOS, empresa.admin, corpo),
        (reply) => ([200, 201].includes(reply.status) ? (reply.body.dados.id as string) : null),
      );
      if (!id) {
        outcome.gaveUp += 1;
        continue;
      }
      const cancelled = await retried(
        () => call('POST', `${DOCUMENTOS}/${id}/cancelar`, empresa.admin, { justificativa: 'Cancelamento por erro de digitação no pedido' }),
        (reply) => (reply.status === 200 || reply.body?.codigo === 'DOCUMENTO_JA_CANCELADO' ? true : null),
      );
      if (cancelled) outcome.cancelled.push(id);
      else outcome.gaveUp += 1;
    }
  })();
  const provisions = (async () => {
    while (running()) {
      const simulacao = await retried(
        // The company's own regime (a what-if of another one is not provisioned).
        () => call('POST', SIMULACOES, empresa.admin, { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', aliquotaIss: 5 }),
        (reply) => (reply.status === 201 ? (reply.body.dados.id as string) : null),
      );
      if (!simulacao) {
        outcome.gaveUp += 1;
        continue;
      }
      const titles = await retried(
        () => call('POST', `${SIMULACOES}/${simulacao}/provisionar`, empresa.admin),
        // Each title of a period is a chain of versions: the one an answer names is published exactly once.
        (reply) => (reply.status === 200 ? (reply.body.dados.titulos as { id: string; versao: number }[]).map((t) => `${t.id}#${t.versao}`) : null),
      );
      if (titles) outcome.titles.push(...titles);
      else outcome.gaveUp += 1;
      await sleep(300);
    }
  })();
  await Promise.all([cancellations, provisions]);
  return outcome;
}

/** How many messages of `subject` each key (read from the payload by `keyOf`) has on `stream`, read from the start. */
export async function countOnStream(nc: NatsConnection, stream: string, subject: string, keyOf: (payload: any) => string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const consumer = await jetstream(nc).consumers.get(stream);
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 1_000, expires: 2_000 });
    let read = 0;
    for await (const msg of batch) {
      read += 1;
      if (msg.subject !== subject) continue;
      const key = keyOf(msg.json());
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (read === 0) break;
  }
  return counts;
}

/** Each cancellation and title exactly once on its stream; what is missing or doubled, or nothing. */
export async function fiscalEventProblems(nc: NatsConnection, outcome: FiscalOutcome): Promise<string[]> {
  const cancelled = await countOnStream(nc, Streams.fiscal.name, Subjects.nfeCancelada, (payload: { documentoId: string }) => payload.documentoId);
  const titles = await countOnStream(nc, Streams.finance.name, Subjects.contaPagarSolicitada, (payload: { tituloId: string; versao: number }) => `${payload.tituloId}#${payload.versao}`);
  return [
    ...outcome.cancelled.filter((id) => cancelled.get(id) !== 1).map((id) => `ERP_NFE_CANCELADA of ${id}: ${cancelled.get(id) ?? 0} times`),
    ...outcome.titles.filter((id) => titles.get(id) !== 1).map((id) => `conta-pagar.solicitada of ${id}: ${titles.get(id) ?? 0} times`),
  ];
}
