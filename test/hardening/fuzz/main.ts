import { SERVICES } from '../../../scripts/stack';
import { startIsolatedStack } from '../../support/isolated-stack';
import { prepareContext } from './context';
import { describeFailure, runFuzz } from './runner';

/**
 * `npm run fuzz`: a throw-away stack on 127.0.0.1 (free ports, temporary data), then FUZZ_REQUESTS (10,000)
 * hostile requests from seed FUZZ_SEED (8), FUZZ_CONCURRENCY (12) at a time. FUZZ_ONLY=12,345 sends only those
 * request numbers (a failure prints its own). The last line is `N passed, M failed`; the exit code is 1 on any
 * failure.
 */
const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};

async function main(): Promise<number> {
  const seed = numberFrom('FUZZ_SEED', 8);
  const count = numberFrom('FUZZ_REQUESTS', 10_000);
  const concurrency = numberFrom('FUZZ_CONCURRENCY', 12);
  const only = process.env.FUZZ_ONLY ? process.env.FUZZ_ONLY.split(',').map(Number) : undefined;
  // Its own stack: the rate limit would otherwise be most of what 10,000 requests from a few tokens see.
  process.env.INGESTION_RATE_LIMIT_PER_MINUTE ??= '100000';
  delete process.env.MONGODB_URL;
  delete process.env.NATS_URL;
  console.log(`fuzz: starting a throw-away stack (seed ${seed}, ${only ? `requests ${only.join(',')}` : `${count} requests`}, ${concurrency} at a time)`);
  const { stack, dataDir } = await startIsolatedStack('fuzz', process.env.FUZZ_LOG_LEVEL ?? 'warn');
  try {
    process.env.TEST_GATEWAY_URL = stack.gatewayUrl;
    process.env.TEST_MONGODB_URL = stack.mongodbUrl;
    process.env.TEST_NATS_URL = stack.natsUrl;
    process.env.TEST_SESSION_SECRET = stack.sessionSecret;
    for (const service of SERVICES) process.env[`TEST_${service.name.toUpperCase().replace('-', '_')}_URL`] = stack.serviceUrls[service.name];
    const context = await prepareContext(8);
    const report = await runFuzz(context, { seed, count, concurrency, only, log: (line) => console.log(line) });
    for (const failure of report.failures) console.log(`\n${describeFailure(failure, seed)}`);
    console.log(`\nseed ${report.seed}: ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`);
    console.log(`statuses: ${JSON.stringify(report.byStatus)}`);
    console.log(`latency: p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms`);
    console.log(`bystander: ${report.sentinel.samples} requests, p99 ${report.sentinel.p99Ms} ms, max ${report.sentinel.maxMs} ms`);
    console.log(`logs: ${dataDir}/logs (kept with KEEP_TEST_DATA=1)`);
    console.log(`${report.passed} passed, ${report.failed} failed`);
    return report.failed === 0 ? 0 : 1;
  } finally {
    await stack.stop();
    if (!process.env.KEEP_TEST_DATA) (await import('node:fs')).rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
