import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AckPolicy, jetstream } from '@nats-io/jetstream';
import { AuthorizationError, NoRespondersError, PermissionViolationError, RequestError } from '@nats-io/transport-node';
import { Streams, Subjects } from '@erp/contracts';
import { natsServerBinary } from '../../../../scripts/stack/binaries';
import { freePort, waitForPort } from '../../../../scripts/stack/ports';
import { createLogger } from '../../src/logger';
import { connectNats, ensureStream, type NatsConnection } from '../../src/nats';

/**
 * The broker's permission table is deploy/nats/authorization.conf, the very file the deployment loads. This test
 * starts its own nats-server with that file (copied beside a minimal server config: an include is relative to the
 * including file) and proves the rules over real connections made by the kit.
 */
const authorizationConf = path.resolve(__dirname, '../../../../deploy/nats/authorization.conf');
const users = ['token', 'ingestion', 'fiscal-document', 'tax-simulation', 'settings'] as const;
type User = (typeof users)[number];
const passwordEnv = (user: User) => `NATS_PASSWORD_${user.toUpperCase().replace('-', '_')}`;

const log = createLogger('nats-auth-test', 'silent');
// As deploy/.env.example generates them: the broker reads a value that starts with '-' or a digit as a number.
const passwords = Object.fromEntries(users.map((u) => [u, `n${randomBytes(18).toString('hex')}`])) as Record<User, string>;
let dir: string;
let server: ChildProcess;
let url: string;
const open: NatsConnection[] = [];

async function connectAs(user: User, password = passwords[user]): Promise<NatsConnection> {
  const nc = await connectNats(url, `test-${user}`, log, { user, password });
  open.push(nc);
  return nc;
}

/** A responder that answers every request with `answer`, in a queue group like the kit's serveRequests. */
function respond(nc: NatsConnection, subject: string, answer: string): { received: number } {
  const seen = { received: 0 };
  nc.subscribe(subject, {
    queue: 'test',
    callback: (_error, msg) => {
      seen.received += 1;
      msg.respond(answer);
    },
  });
  return seen;
}

/** What a request on `subject` meets when nobody answers: the broker's "no responders" if the publish got through. */
async function probe(nc: NatsConnection, subject: string): Promise<'allowed' | 'denied'> {
  try {
    await nc.request(subject, 'probe', { timeout: 5_000 });
    throw new Error(`unexpected reply on ${subject}`);
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    if (error.cause instanceof NoRespondersError) return 'allowed';
    if (error.cause instanceof PermissionViolationError) return 'denied';
    throw error;
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'erp-nats-auth-'));
  copyFileSync(authorizationConf, path.join(dir, 'authorization.conf'));
  const env = { ...process.env, ...Object.fromEntries(users.map((u) => [passwordEnv(u), passwords[u]])) };
  // A free port can be taken by another test worker before the server binds it: then try another one.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    writeFileSync(path.join(dir, 'server.conf'), `host: 127.0.0.1\nport: ${port}\ninclude ./authorization.conf\n`);
    server = spawn(natsServerBinary(), ['-c', path.join(dir, 'server.conf'), '-js', '-sd', path.join(dir, 'jetstream')], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await waitForPort(port, 10_000, () => server.exitCode === null);
      url = `nats://127.0.0.1:${port}`;
      return;
    } catch (error) {
      server.kill('SIGKILL');
      if (attempt === 3) throw new Error(`nats-server did not start: ${stderr.slice(-2000)}`, { cause: error });
    }
  }
}, 40_000);

// Each test starts from no clients, so a responder left by one test cannot answer another's requests.
afterEach(async () => {
  await Promise.all(open.splice(0).map((nc) => nc.close()));
});

