import { configuracaoFiscalSchema, detalheDocumentoFiscalSchema, documentoFiscalSchema, emissaoDocumentoSchema, simulacaoEntradaSchema, simulacaoImpostoSchema } from '@erp/contracts';
import { stackEnv } from '../support/env';
import { differences, subgraphSchema } from '../support/wire-shapes';

/**
 * The wire shapes are declared once, in the contracts (joi), and the OpenAPI document is derived from them; the
 * GraphQL types each subgraph serves are written in SDL, so this test holds them to the same declaration: the same
 * fields, scalars, lists, nesting and requiredness.
 */
async function sdlOf(service: 'fiscal-document' | 'settings' | 'tax-simulation'): Promise<string> {
  const response = await fetch(`${stackEnv.serviceUrl(service)}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = (await response.json()) as { data: { _service: { sdl: string } } };
  return body.data._service.sdl;
}

describe('wire shapes - GraphQL types match the contracts’ declarations', () => {
  it('wire shapes - EmitirDocumentoFiscalInput is the emission input of the contract, and DocumentoFiscal its document', async () => {
    const schema = subgraphSchema(await sdlOf('fiscal-document'));
    expect(differences(schema, 'EmitirDocumentoFiscalInput', emissaoDocumentoSchema)).toEqual([]);
    expect(differences(schema, 'DocumentoFiscal', documentoFiscalSchema)).toEqual([]);
    expect(differences(schema, 'DetalheDocumentoFiscal', detalheDocumentoFiscalSchema)).toEqual([]);
  });

  it('wire shapes - SimularImpostosInput is the simulation input of the contract, and SimulacaoImposto its simulation', async () => {
    const schema = subgraphSchema(await sdlOf('tax-simulation'));
    expect(differences(schema, 'SimularImpostosInput', simulacaoEntradaSchema)).toEqual([]);
    expect(differences(schema, 'SimulacaoImposto', simulacaoImpostoSchema)).toEqual([]);
  });

  it('wire shapes - ConfiguracaoFiscal is the settings view of the contract (the shared view with the secrets masked)', async () => {
    const schema = subgraphSchema(await sdlOf('settings'));
    expect(differences(schema, 'ConfiguracaoFiscal', configuracaoFiscalSchema)).toEqual([]);
  });

  it('wire shapes - the comparison sees a missing field, a wrong scalar and a wrong requiredness', async () => {
    const schema = subgraphSchema(await sdlOf('fiscal-document'));
    const outro = emissaoDocumentoSchema.keys({ extra: emissaoDocumentoSchema.extract('referencia') }).fork(['serie'], (s) => s.required());
    expect(differences(schema, 'EmitirDocumentoFiscalInput', outro)).toEqual([
      'EmitirDocumentoFiscalInput.extra: in the contract, not in GraphQL',
      'EmitirDocumentoFiscalInput.serie: GraphQL does not require it, the contract does',
    ]);
  });
});
