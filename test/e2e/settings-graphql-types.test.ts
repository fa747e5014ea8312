import { graphql } from '../support/env';
import { criarPfx } from '../../services/settings/test/support/certificados';
import { corpoCompleto, empresaNova, obter, salvar } from './settings-helpers';

/** The GraphQL types (an enum, DateTime) must put on the wire exactly the text REST answers. */
describe('settings - GraphQL enum and DateTime fields', () => {
  const CONSULTA = `{ configuracaoFiscal {
    atualizadoEm empresa { regimeTributario } certificadoA1 { validoDe validoAte }
  } }`;

  it('settings - regimeTributario, atualizadoEm and the certificate dates read the same as in REST', async () => {
    const { admin } = await empresaNova('gqltipos');
    const pfx = criarPfx('s');
    const put = await salvar(admin, corpoCompleto({ certificadoA1: { arquivoBase64: pfx.toString('base64'), senha: 's' } }));
    expect(put.status).toBe(200);
    const rest = (await obter(admin)).body.dados;
    const r = await graphql(CONSULTA, {}, admin);
    expect(r.errors).toBeUndefined();
    expect(r.data?.configuracaoFiscal).toEqual({
      atualizadoEm: rest.atualizadoEm,
      empresa: { regimeTributario: 'SIMPLES_NACIONAL' },
      certificadoA1: { validoDe: rest.certificadoA1.validoDe, validoAte: rest.certificadoA1.validoAte },
    });
    expect(r.data?.configuracaoFiscal.atualizadoEm).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('settings - a company that saved nothing has null regime and date', async () => {
    const { admin } = await empresaNova('gqltipos');
    const r = await graphql(CONSULTA, {}, admin);
    expect(r.data?.configuracaoFiscal).toEqual({ atualizadoEm: null, empresa: { regimeTributario: null }, certificadoA1: null });
  });
});
