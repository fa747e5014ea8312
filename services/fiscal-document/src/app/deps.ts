import type { Ambiente, ModeloDocumento } from '@erp/contracts';
import type { Clock, FiscalSettingsReader, Logger } from '@erp/kit';
import type { Autorizador, EscolhaAutorizador } from '../authorizer/authorizer';
import type { TaxCalculator } from '../messaging/tax-calculator';
import type { DocumentsStore } from '../store/documents-store';
import { authorizerUnavailable } from './refusals';
import type { FaultPoint } from './test-hooks';

/** What every use case of the service is built from (`main.ts` wires it once). */
export interface FiscalDeps {
  store: DocumentsStore;
  settings: FiscalSettingsReader;
  taxes: TaxCalculator;
  /** Which authorizer serves a model in an environment (null: none in this deployment). */
  authorizers: EscolhaAutorizador;
  /** Publishes the documents' pending events now (the fact relay's flush). */
  announce: () => Promise<unknown>;
  log: Logger;
  clock: Clock;
  /** The crash tests' fault points: the process exits at the one it was started with (tests only). */
  fault?: (point: FaultPoint) => void;
}

/** The authorizer of a model in an environment, or AUTORIZADOR_INDISPONIVEL when this deployment has none. */
export function authorizerFor(deps: Pick<FiscalDeps, 'authorizers'>, modelo: ModeloDocumento, ambiente: Ambiente, paraQue = 'emite'): Autorizador {
  const autorizador = deps.authorizers(modelo, ambiente);
  if (!autorizador) {
    throw authorizerUnavailable(
      `nenhum autorizador desta instalação ${paraQue} ${modelo} em ${ambiente}: a NF-e, a NFC-e e o CT-e vão ao autorizador da UF, a NFS-e à Sefin Nacional`,
    );
  }
  return autorizador;
}

/** Publishes now; a failure only delays the event: it is stored, and the relay retries it. */
export async function announce(deps: Pick<FiscalDeps, 'announce' | 'log'>): Promise<void> {
  await deps.announce().catch((error) => deps.log.warn({ err: error }, 'events not published yet; relay will retry'));
}
