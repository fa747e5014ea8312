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
 * Every statement the cluster runs while `work` runs, from its server log: `log_statement = all` is set for
 * that time only (ALTER SYSTEM, then a reload, which every session reads at its next command). Other sessions'
 * statements of that time are there too.
 */
export async function statementsDuring(cluster: PostgresCluster, work: () => Promise<void>): Promise<LoggedStatement[]> {
  const from = fs.statSync(cluster.logFile).size;
  psql(cluster, "ALTER SYSTEM SET log_statement = 'all'; SELECT pg_reload_conf();");
  try {
    await sleep(500);
    await work();
  } finally {
    psql(cluster, 'ALTER SYSTEM RESET log_statement; SELECT pg_reload_conf();');
  }
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
