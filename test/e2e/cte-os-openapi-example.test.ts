import { stackEnv } from '../support/env';
import { cteOsProcBaixado, textoCte } from './cte-helpers';
import { emitir, empresaFiscal } from './fiscal-helpers';

/** The OpenAPI document's CT-e OS example (model 67), read from the gateway and posted exactly as written, issues on the default stack. */
describe('ct-e os openapi example', () => {
  it('ct-e os example - the emission example cteOs of the OpenAPI document issues AUTORIZADO for a regime-normal carrier in SP', async () => {
    const documento = (await (await fetch(`${stackEnv.gatewayUrl}/api/openapi.json`)).json()) as any;
    const exemplo = documento.paths['/api/erp/faturamento/documentos'].post.requestBody.content['application/json'].examples.cteOs.value;
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const r = await emitir(e.admin, exemplo);
    expect([r.status, r.body.codigo, r.body.campos, r.body.cStat]).toEqual([201, undefined, undefined, undefined]);
    expect(r.body.dados).toMatchObject({ modelo: 'CTE', situacao: 'AUTORIZADO', referencia: 'FRETAMENTO-2026-0001', valorTotal: 4150 });
    const { raiz } = await cteOsProcBaixado(e.usuario, r.body.dados.id);
    // 4,000.00 + 150.00 = 4,150.00; 12 % SP -> RJ = 498.00.
    expect([textoCte(raiz, 'mod'), textoCte(raiz, 'vTPrest'), textoCte(raiz, 'vICMS')]).toEqual(['67', '4150.00', '498.00']);
  }, 60_000);
});
