import type { FastifyReply, FastifyRequest } from 'fastify';
import { IngestionErrorCodes as Codes, Refusal, sha256Hex } from '@erp/contracts';
import { retryWhileStoreUnavailable } from '@erp/kit';
import type { IdempotencyStore } from '../store/idempotency';
import { accessOf } from './access';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs a stored batch at most once per `Idempotency-Key` (per token): the same key with the same entity and
 * body replays the first response; with anything else it is refused. `until` (epoch ms): how long the keeping
 * of the response is tried again when the store fails once the batch is written (the batch's own deadline).
 */
export async function withIdempotency(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  run: () => Promise<object>,
  until: number,
): Promise<unknown> {
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new Refusal(Codes.CHAVE_IDEMPOTENCIA_INVALIDA, 'Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis', { status: 400 });
  }
  const { token, entity } = accessOf(request);
  const impressao = sha256Hex(`${entity!.entidade}\n${JSON.stringify(request.body)}`);
  const claim = await store.claim(token.id, key, impressao);
  switch (claim.kind) {
    case 'replay':
      reply.header('idempotency-replayed', 'true');
      return reply.code(claim.status).type('application/json; charset=utf-8').send(claim.body);
    case 'reused':
      throw new Refusal(Codes.CHAVE_IDEMPOTENCIA_REUTILIZADA, 'esta Idempotency-Key já foi usada com outro corpo ou outra entidade; use uma chave nova para um lote novo', { status: 422 });
    case 'in-progress':
      reply.header('retry-after', '2');
      throw new Refusal(Codes.CHAVE_IDEMPOTENCIA_EM_USO, 'um lote com esta Idempotency-Key ainda está sendo processado; tente de novo em instantes', { status: 409 });
    case 'new':
      break;
  }
  let response: object;
  try {
    response = await run();
  } catch (error) {
    await store.release(token.id, key).catch((releaseError) => request.log.error({ err: releaseError }, 'idempotency release failed'));
    throw error;
  }
  const body = JSON.stringify(response);
  // The batch is written: a key left in progress would refuse its retries (409) for the whole lease.
  await retryWhileStoreUnavailable(() => store.complete(token.id, key, 200, body), until);
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}
