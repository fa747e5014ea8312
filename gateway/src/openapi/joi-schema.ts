import type Joi from 'joi';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { [key: string]: unknown };

interface Description {
  type: string;
  flags?: { presence?: string; only?: boolean; default?: unknown; description?: string };
  examples?: unknown[];
  allow?: unknown[];
  keys?: Record<string, Description>;
  items?: Description[];
  rules?: { name: string; args?: Record<string, unknown> }[];
  matches?: { schema: Description }[];
}

/**
 * The JSON Schema of a contract's joi schema, for the subset the contracts use (objects, strings with
 * `isoDate`/`pattern`/`min`/`max`/`length`, numbers and integers with bounds, booleans, dates (ISO-8601 on the
 * wire), arrays, `valid`, `allow(null)`, `required`, alternatives, `description` and `example`). One source of
 * truth: the shape a service validates or answers is the one the OpenAPI document describes. Anything outside the
 * subset throws, so a new construct is noticed.
 */
export function joiToJsonSchema(schema: Joi.Schema): JsonSchema {
  return convert(schema.describe() as Description);
}

/** The description and examples a joi schema carries, as JSON Schema annotations. */
function annotated(d: Description, out: JsonSchema): JsonSchema {
  const annotations: JsonSchema = {};
  if (d.flags?.description) annotations.description = d.flags.description;
  if (d.examples && d.examples.length > 0) annotations.examples = d.examples;
  return Object.keys(annotations).length === 0 ? out : { ...out, ...annotations };
}

function convert(d: Description): JsonSchema {
  return annotated(d, convertType(d));
}

function convertType(d: Description): JsonSchema {
  const allowed = (d.allow ?? []).filter((v) => v !== null);
  const nullable = (d.allow ?? []).includes(null);
  let out: JsonSchema;
  if (d.flags?.only) {
    out = { enum: allowed };
    return nullable ? { enum: [...allowed, null] } : out;
  }
  switch (d.type) {
    case 'object': {
      // A forbidden key is not part of the shape (a view that drops a key of the schema it is declared from).
      const keys = Object.fromEntries(Object.entries(d.keys ?? {}).filter(([, key]) => key.flags?.presence !== 'forbidden'));
      const required = Object.entries(keys)
        .filter(([, key]) => key.flags?.presence === 'required')
        .map(([name]) => name);
      out = {
        type: 'object',
        properties: Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, convert(key)])),
        ...(required.length > 0 ? { required } : {}),
        additionalProperties: false,
      };
      break;
    }
    case 'array':
      out = { type: 'array', ...(d.items?.length === 1 ? { items: convert(d.items[0]) } : {}) };
      for (const rule of d.rules ?? []) {
        if (rule.name === 'min') out.minItems = rule.args?.limit;
        else if (rule.name === 'max') out.maxItems = rule.args?.limit;
        else throw new Error(`joiToJsonSchema: array rule ${rule.name}`);
      }
      break;
    case 'string':
      out = { type: 'string' };
      for (const rule of d.rules ?? []) {
        if (rule.name === 'isoDate') out.format = 'date-time';
        else if (rule.name === 'pattern') out.pattern = String((rule.args?.regex as string | undefined) ?? '').replace(/^\/|\/[a-z]*$/g, '');
        else if (rule.name === 'min') out.minLength = rule.args?.limit;
        else if (rule.name === 'max') out.maxLength = rule.args?.limit;
        else if (rule.name === 'length') out.minLength = out.maxLength = rule.args?.limit;
        else if (rule.name === 'hex') out.pattern = '^[0-9a-fA-F]*$';
        else if (rule.name === 'base64') out.contentEncoding = 'base64';
        else throw new Error(`joiToJsonSchema: string rule ${rule.name}`);
      }
      if (allowed.includes('')) out.minLength = 0;
      break;
    case 'number':
      out = { type: 'number' };
      for (const rule of d.rules ?? []) {
        if (rule.name === 'integer') out.type = 'integer';
        else if (rule.name === 'min') out.minimum = rule.args?.limit;
        else if (rule.name === 'max') out.maximum = rule.args?.limit;
        else throw new Error(`joiToJsonSchema: number rule ${rule.name}`);
      }
      break;
    case 'boolean':
      out = { type: 'boolean' };
      break;
    case 'date':
      out = { type: 'string', format: 'date-time' };
      break;
    case 'alternatives':
      out = { anyOf: (d.matches ?? []).map((m) => convert(m.schema)) };
      break;
    case 'any':
      out = {};
      break;
    default:
      throw new Error(`joiToJsonSchema: type ${d.type}`);
  }
  if (!nullable) return out;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}
