import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICES, startStack, type RunningStack, type ServiceName } from '../../scripts/stack';
import { freePort } from '../../scripts/stack/ports';

/**
 * A throw-away stack for tests and benchmarks: free ports, data and logs in a temporary folder (its own
 * PostgreSQL cluster included, run without fsync), so a run never touches `npm start`'s data or anything
 * else listening on this machine. `postgresPort` is that cluster's (unused when `mongodbUrl` is given).
 */
export async function startIsolatedStack(
  label: string,
  logLevel = 'info',
  options: { env?: NodeJS.ProcessEnv; mongodbUrl?: string; databasePrefix?: string; ferretdbBinary?: string } = {},
): Promise<{ stack: RunningStack; dataDir: string; postgresPort: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `erp-${label}-`));
  const servicePorts = {} as Record<ServiceName, number>;
  for (const service of SERVICES) servicePorts[service.name] = await freePort();
  const postgresPort = await freePort();
  const stack = await startStack({
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    gatewayPort: await freePort(),
    servicePorts,
    // Tests drive the authority's awkward answers through its control port.
    localAuthority: { port: await freePort(), tlsPort: await freePort(), controlPort: await freePort() },
    ferretdbPort: await freePort(),
    postgresPort,
    throwAwayStore: true,
    natsPort: await freePort(),
    mongodbUrl: options.mongodbUrl ?? process.env.MONGODB_URL,
    natsUrl: process.env.NATS_URL,
    nodeEnv: 'test',
    logLevel,
    env: options.env,
    databasePrefix: options.databasePrefix,
    ferretdbBinary: options.ferretdbBinary,
  });
  return { stack, dataDir, postgresPort };
}
