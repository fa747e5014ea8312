import { counter, gauge } from '@erp/kit';

/**
 * Documents by model (`NFE`, `NFCE`, `CTE`, `NFSE`): authorized, and cancelled at the authorizer. Counted where the
 * outcome and its event are recorded, once per document by whoever records it.
 */
export const documentMetrics = {
  issued: counter('fiscal_documents_issued_total', 'Fiscal documents authorized, by model', ['model']),
  cancelled: counter('fiscal_documents_cancelled_total', 'Fiscal documents cancelled, by model', ['model']),
  /** Numbers (not requests) whose voiding the authorizer registered, by model and origin (AUTOMATICA, MANUAL). */
  voided: counter('fiscal_numbers_voided_total', 'Numbers voided at the authorizer (inutilizacao), by model and origin', ['model', 'origin']),
  /** Voiding requests the authorizer refused (241, 256...), by model and origin. */
  voidingsRefused: counter('fiscal_voidings_refused_total', 'Voiding requests (inutilizacao) refused by the authorizer, by model and origin', ['model', 'origin']),
};

/**
 * Burned numbers whose automatic voiding SEFAZ refused, still waiting for a person, and the earliest legal
 * deadline among them (unix seconds; 0 when none): an alert on either keeps the 10th of the month from passing
 * unnoticed. Read at each scrape, once for both gauges.
 */
export function reportRefusedVoidings(ler: () => Promise<{ numeros: number; prazoMaisProximo: Date | null }>): void {
  let leitura: { em: number; valor: Promise<{ numeros: number; prazoMaisProximo: Date | null } | undefined> } | null = null;
  const lerNestaColeta = () => {
    if (!leitura || Date.now() - leitura.em > 1_000) leitura = { em: Date.now(), valor: ler().catch(() => undefined) };
    return leitura.valor;
  };
  gauge('fiscal_numbers_voiding_refused', 'Burned numbers whose automatic voiding the authorizer refused, waiting for a person (counted at scrape time)', [], async function collect() {
    const estado = await lerNestaColeta();
    if (estado) this.set(estado.numeros);
  });
  gauge('fiscal_voiding_refused_deadline_seconds', 'Earliest legal voiding deadline (unix seconds; 0 when none) among numbers whose automatic voiding was refused', [], async function collect() {
    const estado = await lerNestaColeta();
    if (estado) this.set(estado.prazoMaisProximo ? Math.floor(estado.prazoMaisProximo.getTime() / 1000) : 0);
  });
}
