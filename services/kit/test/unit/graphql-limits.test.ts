import { buildSchema, getIntrospectionQuery } from 'graphql';
import { checkOperation, createHttpApp, createLogger, gql, introspectionAllowed, mountSubgraph, type GraphqlLimits } from '../../src';

const schema = buildSchema(`
  type Query {
    lotes(primeiros: Int = 50, depois: String): Conexao!
    nome: String
    no: No
    tokens: [Item!]!
  }
  type Conexao { itens: [Item!]! proximo: String }
  type Item { id: ID! a: String b: String c: String d: String recusadas: [Linha!]! erros: [String!]! }
  type Linha { linha: Int valores: String }
  type No { filho: No valor: String }
`);

const limits: GraphqlLimits = { maxTokens: 200, maxDepth: 4, maxAliases: 3, maxRepeatedFields: 2, maxDirectives: 2, maxCost: 300 };
const check = (query: string, variables?: Record<string, unknown>) => checkOperation(schema, { query, variables }, limits);
const codeOf = (query: string, variables?: Record<string, unknown>) => check(query, variables)?.codigo ?? null;

describe('graphql limits - each ceiling, checked before validation', () => {
  it('graphql limits - an ordinary query passes', () => {
    expect(codeOf('{ lotes(primeiros: 10) { itens { id a b } proximo } nome }')).toBeNull();
  });

  it('graphql limits - tokens are counted before parsing, whatever the text', () => {
    expect(codeOf(`{ ${Array(201).fill('nome').join(' ')} }`)).toBe('CONSULTA_GRANDE_DEMAIS');
    expect(check(`{ ${Array(201).fill('nome').join(' ')} }`)?.extra).toEqual({ limite: 200 });
    // Text that does not lex or parse is left to the server's own syntax error.
    expect(codeOf('{ nome ')).toBeNull();
    expect(codeOf('{ nome ~ }')).toBeNull();
  });

  it('graphql limits - a subscription is refused', () => {
    expect(codeOf('subscription { nome }')).toBe('OPERACAO_NAO_SUPORTADA');
  });

  it('graphql limits - repetitions count per selection set, inline fragments merged, fragment spreads too', () => {
    expect(codeOf('{ nome nome }')).toBeNull();
    expect(codeOf('{ nome nome nome }')).toBe('CAMPO_REPETIDO_DEMAIS');
    expect(check('{ nome nome nome }')?.extra).toEqual({ limite: 2, encontrado: 3 });
    expect(codeOf('{ nome ... on Query { nome ... on Query { nome } } }')).toBe('CAMPO_REPETIDO_DEMAIS');
    expect(codeOf('{ ...F ...F ...F } fragment F on Query { nome }')).toBe('CAMPO_REPETIDO_DEMAIS');
    // An alias is a response name of its own.
    expect(codeOf('{ a: nome b: nome nome }')).toBeNull();
  });

  it('graphql limits - depth, aliases and directives (graphql-armor rules), fragments included', () => {
    expect(codeOf('{ no { filho { filho { valor } } } }')).toBeNull();
    expect(codeOf('{ no { filho { filho { filho { valor } } } } }')).toBe('PROFUNDIDADE_EXCEDIDA');
    expect(codeOf('{ no { ...F } } fragment F on No { filho { filho { filho { valor } } } }')).toBe('PROFUNDIDADE_EXCEDIDA');
    expect(codeOf('{ a: nome b: nome c: nome d: nome }')).toBe('ALIASES_EXCEDIDOS');
    expect(codeOf('{ nome @include(if: true) @skip(if: false) a: nome @include(if: true) }')).toBe('DIRETIVAS_EXCEDIDAS');
  });

  it('graphql limits - a page multiplies its selection: literal, variable, or the default; beyond the ceiling it counts as the ceiling', () => {
    // itens { id } costs 2, so a page of 100 costs 1 + 100 × 2.
    expect(codeOf('{ lotes(primeiros: 100) { itens { id } } }')).toBeNull();
    expect(codeOf('{ lotes(primeiros: 200) { itens { id a } } }')).toBe('CUSTO_EXCEDIDO');
    expect(codeOf('query ($n: Int) { lotes(primeiros: $n) { itens { id a } } }', { n: 200 })).toBe('CUSTO_EXCEDIDO');
    expect(codeOf('query ($n: Int) { lotes(primeiros: $n) { itens { id a } } }', { n: 10 })).toBeNull();
    // Omitted: the schema's default of 50 (1 + 50 × (1 + 2 + 1) = 201).
    expect(codeOf('{ lotes { itens { id a } proximo } }')).toBeNull();
    expect(codeOf('{ lotes { itens { id a b c d } proximo } }')).toBe('CUSTO_EXCEDIDO');
    expect(check('{ lotes(primeiros: 1000000) { itens { id } } }')?.extra).toMatchObject({ encontrado: 401 });
  });

  it('graphql limits - a list nobody pages counts as 20 items; a page\'s items and lists of scalars do not multiply again', () => {
    // tokens { id a b c d } costs 1 + 20 × 5 = 101; three aliases of it 303.
    expect(check('{ tokens { id a b c d } }')).toBeNull();
    expect(check('{ x: tokens { id a b c d } y: tokens { id a b c d } z: tokens { id a b c d } }')?.extra).toMatchObject({ encontrado: 303 });
    // A page of 10 items, each with its refused rows: 1 + 10 × (itens 1 + id 1 + (1 + 20 × 2)) = 431; without the multiplier 61.
    expect(check('{ lotes(primeiros: 10) { itens { id recusadas { linha valores } } } }')?.extra).toMatchObject({ encontrado: 431 });
    // The items of a page are priced by the page (1 + 5 × 1), a list of scalars as one field.
    expect(codeOf('{ lotes(primeiros: 5) { itens { erros } } }')).toBeNull();
    // Introspection's lists are the schema's own (and off in production): a client's introspection query passes.
    expect(checkOperation(schema, { query: getIntrospectionQuery() }, { ...limits, maxTokens: 2_000, maxDepth: 20, maxAliases: 10 })).toBeNull();
  });

  it('graphql limits - a list the domain bounds is priced at its bound: a comparison of three regimes, one line per tax', () => {
    const fiscal = buildSchema(`
      type Query { nome: String }
      type Mutation { compararRegimes: [SimulacaoImposto!]! }
      type SimulacaoImposto { id: ID! linhas: [LinhaSimulacao!]! titulos: [Titulo!]! }
      type LinhaSimulacao { tributo: String valor: Float componentes: [Componente!]! }
      type Componente { descricao: String valor: Float }
      type Titulo { id: ID valor: Float }
    `);
    const query = 'mutation { compararRegimes { id linhas { tributo valor componentes { descricao valor } } titulos { id valor } } }';
    // 14 taxes (Tributos, the DIFAL's two included): componentes 1 + 4 × 2 = 9; a line 1 + 1 + 9 = 11;
    // linhas 1 + 14 × 11 = 155; titulos 1 + 14 × 2 = 29; a simulation 1 + 155 + 29 = 185; the comparison
    // 1 + 3 × 185 = 556 (18,061 with every list priced at 20).
    expect(checkOperation(fiscal, { query }, { ...limits, maxCost: 555 })?.extra).toMatchObject({ encontrado: 556 });
    expect(checkOperation(fiscal, { query }, { ...limits, maxCost: 556 })).toBeNull();
  });

  it('graphql limits - fragments that double at each level are refused by their expanded size, without expanding them', () => {
    const levels = 40;
    const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ${i === levels - 1 ? 'nome' : `...F${i + 1} ...F${i + 1}`} }`).join(' ');
    // 2^40 fields once expanded: an expansion would never end, so answering at all (within jest's timeout) proves
    // the size was computed without expanding them.
    expect(checkOperation(schema, { query: `{ ...F0 } ${fragments}` }, { ...limits, maxTokens: 2_000 })?.codigo).toBe('CUSTO_EXCEDIDO');
  });

  it('graphql limits - a fragment cycle ends the checks (refused, or left to validation), an unknown fragment is left to validation', () => {
    expect([null, 'PROFUNDIDADE_EXCEDIDA']).toContain(codeOf('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }'));
    expect(codeOf('{ ...Nowhere }')).toBeNull();
  });

  it('graphql limits - variables that do not fit are left to the server, which refuses them before running anything', () => {
    expect(codeOf('query ($n: Int) { lotes(primeiros: $n) { itens { id } } }', { n: 'many' })).toBeNull();
  });
});

describe('graphql limits - the mount', () => {
  const typeDefs = gql`
    type Query {
      nome: String
    }
  `;

  async function app(introspection: boolean) {
    const log = createLogger('limits-test', 'silent');
    const server = createHttpApp({ log, readiness: [] });
    await mountSubgraph(server, {
      typeDefs,
      resolvers: { Query: { nome: () => 'x' } },
      verifySession: async () => {
        throw new Error('no sessions in this test');
      },
      log,
      limits,
      introspection,
    });
    await server.listen({ host: '127.0.0.1', port: 0 });
    return server;
  }

  async function post(server: Awaited<ReturnType<typeof app>>, query: string) {
    const { port } = server.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return { statusCode: response.status, body: (await response.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] } };
  }

  it('graphql limits - introspection is refused in production, allowed elsewhere (the rule the gateway and boot read)', async () => {
    expect(['production', 'development', 'test'].map((NODE_ENV) => introspectionAllowed({ NODE_ENV }))).toEqual([false, true, true]);
    const production = await app(introspectionAllowed({ NODE_ENV: 'production' }));
    const refused = await post(production, '{ __schema { queryType { name } } }');
    expect(refused.statusCode).toBe(400);
    expect(refused.body.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const development = await app(introspectionAllowed({ NODE_ENV: 'development' }));
    expect((await post(development, '{ __schema { queryType { name } } }')).body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    await production.close();
    await development.close();
  });

  it('graphql limits - a refused operation is a 400 in the GraphQL error shape, before Apollo sees it', async () => {
    const server = await app(true);
    const reply = await post(server, '{ nome nome nome }');
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'CAMPO_REPETIDO_DEMAIS', limite: 2, encontrado: 3 } }],
    });
    await server.close();
  });
});
