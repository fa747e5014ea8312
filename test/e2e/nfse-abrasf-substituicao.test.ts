import { validarXml } from '@erp/fiscal-schemas';
import { rest } from '../support/env';
import { cancelar, DOCUMENTOS, emitir } from './fiscal-helpers';
import { empresaAbrasf, rpsServico } from './nfse-abrasf-helpers';
import { cenario, estado } from './sefaz-helpers';

/**
 * ABRASF 2.04 SubstituirNfse and the cancellation whose answer was lost, end to end through the gateway against the
 * local authority's ABRASF stand-in (official nfse_v204.xsd, every signature checked against the TLS client).
 */
const JUSTIFICATIVA = 'Servico faturado com valor errado, substituido';
const xmlDe = async (admin: string, id: string, arquivo: string) => String((await rest('GET', `${DOCUMENTOS}/${id}/${arquivo}`, { bearer: admin })).body);

describe('nfse abrasf 2.04 - substitution and lost cancellation answers', () => {
  it('nfse abrasf - SubstituirNfse: the new NFS-e names the old one; the old one is then recorded CANCELADO by reading the city back', async () => {
    const e = await empresaAbrasf();
    const primeira = (await emitir(e.admin, rpsServico())).body.dados;
    expect(primeira.situacao).toBe('AUTORIZADO');
    // 8 hours at 120.00 = 960.00; ISS 2% = 19.20.
    const r = await emitir(e.admin, rpsServico({ chaveNfseSubstituida: primeira.chaveAcesso, itens: [{ codigo: 'S', descricao: 'Suporte técnico', quantidade: 8, valorUnitario: 120, aliquotaIss: 2 }] }));
    expect([r.status, r.body.dados?.situacao, r.body.codigo, r.body.erro]).toEqual([201, 'AUTORIZADO', undefined, undefined]);
    const segunda = r.body.dados;
    expect(segunda.chaveAcesso).toMatch(new RegExp(`^3106200-${segunda.protocolo}-[0-9A-Z]{9}$`));
    const xml = await xmlDe(e.admin, segunda.id, 'xml');
    expect(await validarXml('nfse-abrasf-2.04', 'nfse_v204.xsd', xml)).toEqual({ ok: true });
    expect(xml).toContain(`<NfseSubstituida>${primeira.protocolo}</NfseSubstituida>`);
    expect(xml).toContain('<ValorIss>19.20</ValorIss>');
    // One SubstituirNfse call after the first GerarNfse; no CancelarNfse.
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ SefinNfse: 2 });

    // The old one is cancelled at the city already: the cancellation by substitution only reads it back.
    const c = await rest('POST', `${DOCUMENTOS}/${primeira.id}/cancelar`, { bearer: e.admin, body: { justificativa: JUSTIFICATIVA, chNFeRef: segunda.chaveAcesso } });
    expect([c.status, c.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    expect((await estado(e.cnpj)).chamadas.SefinEventos ?? 0).toBe(0);
    const cancelamento = await xmlDe(e.admin, primeira.id, 'cancelamento.xml');
    expect(await validarXml('nfse-abrasf-2.04', 'nfse_v204.xsd', cancelamento)).toEqual({ ok: true });
    expect(cancelamento).toContain(`<Numero>${primeira.protocolo}</Numero>`);

    // The city refuses a second substitution of the same NFS-e (already cancelled).
    const outra = await emitir(e.admin, rpsServico({ chaveNfseSubstituida: primeira.chaveAcesso }));
    expect([outra.status, outra.body.codigo, outra.body.cStat]).toEqual([422, 'DOCUMENTO_REJEITADO', 'E79']);
  }, 90_000);

  it('nfse abrasf - a national 50-digit key to substitute at an ABRASF city: 422 with the field, nothing sent', async () => {
    const e = await empresaAbrasf();
    const r = await emitir(e.admin, rpsServico({ chaveNfseSubstituida: '3106200222222333000181000000000000112611234567895' + '0' }));
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('chaveNfseSubstituida');
    expect((await estado(e.cnpj)).chamadas.SefinNfse ?? 0).toBe(0);
  }, 60_000);

  it('nfse abrasf - SubstituirNfse answer lost after the city generated it: recovered by ConsultarNfsePorRps', async () => {
    const e = await empresaAbrasf();
    const primeira = (await emitir(e.admin, rpsServico())).body.dados;
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'] });
    const r = await emitir(e.admin, rpsServico({ chaveNfseSubstituida: primeira.chaveAcesso }));
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 2 });
    expect(await xmlDe(e.admin, r.body.dados.id, 'xml')).toContain(`<NfseSubstituida>${primeira.protocolo}</NfseSubstituida>`);
  }, 60_000);

  it('nfse abrasf - the cancellation\'s reason: 7 refused by field (400), 2 sent as CodigoCancelamento 2', async () => {
    const e = await empresaAbrasf();
    const doc = (await emitir(e.admin, rpsServico())).body.dados;
    const errado = await rest('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, { bearer: e.admin, body: { justificativa: JUSTIFICATIVA, motivo: '7' } });
    expect([errado.status, errado.body.codigo, errado.body.campos?.[0]?.campo]).toEqual([400, 'DOCUMENTO_INVALIDO', 'motivo']);
    const c = await rest('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, { bearer: e.admin, body: { justificativa: JUSTIFICATIVA, motivo: '2' } });
    expect([c.status, c.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    expect(await xmlDe(e.admin, doc.id, 'cancelamento.xml')).toContain('<CodigoCancelamento>2</CodigoCancelamento>');
  }, 60_000);

  it('nfse abrasf - cancellation answer lost after the city registered it: recovered by ConsultarNfsePorRps, one CancelarNfse', async () => {
    const e = await empresaAbrasf();
    const doc = (await emitir(e.admin, rpsServico())).body.dados;
    await cenario(e.cnpj, { evento: ['PROCESSA_E_DERRUBA'] });
    const c = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect([c.status, c.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ SefinEventos: 1 });
    const cancelamento = await xmlDe(e.admin, doc.id, 'cancelamento.xml');
    expect(await validarXml('nfse-abrasf-2.04', 'nfse_v204.xsd', cancelamento)).toEqual({ ok: true });
  }, 60_000);

  it('nfse abrasf - cancellation dropped before the city saw it: the query says not cancelled, the same request once more', async () => {
    const e = await empresaAbrasf();
    const doc = (await emitir(e.admin, rpsServico())).body.dados;
    await cenario(e.cnpj, { evento: ['DERRUBA'] });
    const c = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect([c.status, c.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ SefinEventos: 2 });
  }, 60_000);

  it('nfse abrasf - cancellation lost twice: 503 pending, then settled by the query on the next request', async () => {
    const e = await empresaAbrasf();
    const doc = (await emitir(e.admin, rpsServico())).body.dados;
    await cenario(e.cnpj, { evento: ['PROCESSA_E_DERRUBA'], consulta: ['NAO_CONSTA'] });
    const c = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect(c.status).toBe(503);
    const again = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect([again.status, again.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ SefinEventos: 2 });
  }, 60_000);
});
