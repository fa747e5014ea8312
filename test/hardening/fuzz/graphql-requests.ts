import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { IngestionEntities } from '@erp/contracts';
import type { FuzzContext } from './context';
import { SERVICE_NAMES } from './context';
import { anyJson, oddText, type Random } from './random';
import { JSON_TYPE, json, session, type Draft } from './request';

/** A literal for an argument: usually of its type (with edge values), sometimes of any other. */
function literal(random: Random, type: GraphQLInputType, depth = 0): string {
  if (random.chance(0.1)) return random.pick(['null', '"x"', '1', 'true', '[]', '{}', '1e400', '-1', '0']);
  const nullable = getNullableType(type);
  if (isListType(nullable)) return `[${Array.from({ length: random.int(0, 3) }, () => literal(random, nullable.ofType, depth + 1)).join(', ')}]`;
  if (isEnumType(nullable)) return random.chance(0.8) ? random.pick(nullable.getValues()).name : 'NAO_EXISTE';
  if (isInputObjectType(nullable)) {
    if (depth > 3) return '{}';
    const fields = Object.values(nullable.getFields()).filter(() => random.chance(0.7));
    return `{ ${fields.map((f) => `${f.name}: ${literal(random, f.type, depth + 1)}`).join(', ')} }`;
  }
  if (isScalarType(nullable)) {
    switch (nullable.name) {
      case 'Int':
        return String(random.pick([0, 1, -1, 50, 199, 200, 201, 2_147_483_647, random.int(1, 300)]));
      case 'Float':
        return String(random.pick([0, -1.5, 1e300, 3.14]));
      case 'Boolean':
        return random.chance(0.5) ? 'true' : 'false';
      case 'DateTime':
        return JSON.stringify(random.pick(['2026-11-21T14:30:00Z', '2099-01-01T00:00:00Z', '2000-01-01T00:00:00Z', 'ontem', '2026-02-30T00:00:00Z', '']));
      default:
        return JSON.stringify(random.chance(0.5) ? random.pick(IngestionEntities) : oddText(random).slice(0, 300));
    }
  }
  return 'null';
}

function selection(random: Random, type: GraphQLObjectType, depth: number): string {
  const fields = Object.values(type.getFields()) as GraphQLField<unknown, unknown>[];
  const chosen = Array.from({ length: random.int(1, Math.min(4, fields.length)) }, () => random.pick(fields));
  return chosen
    .map((field) => {
      const args = field.args.filter((arg) => random.chance(0.6) || arg.type.toString().endsWith('!'));
      const argText = args.length ? `(${args.map((arg) => `${arg.name}: ${literal(random, arg.type)}`).join(', ')})` : '';
      const named = getNamedType(field.type);
      if (isObjectType(named)) return depth > 3 ? `${field.name}${argText} { __typename }` : `${field.name}${argText} { ${selection(random, named, depth + 1)} }`;
      if (!isScalarType(named) && !isEnumType(named)) return `${field.name}${argText} { __typename }`;
      return `${field.name}${argText}`;
    })
    .join(' ');
}

