import { buildASTSchema, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType, parse, type GraphQLNamedType, type GraphQLSchema, type GraphQLType } from 'graphql';
import type Joi from 'joi';

/** What `joi.describe()` says of a key (the subset the contracts use). */
interface JoiDescription {
  type: string;
  flags?: { presence?: string; only?: boolean };
  allow?: unknown[];
  keys?: Record<string, JoiDescription>;
  items?: JoiDescription[];
  rules?: { name: string }[];
}

/**
 * A subgraph's SDL as a schema (its federation directives and link imports declared as no-ops), to compare its
 * input and output types with the contracts' wire declarations.
 */
export function subgraphSchema(sdl: string): GraphQLSchema {
  const preamble = `
    scalar link__Import
    scalar _Any
    scalar FieldSet
    directive @link(url: String, import: [link__Import]) repeatable on SCHEMA
    directive @key(fields: FieldSet!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
    directive @shareable on OBJECT | FIELD_DEFINITION
  `;
  const cleaned = sdl.replace(/extend schema[^{]*?(?=\n\s*(scalar|type|input|enum|directive|"|extend|union|interface))/s, '');
  return buildASTSchema(parse(preamble + cleaned), { assumeValid: true, assumeValidSDL: true });
}

/** The GraphQL type a joi key maps to (`Int`, `Float`, `String`, `Boolean`, `DateTime`, or a list/object). */
function expectedScalar(d: JoiDescription): string[] {
  if (d.type === 'number') return (d.rules ?? []).some((r) => r.name === 'integer') ? ['Int'] : ['Float'];
  if (d.type === 'string') return (d.rules ?? []).some((r) => r.name === 'isoDate') ? ['DateTime', 'String'] : ['String', 'ID'];
  if (d.type === 'boolean') return ['Boolean'];
  if (d.type === 'date') return ['DateTime'];
  return [];
}

function unwrap(type: GraphQLType): { nonNull: boolean; list: boolean; itemNonNull: boolean; named: GraphQLNamedType } {
  const nonNull = isNonNullType(type);
  const inner = nonNull ? type.ofType : type;
  if (isListType(inner)) {
    const item = inner.ofType;
    const itemNonNull = isNonNullType(item);
    return { nonNull, list: true, itemNonNull, named: (itemNonNull ? item.ofType : item) as GraphQLNamedType };
  }
  return { nonNull, list: false, itemNonNull: false, named: inner as GraphQLNamedType };
}

/**
 * Every difference between a GraphQL input or object type and a joi object schema: a field on one side only, a
 * different scalar, list or object, or a different requiredness (input: `!` when joi requires the key; output:
 * `!` when joi does not allow null). Empty when they describe the same wire shape.
 */
export function differences(schema: GraphQLSchema, typeName: string, joiSchema: Joi.ObjectSchema | JoiDescription, path = typeName): string[] {
  const d = 'describe' in joiSchema ? (joiSchema.describe() as JoiDescription) : joiSchema;
  const type = schema.getType(typeName);
  if (!type || !(isInputObjectType(type) || isObjectType(type))) return [`${path}: no GraphQL type ${typeName}`];
  const input = isInputObjectType(type);
  const fields = type.getFields();
  // A forbidden key is not part of the shape (a view that drops a key of the schema it is declared from).
  const keys = Object.fromEntries(Object.entries(d.keys ?? {}).filter(([, key]) => key.flags?.presence !== 'forbidden'));
  const out: string[] = [];
  for (const name of Object.keys(keys)) if (!fields[name]) out.push(`${path}.${name}: in the contract, not in GraphQL`);
  for (const name of Object.keys(fields)) if (!keys[name]) out.push(`${path}.${name}: in GraphQL, not in the contract`);
  for (const [name, key] of Object.entries(keys)) {
    const field = fields[name];
    if (!field) continue;
    const where = `${path}.${name}`;
    const { nonNull, list, itemNonNull, named } = unwrap(field.type);
    const required = input ? key.flags?.presence === 'required' : key.flags?.presence === 'required' && !(key.allow ?? []).includes(null);
    if (nonNull !== required) out.push(`${where}: GraphQL ${nonNull ? 'requires' : 'does not require'} it, the contract ${required ? 'does' : 'does not'}`);
    if ((key.type === 'array') !== list) out.push(`${where}: list in one, not in the other`);
    const item = key.type === 'array' ? key.items?.[0] : key;
    if (!item) continue;
    if (key.type === 'array' && !itemNonNull) out.push(`${where}: GraphQL list items may be null, the contract's may not`);
    if (item.type === 'object') {
      if (!(isInputObjectType(named) || isObjectType(named))) out.push(`${where}: the contract nests an object, GraphQL has ${named.name}`);
      else out.push(...differences(schema, named.name, item, where));
    } else if (isEnumType(named)) {
      if (!item.flags?.only || item.type !== 'string') out.push(`${where}: GraphQL enum ${named.name}, the contract has no list of values`);
      else {
        const values = named.getValues().map((v) => v.name).sort();
        const allowed = (item.allow ?? []).filter((v) => v !== null).map(String).sort();
        if (values.join() !== allowed.join()) out.push(`${where}: values ${values.join('|')} vs ${allowed.join('|')}`);
      }
    } else if (isScalarType(named) && !expectedScalar(item).includes(named.name)) {
      out.push(`${where}: GraphQL ${named.name}, the contract ${item.type}`);
    }
  }
  return out;
}
