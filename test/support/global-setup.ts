import path from 'node:path';
import { SERVICES, type RunningStack } from '../../scripts/stack';
import { startIsolatedStack } from './isolated-stack';

declare global {
  // eslint-disable-next-line no-var
  var __TEST_STACK__: { stack: RunningStack; dataDir: string } | undefined;
}

/** Starts the stack every test of this run talks to, and tells the test workers where it is. */
export default async function globalSetup(): Promise<void> {
  const running = await startIsolatedStack('test', process.env.TEST_LOG_LEVEL ?? 'info');
  const { stack, dataDir } = running;
  process.env.TEST_GATEWAY_URL = stack.gatewayUrl;
  process.env.TEST_MONGODB_URL = stack.mongodbUrl;
  process.env.TEST_NATS_URL = stack.natsUrl;
  process.env.TEST_SESSION_SECRET = stack.sessionSecret;
  process.env.TEST_LOG_DIR = path.join(dataDir, 'logs');
  for (const service of SERVICES) {
    process.env[`TEST_${service.name.toUpperCase().replace('-', '_')}_URL`] = stack.serviceUrls[service.name];
  }
  globalThis.__TEST_STACK__ = running;
}
