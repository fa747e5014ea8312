import { graphql, sessionFor, stackEnv, type GraphResult } from '../support/env';
import { slowestProbeDuring, timed } from '../hardening/probes';
import { incidente, newIntegration, type Integration } from './ingestion-api-helpers';
import { errorCode, newAdmin, type Admin } from './token-helpers';

/** Text of `count` aliases of one field, each `a<i>: <field>`. */
const aliases = (count: number, field: string) => Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ');
const repeated = (count: number, field: string) => Array(count).fill(field).join(' ');

const HISTORY_PAGE = (size: number | string) => `historicoImportacoes(primeiros: ${size}) { itens { loteId entidade origem gravadas recusadas duplicadas totalLinhas modo recebidoEm duracaoMs } proximo }`;

function expectLimit(result: GraphResult, code: string) {
  expect({ status: result.status, code: errorCode(result), data: result.data ?? null }).toEqual({ status: 400, code, data: null });
  expect(typeof result.errors?.[0]?.message).toBe('string');
}

describe('hardening graphql - limits before validation and planning (gateway)', () => {
  let admin: Admin;
  let other: Integration;

  beforeAll(async () => {
    admin = await newAdmin('gql-limits');
    other = await newIntegration({ label: 'gql-bystander', entidades: ['incidente_seguranca'] });
  });

  /** An unrelated company's preview: what must not wait while someone else attacks the graph. */
  const bystander = async () => {
    const reply = await other.preview('incidente_seguranca', { linhas: [incidente('BY-1')] });
    if (reply.status !== 200) throw new Error(`bystander preview answered ${reply.status}`);
  };

  it('hardening graphql - 100 aliases of historicoImportacoes(primeiros: 200) are refused before execution; an unrelated company is answered meanwhile', async () => {
    const query = `{ ${aliases(100, 'historicoImportacoes(primeiros: 200) { itens { loteId } }')} }`;
    const run = await slowestProbeDuring(() => timed(() => admin.run(query)), bystander);
    expectLimit(run.attack.value, 'ALIASES_EXCEDIDOS');
    expect(run.attack.value.errors?.[0]?.extensions).toMatchObject({ limite: 10 });
    expect(run.probes).toBeGreaterThan(0);
  });

  it('hardening graphql - a field repeated 4,000 times is refused by its size before parsing; an unrelated company is answered meanwhile', async () => {
    const query = `{ ${repeated(4_000, 'historicoImportacoes { proximo }')} }`;
    const run = await slowestProbeDuring(() => timed(() => admin.run(query)), bystander);
    expectLimit(run.attack.value, 'CONSULTA_GRANDE_DEMAIS');
    expect(run.probes).toBeGreaterThan(0);
  });

  it('hardening graphql - 20,000 repeated fields (60 KB, role user), a new query string each time, are each refused', async () => {
    const user = await newAdmin('gql-user');
    const userSession = await sessionFor(user.companyId, 'user');
    const run = await slowestProbeDuring(async () => {
      for (let i = 0; i < 5; i += 1) {
        const query = `query Q${i}x${Date.now()} { ${repeated(20_000, '__typename')} }`;
        expectLimit(await graphql(query, {}, userSession), 'CONSULTA_GRANDE_DEMAIS');
      }
    }, bystander);
    expect(run.probes).toBeGreaterThan(0);
  });

  it('hardening graphql - a small query repeating one field, directly or through inline fragments, is CAMPO_REPETIDO_DEMAIS', async () => {
    expectLimit(await admin.run(`{ ${repeated(50, '__typename')} }`), 'CAMPO_REPETIDO_DEMAIS');
    const inline = `{ ${repeated(10, '... on Query { historicoImportacoes { proximo } }')} }`;
    expectLimit(await admin.run(inline), 'CAMPO_REPETIDO_DEMAIS');
  });

  it('hardening graphql - depth above the ceiling is PROFUNDIDADE_EXCEDIDA', async () => {
    const deep = '{ __type(name: "Query") { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }';
    expectLimit(await admin.run(deep), 'PROFUNDIDADE_EXCEDIDA');
  });

  it('hardening graphql - cost: a page multiplies its selection (literal, variable or default), the sum is bounded', async () => {
    expectLimit(await admin.run(`{ ${aliases(3, HISTORY_PAGE(200))} }`), 'CUSTO_EXCEDIDO');
    const byVariable = await admin.run(`query ($n: Int) { ${aliases(3, HISTORY_PAGE('$n'))} }`, { n: 200 });
    expectLimit(byVariable, 'CUSTO_EXCEDIDO');
    expect(byVariable.errors?.[0]?.extensions).toMatchObject({ limite: 5000 });
    // Three pages of 50 (the default) cost far less: answered.
    const small = await admin.run(`{ ${aliases(3, 'historicoImportacoes { itens { loteId } proximo }')} }`);
    expect(small.errors).toBeUndefined();
  });

  it('hardening graphql - fragments that double at each level are refused by their expanded size', async () => {
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ${i === levels - 1 ? '__typename' : `...F${i + 1} ...F${i + 1}`} }`).join(' ');
    const { value } = await timed(() => admin.run(`{ ...F0 } ${fragments}`));
    expectLimit(value, 'CUSTO_EXCEDIDO');
  });

  it('hardening graphql - more directives than allowed is DIRETIVAS_EXCEDIDAS', async () => {
    expectLimit(await admin.run(`{ __typename ${repeated(11, '@include(if: true)')} }`), 'DIRETIVAS_EXCEDIDAS');
  });

  it('hardening graphql - a subscription is a 400 with OPERACAO_NAO_SUPORTADA, not a 500', async () => {
    const result = await admin.run('subscription { x }');
    expectLimit(result, 'OPERACAO_NAO_SUPORTADA');
    expect(JSON.stringify(result)).not.toMatch(/INVALID_GRAPHQL|stacktrace/);
  });

  it('hardening graphql - ordinary queries stay within every limit (the admin page: 20 batches a page, with their refused rows)', async () => {
    const result = await admin.run(`{ historicoImportacoes(primeiros: 20) { itens { loteId entidade origem prefixoToken modo totalLinhas gravadas recusadas duplicadas recebidoEm duracaoMs linhasRecusadas { linha valores erros } } proximo } }`);
    expect(result.errors).toBeUndefined();
    expect((await admin.run('{ tokensIngestao { id nome prefixo modo status entidades expiraEm criadoEm ultimoUsoEm } usuariosEmpresa { id email nome } }')).errors).toBeUndefined();
  });

  it('hardening graphql - 200 batches with every refused row (up to 500 each) cost each list as 20 items: CUSTO_EXCEDIDO', async () => {
    const result = await admin.run(`{ historicoImportacoes(primeiros: 200) { itens { loteId entidade origem prefixoToken modo totalLinhas gravadas recusadas duplicadas recebidoEm duracaoMs linhasRecusadas { linha valores erros } } proximo } }`);
    expectLimit(result, 'CUSTO_EXCEDIDO');
  });
});

describe('hardening graphql - every subgraph holds the same limits for direct calls', () => {
  const services = ['token', 'ingestion', 'fiscal-document', 'tax-simulation', 'settings'] as const;

  it.each(services)('hardening graphql - %s refuses aliases, size, repetition and subscriptions itself', async (service) => {
    const admin = await newAdmin(`direct-${service}`);
    const url = `${stackEnv.serviceUrl(service)}/graphql`;
    expectLimit(await admin.run(`{ ${aliases(11, '_service { sdl }')} }`, {}, url), 'ALIASES_EXCEDIDOS');
    expectLimit(await admin.run(`{ ${repeated(4_000, '__typename')} }`, {}, url), 'CONSULTA_GRANDE_DEMAIS');
    expectLimit(await admin.run(`{ ${repeated(4, '__typename')} }`, {}, url), 'CAMPO_REPETIDO_DEMAIS');
    expectLimit(await admin.run('subscription { x }', {}, url), 'OPERACAO_NAO_SUPORTADA');
  });

  it('hardening graphql - the ingestion subgraph refuses the 100-alias page attack sent straight to it', async () => {
    const admin = await newAdmin('direct-aliases');
    const url = `${stackEnv.serviceUrl('ingestion')}/graphql`;
    const { value } = await timed(() => admin.run(`{ ${aliases(100, 'historicoImportacoes(primeiros: 200) { itens { loteId } }')} }`, {}, url));
    expectLimit(value, 'ALIASES_EXCEDIDOS');
  });
});

describe('hardening graphql - what the fuzz suite found', () => {
  it('hardening graphql - an operationName the document does not have is a 400, not the planner\'s 500', async () => {
    const admin = await newAdmin('op-name');
    const response = await fetch(`${stackEnv.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.session}` },
      body: JSON.stringify({ query: 'query B { __typename }', operationName: 'A' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as GraphResult).errors?.[0]?.extensions?.code).toBe('OPERATION_RESOLUTION_FAILURE');
  });

  it('hardening graphql - a mutation sent to a subgraph without mutations is a 400, not an internal error', async () => {
    const admin = await newAdmin('no-mutation');
    expectLimit(await admin.run('mutation { __typename }', {}, `${stackEnv.serviceUrl('ingestion')}/graphql`), 'OPERACAO_NAO_SUPORTADA');
  });

  it('hardening graphql - a NUL in a string literal is BAD_USER_INPUT before any resolver queries the store', async () => {
    const admin = await newAdmin('nul-literal');
    const result = await admin.run('{ historicoImportacoes(entidade: "a\\u0000b") { proximo } }');
    expect({ status: result.status, code: errorCode(result) }).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
  });

  it('hardening graphql - a Float literal beyond range (1e400) is BAD_USER_INPUT, not the planner\'s 500', async () => {
    const admin = await newAdmin('float-literal');
    const result = await admin.run('mutation { simularImpostos(input: { tipoDocumento: NFCE, valor: 1e400 }) { __typename } }');
    expect({ status: result.status, code: errorCode(result) }).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
  });

  it('hardening graphql - a persisted-query hash without its text is refused: it would skip the limits', async () => {
    const admin = await newAdmin('apq');
    const response = await fetch(`${stackEnv.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.session}` },
      body: JSON.stringify({ variables: { n: 200 }, extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } }),
    });
    // Apollo answers it with 200, as persisted-query clients expect, and the code that tells them to send the text.
    expect(((await response.json()) as GraphResult).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_SUPPORTED');
  });
});
