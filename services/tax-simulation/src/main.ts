import { Streams } from '@erp/contracts';
import { bootService, ensureStream, fiscalSettingsReader, readCeilingOf, startOutboxRelay } from '@erp/kit';
import { SimulationService } from './app/simulation-service';
import { readConfig } from './config';
import { createResolvers } from './graphql/resolvers';
import { typeDefs } from './graphql/schema';
import { serveTaxCalculate } from './messaging/calculate-responder';
import { companyDefaults } from './messaging/company-settings';
import { registerSimulationRoutes } from './rest/simulation-routes';
import { createSimulationStore } from './store/simulation-store';

const config = readConfig();

void bootService({
  name: 'tax-simulation',
  config,
  dbName: config.MONGODB_DB,
  setup: async ({ db, nc, app, log, verifySession }) => {
    await ensureStream(nc, Streams.finance, config.NATS_STREAM_REPLICAS);
    const store = await createSimulationStore(db, { maxTimeMS: config.TAX_QUERY_MAX_TIME_MS });
    // Each title carries its finance request; the relay publishes it (and, at start, any a crash left pending).
    const relay = await startOutboxRelay({ collection: store.titlesCollection, nc, log, name: 'conta-pagar-solicitada' });
    const service = new SimulationService({
      store,
      companyDefaults: companyDefaults(fiscalSettingsReader(nc, config.TAX_SETTINGS_TIMEOUT_MS, log)),
      announce: () => relay.flush(),
      log,
    });
    registerSimulationRoutes(app, service, verifySession);
    serveTaxCalculate(nc, service, log);
    return { typeDefs, resolvers: createResolvers(service, readCeilingOf('TAX', config)), stops: [() => relay.stop()] };
  },
});
