import { validarXml } from '@erp/fiscal-schemas';
import { rest, stackEnv } from '../support/env';
import { cancelar, DOCUMENTOS, emitir, empresaFiscal, referenciaNova } from './fiscal-helpers';
import { pdfParaPng, lerQrCode, textoDoPdf } from './danfe-helpers';
import { cenario } from './sefaz-helpers';

/**
 * The NFS-e national standard's events end to end through the gateway: cancellation 101101 inside and outside the
 * city's deadline, cancellation by substitution 105102; each event signed, sent to the Sefin stand-in, and the
 * registered `evento` kept and served, valid against the official schema.
 */
const JUSTIFICATIVA = 'Servico cobrado em duplicidade por engano';

const nfse = (extra: Record<string, unknown> = {}) => ({
  referencia: referenciaNova('NFSE'),
  modelo: 'NFSE',
  destinatario: { documento: '11222333000181', nome: 'Tomador Servicos Ltda' },
  itens: [{ codigo: 'S', descricao: 'Suporte técnico', quantidade: 1, valorUnitario: 300, aliquotaIss: 2 }],
  ...extra,
});

async function eventoDe(sessao: string, id: string): Promise<string> {
  const r = await rest('GET', `${DOCUMENTOS}/${id}/cancelamento.xml`, { bearer: sessao });
  expect(r.status).toBe(200);
  return String(r.body);
}

async function danfse(sessao: string, id: string): Promise<Buffer> {
  const r = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${id}/danfe.pdf`, { headers: { authorization: `Bearer ${sessao}` } });
  expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  return Buffer.from(await r.arrayBuffer());
}

describe('nfse nacional - events', () => {
  it('nfse danfse - the DANFSe of an authorized NFS-e: national blocks, key, values and ISS from the XML, the QR code of the public query; CANCELADA once cancelled', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, nfse())).body.dados;
    const pdf = await danfse(e.admin, doc.id);
    const texto = textoDoPdf(pdf);
    for (const esperado of ['DANFSe v1.0', 'EMITENTE DA NFS-e', 'TOMADOR DO SERVIÇO', 'Tomador Servicos Ltda', 'Suporte técnico', '010701', '115021000', 'SEM VALOR FISCAL']) {
      expect(texto).toContain(esperado);
    }
    expect(texto.replace(/\s+/g, '')).toContain(doc.chaveAcesso);
    // 1 x 300.00; ISS 2% = 6.00.
    expect(texto).toContain('300,00');
    expect(texto).toContain('6,00');
    expect(lerQrCode(pdfParaPng(pdf, 'danfse', 150))).toBe(`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${doc.chaveAcesso}`);
    expect(textoDoPdf(pdf)).not.toContain('CANCELADA');
    await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect(textoDoPdf(await danfse(e.admin, doc.id))).toContain('CANCELADA');
  }, 60_000);

  it('nfse eventos - cancellation 101101 inside the deadline: CANCELADO, the evento served and valid against evento_v1.01.xsd', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, nfse())).body.dados;
    const r = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect([r.status, r.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    const evento = await eventoDe(e.admin, doc.id);
    expect(await validarXml('nfse-nacional-1.01', 'evento_v1.01.xsd', evento)).toEqual({ ok: true });
    expect(evento).toContain(`<infPedReg Id="PRE${doc.chaveAcesso}101101">`);
    expect(evento).toContain(`<xMotivo>${JUSTIFICATIVA}</xMotivo>`);
    // A second cancellation is refused here, before Sefin.
    const outra = await cancelar(e.admin, doc.id, `${JUSTIFICATIVA} de novo`);
    expect([outra.status, outra.body.codigo]).toEqual([409, 'DOCUMENTO_JA_CANCELADO']);
  }, 60_000);

  it('nfse eventos - outside the city\'s deadline (Sefin refuses E0205): 422 PRAZO_CANCELAMENTO_EXPIRADO, the NFS-e stays AUTORIZADO', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, nfse())).body.dados;
    await cenario(e.cnpj, { prazoCancelamentoMinutos: 0 });
    const r = await cancelar(e.admin, doc.id, JUSTIFICATIVA);
    expect([r.status, r.body.codigo, r.body.cStat]).toEqual([422, 'PRAZO_CANCELAMENTO_EXPIRADO', 'E0205']);
    expect((await rest('GET', `${DOCUMENTOS}/${doc.id}`, { bearer: e.admin })).body.dados.situacao).toBe('AUTORIZADO');
  }, 60_000);

  it('nfse eventos - the city\'s deadline in the settings (nfseDias) replaces the end of the competence month', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const atual = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: e.admin })).body.dados;
    expect((await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: e.admin, body: { ...atual, prazosCancelamento: { ...atual.prazosCancelamento, nfseDias: 45 } } })).status).toBe(200);
    const doc = (await emitir(e.admin, nfse())).body.dados;
    // Goiânia's 45 days after the authorization.
    expect(new Date(doc.prazoCancelamento).getTime() - new Date(doc.autorizadoEm).getTime()).toBe(45 * 24 * 3_600_000);
  }, 60_000);

  it('nfse eventos - substitution: a new NFS-e names the first in its DPS (subst), then the first is cancelled by 105102 with the substitute\'s key', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const primeira = (await emitir(e.admin, nfse())).body.dados;
    const segunda = await emitir(e.admin, nfse({ chaveNfseSubstituida: primeira.chaveAcesso }));
    expect(segunda.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 2 });
    const xml = String((await rest('GET', `${DOCUMENTOS}/${segunda.body.dados.id}/xml`, { bearer: e.admin })).body);
    expect(xml).toContain(`<subst><chSubstda>${primeira.chaveAcesso}</chSubstda><cMotivo>99</cMotivo>`);
    // Not a substitute of this one: refused before Sefin.
    const outra = (await emitir(e.admin, nfse())).body.dados;
    const errada = await rest('POST', `${DOCUMENTOS}/${primeira.id}/cancelar`, { bearer: e.admin, body: { justificativa: JUSTIFICATIVA, chNFeRef: outra.chaveAcesso } });
    expect([errada.status, errada.body.codigo, errada.body.motivo]).toEqual([422, 'CHAVE_SUBSTITUTA_INVALIDA', 'NAO_AUTORIZADA']);
    const r = await rest('POST', `${DOCUMENTOS}/${primeira.id}/cancelar`, { bearer: e.admin, body: { justificativa: JUSTIFICATIVA, chNFeRef: segunda.body.dados.chaveAcesso } });
    expect([r.status, r.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
    const evento = await eventoDe(e.admin, primeira.id);
    expect(await validarXml('nfse-nacional-1.01', 'evento_v1.01.xsd', evento)).toEqual({ ok: true });
    expect(evento).toContain(`<chSubstituta>${segunda.body.dados.chaveAcesso}</chSubstituta>`);
  }, 60_000);
});
