import { rest } from '../support/env';
import { testStackCluster } from '../support/postgres';
import { genericPlan, statementsDuring, tablesOf, type LoggedStatement } from '../support/store-plans';
import { DOCUMENTOS, emitir, empresaFiscal, nfeVenda } from './fiscal-helpers';
import { HISTORICO, incidente, newIntegration } from './ingestion-api-helpers';

/**
 * The hot queries of the platform, as the patched FerretDB (scripts/ferretdb-patch) sends them to the stack's
 * own PostgreSQL, each served by an index: the statements are taken from the cluster's log while the platform
 * does the real work through the gateway, then EXPLAINed there (a generic plan, sequential scans disabled: see
 * genericPlan). On the stock build every one of them was a sequential scan of the whole table.
 */
interface Hot {
  name: string;
  database: string;
  collection: string;
  /** Which statements on that table are this query. */
  where: RegExp;
}

const HOT: Hot[] = [
  { name: 'ingestion: upsert of a new key', database: 'erp_ingestion', collection: 'incidente_seguranca', where: /WHERE _jsonb->'companyId' @> \$1 AND _jsonb->'chave' @> \$2$/ },
  { name: 'ingestion: update of a stored record by its id', database: 'erp_ingestion', collection: 'incidente_seguranca', where: /WHERE _jsonb->'_id' = \$1 AND _jsonb->'companyId' @> \$2$/ },
  { name: "ingestion: the batch's keys already stored ($in)", database: 'erp_ingestion', collection: 'incidente_seguranca', where: /WHERE _jsonb->'companyId' @> \$1 AND _jsonb->'chave' @\? \$2::jsonpath$/ },
  { name: 'ingestion: the history page', database: 'erp_ingestion', collection: 'lotes', where: /WHERE _jsonb->'companyId' @> \$1/ },
  { name: 'token: a token by its digest', database: 'erp_token', collection: 'tokens', where: /WHERE _jsonb->'digest' @> \$1$/ },
  { name: 'fiscal document: by its id (derived from its referencia)', database: 'erp_fiscal_document', collection: 'documentos_fiscais', where: /WHERE _jsonb->'_id' = \$\d/ },
  { name: "fiscal document: the series' numbers (the number claims)", database: 'erp_fiscal_document', collection: 'numeracao', where: /WHERE .*_jsonb->'companyId' @> \$\d/ },
  { name: "outbox relay: the pending events (every 2 s)", database: 'erp_fiscal_document', collection: 'fatos_documento', where: /WHERE jsonb_path_query_array\(_jsonb, 'lax \$\."outbox"\."estado"\[\*\]'\) @> \$1$/ },
];

const skip = process.env.MONGODB_URL ? 'MONGODB_URL is set: the stack runs on that server, not on a PostgreSQL of its own' : null;

describe('the store serves the hot queries from indexes', () => {
  it('ingestion, history, token, fiscal document and outbox statements are index scans in PostgreSQL', async () => {
    if (skip) {
      console.log(`plans not checked: ${skip}`);
      return;
    }
    const cluster = testStackCluster();
    const ing = await newIntegration({ entidades: ['incidente_seguranca'], label: 'planos' });
    const fiscal = await empresaFiscal();
    const linhas = (rodada: number) => Array.from({ length: 30 }, (_, i) => incidente(`PLANO-${i}`, { titulo: `Incidente ${i}, rodada ${rodada}` }));

    const statements = await statementsDuring(cluster, async () => {
      expect((await ing.post('incidente_seguranca', { linhas: linhas(1) })).body).toMatchObject({ dados: { gravadas: 30 } });
      expect((await ing.post('incidente_seguranca', { linhas: linhas(2) })).body).toMatchObject({ dados: { gravadas: 30 } });
      expect((await ing.admin.run(HISTORICO, { primeiros: 10 })).data?.historicoImportacoes.itens).toHaveLength(2);
      const emitido = await emitir(fiscal.admin, nfeVenda());
      expect(emitido.status).toBe(201);
      expect((await rest('GET', `${DOCUMENTOS}/${encodeURIComponent(emitido.body.dados.id)}`, { bearer: fiscal.admin })).status).toBe(200);
      // At least one pass of the outbox relays (every 2 s).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    });

    const found: { query: string; statement: string; scans: string[] }[] = [];
    const missing: string[] = [];
    for (const hot of HOT) {
      const table = tablesOf(cluster, hot.database).get(hot.collection);
      const distinct = new Map<string, LoggedStatement>();
      for (const statement of statements) {
        if (table && statement.text.includes(`"${hot.database}"."${table}"`) && hot.where.test(statement.text)) distinct.set(statement.text, statement);
      }
      if (distinct.size === 0) missing.push(hot.name);
      for (const statement of distinct.values()) {
        const scans = genericPlan(cluster, statement)
          .filter((node) => node.type.endsWith('Scan'))
          .map((node) => `${node.type}${node.index ? ` (${node.index.endsWith('_gin') ? 'GIN' : 'btree'})` : ''}`);
        found.push({ query: hot.name, statement: statement.text.replace(/^.* WHERE /, 'WHERE '), scans });
      }
    }
    expect(missing).toEqual([]);
    const notIndexed = found.filter(({ scans }) => scans.some((scan) => scan.startsWith('Seq Scan')) || !scans.some((scan) => scan.includes('Index')));
    expect(notIndexed).toEqual([]);
    console.log(found.map(({ query, statement, scans }) => `${query}: ${statement}\n  -> ${scans.join(', ')}`).join('\n'));
  }, 60_000);
});
