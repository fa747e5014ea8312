import type { NatsConnection } from '@nats-io/transport-node';
import { createLogger, fiscalSettingsReader } from '@erp/kit';
import { CteAuthorizer } from '../../src/authorizer/cte-authorizer';
import { assinadorDaEmpresa, transmissor } from '../../src/messaging/sefaz-relay';

/**
 * The CT-e adapter wired to a stack's NATS as fiscal-document wires it (settings relay and signer): for the e2e
 * test that drives the correction letter's port (test/e2e/cte-correction.test.ts) before its route is merged.
 */
export function adaptadorCte(nc: NatsConnection): CteAuthorizer {
  const log = createLogger('cte-correction-test', 'warn');
  return new CteAuthorizer({ transmitir: transmissor(nc), assinador: (companyId) => assinadorDaEmpresa(nc, companyId, 10_000), settings: fiscalSettingsReader(nc, 10_000, log), log });
}
