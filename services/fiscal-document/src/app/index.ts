import { Authorization } from './authorization';
import { Cancellation } from './cancellation';
import { Correction } from './correction';
import type { FiscalDeps } from './deps';
import { DeliveryMarks } from './delivery-marks';
import { DocumentFiles } from './document-files';
import { DocumentReads } from './document-reads';
import { Emission } from './emission';
import { statusSefaz, type ModeloStatus, type StatusSefazView } from './service-status';
import { Voiding } from './voiding';

/** Every use case of the service, built once from its dependencies; the GraphQL, REST and NATS faces call these. */
export interface UseCases {
  emission: Emission;
  authorization: Authorization;
  cancellation: Cancellation;
  correction: Correction;
  marks: DeliveryMarks;
  reads: DocumentReads;
  files: DocumentFiles;
  voiding: Voiding;
  status: (companyId: string, modelo: ModeloStatus) => Promise<StatusSefazView>;
}

/** `announceVoidings` is the voidings' own relay's flush (their events live on the voiding records). */
export function createUseCases(deps: FiscalDeps, announceVoidings: () => Promise<unknown>): UseCases {
  const authorization = new Authorization(deps);
  return {
    emission: new Emission(deps, authorization),
    authorization,
    cancellation: new Cancellation(deps),
    correction: new Correction(deps),
    marks: new DeliveryMarks(deps),
    reads: new DocumentReads(deps),
    files: new DocumentFiles(deps),
    voiding: new Voiding({ ...deps, announce: announceVoidings }),
    status: (companyId, modelo) => statusSefaz(deps, companyId, modelo),
  };
}

export type { FiscalDeps } from './deps';
