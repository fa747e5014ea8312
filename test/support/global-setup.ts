import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICES, type RunningStack } from '../../scripts/stack';
import { startIsolatedStack } from './isolated-stack';
import { startSefazStandIn, type SefazStandIn } from './sefaz-stand-in';

declare global {
  var __TEST_STACK__: { stack: RunningStack; dataDir: string } | undefined;
  var __SEFAZ_STAND_IN__: SefazStandIn | undefined;
}

/** Starts the stack every test of this run talks to, and tells the test workers where it is. */
export default async function globalSetup(): Promise<void> {
  // The local SEFAZ first: the settings service's relay may call only the SEFAZ table's URLs, which the tests
  // (NODE_ENV=test only) point at it, trusting its throw-away CA.
  const sefaz = await startSefazStandIn(fs.mkdtempSync(path.join(os.tmpdir(), 'erp-sefaz-')));
  globalThis.__SEFAZ_STAND_IN__ = sefaz;
  process.env.SEFAZ_ENDPOINTS_OVERRIDE = sefaz.url;
  process.env.SEFAZ_CA_FILE = sefaz.caFile;
  process.env.TEST_SEFAZ_CONTROL_URL = sefaz.controlUrl;
  const running = await startIsolatedStack('test', process.env.TEST_LOG_LEVEL ?? 'info');
  const { stack, dataDir } = running;
  process.env.TEST_GATEWAY_URL = stack.gatewayUrl;
  process.env.TEST_MONGODB_URL = stack.mongodbUrl;
  // The store's PostgreSQL cluster (test/support/postgres.ts); its password is kept in the data folder.
  process.env.TEST_STACK_DATA_DIR = dataDir;
  process.env.TEST_POSTGRES_PORT = String(running.postgresPort);
  process.env.TEST_NATS_URL = stack.natsUrl;
  process.env.TEST_SESSION_SECRET = stack.sessionSecret;
  process.env.TEST_LOG_DIR = path.join(dataDir, 'logs');
  for (const service of SERVICES) {
    process.env[`TEST_${service.name.toUpperCase().replace('-', '_')}_URL`] = stack.serviceUrls[service.name];
  }
  globalThis.__TEST_STACK__ = running;
}
