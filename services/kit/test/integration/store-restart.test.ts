import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { startLocalStore } from '../../../../scripts/stack/store';
import { stopChild, type Child } from '../../../../scripts/stack/processes';
import { freePort } from '../../../../scripts/stack/ports';
import { closeMongo, connectMongo, isMongoReady } from '../../src/mongo';
import { log } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ROUNDS = 4;
/** Recovery bound per restart: the watchdog's worst case is about 15 s; without it a stuck client never comes back. */
const BACK_WITHIN_MS = 60_000;

/**
 * A store of its own (PostgreSQL and FerretDB on free ports), restarted under six clients, four of them busy
 * (eight queries in flight each): the load under which the driver's monitor got stuck on a destroyed socket
 * in one restart of three (see `watchHeartbeats` in src/mongo.ts). Every client must answer again after every
 * restart, with no help.
 */
describe('kit mongo - every connection answers again after the store restarts', () => {
  let dataDir: string;
  let children: Child[] = [];
  const clients: Connection[] = [];
  afterAll(async () => {
    for (const client of clients) await closeMongo(client).catch(() => undefined);
    for (const child of [...children].reverse()) await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`kit mongo - ${ROUNDS} restarts of PostgreSQL and FerretDB under load: every client back each time`, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-kit-restart-'));
    fs.mkdirSync(path.join(dataDir, 'logs'));
    const options = { dataDir, ferretdbPort: await freePort(), postgresPort: await freePort(), throwAway: true, cwd: process.cwd(), logDir: path.join(dataDir, 'logs') };
    const url = await startLocalStore(options, children);
    for (let i = 0; i < 6; i += 1) clients.push(await connectMongo(url, `kit_restart_${i}`, log));
    let running = true;
    const load = clients.flatMap((db, i) =>
      Array.from({ length: i < 4 ? 8 : 1 }, async () => {
        for (let n = 0; running; n += 1) {
          await db.collection('x').insertOne({ n }).then(() => db.collection('x').findOne({ n }), () => undefined).catch(() => undefined);
          await sleep(i < 4 ? 5 : 1_000);
        }
      }),
    );
    const notBack: string[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        await sleep(2_000);
        const stopped = Date.now();
        for (const child of [...children].reverse()) await stopChild(child);
        await sleep(1_000);
        children = [];
        await startLocalStore(options, children);
        let waiting = clients.map((_, i) => i);
        while (waiting.length > 0 && Date.now() - stopped < BACK_WITHIN_MS) {
          const answers = await Promise.all(waiting.map(async (i) => isMongoReady(clients[i]) && (await clients[i].db!.admin().ping().then(() => true, () => false))));
          waiting = waiting.filter((_, k) => !answers[k]);
          if (waiting.length > 0) await sleep(500);
        }
        if (waiting.length > 0) notBack.push(`round ${round}: clients ${waiting.join(', ')}`);
      }
    } finally {
      running = false;
      await Promise.all(load);
    }
    expect(notBack).toEqual([]);
  }, ROUNDS * (BACK_WITHIN_MS + 10_000) + 30_000);
});
