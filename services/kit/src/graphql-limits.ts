import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  Lexer,
  OperationTypeNode,
  Source,
  TokenKind,
  parse,
  validate,
  visit,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import Joi from 'joi';
import { CommonErrorCodes, GraphqlLimitErrorCodes as Codes, Refusal, Tributos } from '@erp/contracts';

/**
 * Ceilings every GraphQL operation is held to before GraphQL validates it or the gateway plans it, the same at
 * the gateway and at each subgraph (a direct call gets no more than one through the gateway). Validation of
 * repeated fields grows with the square of the repetitions, and planning with the expanded size, so these are
 * checked on the text and the bare syntax tree first, each in one linear pass.
 */
export interface GraphqlLimits {
  /** Lexical tokens of the query text, counted before parsing (a new query string each time pays this only). */
  maxTokens: number;
  /** Field nesting (armor's max-depth; fragments count, introspection's `__schema` does not). */
  maxDepth: number;
  /** Aliases in one operation, fragments included (armor's max-aliases). */
  maxAliases: number;
  /** Times one response name or fragment spread may appear in one selection set (inline fragments merged). */
  maxRepeatedFields: number;
  /** Directives in one operation (armor's max-directives). */
  maxDirectives: number;
  /**
   * Estimated cost: each field 1; a field with a page argument (`primeiros`) costs 1 plus its selection times the
   * page size (its default when omitted, at most `maxPageSize`); no operation costs less than its number of
   * selections once fragments are expanded.
   */
  maxCost: number;
}

/** Apollo's code for an operation it cannot pick from the document (what its clients already handle). */
const APOLLO_OPERATION_RESOLUTION_FAILURE = 'OPERATION_RESOLUTION_FAILURE';

/** The argument that sizes a page everywhere on the platform, and the largest page any list serves. */
export const PAGE_ARGUMENT = 'primeiros';
export const MAX_PAGE_SIZE = 200;

/** Environment keys of the limits, read by every service and the gateway (one set of values for all). */
export const graphqlLimitKeys = {
  GRAPHQL_MAX_TOKENS: Joi.number().integer().min(100).max(100_000).default(2_000),
  GRAPHQL_MAX_DEPTH: Joi.number().integer().min(2).max(100).default(8),
  GRAPHQL_MAX_ALIASES: Joi.number().integer().min(0).max(1_000).default(10),
  GRAPHQL_MAX_REPEATED_FIELDS: Joi.number().integer().min(1).max(1_000).default(3),
  GRAPHQL_MAX_DIRECTIVES: Joi.number().integer().min(0).max(1_000).default(10),
  GRAPHQL_MAX_COST: Joi.number().integer().min(10).max(10_000_000).default(5_000),
};

export interface GraphqlLimitsConfig {
  GRAPHQL_MAX_TOKENS: number;
  GRAPHQL_MAX_DEPTH: number;
  GRAPHQL_MAX_ALIASES: number;
  GRAPHQL_MAX_REPEATED_FIELDS: number;
  GRAPHQL_MAX_DIRECTIVES: number;
  GRAPHQL_MAX_COST: number;
}

export function graphqlLimitsOf(config: GraphqlLimitsConfig): GraphqlLimits {
  return {
    maxTokens: config.GRAPHQL_MAX_TOKENS,
    maxDepth: config.GRAPHQL_MAX_DEPTH,
    maxAliases: config.GRAPHQL_MAX_ALIASES,
    maxRepeatedFields: config.GRAPHQL_MAX_REPEATED_FIELDS,
    maxDirectives: config.GRAPHQL_MAX_DIRECTIVES,
    maxCost: config.GRAPHQL_MAX_COST,
  };
}

export interface OperationRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

const refusal = (codigo: string, erro: string, limite: number, encontrado?: number) =>
  new Refusal(codigo, erro, { extra: encontrado === undefined ? { limite } : { limite, encontrado } });

/** Counts tokens without building a tree; stops one past the ceiling. Null when the text does not even lex. */
function tokensUpTo(query: string, ceiling: number): number | null {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF && count <= ceiling; token = lexer.advance()) count += 1;
  } catch {
    return null;
  }
  return count;
}

/** The most repeated response name or fragment spread of one selection set, inline fragments merged into it. */
function mostRepeated(selectionSet: SelectionSetNode): { name: string; count: number } {
  const counts = new Map<string, number>();
  const collect = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet);
        continue;
      }
      const name = selection.kind === Kind.FIELD ? (selection.alias ?? selection.name).value : `...${selection.name.value}`;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  };
  collect(selectionSet);
  let top = { name: '', count: 0 };
  for (const [name, count] of counts) if (count > top.count) top = { name, count };
  return top;
}

