import fs from 'node:fs';
import { psql, type PostgresCluster } from './postgres';

/** A statement as FerretDB sent it to PostgreSQL: its text, and its parameters as SQL literals. */
export interface LoggedStatement {
  text: string;
  params: string[];
}

/** One node of a PostgreSQL plan. */
export interface PlanNode {
  type: string;
  relation?: string;
  index?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parameters(detail: string | undefined): string[] {
  const params: string[] = [];
  for (const match of (detail ?? '').matchAll(/\$(\d+) = (NULL|'(?:[^']|'')*')/g)) params[Number(match[1]) - 1] = match[2];
  return params;
}

/**
 * Runs `work` while no other test file logs the cluster's statements: jest's workers run files at once, and one
 * file's RESET of `log_statement` would end another's window early. A lock file beside the log (`wx`: one creator);
 * one left by a killed run is taken over after two minutes.
 */
async function loggingAlone(cluster: PostgresCluster, work: () => Promise<void>): Promise<void> {
  const lock = `${cluster.logFile}.statements.lock`;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) fs.rmSync(lock, { force: true });
      else await sleep(100);
    }
  }
  try {
    await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Every statement the cluster runs while `work` runs, from its server log: `log_statement = all` is set for
 * that time only (ALTER SYSTEM, then a reload, which every session reads at its next command). Other sessions'
 * statements of that time are there too.
 */
export async function statementsDuring(cluster: PostgresCluster, work: () => Promise<void>): Promise<LoggedStatement[]> {
  const from = fs.statSync(cluster.logFile).size;
  await loggingAlone(cluster, async () => {
    psql(cluster, "ALTER SYSTEM SET log_statement = 'all'; SELECT pg_reload_conf();");
    try {
      await sleep(500);
      await work();
    } finally {
      psql(cluster, 'ALTER SYSTEM RESET log_statement; SELECT pg_reload_conf();');
    }
  });
  const handle = fs.openSync(cluster.logFile, 'r');
  const size = fs.fstatSync(handle).size;
  const buffer = Buffer.alloc(size - from);
  fs.readSync(handle, buffer, 0, buffer.length, from);
  fs.closeSync(handle);
  // One entry per line starting with the timestamp, with the lines that continue it; an `execute` entry's
  // parameters are the DETAIL entry of the same backend that follows it.
  const entries = buffer.toString('utf8').split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/);
  const statements: LoggedStatement[] = [];
  const lastOf = new Map<string, LoggedStatement>();
  for (const entry of entries) {
    const [, backend, kind, message] = /^\S+ \S+ \S+ \[(\d+)\] (\w+): {2}([\s\S]*)$/.exec(entry.trimEnd()) ?? [];
    const executed = kind === 'LOG' ? /^execute [^:]+: ([\s\S]*)$/.exec(message) : null;
    if (executed) {
      const statement = { text: executed[1].trim(), params: [] };
      statements.push(statement);
      lastOf.set(backend, statement);
    } else if (kind === 'DETAIL' && message.startsWith('parameters: ') && lastOf.has(backend)) {
      lastOf.get(backend)!.params = parameters(message);
      lastOf.delete(backend);
    } else {
      lastOf.delete(backend);
    }
  }
  return statements;
}

function nodes(plan: Record<string, any>, out: PlanNode[]): PlanNode[] {
  out.push({ type: plan['Node Type'], relation: plan['Relation Name'], index: plan['Index Name'] });
  for (const child of plan.Plans ?? []) nodes(child, out);
  return out;
}

/**
 * The plan PostgreSQL makes of the statement for any parameter values (a generic plan, which it may keep for a
 * statement FerretDB prepared and ran often) when sequential scans are disabled: an index in it means an index
 * can serve the statement whatever the values; a sequential scan means none can. (At a test's small volumes a
 * sequential scan is the cheaper plan, so without disabling it the plan would say nothing.)
 */
export function genericPlan(cluster: PostgresCluster, statement: LoggedStatement): PlanNode[] {
  const output = psql(
    cluster,
    [
      'SET enable_seqscan = off;',
      'SET plan_cache_mode = force_generic_plan;',
      `PREPARE hot AS ${statement.text};`,
      `EXPLAIN (FORMAT JSON) EXECUTE hot${statement.params.length ? `(${statement.params.join(', ')})` : ''};`,
    ].join('\n'),
  );
  const [explained] = JSON.parse(output) as [{ Plan: Record<string, any> }];
  return nodes(explained.Plan, []);
}

/** The tables of a MongoDB database's collections (FerretDB keeps the mapping in its metadata table). */
export function tablesOf(cluster: PostgresCluster, database: string): Map<string, string> {
  const rows = psql(cluster, `SELECT _jsonb->>'_id', _jsonb->>'table' FROM "${database.replace(/"/g, '""')}"._ferretdb_database_metadata;`);
  return new Map(rows.trim().split('\n').filter(Boolean).map((row) => row.split('|') as [string, string]));
}

/** A statement of the fiscal documents' search and the scans of its generic plan ("Index Scan (name)", "Seq Scan"). */
export interface SearchPlan {
  statement: string;
  scans: string[];
}

/**
 * The plans of one company's documents search statements among `statements`: the company first (its id the first
 * parameter: other test files search their own companies in the same window), then `situacao` $ne PROCESSANDO (sent
 * as NOT (...)), then each filter. Printed, so a failing run shows them.
 */
export function documentSearchPlans(cluster: PostgresCluster, statements: LoggedStatement[], companyId: string): SearchPlan[] {
  const table = tablesOf(cluster, 'erp_fiscal_document').get('documentos_fiscais');
  if (!table) throw new Error('no table for erp_fiscal_document.documentos_fiscais');
  const searches = statements.filter(
    (s) =>
      s.text.includes(`"erp_fiscal_document"."${table}"`) &&
      /WHERE _jsonb->'companyId' @> \$1/.test(s.text) &&
      s.text.includes('AND NOT (') &&
      (s.params[0] ?? '').includes(JSON.stringify(companyId)),
  );
  const plans = searches.map((statement) => ({
    statement: statement.text.replace(/^.* WHERE /, 'WHERE '),
    scans: genericPlan(cluster, statement)
      .filter((node) => node.type.endsWith('Scan'))
      .map((node) => `${node.type}${node.index ? ` (${node.index})` : ''}`),
  }));
  console.log(plans.map((p) => `${p.statement}\n  -> ${p.scans.join(', ')}`).join('\n'));
  return plans;
}

/** The plans among these that read the table sequentially or use no index. */
export const withoutIndex = (plans: SearchPlan[]): SearchPlan[] => plans.filter((p) => p.scans.some((scan) => scan.startsWith('Seq Scan')) || !p.scans.some((scan) => scan.includes('Index')));
