import { Subjects } from '@erp/contracts';
import { serveRequests, type Logger, type NatsConnection } from '@erp/kit';
import type { SimulationService } from '../app/simulation-service';

/**
 * `tax.v1.calculate` for the other services (fiscal-document asks it for each document's taxes): the engine
 * and company defaults of the simulations, nothing kept. Replicas share the requests in one queue group.
 */
export function serveTaxCalculate(nc: NatsConnection, service: SimulationService, log: Logger): void {
  serveRequests(nc, Subjects.taxCalculate, (request) => service.calculate(request), { log, queue: 'tax-simulation' });
}
