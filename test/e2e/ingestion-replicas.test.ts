import path from 'node:path';
import { startChild, stopChild, type Child } from '../../scripts/stack/processes';
import { freePort } from '../../scripts/stack/ports';
import { stackEnv } from '../support/env';
import { awaitFreshWindow, newIntegration } from './ingestion-api-helpers';

const ROOT = path.resolve(__dirname, '..', '..');

/** A second ingestion process beside the stack's, on the same database and broker, as a second replica would run. */
async function startSecondReplica(): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const child = startChild('ingestion-replica', process.execPath, ['--import', 'tsx', 'services/ingestion/src/main.ts'], {
    cwd: ROOT,
    logDir: process.env.TEST_LOG_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      MONGODB_URL: stackEnv.mongodbUrl,
      NATS_URL: stackEnv.natsUrl,
      SESSION_JWT_SECRET: stackEnv.sessionSecret,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child);
  throw new Error('second ingestion replica did not become ready');
}

describe('ingestion - two replicas', () => {
  let replica: { child: Child; url: string };

  beforeAll(async () => {
    replica = await startSecondReplica();
  }, 30_000);

  afterAll(async () => {
    await stopChild(replica.child);
  });

  it('ingestion - two running replicas enforce one limit of 60 requests per minute per token', async () => {
    const { token } = await newIntegration({ label: 'replicas' });
    const urls = [stackEnv.serviceUrl('ingestion'), replica.url];
    const statuses: number[] = [];
    await awaitFreshWindow();
    // Alternate between the replicas: each sees only half of the requests, so only a shared counter can refuse.
    for (let i = 0; i < 61; i += 1) {
      const response = await fetch(`${urls[i % 2]}/api/ingestao-pub/entidades`, { headers: { authorization: `Bearer ${token}` } });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    const refused = await fetch(`${urls[1]}/api/ingestao-pub/entidades`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ sucesso: false, codigo: 'LIMITE_REQUISICOES' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);
});
