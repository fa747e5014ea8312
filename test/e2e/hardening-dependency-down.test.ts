import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { natsServerBinary } from '../../scripts/stack/binaries';
import { freePort, waitForPort } from '../../scripts/stack/ports';
import { startChild, stopChild, type Child } from '../../scripts/stack/processes';
import { stackEnv } from '../support/env';
import { newIntegration } from './ingestion-api-helpers';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * An ingestion process whose dependency is really gone: it runs on the stack's database but on a broker of its own,
 * where no token service answers, and that broker is then stopped. Nothing is simulated: the process asks, and
 * nobody is there.
 */
describe('hardening - a dependency that is really down', () => {
  let nats: Child;
  let ingestion: Child;
  let url: string;
  let token: string;

  beforeAll(async () => {
    const natsPort = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-nats-alone-'));
    nats = startChild('nats-alone', natsServerBinary(), ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', dir], {
      cwd: ROOT,
      env: process.env,
      logDir: process.env.TEST_LOG_DIR,
    });
    await waitForPort(natsPort, 30_000, nats.alive);
    const port = await freePort();
    ingestion = startChild('ingestion-alone', process.execPath, ['--import', 'tsx', 'services/ingestion/src/main.ts'], {
      cwd: ROOT,
      logDir: process.env.TEST_LOG_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        MONGODB_URL: stackEnv.mongodbUrl,
        NATS_URL: `nats://127.0.0.1:${natsPort}`,
        NATS_REQUEST_TIMEOUT_MS: '500',
        SESSION_JWT_SECRET: stackEnv.sessionSecret,
      },
    });
    url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300 && !(await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)); i += 1) await new Promise((r) => setTimeout(r, 100));
    ({ token } = await newIntegration({ label: 'dependency-down' }));
  }, 60_000);

  afterAll(async () => {
    await stopChild(ingestion);
    if (nats.alive()) await stopChild(nats);
  });

  const batch = () =>
    fetch(`${url}/api/ingestao-pub/incidente_seguranca`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ linhas: [{ codigo: 'DOWN-1', titulo: 't', tipo: 'Integridade', severidade: 'Alta' }] }),
    });

  it('hardening - no token service on the broker: a batch is 503 SERVICO_INDISPONIVEL with Retry-After, not 500 or 401', async () => {
    const response = await batch();
    expect({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }).toMatchObject({
      status: 503,
      retryAfter: '5',
      body: { sucesso: false, codigo: 'SERVICO_INDISPONIVEL' },
    });
  });

  it('hardening - the broker itself stopped: still 503 SERVICO_INDISPONIVEL with Retry-After, and the process stays up', async () => {
    await stopChild(nats);
    const response = await batch();
    expect({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }).toMatchObject({
      status: 503,
      retryAfter: '5',
      body: { sucesso: false, codigo: 'SERVICO_INDISPONIVEL' },
    });
    expect(ingestion.alive()).toBe(true);
  });
});