/** Selections of the document once every fragment spread is replaced by its fragment; memoised, so linear. */
function expandedSelections(document: DocumentNode, ceiling: number): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const sizes = new Map<string, number>();
  const sizeOf = (set: SelectionSetNode): number => {
    let total = 0;
    for (const selection of set.selections) {
      total += 1;
      if (selection.kind === Kind.FRAGMENT_SPREAD) total += fragmentSize(selection.name.value);
      else if (selection.selectionSet) total += sizeOf(selection.selectionSet);
      if (total > ceiling) return total;
    }
    return total;
  };
  const fragmentSize = (name: string): number => {
    const known = sizes.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    // A cycle or an unknown fragment counts nothing here; validation refuses both.
    sizes.set(name, 0);
    const size = fragment ? sizeOf(fragment.selectionSet) : 0;
    sizes.set(name, size);
    return size;
  };
  let total = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) total += sizeOf(definition.selectionSet);
    if (total > ceiling) break;
  }
  return total;
}

/** Introspection is served outside production only (the gateway and every subgraph read this one rule). */
export function introspectionAllowed(config: { NODE_ENV: string }): boolean {
  return config.NODE_ENV !== 'production';
}

/** A page multiplies what it pages: `primeiros: 200` of a 5-field item costs 1 + 200 × 5. */
const pagedFieldEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  if (!field.args.some((arg) => arg.name === PAGE_ARGUMENT)) return undefined;
  const asked = Number(args[PAGE_ARGUMENT]);
  // Beyond the ceiling the resolver refuses the page itself; below one it returns nothing.
  const page = Number.isFinite(asked) ? Math.min(Math.max(Math.trunc(asked), 1), MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
  return 1 + page * childComplexity;
};

/**
 * A list nobody pages (a batch's refused rows, up to 500; a company's tokens or users) is priced as this many
 * items: what its selection costs, times this. A connection's `itens` are priced by their page instead (above).
 * 20: the administration page's largest read (a history page of 20 batches with every field and their refused
 * rows) costs about 1,500; a page of 200 batches with their refused rows (up to 100,000 rows) costs 14,800 and is
 * refused.
 */
export const UNPAGED_LIST_ESTIMATE = 20;

/** Whether a type is a page (`{ itens, proximo }`): its item list is already multiplied by the page size. */
const isConnection = (type: unknown) => isObjectType(type) && 'proximo' in type.getFields();

/** Introspection's own types (`__Schema`, `__Type`...): their lists are the schema's, bounded by it, and off in production. */
const isIntrospection = (type: { name: string }) => type.name.startsWith('__');

/**
 * Lists whose length the domain bounds below `UNPAGED_LIST_ESTIMATE`, priced at that bound (`Type.field`): one
 * line or title per tax (12 taxes), the three regimes of a comparison, the parts of one tax line (its base and a
 * credit or an additional) and the DAS split (at most the 8 taxes of an annex).
 */
const BOUNDED_LISTS: Readonly<Record<string, number>> = {
  'Mutation.compararRegimes': 3,
  'SimulacaoImposto.linhas': Tributos.length,
  'SimulacaoImposto.titulos': Tributos.length,
  'SimulacaoImposto.partilhaDas': 8,
  'LinhaSimulacao.componentes': 4,
  'DocumentoFiscal.impostos': Tributos.length,
};

const unpagedListEstimator: ComplexityEstimator = ({ field, type, childComplexity }) => {
  if (!isListType(getNullableType(field.type)) || childComplexity === 0 || isConnection(type) || isIntrospection(type)) return undefined;
  return 1 + (BOUNDED_LISTS[`${type.name}.${field.name}`] ?? UNPAGED_LIST_ESTIMATE) * childComplexity;
};

/** armor's rules, each reporting its refusal to `found` instead of throwing out of `validate`. */
function armorRules(limits: GraphqlLimits, found: (refusal: Refusal) => void): ValidationRule[] {
  const once = (make: () => Refusal) => [(_context: ValidationContext | null, _error: GraphQLError) => found(make())];
  const common = { propagateOnRejection: false, exposeLimits: true };
  return [
    maxDepthRule({
      ...common,
      n: limits.maxDepth,
      onReject: once(() => refusal(Codes.PROFUNDIDADE_EXCEDIDA, `a consulta passa de ${limits.maxDepth} níveis de campos`, limits.maxDepth)),
    }),
    maxAliasesRule({
      ...common,
      n: limits.maxAliases,
      onReject: once(() => refusal(Codes.ALIASES_EXCEDIDOS, `a consulta passa de ${limits.maxAliases} aliases`, limits.maxAliases)),
    }),
    maxDirectivesRule({
      ...common,
      n: limits.maxDirectives,
      onReject: once(() => refusal(Codes.DIRETIVAS_EXCEDIDAS, `a consulta passa de ${limits.maxDirectives} diretivas`, limits.maxDirectives)),
    }),
  ] as ValidationRule[];
}