afterAll(async () => {
  await Promise.all(open.splice(0).map((nc) => nc.close()));
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('nats auth - each service is its own NATS user with least-privilege permissions', () => {
  it('nats auth - ingestion authenticates a token through a responder connected as token', async () => {
    const token = await connectAs('token');
    respond(token, Subjects.tokenAuthenticate, 'token-ok');
    await token.flush();
    const ingestion = await connectAs('ingestion');

    const reply = await ingestion.request(Subjects.tokenAuthenticate, 'digest', { timeout: 5_000 });

    expect(reply.string()).toBe('token-ok');
  });

  it('nats auth - ingestion is refused publishing settings.v1.sign and the signer never sees the request', async () => {
    const settings = await connectAs('settings');
    const signer = respond(settings, Subjects.settingsSign, 'signed');
    await settings.flush();
    const ingestion = await connectAs('ingestion');

    const error = await ingestion.request(Subjects.settingsSign, 'bytes', { timeout: 5_000 }).catch((e: unknown) => e);

    // nats.js v3 rejects the request with a RequestError whose cause is the server's -ERR, parsed.
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).message).toBe('Permissions Violation for Publish to "settings.v1.sign"');
    const cause = (error as RequestError).cause;
    expect(cause).toBeInstanceOf(PermissionViolationError);
    expect(cause).toMatchObject({ operation: 'publish', subject: Subjects.settingsSign });
    await settings.flush();
    expect(signer.received).toBe(0);
    // A violation is not fatal: the connection stays up and keeps its allowed traffic.
    expect(ingestion.isClosed()).toBe(false);
  });

  it('nats auth - fiscal-document has bytes signed by a responder connected as settings', async () => {
    const settings = await connectAs('settings');
    respond(settings, Subjects.settingsSign, 'signature');
    await settings.flush();
    const fiscal = await connectAs('fiscal-document');

    const reply = await fiscal.request(Subjects.settingsSign, 'bytes', { timeout: 5_000 });

    expect(reply.string()).toBe('signature');
  });

  it('nats auth - a wrong or missing password is refused at connect', async () => {
    await expect(connectAs('ingestion', 'not-the-password')).rejects.toBeInstanceOf(AuthorizationError);
    await expect(connectAs('settings', passwords['fiscal-document'])).rejects.toBeInstanceOf(AuthorizationError);
    await expect(connectNats(url, 'test-anonymous', log)).rejects.toBeInstanceOf(AuthorizationError);
  });

  it('nats auth - who may send each request is exactly who the contracts say', async () => {
    // Written from the design (who talks to whom), not from the config file, so a wrong line there fails here.
    const mayRequest: Record<string, User[]> = {
      [Subjects.tokenAuthenticate]: ['ingestion'],
      [Subjects.directoryUsersLookup]: ['ingestion'],
      [Subjects.settingsGet]: ['fiscal-document', 'tax-simulation'],
      [Subjects.settingsSign]: ['fiscal-document'],
      [Subjects.settingsTransmit]: ['fiscal-document'],
      [Subjects.taxCalculate]: ['fiscal-document'],
    };
    const seen: Record<string, User[]> = {};
    for (const user of users) {
      const nc = await connectAs(user);
      for (const subject of Object.keys(mayRequest)) {
        if ((await probe(nc, subject)) === 'allowed') (seen[subject] ??= []).push(user);
      }
    }
    expect(seen).toEqual(mayRequest);
  });

  it('nats auth - only token announces token changes, and ingestion receives them', async () => {
    const ingestion = await connectAs('ingestion');
    const received: string[] = [];
    ingestion.subscribe(Subjects.tokenChanged, { callback: (_error, msg) => void received.push(msg.string()) });
    await ingestion.flush();
    const errors: Error[] = [];
    const impostor = await connectAs('fiscal-document');
    (async () => {
      for await (const status of impostor.status()) if (status.type === 'error') errors.push(status.error);
    })().catch(() => undefined);

    impostor.publish(Subjects.tokenChanged, 'forged');
    await impostor.flush();
    const token = await connectAs('token');
    token.publish(Subjects.tokenChanged, 'revoked');
    await token.flush();
    await ingestion.flush();

    expect(received).toEqual(['revoked']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ operation: 'publish', subject: Subjects.tokenChanged });
  });

  it("nats auth - a service cannot read another service's replies", async () => {
    const ingestion = await connectAs('ingestion');
    const sub = ingestion.subscribe('_INBOX.fiscal-document.>');

    const closedWith = await sub.closed;

    expect(closedWith).toBeInstanceOf(PermissionViolationError);
    expect(closedWith).toMatchObject({ operation: 'subscription', subject: '_INBOX.fiscal-document.>' });
  });

  it('nats auth - fiscal-document creates its streams, publishes both document events and consumes invoiced orders', async () => {
    const fiscal = await connectAs('fiscal-document');
    const jsm = await ensureStream(fiscal, Streams.fiscal);
    await ensureStream(fiscal, Streams.erp);
    const js = jetstream(fiscal);
    expect((await js.publish(Subjects.documentoAutorizado, '{}', { msgID: 'nats-auth-test:a' })).stream).toBe(Streams.fiscal.name);
    expect((await js.publish(Subjects.nfeCancelada, '{}', { msgID: 'nats-auth-test:c' })).stream).toBe(Streams.fiscal.name);
    await jsm.consumers.add(Streams.erp.name, { durable_name: 'automatic-emission-test', ack_policy: AckPolicy.Explicit, filter_subject: Subjects.pedidoFaturado });
    const consumer = await js.consumers.get(Streams.erp.name, 'automatic-emission-test');
    const messages = await consumer.fetch({ max_messages: 1, expires: 1_000 });
    for await (const msg of messages) msg.ack();
    expect(await messages.closed()).toBeFalsy();
  });

  it('nats auth - settings creates its stream and publishes settings.v1.changed under its permissions', async () => {
    const settings = await connectAs('settings');

    const jsm = await ensureStream(settings, Streams.settings);
    const ack = await jetstream(settings).publish(Subjects.settingsChanged, '{}', { msgID: 'nats-auth-test:1' });
    await ensureStream(settings, Streams.settings);

    expect(ack.stream).toBe(Streams.settings.name);
    expect((await jsm.streams.info(Streams.settings.name)).state.messages).toBe(1);
  });
});
