import type { TokenIdentity } from '@erp/contracts';
import { retryWhileStoreUnavailable, type Logger } from '@erp/kit';
import { randomUUID } from 'node:crypto';
import { validateRow } from '../../domain';
import type { EntityDefinition } from '../../domain/types';
import type { UserDirectory } from '../../messaging/user-directory';
import type { BatchDoc, BatchStore } from '../../store/batches';
import type { RecordStore } from '../../store/records';
import { ingestionMetrics, timedStep } from '../metrics';
import { rowContent } from './content';
import { decideRow, type KeyState } from './decide-row';
import { checkPeople, linkReferences, lookUp } from './lookups';
import { summarise, type BatchResult, type RowOutcome } from './outcomes';
import { refusedRowValues } from './refused-row';
import { writeRecords } from './write-records';

export type { Acao, BatchResult, RowOutcome } from './outcomes';

/** Until when (epoch ms) the writes of a batch received at `recebidoEm` are sent again while the store is down. */
export function resumeWritesUntil(deps: Pick<IngestDeps, 'resumeWritesMs'>, recebidoEm: Date): number {
  return recebidoEm.getTime() + deps.resumeWritesMs;
}

export interface IngestDeps {
  records: RecordStore;
  batches: BatchStore;
  directory: UserDirectory;
  log: Logger;
  /**
   * How long after a batch arrived its writes are resumed when the store fails midway (a restart, a cut
   * connection), so a batch answered with a failure is not left half-written (`INGESTION_WRITE_RESUME_MS`).
   */
  resumeWritesMs: number;
}

interface BatchRequest {
  def: EntityDefinition;
  token: TokenIdentity;
  linhas: Record<string, unknown>[];
  preview: boolean;
  recebidoEm: Date;
}

/**
 * Validates every row, resolves keys, references and people with one round trip each, writes the batch
 * with one bulk write (none in preview), records it in the import history (not in preview) and reports one
 * outcome per row. A refused row never stops the others.
 */
export async function ingestBatch(deps: IngestDeps, request: BatchRequest): Promise<BatchResult> {
  const { def, token, linhas, preview } = request;
  const companyId = token.companyId;
  const loteId = randomUUID();
  const now = new Date();

  const validations = await timedStep('validate', () => linhas.map((raw) => validateRow(def, raw)));
  const lookups = await timedStep('lookup', () => lookUp(deps, def, companyId, validations));

  const outcomes: RowOutcome[] = [];
  const keys = new Map<string, KeyState>();
  await timedStep('decide', () =>
    validations.forEach((validation, index) => {
      const linha = index + 1;
      if (!validation.ok) {
        outcomes.push({ linha, status: 'ERRO', erros: validation.erros });
        return;
      }
      const avisos = [...validation.avisos];
      const content = rowContent(validation.valores, linkReferences(validation, lookups, avisos));
      checkPeople(validation, lookups.people, avisos);
      outcomes.push(decideRow(token.modo, keys, lookups.stored, { linha, chave: validation.chave, content, avisos }));
    }),
  );

  ingestionMetrics.batches.inc({ entity: def.entidade, kind: preview ? 'preview' : 'write' });
  if (preview) return summarise(def.entidade, token.modo, preview, loteId, outcomes);

  // From here the batch is half done until its history entry is written: a store failure is waited out.
  const until = resumeWritesUntil(deps, request.recebidoEm);
  const failures = await timedStep('write', () =>
    writeRecords({ records: deps.records, log: deps.log, entidade: def.entidade, companyId, loteId, now, until }, token.modo, keys),
  );
  for (const [linha, erro] of failures) outcomes[linha - 1] = { linha, status: 'ERRO', erros: [erro] };
  const result = summarise(def.entidade, token.modo, preview, loteId, outcomes);
  const entry = historyEntry(request, result);
  await timedStep('history', () =>
    retryWhileStoreUnavailable(() => deps.batches.record(entry), until, (error) => deps.log.warn({ err: error, loteId }, 'store unavailable while recording a batch; trying again')),
  );
  ingestionMetrics.rows.inc({ entity: def.entidade, result: 'gravada' }, result.gravadas);
  ingestionMetrics.rows.inc({ entity: def.entidade, result: 'recusada' }, result.recusadas);
  ingestionMetrics.rows.inc({ entity: def.entidade, result: 'duplicada' }, result.duplicadas);
  return result;
}

/** The import-history entry of a stored batch, with the refused rows' original values for the integrator. */
function historyEntry(request: BatchRequest, result: BatchResult): BatchDoc {
  const { token, linhas, recebidoEm } = request;
  return {
    _id: result.loteId,
    companyId: token.companyId,
    tokenId: token.id,
    entidade: request.def.entidade,
    origem: token.nome,
    prefixoToken: token.prefixo,
    modo: token.modo,
    totalLinhas: result.totalLinhas,
    gravadas: result.gravadas,
    recusadas: result.recusadas,
    duplicadas: result.duplicadas,
    recebidoEm,
    duracaoMs: Date.now() - recebidoEm.getTime(),
    linhasRecusadas: result.resultados.flatMap((outcome) =>
      outcome.status === 'ERRO'
        ? [{ linha: outcome.linha, valores: refusedRowValues(linhas[outcome.linha - 1]), erros: outcome.erros }]
        : [],
    ),
    linhasComAviso: result.resultados.flatMap((outcome) => (outcome.status === 'OK' && outcome.aviso ? [{ linha: outcome.linha, aviso: outcome.aviso }] : [])),
  };
}
