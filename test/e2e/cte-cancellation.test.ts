import { validarXml } from '@erp/fiscal-schemas';
import { stackEnv } from '../support/env';
import { cenario, estado } from './sefaz-helpers';
import { CHAVE_NFE, cteSpRj } from './cte-helpers';
import { cancelar, DOCUMENTOS, emitir, empresaFiscal } from './fiscal-helpers';

/**
 * CT-e cancellation (event 110111) through the stack's gateway to the local authority's CT-e stand-in: the event's
 * Id with its 3-digit sequence, the procEventoCTe served and valid against the official schema, a lost answer
 * adopted by the query by key, and the start of the service blocking it (the authority would answer 528).
 */
const JUSTIFICATIVA = 'Frete cancelado pelo cliente antes da coleta';

async function procEvento(usuario: string, id: string): Promise<string> {
  const r = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${encodeURIComponent(id)}/cancelamento.xml`, { headers: { authorization: `Bearer ${usuario}` } });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-disposition')).toContain('-procEventoCTe.xml');
  const xml = await r.text();
  expect(await validarXml('cte-PL_CTe_400_RTC', 'procEventoCTe_v4.00.xsd', xml)).toEqual({ ok: true });
  return xml;
}

describe('ct-e cancellation through the local authority', () => {
  it('ct-e cancel - 110111 registered (135): CANCELADO, procEventoCTe served and valid, Id with a 3-digit sequence', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, cteSpRj([CHAVE_NFE]))).body.dados;
    expect(doc.situacao).toBe('AUTORIZADO');
    const r = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect([r.status, r.body.dados?.situacao, r.body.codigo]).toEqual([200, 'CANCELADO', undefined]);
    const xml = await procEvento(e.usuario, doc.id);
    expect(xml).toContain(`Id="ID110111${doc.chaveAcesso}001"`);
    expect(xml).toContain('<cStat>135</cStat>');
    expect(xml).toContain(`<nProt>${doc.protocolo}</nProt>`);
  }, 60_000);

  it('ct-e cancel - the answer lost after the authority registered it: the query by key adopts the event (one event)', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, cteSpRj([CHAVE_NFE]))).body.dados;
    await cenario(e.cnpj, { evento: ['PROCESSA_E_DERRUBA'] });
    const r = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect([r.status, r.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    const s = await estado(e.cnpj);
    expect([s.chamadas.CTeRecepcaoEventoV4, s.chamadas.CTeConsultaV4 >= 1]).toEqual([1, true]);
    expect(s.autorizadas[0]).toMatchObject({ chave: doc.chaveAcesso, cancelada: true });
    await procEvento(e.usuario, doc.id);
  }, 60_000);

  it('ct-e cancel - the service started: 422 SERVICO_INICIADO, nothing sent', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, cteSpRj([CHAVE_NFE]))).body.dados;
    const inicio = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${doc.id}/inicio-servico`, { method: 'POST', headers: { authorization: `Bearer ${e.usuario}` } });
    expect(inicio.status).toBe(200);
    const r = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect([r.status, r.body.codigo]).toEqual([422, 'SERVICO_INICIADO']);
    expect((await estado(e.cnpj)).chamadas.CTeRecepcaoEventoV4).toBeUndefined();
  }, 60_000);
});
