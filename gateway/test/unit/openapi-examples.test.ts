import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/openapi/document';

const document = openApiDocument() as any;

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The document's schemas, compiled by pointer with the validator the e2e responses test uses (ajv, 2020-12). */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, 'openapi.json');
const validateAt = (pointer: string, value: unknown) => {
  const validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(corpo)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
};

const operations = Object.entries<any>(document.paths).flatMap(([path, ops]) =>
  Object.entries<any>(ops).map(([method, operation]) => ({ path, method, operation, base: `/paths/${escape(path)}/${method}` })),
);

/** The values of a media type's examples: `example`, or each of `examples`. */
function examplesOf(media: any): { name: string; value: unknown }[] {
  if (media.example !== undefined) return [{ name: 'example', value: media.example }];
  return Object.entries<any>(media.examples ?? {}).map(([name, example]) => ({ name, value: example.value }));
}

describe('gateway - the OpenAPI document: an example of every request body and of every success answer', () => {
  it('gateway - every operation with a body has at least one request example, valid against the body schema', () => {
    const missing: string[] = [];
    const invalid: string[] = [];
    for (const { path, method, operation, base } of operations) {
      if (!operation.requestBody) continue;
      const media = operation.requestBody.content['application/json'];
      const examples = examplesOf(media);
      if (examples.length === 0) missing.push(`${method} ${path}`);
      for (const { name, value } of examples) {
        const errors = validateAt(`${base}/requestBody/content/application~1json/schema`, value);
        if (errors.length > 0) invalid.push(`${method} ${path} (${name}): ${errors.join('; ')}`);
      }
    }
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
  });

  it('gateway - every success status of every operation has an example answer, valid against its schema', () => {
    const missing: string[] = [];
    const invalid: string[] = [];
    let answers = 0;
    for (const { path, method, operation, base } of operations) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (!/^2/.test(status)) continue;
        for (const [type, media] of Object.entries<any>(response.content ?? {})) {
          answers += 1;
          const examples = examplesOf(media);
          if (examples.length === 0) missing.push(`${method} ${path} ${status} ${type}`);
          for (const { name, value } of examples) {
            const errors = validateAt(`${base}/responses/${status}/content/${escape(type)}/schema`, value);
            if (errors.length > 0) invalid.push(`${method} ${path} ${status} (${name}): ${errors.join('; ')}`);
          }
        }
      }
    }
    expect(answers).toBeGreaterThan(20);
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
  });

  it('gateway - no request body is documented with the placeholder "string" as its example', () => {
    const placeholders = JSON.stringify(document.paths).match(/"(example|value)":"string"/g) ?? [];
    expect(placeholders).toEqual([]);
  });
});
