import { createHttpApp, createLogger, createSessionVerifier, enableProcessMetrics, graphqlLimitsOf, introspectionAllowed, runService } from '@erp/kit';
import { mountAdminPage } from './admin-page';
import { mountCompression } from './compression';
import { loadGatewayConfig, subgraphsOf } from './config';
import { mountGateway } from './graphql';
import { mountApiDocs } from './openapi/docs-route';
import { mountRestProxy } from './rest-proxy';
import { composeSupergraph } from './supergraph';
import { upstreamFetch } from './upstream-fetch';

const config = loadGatewayConfig();
const log = createLogger('gateway', config.LOG_LEVEL);
enableProcessMetrics('gateway');

void runService(log, async () => {
  let graphReady = false;
  const app = createHttpApp({ log, bodyLimit: config.GRAPHQL_BODY_LIMIT, readiness: [{ name: 'graph', ready: () => graphReady }] });
  await mountCompression(app);
  const fetcher = upstreamFetch(config.UPSTREAM_MAX_SOCKETS, config.UPSTREAM_TIMEOUT_MS);
  const supergraphSdl = await composeSupergraph(subgraphsOf(config), fetcher, log);
  await mountGateway(app, {
    supergraphSdl,
    verifySession: await createSessionVerifier(config),
    log,
    fetcher,
    limits: graphqlLimitsOf(config),
    introspection: introspectionAllowed(config),
  });
  await mountRestProxy(app, config);
  await mountAdminPage(app, config);
  await mountApiDocs(app);
  await app.listen({ host: config.HOST, port: config.PORT });
  graphReady = true;
  return [() => app.close()];
});
