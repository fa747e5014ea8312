import mongoose, { type Connection } from 'mongoose';
import { send, stackEnv } from '../support/env';
import { slowestProbeDuring, timed } from '../hardening/probes';
import { BASE, newIntegration, type Integration } from './ingestion-api-helpers';
import { errorCode, newAdmin, type Admin } from './token-helpers';

const PAGE = '{ historicoImportacoes(primeiros: 200) { itens { loteId linhasRecusadas { valores } } proximo } }';

/**
 * One tenant with a long import history (written straight to the store: the API would need an hour of its
 * rate limit), flooding its history reads, and bystanders of other companies that must not notice.
 */
describe('hardening isolation - one tenant cannot starve the others', () => {
  let db: Connection;
  let heavy: Admin;
  let bystander: Integration;

  beforeAll(async () => {
    db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: 'erp_ingestion' }).asPromise();
    heavy = await newAdmin('heavy-reader');
    bystander = await newIntegration({ label: 'bystander', entidades: ['incidente_seguranca'] });
    const batches = Array.from({ length: 1_500 }, (_, i) => ({
      _id: `${heavy.companyId}-${i}`,
      companyId: heavy.companyId,
      tokenId: 't',
      entidade: 'incidente_seguranca',
      origem: 'carga',
      prefixoToken: 'ing_x',
      modo: 'UPSERT',
      totalLinhas: 1,
      gravadas: 0,
      recusadas: 1,
      duplicadas: 0,
      recebidoEm: new Date(Date.now() - i * 1000),
      duracaoMs: 1,
      linhasRecusadas: [{ linha: 1, valores: JSON.stringify({ descricao: 'x'.repeat(3_000) }), erros: ['tipo: obrigatório'] }],
    }));
    for (let i = 0; i < batches.length; i += 250) await db.collection('lotes').insertMany(batches.slice(i, i + 250) as never[]);
  }, 120_000);

  afterAll(async () => {
    await db.collection('lotes').deleteMany({ companyId: heavy.companyId });
    await db.close();
  });

  it('hardening isolation - a company flooding its history gets CONSULTAS_SIMULTANEAS_DEMAIS beyond its ceiling; others are answered meanwhile', async () => {
    const other = await newAdmin('light-reader');
    const run = await slowestProbeDuring(
      () => Promise.all(Array.from({ length: 30 }, () => heavy.run(PAGE))),
      async () => {
        const reply = await other.run('{ historicoImportacoes(primeiros: 1) { itens { loteId } } }');
        if (reply.errors) throw new Error(JSON.stringify(reply.errors));
      },
    );
    const codes = run.attack.map((reply) => errorCode(reply) ?? 'OK');
    expect(codes.filter((code) => code === 'OK').length).toBeGreaterThanOrEqual(2);
    expect(codes.filter((code) => code === 'CONSULTAS_SIMULTANEAS_DEMAIS').length).toBeGreaterThan(0);
    expect(codes.filter((code) => !['OK', 'CONSULTAS_SIMULTANEAS_DEMAIS'].includes(code))).toEqual([]);
    expect(run.probes).toBeGreaterThan(0);
  });

  it('hardening isolation - token checks are answered (401 for unknown tokens, not 503) while another tenant floods', async () => {
    let probe = 0;
    const run = await slowestProbeDuring(
      () => Promise.all(Array.from({ length: 30 }, () => heavy.run(PAGE))),
      async () => {
        const unknown = await send('GET', `${BASE}/entidades`, { bearer: `ing_${Math.random().toString(36).slice(2)}` });
        if (unknown.status !== 401 || unknown.body.codigo !== 'TOKEN_INVALIDO') throw new Error(`unknown token: ${unknown.status} ${unknown.body.codigo}`);
        // A known token every fourth probe: its own rate limit (60 a minute) must not be what fails.
        probe += 1;
        if (probe % 4 !== 1) return;
        const known = await send('GET', `${BASE}/entidades`, { bearer: bystander.token });
        if (known.status !== 200) throw new Error(`discovery: ${known.status} ${known.body.codigo}`);
      },
      1_500,
    );
    expect(run.probes).toBeGreaterThan(0);
  });

  it('hardening isolation - a reader within its ceiling is served (pages of its own history, never another company)', async () => {
    const { value } = await timed(() => heavy.run('{ historicoImportacoes(primeiros: 5) { itens { loteId } proximo } }'));
    expect(value.errors).toBeUndefined();
    expect(value.data?.historicoImportacoes.itens.every((item: { loteId: string }) => item.loteId.startsWith(heavy.companyId))).toBe(true);
  });
});
