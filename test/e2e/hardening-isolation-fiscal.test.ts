import mongoose, { type Connection } from 'mongoose';
import { graphql, send, stackEnv, type GraphResult } from '../support/env';
import { slowestProbeDuring } from '../hardening/probes';
import { DOCUMENTOS, emitir, empresaFiscal, nfeVenda, type EmpresaFiscal } from './fiscal-helpers';
import { empresaNova, simular } from './tax-simulation-helpers';

const COPIES = 400;
const DOCUMENT_PAGE = '{ documentosFiscais(primeiros: 200) { itens { id chaveAcesso referencia valorTotal situacao } proximo } }';
const SIMULATION_PAGE = '{ simulacoesImposto(primeiros: 200) { itens { id valor totalDevido regime dataOperacao } proximo } }';

const codeOf = (reply: GraphResult) => (reply.errors?.[0]?.extensions?.code) ?? 'OK';

/** At least the ceiling's two reads served, some refused with the ceiling's code, nothing else. */
function expectCeilingCodes(replies: GraphResult[]): void {
  const codes = replies.map(codeOf);
  expect(replies.filter((reply) => !['OK', 'CONSULTAS_SIMULTANEAS_DEMAIS'].includes(codeOf(reply))).map((reply) => reply.errors)).toEqual([]);
  expect(codes.filter((code) => code === 'OK').length).toBeGreaterThanOrEqual(2);
  expect(codes.filter((code) => code === 'CONSULTAS_SIMULTANEAS_DEMAIS').length).toBeGreaterThan(0);
}

/** Copies of one real record of the company, written straight to the store (the API would take minutes). */
async function copies(db: Connection, collection: string, original: Record<string, any>, stamp: 'criadoEm' | 'criadaEm') {
  const docs = Array.from({ length: COPIES }, (_, i) => ({
    ...original,
    _id: `${String(original._id)}-copia-${i}`,
    ...(original.referencia ? { referencia: `${String(original.referencia)}-copia-${i}` } : {}),
    [stamp]: new Date(Date.now() - (i + 1) * 1_000),
  }));
  for (let i = 0; i < docs.length; i += 100) await db.collection(collection).insertMany(docs.slice(i, i + 100) as never[]);
}

/**
 * The fiscal lists under the same per-company read ceiling as the import history: one company flooding its
 * documents, simulations or DANFEs is refused beyond its ceiling, and another company is answered meanwhile.
 */
describe('hardening isolation - the fiscal reads of one tenant cannot starve the others', () => {
  let fiscalDb: Connection;
  let taxDb: Connection;
  let heavy: EmpresaFiscal;
  let heavyTax: { companyId: string; admin: string };
  let documentoId: string;

  beforeAll(async () => {
    fiscalDb = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: 'erp_fiscal_document' }).asPromise();
    taxDb = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: 'erp_tax_simulation' }).asPromise();
    heavy = await empresaFiscal();
    const emitido = await emitir(heavy.admin, nfeVenda());
    expect(emitido.status).toBe(201);
    documentoId = emitido.body.dados.id as string;
    await copies(fiscalDb, 'documentos_fiscais', (await fiscalDb.collection('documentos_fiscais').findOne({ _id: documentoId as never }))!, 'criadoEm');

    heavyTax = await empresaNova('imp-heavy');
    const simulada = await simular(heavyTax.admin, { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 });
    expect(simulada.errors).toBeUndefined();
    const simulacaoId = simulada.data!.simularImpostos.id as string;
    await copies(taxDb, 'simulacoes', (await taxDb.collection('simulacoes').findOne({ _id: simulacaoId as never }))!, 'criadaEm');
  }, 180_000);

  afterAll(async () => {
    await fiscalDb.collection('documentos_fiscais').deleteMany({ companyId: heavy.companyId });
    await taxDb.collection('simulacoes').deleteMany({ companyId: heavyTax.companyId });
    await Promise.all([fiscalDb.close(), taxDb.close()]);
  });

  it('hardening isolation - documentosFiscais: CONSULTAS_SIMULTANEAS_DEMAIS beyond the ceiling; another company is answered meanwhile', async () => {
    const other = await empresaFiscal();
    const run = await slowestProbeDuring(
      () => Promise.all(Array.from({ length: 30 }, () => graphql(DOCUMENT_PAGE, {}, heavy.usuario))),
      async () => {
        const reply = await graphql('{ documentosFiscais(primeiros: 1) { itens { id } } }', {}, other.usuario);
        if (reply.errors) throw new Error(JSON.stringify(reply.errors));
      },
    );
    expectCeilingCodes(run.attack);
    const served = run.attack.find((reply) => !reply.errors)!;
    expect(served.data!.documentosFiscais.itens).toHaveLength(200);
    expect(run.probes).toBeGreaterThan(0);
  });

  it('hardening isolation - simulacoesImposto: CONSULTAS_SIMULTANEAS_DEMAIS beyond the ceiling; another company is answered meanwhile', async () => {
    const other = await empresaNova('imp-light');
    const run = await slowestProbeDuring(
      () => Promise.all(Array.from({ length: 30 }, () => graphql(SIMULATION_PAGE, {}, heavyTax.admin))),
      async () => {
        const reply = await graphql('{ simulacoesImposto(primeiros: 1) { itens { id } } }', {}, other.admin);
        if (reply.errors) throw new Error(JSON.stringify(reply.errors));
      },
    );
    expectCeilingCodes(run.attack);
    expect(run.probes).toBeGreaterThan(0);
  });

  it('hardening isolation - DANFEs at once over REST: beyond the ceiling 429 CONSULTAS_SIMULTANEAS_DEMAIS with Retry-After', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => send('GET', `${DOCUMENTOS}/${documentoId}/danfe.pdf`, { bearer: heavy.usuario })));
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(replies.length - refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    for (const reply of refused) {
      expect({ status: reply.status, codigo: reply.body.codigo, retryAfter: reply.headers.get('retry-after') }).toEqual({
        status: 429,
        codigo: 'CONSULTAS_SIMULTANEAS_DEMAIS',
        retryAfter: '1',
      });
      expect(reply.body).toMatchObject({ sucesso: false, tenteNovamenteEmSegundos: 1 });
    }
  });
});
