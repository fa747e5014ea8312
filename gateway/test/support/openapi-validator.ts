import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** What a test received: status, headers and the parsed JSON body. */
export interface ReceivedResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, { $ref?: string }>; content?: Record<string, unknown> }> }>>;
  components: { headers: Record<string, { schema: unknown }> };
};

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Validates real responses against the OpenAPI 3.1 document (JSON Schema 2020-12 with ajv): the operation is
 * found from the method and the concrete path, the response by status, then the body against its schema and
 * each documented header present against its own. Every check is recorded, so a test can assert that each
 * documented operation was exercised.
 */
export function openApiValidator(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const exercised = new Set<string>();

  const describe = (errors: ErrorObject[] | null | undefined) => (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');

  return {
    exercised,
    /** Throws with every mismatch: unknown path, method or status, a body or a header that breaks its schema. */
    check(method: string, url: string, response: ReceivedResponse): void {
      const path = url.split('?')[0];
      const found = templates.find(({ pattern }) => pattern.test(path));
      if (!found) throw new Error(`${method} ${path}: no path of the OpenAPI document matches`);
      const verb = method.toLowerCase();
      const operation = document.paths[found.template][verb];
      if (!operation) throw new Error(`${method} ${found.template}: no such operation in the OpenAPI document`);
      const documented = operation.responses[String(response.status)];
      if (!documented) {
        throw new Error(`${method} ${found.template}: status ${response.status} is not documented (body ${JSON.stringify(response.body).slice(0, 300)})`);
      }
      const base = `/paths/${escape(found.template)}/${verb}/responses/${response.status}`;
      const tipos = Object.keys(documented.content ?? {});
      if (tipos.length > 0 && !tipos.includes('application/json')) {
        // A file (the DANFE's PDF, an XML): its media type is what the document can say of it.
        const tipo = response.headers.get('content-type') ?? '';
        if (!tipos.some((documentado) => tipo.startsWith(documentado))) throw new Error(`${method} ${found.template} ${response.status}: content-type ${tipo} is not ${tipos.join(' or ')}`);
      } else {
        const validate = validatorAt(`${base}/content/application~1json/schema`);
        if (!validate(response.body)) {
          throw new Error(`${method} ${found.template} ${response.status}: body breaks the document\n${describe(validate.errors)}\n${JSON.stringify(response.body).slice(0, 600)}`);
        }
      }
      for (const [name, spec] of Object.entries(documented.headers ?? {})) {
        const value = response.headers.get(name);
        if (value === null) continue;
        const headerName = spec.$ref?.split('/').pop() ?? '';
        const validateHeader = validatorAt(`/components/headers/${headerName}/schema`);
        const shown: string = value;
        if (!validateHeader(value)) throw new Error(`${method} ${found.template} ${response.status}: header ${name}: ${shown} breaks the document\n${describe(validateHeader.errors)}`);
      }
      exercised.add(`${verb} ${found.template} ${response.status}`);
    },
  };
}