function graphqlOperation(random: Random, context: FuzzContext): { query: string; variables?: unknown; kind: string } {
  const kind = random.weighted<string>([
    [6, 'schema-walk'],
    [1, 'aliases'],
    [1, 'repeats'],
    [1, 'fragments'],
    [1, 'deep'],
    [1, 'size'],
    [1, 'variables'],
    [1, 'malformed'],
    [0.5, 'subscription'],
    [0.5, 'introspection'],
    [0.5, 'operations'],
  ]);
  const queryType = context.schema.getQueryType()!;
  const mutationType = context.schema.getMutationType();
  switch (kind) {
    case 'schema-walk': {
      const mutation = mutationType && random.chance(0.3);
      return { kind, query: `${mutation ? 'mutation' : 'query'} { ${selection(random, mutation ? mutationType : queryType, 1)} }` };
    }
    case 'aliases':
      return { kind, query: `{ ${Array.from({ length: random.pick([5, 11, 100]) }, (_, i) => `a${i}: historicoImportacoes(primeiros: ${random.pick([1, 200, 1000])}) { itens { loteId linhasRecusadas { valores } } }`).join(' ')} }` };
    case 'repeats':
      return { kind, query: `{ ${Array(random.pick([4, 50, 4_000, 20_000])).fill(random.pick(['__typename', 'historicoImportacoes { proximo }'])).join(' ')} }` };
    case 'fragments': {
      const levels = random.int(2, 40);
      const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ${i === levels - 1 ? '__typename' : `...F${i + 1} ...F${i + 1}`} }`).join(' ');
      return { kind, query: `{ ...F0 } ${fragments}` };
    }
    case 'deep': {
      const levels = random.int(2, 9);
      return { kind, query: `{ __type(name: "Query") { fields { type ${'{ ofType '.repeat(levels)}{ name }${' }'.repeat(levels)} } } }` };
    }
    case 'size':
      return { kind, query: `query Q${random.alnum(8)} { ${'historicoImportacoes(primeiros: 1) { proximo } '.repeat(random.pick([1, 200, 3_000]))}}` };
    case 'variables':
      return {
        kind,
        query: 'query ($e: String, $n: Int, $d: String) { historicoImportacoes(entidade: $e, primeiros: $n, depois: $d) { itens { loteId } proximo } }',
        variables: random.chance(0.8) ? { e: anyJson(random), n: anyJson(random), d: anyJson(random) } : anyJson(random),
      };
    case 'malformed':
      return { kind, query: random.pick(['{', '}', '{ historicoImportacoes(', 'query query', '{ a: }', '"""', '#', '{ ... }', '\u0000', '{ historicoImportacoes { itens { loteId } } ', 'fragment A on B { c }']) };
    case 'subscription':
      return { kind, query: random.pick(['subscription { x }', 'subscription S { historicoImportacoes { proximo } }']) };
    case 'introspection':
      return { kind, query: '{ __schema { types { name fields { name args { name type { name } } } } } }' };
    default:
      return { kind, query: 'query A { __typename } query B { __typename } mutation C { __typename }' };
  }
}

export function graphqlRequest(random: Random, context: FuzzContext): Draft {
  const [role, authorization] = session(random, context);
  const operation = graphqlOperation(random, context);
  const headers: Record<string, string> = { ...JSON_TYPE };
  if (authorization) headers.authorization = authorization;
  const target = random.chance(0.1) ? random.pick(SERVICE_NAMES) : 'gateway';
  const form = random.weighted<string>([[8, 'post'], [1, 'get'], [0.5, 'batch'], [0.5, 'odd-body'], [0.3, 'persisted']]);
  const payload: Record<string, unknown> = { query: operation.query };
  if (operation.variables !== undefined) payload.variables = operation.variables;
  if (random.chance(0.1)) payload.operationName = random.pick(['A', 'B', 'nao', '', 1]);
  let method = 'POST';
  let path = '/graphql';
  let body: Buffer | undefined = json(payload);
  switch (form) {
    case 'get':
      method = 'GET';
      path = `/graphql?query=${encodeURIComponent(operation.query.slice(0, 6_000))}`;
      body = undefined;
      delete headers['content-type'];
      headers['apollo-require-preflight'] = 'true';
      break;
    case 'batch':
      body = json([payload, payload]);
      break;
    case 'odd-body':
      body = Buffer.from(random.pick(['', 'null', '[]', '{"query":1}', '{"query":null}', '{"query":"{__typename}","variables":"{"}', '{"query":"{__typename}","extensions":{"persistedQuery":{"version":1,"sha256Hash":"x"}}}']));
      break;
    case 'persisted':
      payload.extensions = { persistedQuery: { version: 1, sha256Hash: random.alnum(64) } };
      body = json(payload);
      break;
  }
  return { description: `${method} /graphql at ${target} session:${role} ${operation.kind}/${form}`, target, method, path, headers, body };
}