/**
 * Holds one GraphQL request to the limits, cheapest check first, before any GraphQL validation or planning.
 * Returns the refusal, or null when the operation may go on; text that does not parse is left to the server,
 * which answers it with its own syntax error.
 */
export function checkOperation(schema: GraphQLSchema, request: OperationRequest, limits: GraphqlLimits): Refusal | null {
  const tokens = tokensUpTo(request.query, limits.maxTokens);
  if (tokens === null) return null;
  if (tokens > limits.maxTokens) {
    return refusal(Codes.CONSULTA_GRANDE_DEMAIS, `a consulta passa de ${limits.maxTokens} tokens`, limits.maxTokens);
  }
  let document: DocumentNode;
  try {
    document = parse(request.query, { noLocation: true, maxTokens: limits.maxTokens });
  } catch {
    return null;
  }

  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (operations.some((operation) => operation.operation === OperationTypeNode.SUBSCRIPTION)) {
    return new Refusal(Codes.OPERACAO_NAO_SUPORTADA, 'subscriptions não são servidas; use query ou mutation');
  }
  const rootless = operations.find((operation) => !schema.getRootType(operation.operation));
  if (rootless) return new Refusal(Codes.OPERACAO_NAO_SUPORTADA, `este grafo não tem operações do tipo ${rootless.operation}`);
  // The gateway's planner fails with a 500 on an operation it cannot pick; the client's mistake is a 400.
  const name = request.operationName;
  const picked = name === undefined ? operations.length === 1 : operations.some((operation) => operation.name?.value === name);
  if (!picked) {
    const erro = name === undefined ? 'o documento deve ter uma operação, ou diga qual em operationName' : `nenhuma operação chamada "${name.slice(0, 60)}"`;
    return new Refusal(APOLLO_OPERATION_RESOLUTION_FAILURE, erro);
  }

  let repeated: { name: string; count: number } | null = null;
  let nul = false;
  let infinite = false;
  visit(document, {
    StringValue(node) {
      // The variables' texts were checked with the body; a literal's escapes become NUL only here.
      if (node.value.includes('\u0000')) nul = true;
    },
    FloatValue(node) {
      // `1e400` passes GraphQL's validation as Infinity, and the gateway's planner then fails with a 500.
      if (!Number.isFinite(Number(node.value))) infinite = true;
    },
    SelectionSet(node, _key, parent) {
      // An inline fragment's selections were merged into the set that holds it.
      if (repeated || (parent as ASTNode | undefined)?.kind === Kind.INLINE_FRAGMENT) return;
      const top = mostRepeated(node);
      if (top.count > limits.maxRepeatedFields) repeated = top;
    },
  });
  if (nul) return new Refusal(CommonErrorCodes.BAD_USER_INPUT, 'o caractere NUL (U+0000) não é aceito');
  if (infinite) return new Refusal(CommonErrorCodes.BAD_USER_INPUT, 'número fora do intervalo de um Float');
  if (repeated) {
    const { name, count } = repeated as { name: string; count: number };
    return refusal(Codes.CAMPO_REPETIDO_DEMAIS, `"${name.slice(0, 60)}" aparece ${count} vezes na mesma seleção; o limite é ${limits.maxRepeatedFields}`, limits.maxRepeatedFields, count);
  }

  const selections = expandedSelections(document, limits.maxCost);
  if (selections > limits.maxCost) {
    return refusal(Codes.CUSTO_EXCEDIDO, `a consulta, com os fragmentos expandidos, passa do custo máximo de ${limits.maxCost}`, limits.maxCost);
  }

  let armorRefusal: Refusal | null = null;
  validate(schema, document, armorRules(limits, (found) => (armorRefusal ??= found)));
  if (armorRefusal) return armorRefusal;

  let cost: number;
  try {
    cost = getComplexity({
      schema,
      query: document,
      variables: request.variables,
      operationName: request.operationName,
      estimators: [pagedFieldEstimator, unpagedListEstimator, simpleEstimator({ defaultComplexity: 1 })],
      // Never reached: the expanded size was bounded above.
      maxQueryNodes: limits.maxCost * 4 + 10,
    });
  } catch {
    // Variables that do not fit the operation: the server refuses them before anything runs.
    return null;
  }
  if (cost > limits.maxCost) {
    return refusal(Codes.CUSTO_EXCEDIDO, `custo estimado ${cost} passa do máximo de ${limits.maxCost} (cada item de uma página conta)`, limits.maxCost, cost);
  }
  return null;
}
