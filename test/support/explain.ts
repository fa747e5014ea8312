import type { mongo } from 'mongoose';

type Db = mongo.Db;
type Document = mongo.Document;

/** What the store does with one query: the plan's stages and the index it uses, if any. */
export interface PlanSummary {
  /** `mongodb` when the server is MongoDB; `ferretdb` when it says it is FerretDB. */
  server: 'mongodb' | 'ferretdb';
  /** The winning plan's stages, outermost first (MongoDB), or FerretDB's PostgreSQL plan node types. */
  stages: string[];
  /** The index the plan reads (FerretDB: the PostgreSQL index, an index or a bitmap index scan), or null for a collection scan. */
  index: string | null;
  /** FerretDB: whether the filter and the sort were pushed down to PostgreSQL. */
  pushdown?: { filter: boolean; sort: boolean };
}

/** Which server answers: FerretDB adds `ferretdbVersion` to `buildInfo`. */
export async function serverKind(db: Db): Promise<PlanSummary['server']> {
  const info = await db.admin().command({ buildInfo: 1 });
  return 'ferretdbVersion' in info ? 'ferretdb' : 'mongodb';
}

function mongoStages(plan: Document | undefined, out: { stages: string[]; index: string | null }): void {
  if (!plan) return;
  if (typeof plan.stage === 'string') out.stages.push(plan.stage);
  if (typeof plan.indexName === 'string' && !out.index) out.index = plan.indexName;
  mongoStages(plan.inputStage as Document | undefined, out);
  for (const input of (plan.inputStages as Document[] | undefined) ?? []) mongoStages(input, out);
}

function postgresNodes(plan: Document | undefined, out: { stages: string[]; index: string | null }): void {
  if (!plan) return;
  if (typeof plan['Node Type'] === 'string') out.stages.push(plan['Node Type']);
  if (typeof plan['Index Name'] === 'string' && !out.index) out.index = plan['Index Name'];
  for (const child of (plan.Plans as Document[] | undefined) ?? []) postgresNodes(child, out);
}

/** Explains `find(filter).sort(sort).limit(limit)` on `collection` and summarises the plan. */
export async function explainFind(db: Db, collection: string, filter: Document, sort: Document, limit: number): Promise<PlanSummary> {
  const server = await serverKind(db);
  const explained = await db.command({ explain: { find: collection, filter, sort, limit }, verbosity: 'queryPlanner' });
  if (server === 'ferretdb') {
    const planner = explained.queryPlanner as Document | Document[] | undefined;
    const plan = (Array.isArray(planner) ? planner[0]?.Plan : planner?.Plan) as Document | undefined;
    const out = { stages: [] as string[], index: null as string | null };
    postgresNodes(plan, out);
    return { server, ...out, pushdown: { filter: explained.filterPushdown === true, sort: explained.sortPushdown === true } };
  }
  const out = { stages: [] as string[], index: null as string | null };
  mongoStages((explained.queryPlanner as Document).winningPlan as Document, out);
  return { server, ...out };
}

export function describePlan(summary: PlanSummary): string {
  const base = `${summary.stages.join(' > ') || 'no stages reported'}; index: ${summary.index ?? 'none'}`;
  return summary.pushdown ? `${base}; filter pushdown: ${summary.pushdown.filter}, sort pushdown: ${summary.pushdown.sort}` : base;
}
