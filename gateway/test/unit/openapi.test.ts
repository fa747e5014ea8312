import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CommonErrorCodes, FiscalDocumentErrorCodes, IngestionErrorCodes, SettingsErrorCodes, TaxErrorCodes } from '@erp/contracts';
import { openApiDocument } from '../../src/openapi/document';
import { ERRORS, GRAPHQL_ONLY_CODES } from '../../src/openapi/errors';
import { openApiValidator } from '../support/openapi-validator';

const document = openApiDocument() as any;

/** The official OpenAPI 3.1 schema (spec.openapis.org), as the package ships it. */
function officialSchema(): object {
  const root = path.dirname(require.resolve('@seriousme/openapi-schema-validator/package.json'));
  return JSON.parse(fs.readFileSync(path.join(root, 'schemas', 'v3.1', 'schema.json'), 'utf8')) as object;
}

describe('gateway - the OpenAPI document', () => {
  it('gateway - is a valid OpenAPI 3.1 document by the official schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(officialSchema());
    expect(validate(document) ? [] : validate.errors).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('gateway - every schema of the document compiles as JSON Schema 2020-12, and every $ref resolves', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    ajv.addKeyword('discriminator');
    // The document's root is not a schema; only what its references point at is compiled (strictly).
    ajv.addKeyword('components');
    ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json');
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` })).not.toThrow();
    }
    const refs = JSON.stringify(document).match(/"\$ref":"#\/components\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const pointer = ref.slice(8, -1).split('/').slice(1);
      let node: any = document;
      for (const part of pointer) node = node?.[part];
      expect({ ref, resolved: node !== undefined }).toEqual({ ref, resolved: true });
    }
  });

  it('gateway - every code a REST client can receive is documented with its schema (GraphQL-only codes apart)', () => {
    const all = new Set<string>(
      [CommonErrorCodes, IngestionErrorCodes, SettingsErrorCodes, FiscalDocumentErrorCodes, TaxErrorCodes].flatMap((codes) => Object.values(codes)),
    );
    const missing = [...all].filter((codigo) => !GRAPHQL_ONLY_CODES.has(codigo) && !(codigo in ERRORS));
    expect(missing).toEqual([]);
    for (const codigo of Object.keys(ERRORS)) expect(document.components.schemas[`Erro_${codigo}`].properties.codigo).toEqual({ const: codigo });
    // Each documented code is answered by at least one operation (an unknown path, 404 NAO_ENCONTRADO, by none).
    const used = JSON.stringify(document.paths);
    for (const codigo of Object.keys(ERRORS).filter((c) => c !== 'NAO_ENCONTRADO')) expect({ codigo, used: used.includes(`Erro_${codigo}"`) }).toEqual({ codigo, used: true });
  });

  it('gateway - security schemes: the ingestion token and the session JWT; every operation names one (a short-lived file link: its token)', () => {
    expect(document.components.securitySchemes.tokenIngestao).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'ing_...' });
    expect(document.components.securitySchemes.sessao).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const [route, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        // The one operation without a header: the file link, whose path token is the credential.
        if (route === '/api/erp/faturamento/documentos/arquivos/{token}') {
          expect(operation.security).toEqual([]);
          continue;
        }
        const expected = route.startsWith('/api/ingestao-pub') ? 'tokenIngestao' : 'sessao';
        expect({ route, method, security: operation.security }).toEqual({ route, method, security: [{ [expected]: [] }] });
      }
    }
  });

  it('gateway - the validator refuses what the document does not allow', () => {
    const validator = openApiValidator(document);
    const headers = new Headers({ 'ratelimit-limit': '60', 'ratelimit-remaining': '59', 'ratelimit-reset': '30' });
    const erro = { sucesso: false, codigo: 'LIMITE_REQUISICOES', erro: 'limite', limite: 60, tenteNovamenteEmSegundos: 12 };
    expect(() => validator.check('POST', '/api/ingestao-pub/emissao', { status: 429, headers, body: erro })).not.toThrow();
    expect(() => validator.check('POST', '/api/ingestao-pub/emissao', { status: 429, headers, body: { ...erro, limite: undefined } })).toThrow(/limite/);
    expect(() => validator.check('POST', '/api/ingestao-pub/emissao', { status: 429, headers, body: { ...erro, companyId: 'x' } })).toThrow(/additional/);
    expect(() => validator.check('POST', '/api/ingestao-pub/emissao', { status: 429, headers, body: { ...erro, codigo: 'TOKEN_INVALIDO' } })).toThrow();
    expect(() => validator.check('POST', '/api/ingestao-pub/emissao', { status: 418, headers, body: erro })).toThrow(/not documented/);
    expect(() => validator.check('DELETE', '/api/ingestao-pub/emissao', { status: 429, headers, body: erro })).toThrow(/no such operation/);
    expect(() =>
      validator.check('POST', '/api/ingestao-pub/emissao', { status: 429, headers: new Headers({ 'ratelimit-limit': 'muitos' }), body: erro }),
    ).toThrow(/RateLimit-Limit/);
  });
});
