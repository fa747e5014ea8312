import path from 'node:path';
import { SERVICES, startStack, type ServiceName } from './stack';

/** `npm start`: the whole stack on this machine, until Ctrl-C. Settings are documented in the README. */
const env = process.env;
const ROOT = path.resolve(__dirname, '..');
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);

async function main(): Promise<void> {
  const servicePortBase = num('STACK_SERVICE_PORT_BASE', 4100);
  const servicePorts = Object.fromEntries(SERVICES.map((s) => [s.name, servicePortBase + s.offset])) as Record<ServiceName, number>;
  const stack = await startStack({
    dataDir: path.resolve(ROOT, env.STACK_DATA_DIR ?? '.data'),
    gatewayPort: num('STACK_GATEWAY_PORT', 4000),
    servicePorts,
    // Health on base+6, the web services (HTTPS, mutual TLS) on base+7; the scenario control stays off.
    localAuthority: { port: servicePortBase + 6, tlsPort: servicePortBase + 7 },
    ferretdbPort: num('STACK_FERRETDB_PORT', 27117),
    postgresPort: num('STACK_POSTGRES_PORT', 5532),
    throwAwayStore: false,
    natsPort: num('STACK_NATS_PORT', 4322),
    mongodbUrl: env.MONGODB_URL,
    natsUrl: env.NATS_URL,
    nodeEnv: 'development',
    logLevel: env.LOG_LEVEL ?? 'info',
    onProgress: (message) => console.log(`[stack] ${message}`),
  });
  console.log(`
[stack] ready. Base URL: ${stack.gatewayUrl}
  GraphQL:   POST ${stack.gatewayUrl}/graphql   (Authorization: Bearer <session>)
  Ingestion: ${stack.gatewayUrl}/api/ingestao-pub/entidades   (Authorization: Bearer ing_...)
  Session:   npm run -s session -- --company <companyId> --role admin [--user <userId>]
  Local authority (NF-e / NFC-e of companies in HOMOLOGAÇÃO): ${stack.localAuthority.url}, CA ${stack.localAuthority.caFile}
  Ctrl-C stops everything.`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[stack] ${signal}: stopping`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(`[stack] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
