import { composeServices } from '@apollo/composition';
import { codegen } from '@graphql-codegen/core';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { Kind, parse, print, printSchema, type DefinitionNode, type DocumentNode } from 'graphql';
import { typeDefs as fiscalDocument } from '@erp/fiscal-document/src/graphql/schema';
import { typeDefs as ingestion } from '@erp/ingestion/src/graphql/schema';
import { typeDefs as settings } from '@erp/settings/src/graphql/schema';
import { typeDefs as taxSimulation } from '@erp/tax-simulation/src/graphql/schema';
import { typeDefs as token } from '@erp/token/src/graphql/schema';
import * as corrections from '../src/api/operations/corrections';
import * as documents from '../src/api/operations/documents';
import * as entities from '../src/api/operations/entities';
import * as history from '../src/api/operations/history';
import * as settingsOperations from '../src/api/operations/settings';
import * as simulation from '../src/api/operations/simulation';
import * as tokens from '../src/api/operations/tokens';
import * as voiding from '../src/api/operations/voiding';
import { splitTypes } from './split-types';

/** The committed outputs, under admin/: read by people (the schema) and by the page (the types, split by job). */
export const OUTPUTS = { schema: 'src/api/schema.graphql', types: 'src/api/generated' } as const;

/** Each service's own SDL, named as the gateway names its subgraphs (gateway/src/config.ts). */
const SUBGRAPHS = [
  { name: 'token', typeDefs: token },
  { name: 'ingestion', typeDefs: ingestion },
  { name: 'fiscal_document', typeDefs: fiscalDocument },
  { name: 'tax_simulation', typeDefs: taxSimulation },
  { name: 'settings', typeDefs: settings },
];

const OPERATION_MODULES: Record<string, Record<string, unknown>> = { corrections, documents, entities, history, settings: settingsOperations, simulation, tokens, voiding };

const HEADER = '# The API schema of the supergraph the page talks to, composed from the five subgraphs. Written by `npm run codegen`: do not edit.\n\n';
const TYPES_HEADER = '// The types of the page\'s GraphQL operations (src/api/operations) in the supergraph. Written by `npm run codegen`: do not edit.\n\n';

/**
 * The API schema as the gateway serves it: the subgraphs composed as gateway/src/supergraph.ts composes them at
 * start (composeServices), then stripped of the federation's own types and directives.
 */
export function apiSchema(): string {
  const composed = composeServices(SUBGRAPHS.map(({ name, typeDefs }) => ({ name, url: `http://${name}.invalid/graphql`, typeDefs })));
  if (composed.errors) throw new Error(`the subgraphs do not compose:\n${composed.errors.map((e) => e.message).join('\n')}`);
  return printSchema(composed.schema.toAPISchema().toGraphQLJSSchema());
}

/**
 * Every operation the page sends, as one document: each module's exported strings parsed, and each fragment kept
 * once (an operation carries the fragments it spreads, so a fragment shared by several comes several times).
 */
export function pageOperations(): DocumentNode {
  const definitions = new Map<string, DefinitionNode>();
  for (const [moduleName, exported] of Object.entries(OPERATION_MODULES)) {
    for (const text of Object.values(exported).filter((value): value is string => typeof value === 'string')) {
      for (const definition of parse(text).definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
        if (!definition.name) throw new Error(`an operation of src/api/operations/${moduleName}.ts has no name: its types would have none`);
        const key = `${definition.kind}:${definition.name.value}`;
        const seen = definitions.get(key);
        if (seen && (definition.kind === Kind.OPERATION_DEFINITION || print(seen) !== print(definition))) throw new Error(`two different definitions are named ${definition.name.value}`);
        definitions.set(key, definition);
      }
    }
  }
  return { kind: Kind.DOCUMENT, definitions: [...definitions.values()] };
}

/** The schema file and the types files, by path under admin/, as the committed ones must be. */
export async function generateApiTypes(): Promise<Record<string, string>> {
  const schema = apiSchema();
  const types = await codegen({
    filename: `${OUTPUTS.types}/index.ts`,
    schema: parse(schema),
    documents: [{ location: 'src/api/operations', document: pageOperations() }],
    plugins: [{ typescriptOperations: {} }],
    pluginMap: { typescriptOperations },
    config: {
      // The page sends and reads JSON: scalars as the strings they are on the wire, no `__typename` it never asks for.
      scalars: { DateTime: 'string', ID: 'string' },
      skipTypename: true,
      avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
      useTypeImports: true,
    },
  });
  const files: Record<string, string> = { [OUTPUTS.schema]: HEADER + schema + '\n' };
  for (const [name, content] of Object.entries(splitTypes(types, TYPES_HEADER))) files[`${OUTPUTS.types}/${name}`] = content;
  return files;
}
