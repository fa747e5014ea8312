import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICES, startStack, type RunningStack, type ServiceName } from '../../scripts/stack';
import { freePort } from '../../scripts/stack/ports';

declare global {
  // eslint-disable-next-line no-var
  var __TEST_STACK__: { stack: RunningStack; dataDir: string } | undefined;
}

/** Starts an isolated stack for this test run: own ports, own temporary data, logs in the data folder. */
export default async function globalSetup(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-'));
  const servicePorts = {} as Record<ServiceName, number>;
  for (const service of SERVICES) servicePorts[service.name] = await freePort();
  const logDir = path.join(dataDir, 'logs');
  const stack = await startStack({
    dataDir,
    logDir,
    gatewayPort: await freePort(),
    servicePorts,
    ferretdbPort: await freePort(),
    natsPort: await freePort(),
    mongodbUrl: process.env.MONGODB_URL,
    natsUrl: process.env.NATS_URL,
    nodeEnv: 'test',
    logLevel: process.env.TEST_LOG_LEVEL ?? 'info',
  });
  process.env.TEST_GATEWAY_URL = stack.gatewayUrl;
  process.env.TEST_MONGODB_URL = stack.mongodbUrl;
  process.env.TEST_NATS_URL = stack.natsUrl;
  process.env.TEST_SESSION_SECRET = stack.sessionSecret;
  process.env.TEST_LOG_DIR = logDir;
  for (const service of SERVICES) {
    process.env[`TEST_${service.name.toUpperCase().replace('-', '_')}_URL`] = stack.serviceUrls[service.name];
  }
  globalThis.__TEST_STACK__ = { stack, dataDir };
}
