import { rest, stackEnv } from '../support/env';
import { cteProcBaixado, textoCte } from './cte-helpers';
import { DOCUMENTOS, emitir, empresaFiscal } from './fiscal-helpers';

/** The OpenAPI document's CT-e example, read from the gateway and posted exactly as written, issues on the default stack; its correction letter example registers on it. */
describe('ct-e openapi example', () => {
  it('ct-e example - the emission example of the OpenAPI document issues AUTORIZADO for a regime-normal carrier in SP', async () => {
    const documento = (await (await fetch(`${stackEnv.gatewayUrl}/api/openapi.json`)).json()) as any;
    const exemplo = documento.paths['/api/erp/faturamento/documentos'].post.requestBody.content['application/json'].examples.cte.value;
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const r = await emitir(e.admin, exemplo);
    expect([r.status, r.body.codigo, r.body.campos, r.body.cStat]).toEqual([201, undefined, undefined, undefined]);
    expect(r.body.dados).toMatchObject({ modelo: 'CTE', situacao: 'AUTORIZADO', referencia: 'FRETE-2026-0001', valorTotal: 1050 });
    const { raiz } = await cteProcBaixado(e.usuario, r.body.dados.id);
    expect(textoCte(raiz, 'vTPrest')).toBe('1050.00');

    // The correction letter's CT-e example (alteracoes) registers on that CT-e as written.
    const corpoCce = documento.paths['/api/erp/faturamento/documentos/{id}/carta-correcao'].post.requestBody.content['application/json'].examples.cte.value;
    const carta = await rest('POST', `${DOCUMENTOS}/${r.body.dados.id}/carta-correcao`, { bearer: e.admin, body: corpoCce });
    expect([carta.status, carta.body.codigo, carta.body.campos]).toEqual([201, undefined, undefined]);
    expect(carta.body.dados).toMatchObject({ sequencia: 1, cStat: '135' });
  }, 60_000);
});
