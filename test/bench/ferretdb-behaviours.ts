import { runSemantics } from '../support/ferretdb-semantics';
import { chunkSizes, concurrentCommands, costBySize, historyPlan, oneUpdateCommand } from './ferretdb/costs';
import { conditionalUpdateRace, concurrentIncs, concurrentInserts, concurrentSets, ttl, unorderedBulk } from './ferretdb/races';
import { connect, DB_NAME, startStore, type Build, type Client, type Row, type Store } from './ferretdb/store';

/**
 * `npm run -s bench:ferretdb`: every behaviour `docs/ferretdb.md` lists, measured with the bare driver (no
 * mongoose models) on throw-away stores started here, the unpatched FerretDB v1.24.2 and the stack's patched
 * build (scripts/ferretdb-patch) one after the other in the same run, each on a PostgreSQL cluster of its own
 * as `npm start` and `npm test` run them; one table, a column per build.
 *
 *   FERRETDB_BUILDS=patched   only these builds (comma-separated: stock, patched; default both)
 *   FERRETDB_HANDLER=sqlite   the former SQLite backend instead
 *   FERRETDB_POOL_MAX_CONNS   FerretDB's pool of PostgreSQL connections (default: the stack's, FERRETDB_POOL_MAX_CONNS)
 *   MONGODB_URL=...           any running server instead (e.g. a real MongoDB); nothing is started
 *   BENCH_SIZES               collection sizes of the cost rows (default 1000,5000,20000,100000)
 *   BENCH_HANG_TIMEOUT_MS     how long one update command may take before it counts as hung (default 20000)
 *   BENCH_TTL_WAIT_S          how long to wait for a TTL index to expire a document, if one can be created (default 75)
 *
 * A command that does not answer in time is reported, never waited for forever; the store is restarted after
 * it so that the next measure starts clean. Figures only, nothing passes or fails.
 */
const SIZES = (process.env.BENCH_SIZES ?? '1000,5000,20000,100000').split(',').map(Number);

/** The same-answers rows: each case's answer (test/integration/ferretdb-patch.test.ts also reads them without indexes). */
async function semantics(client: Client): Promise<Row[]> {
  return (await runSemantics(client.db(DB_NAME))).map(({ name, answer }) => ({ behaviour: `answer to ${name}`, measured: answer }));
}

/** Every row, on one store. */
async function measure(store: Store, build: Build, print: (row: Row) => void): Promise<void> {
  let client: Client | undefined = await connect(store.url);
  try {
    const db = client.db(DB_NAME);
    print(await historyPlan(db));
    print(await conditionalUpdateRace(db));
    print(await concurrentSets(db));
    print(await concurrentIncs(db));
    print(await concurrentInserts(db));
    for (const row of await unorderedBulk(db)) print(row);
    for (const row of await semantics(client)) print(row);
    // The stock build hangs on one bulk of 500 matching updates (more than its pool of 200 connections).
    for (const row of await costBySize(db, SIZES, { wholeBulk: build === 'patched' || !!process.env.MONGODB_URL })) print(row);
    print(await ttl(db));
    await client.close();
    client = undefined;
    // Last: these may hang the server, which is then restarted.
    for (const row of await oneUpdateCommand(store, [25, 199, 200, 500, 1_000])) print(row);
    print(await concurrentCommands(store, 25, [1, 2, 7, 8]));
    print(await concurrentCommands(store, 500, [1, 2, 4]));
    client = await connect(store.url);
    print(await chunkSizes(store, client.db(DB_NAME), 5_000, [5, 25, 100, 500]));
    await client.db(DB_NAME).dropDatabase();
  } finally {
    await client?.close(true).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const builds = (process.env.MONGODB_URL ? ['patched'] : (process.env.FERRETDB_BUILDS ?? 'stock,patched').split(',')) as Build[];
  const columns: { label: string; rows: Map<string, string> }[] = [];
  for (const build of builds) {
    const store = await startStore(build);
    const column = { label: store.label, rows: new Map<string, string>() };
    columns.push(column);
    console.error(`# ${store.label}`);
    try {
      await measure(store, build, (row) => {
        column.rows.set(row.behaviour, row.measured);
        console.error(`| ${row.behaviour} | ${row.measured} |`);
      });
    } finally {
      await store.stop();
    }
  }
  const behaviours = [...new Set(columns.flatMap((column) => [...column.rows.keys()]))];
  console.log(`| behaviour | ${columns.map((column) => column.label).join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---').join('|')}|`);
  for (const behaviour of behaviours) {
    console.log(`| ${behaviour} | ${columns.map((column) => column.rows.get(behaviour) ?? '').join(' | ')} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
