import { createHttpApp, createLogger, createSessionVerifier, runService } from '@erp/kit';
import { loadGatewayConfig, subgraphsOf } from './config';
import { mountGateway } from './graphql';
import { mountRestProxy } from './rest-proxy';
import { composeSupergraph } from './supergraph';

const config = loadGatewayConfig();
const log = createLogger('gateway', config.LOG_LEVEL);

void runService(log, async () => {
  let graphReady = false;
  const app = createHttpApp({ log, bodyLimit: config.GRAPHQL_BODY_LIMIT, readiness: [{ name: 'graph', ready: () => graphReady }] });
  const supergraphSdl = await composeSupergraph(subgraphsOf(config), log);
  await mountGateway(app, {
    supergraphSdl,
    verifySession: await createSessionVerifier(config),
    log,
    maxSockets: config.UPSTREAM_MAX_SOCKETS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  });
  await mountRestProxy(app, config);
  await app.listen({ host: config.HOST, port: config.PORT });
  graphReady = true;
  return [() => app.close()];
});
