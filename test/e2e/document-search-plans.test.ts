import { rest } from '../support/env';
import { testStackCluster } from '../support/postgres';
import { genericPlan, statementsDuring, tablesOf } from '../support/store-plans';
import { DOCUMENTOS, emitir, empresaFiscal, nfeVenda } from './fiscal-helpers';

/**
 * The documents' search (GET /documentos, GraphQL documentosFiscais) as the patched FerretDB sends it to the stack's
 * PostgreSQL: every filter statement is led by the company and served by an index, never a scan of the table (the
 * way store-index-plans.test.ts checks the other hot queries).
 */
const skip = process.env.MONGODB_URL ? 'MONGODB_URL is set: the stack runs on that server, not on a PostgreSQL of its own' : null;

describe('the documents search is served from company-led indexes', () => {
  it('document search plans - by number, key, referencia, customer CNPJ, name part (accents folded) and period: index scans led by the company', async () => {
    if (skip) {
      console.log(`plans not checked: ${skip}`);
      return;
    }
    const cluster = testStackCluster();
    const empresa = await empresaFiscal();
    const doc = (await emitir(empresa.admin, nfeVenda())).body.dados;
    const buscas = [
      `numero=${doc.numero}`,
      `chaveAcesso=${doc.chaveAcesso}`,
      `referencia=${encodeURIComponent(doc.referencia)}`,
      'cliente=11.222.333/0001-81',
      'cliente=comprador',
      `cliente=${encodeURIComponent('COMPRADÔR')}`,
      'emitidoDe=2026-01-01&emitidoAte=2099-12-31&modelo=NFE',
    ];
    const statements = await statementsDuring(cluster, async () => {
      for (const busca of buscas) {
        const resposta = await rest('GET', `${DOCUMENTOS}?${busca}`, { bearer: empresa.usuario });
        expect([busca, resposta.body.dados.itens.map((d: { id: string }) => d.id)]).toEqual([busca, [doc.id]]);
      }
    });
    const table = tablesOf(cluster, 'erp_fiscal_document').get('documentos_fiscais');
    expect(table).toBeDefined();
    // The search's statements: the company, then `situacao` $ne PROCESSANDO (sent as NOT (...)), then each filter.
    const searches = statements.filter((s) => s.text.includes(`"erp_fiscal_document"."${table}"`) && /WHERE _jsonb->'companyId' @> \$1/.test(s.text) && s.text.includes('AND NOT ('));
    expect(searches.length).toBeGreaterThanOrEqual(buscas.length);
    const plans = searches.map((statement) => ({
      statement: statement.text.replace(/^.* WHERE /, 'WHERE '),
      scans: genericPlan(cluster, statement)
        .filter((node) => node.type.endsWith('Scan'))
        .map((node) => `${node.type}${node.index ? ` (${node.index})` : ''}`),
    }));
    console.log(plans.map((p) => `${p.statement}\n  -> ${p.scans.join(', ')}`).join('\n'));
    expect(plans.filter((p) => p.scans.some((scan) => scan.startsWith('Seq Scan')) || !p.scans.some((scan) => scan.includes('Index')))).toEqual([]);
  }, 60_000);
});
