import { graphql, rest } from '../support/env';
import { testStackCluster } from '../support/postgres';
import { documentSearchPlans, statementsDuring, withoutIndex } from '../support/store-plans';
import { CHAVE_NFE, cteOsSpRj, cteSpRj } from './cte-helpers';
import { DOCUMENTOS, emitir, empresaFiscal, nfeVenda } from './fiscal-helpers';

/**
 * The documents' search by model tells the CT-e OS (model 67, stored as `modelo: CTE` with its `cteOs` group) from
 * the CT-e (model 57): `CTEOS` lists only the CT-e OS, `CTE` only the CT-e, on GraphQL and REST alike (one code
 * path), and the statement the patched FerretDB sends is led by the company and served by an index.
 */
const BUSCA = `query ($modelo: ModeloBusca) { documentosFiscais(modelo: $modelo) { itens { id modelo chaveAcesso } proximo } }`;
const skipPlans = process.env.MONGODB_URL ? 'MONGODB_URL is set: the stack runs on that server, not on a PostgreSQL of its own' : null;

interface Lido {
  id: string;
  modelo: string;
  chaveAcesso: string;
}

describe('the documents search by model: CT-e OS (67) apart from CT-e (57)', () => {
  it('cte os search - modelo CTEOS lists the CT-e OS, CTE the CT-e only; GraphQL and REST alike; a wrong model named', async () => {
    // A Simples Nacional company (CSOSN 102 on every document) that issues an NF-e, a CT-e and a CT-e OS.
    const e = await empresaFiscal({ regime: 'SIMPLES_NACIONAL' });
    const nfe = (await emitir(e.admin, nfeVenda())).body.dados;
    const cte = (await emitir(e.admin, cteSpRj([CHAVE_NFE], { csosn: '102' }))).body.dados;
    const os = (await emitir(e.admin, cteOsSpRj({ csosn: '102' }))).body.dados;
    expect([nfe.situacao, cte.situacao, os.situacao, cte.chaveAcesso.slice(20, 22), os.chaveAcesso.slice(20, 22)]).toEqual(['AUTORIZADO', 'AUTORIZADO', 'AUTORIZADO', '57', '67']);

    const pelaGrafo = async (modelo: string | null) => {
      const r = await graphql<{ documentosFiscais: { itens: Lido[] } }>(BUSCA, { modelo }, e.usuario);
      expect(r.errors).toBeUndefined();
      return r.data!.documentosFiscais.itens.map((d) => d.id);
    };
    const peloRest = async (modelo: string) => {
      const r = await rest('GET', `${DOCUMENTOS}?modelo=${modelo}`, { bearer: e.usuario });
      expect(r.status).toBe(200);
      return (r.body.dados.itens as Lido[]).map((d) => d.id);
    };
    expect(await pelaGrafo('CTEOS')).toEqual([os.id]);
    expect(await pelaGrafo('CTE')).toEqual([cte.id]);
    expect(await pelaGrafo('NFE')).toEqual([nfe.id]);
    expect(await pelaGrafo(null)).toEqual([os.id, cte.id, nfe.id]);
    expect(await peloRest('CTEOS')).toEqual([os.id]);
    expect(await peloRest('CTE')).toEqual([cte.id]);
    // The CT-e OS keeps its stored model: listed as CTE, its key saying 67.
    const lido = await graphql<{ documentosFiscais: { itens: Lido[] } }>(BUSCA, { modelo: 'CTEOS' }, e.usuario);
    expect(lido.data!.documentosFiscais.itens[0]).toMatchObject({ modelo: 'CTE', chaveAcesso: os.chaveAcesso });

    const ruim = await rest('GET', `${DOCUMENTOS}?modelo=CTE-OS`, { bearer: e.usuario });
    expect([ruim.status, ruim.body.codigo, ruim.body.campos]).toEqual([400, 'FILTRO_INVALIDO', [{ campo: 'modelo', regra: 'modelo_invalido', erro: 'o modelo deve ser NFE, NFCE, CTE, CTEOS, NFSE' }]]);
    // Another company's CT-e OS is never in this company's search.
    const outra = await empresaFiscal({ regime: 'SIMPLES_NACIONAL' });
    expect((await rest('GET', `${DOCUMENTOS}?modelo=CTEOS`, { bearer: outra.usuario })).body.dados.itens).toEqual([]);

    if (skipPlans) {
      console.log(`plans not checked: ${skipPlans}`);
      return;
    }
    // The plans: the company and the stored model lead (the {companyId, modelo, criadoEm} index); `cteOs` narrows
    // within those documents.
    const cluster = testStackCluster();
    const statements = await statementsDuring(cluster, async () => {
      expect(await peloRest('CTEOS')).toEqual([os.id]);
      expect(await peloRest('CTE')).toEqual([cte.id]);
    });
    const plans = documentSearchPlans(cluster, statements, e.companyId);
    expect(plans.length).toBeGreaterThanOrEqual(2);
    expect(plans.every((p) => p.statement.includes(`_jsonb->'modelo'`))).toBe(true);
    expect(withoutIndex(plans)).toEqual([]);
  }, 120_000);
});
