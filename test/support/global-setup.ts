import path from 'node:path';
import { SERVICES, type RunningStack } from '../../scripts/stack';
import { startIsolatedStack } from './isolated-stack';

declare global {
  var __TEST_STACK__: { stack: RunningStack; dataDir: string } | undefined;
}

/** Starts the stack every test of this run talks to, and tells the test workers where it is. */
export default async function globalSetup(): Promise<void> {
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
  // The local authority (services/local-authority): the settings relay sends HOMOLOGAÇÃO there; tests set its
  // scenarios over the control port and may call its web services directly, trusting its development CA.
  process.env.TEST_LOCAL_AUTHORITY_URL = stack.localAuthority.url;
  process.env.TEST_LOCAL_AUTHORITY_CA_FILE = stack.localAuthority.caFile;
  process.env.TEST_LOCAL_AUTHORITY_CONTROL_URL = stack.localAuthority.controlUrl ?? '';
  for (const service of SERVICES) {
    process.env[`TEST_${service.name.toUpperCase().replace('-', '_')}_URL`] = stack.serviceUrls[service.name];
  }
  globalThis.__TEST_STACK__ = running;
}
