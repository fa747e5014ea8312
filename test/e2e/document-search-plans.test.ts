import { rest } from '../support/env';
import { testStackCluster } from '../support/postgres';
import { documentSearchPlans, statementsDuring, withoutIndex } from '../support/store-plans';
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
    const plans = documentSearchPlans(cluster, statements, empresa.companyId);
    expect(plans.length).toBeGreaterThanOrEqual(buscas.length);
    expect(withoutIndex(plans)).toEqual([]);
  }, 60_000);
});
