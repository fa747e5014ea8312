import { isRefusal } from '@erp/contracts';
import { startPeriodicJob, type Clock, type Logger, type PeriodicJob } from '@erp/kit';
import { JUSTIFICATIVA_AUTOMATICA, planejarInutilizacoes } from '../../domain/inutilizacao';
import type { DocumentsStore } from '../../store/documents-store';
import { USUARIO_AUTOMATICO, type Voiding } from '../voiding';

/**
 * A pending voiding this old lost its author (or SEFAZ's answer): the job sends it again. Longer than an author's
 * two sends at the longest company timeout (2 x 120 s); were they to overlap anyway, SEFAZ answers the second 563,
 * which is adopted, and the one event id keeps the stream at one message.
 */
const PENDENTE_ABANDONADA_MS = 5 * 60_000;
/** Burned numbers read per pass (oldest first); the rest wait for the next pass. */
const LOTE_NUMEROS = 5_000;
const LOTE_PENDENTES = 20;

/**
 * The scheduled voiding (inutilização): every `intervalMs`, one pass at a time, and once right after start.
 * First the voidings left pending (answer lost, author died) are sent again with the same signed bytes; then
 * every burned number older than `graceMs` that no voiding holds is voided, in ranges of consecutive numbers per
 * company, environment, model and series (`planejarInutilizacoes`, pure). Replicas may run passes at once: each
 * number is claimed by one voiding only, so a range is never voided twice (the loser skips it).
 */
export function startVoidingJob(options: { store: DocumentsStore; voiding: Voiding; log: Logger; intervalMs: number; graceMs: number; clock: Clock }): PeriodicJob {
  const { store, voiding, log, clock } = options;

  const retomarPendentes = async (stopping: () => boolean) => {
    for (const registro of await store.pendingVoidings(LOTE_PENDENTES, new Date(clock().getTime() - PENDENTE_ABANDONADA_MS))) {
      if (stopping()) return;
      try {
        const resultado = await voiding.resume(registro);
        log.info({ inutilizacaoId: registro._id, resultado: resultado.tipo }, 'pending voiding resumed');
      } catch (error) {
        log.warn({ err: error, inutilizacaoId: registro._id }, 'pending voiding not resolved yet');
      }
    }
  };

  const inutilizarQueimados = async (stopping: () => boolean) => {
    const agora = clock();
    const queimados = await store.burnedNumbers(LOTE_NUMEROS, new Date(agora.getTime() - options.graceMs));
    const ocupados = await store.heldByVoidings(queimados);
    const livres = queimados.filter((n) => !ocupados.has(n._id)).map((n) => ({ ...n, em: new Date(n.em) }));
    for (const faixa of planejarInutilizacoes(livres, agora, { carenciaMs: options.graceMs })) {
      if (stopping()) return;
      const contexto = { companyId: faixa.companyId, modelo: faixa.modelo, serie: faixa.serie, de: faixa.de, ate: faixa.ate, prazo: faixa.prazo.toISOString() };
      if (faixa.atrasada) log.warn(contexto, 'burned numbers past their voiding deadline (10th of the next month); voiding now');
      try {
        const resultado = await voiding.voidRange(faixa, JUSTIFICATIVA_AUTOMATICA, 'AUTOMATICA', USUARIO_AUTOMATICO);
        log.info({ ...contexto, resultado: resultado.tipo }, 'scheduled voiding');
      } catch (error) {
        // A company without settings, a dependency down: the numbers stay burned and the next pass tries again.
        if (isRefusal(error)) log.warn({ ...contexto, codigo: error.codigo, erro: error.erro }, 'scheduled voiding not possible now');
        else log.warn({ ...contexto, err: error }, 'scheduled voiding failed; next pass retries');
      }
    }
  };

  return startPeriodicJob({
    name: 'voiding',
    intervalMs: options.intervalMs,
    // The first pass soon after start, not an interval later: a restart never delays a deadline.
    firstRunAfterMs: Math.min(options.intervalMs, 5_000),
    log,
    run: async (stopping) => {
      await retomarPendentes(stopping);
      await inutilizarQueimados(stopping);
    },
  });
}
