import { lerQrCode, pdfParaPng, textoDoPdf } from './danfe-helpers';
import { sessionFor } from '../support/env';
import { DOCUMENTOS, eventosDoDocumento } from './fiscal-helpers';
import { assinaturaValida, chamar as chamarEm, cenario, empresaSefaz, estado, graphqlSefaz, nfce, nfe, usarFiscalSefaz } from './sefaz-helpers';

/**
 * The rest of "Done means" through the SEFAZ adapter (test/e2e/sefaz-helpers.ts): the NFC-e issued, printed and
 * cancelled (also by substitution, event 110112), the same GraphQL as before for issuing, cancelling and voiding.
 * The voiding job waits an hour here, so a burned number stays for the on-demand voiding.
 */
const f = usarFiscalSefaz('sefaznfce', { FISCAL_VOIDING_GRACE_MS: '3600000' });
const chamar = (method: string, caminho: string, bearer: string, body?: unknown) => chamarEm(f, method, caminho, bearer, body);
const JUSTIFICATIVA = 'Venda desfeita no caixa a pedido do consumidor';

/** A key with a valid check digit that nobody issued: `chave` with another number. */
function outraChave(chave: string): string {
  const base = `${chave.slice(0, 25)}999999999${chave.slice(34, 43)}`;
  let soma = 0;
  let peso = 2;
  for (let i = base.length - 1; i >= 0; i -= 1) {
    soma += (base.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return `${base}${resto < 2 ? 0 : 11 - resto}`;
}

const EMITIR = `mutation ($input: EmitirDocumentoFiscalInput!) { emitirDocumentoFiscal(input: $input) { id modelo numero chaveAcesso situacao cStat protocolo } }`;
const CANCELAR = `mutation ($id: ID!, $justificativa: String!, $chNFeRef: String) {
  cancelarDocumentoFiscal(id: $id, justificativa: $justificativa, chNFeRef: $chNFeRef) { id situacao canceladoEm protocoloCancelamento justificativaCancelamento }
}`;
const STATUS = `query ($modelo: ModeloSefaz) { statusSefaz(modelo: $modelo) { uf modelo ambiente autorizador cStat motivo emOperacao consultadoEm } }`;
const INUTILIZAR = `mutation ($modelo: ModeloDocumento!, $serie: Int!, $de: Int!, $ate: Int!, $justificativa: String!) {
  inutilizarNumeracao(modelo: $modelo, serie: $serie, de: $de, ate: $ate, justificativa: $justificativa) { id modelo serie de ate situacao origem cStat protocolo }
}`;

describe('sefaz - NFC-e and GraphQL through the local authority', () => {
  it('sefaz - an NFC-e is authorized by SEFAZ, its DANFCE (made of the nfeProc) carries a QR code that decodes to the v3 URL with its key, and it is cancelled (110111)', async () => {
    const e = await empresaSefaz(f);
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfce());
    expect(r.status).toBe(201);
    const doc = r.body.dados;
    expect(doc).toMatchObject({ modelo: 'NFCE', situacao: 'AUTORIZADO', cStat: '100', numero: 1 });
    expect(doc.chaveAcesso.slice(20, 22)).toBe('65');
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${doc.id}:NFE_PROC` as never });
    const url = `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${doc.chaveAcesso}|3|2`;
    expect(proc?.xml).toContain(`<qrCode>${url}</qrCode>`);
    expect(assinaturaValida(proc!.xml as string, 'NFe')).toBe(true);

    const danfce = await fetch(`${f.gatewayUrl}${DOCUMENTOS}/${doc.id}/danfe.pdf`, { headers: { authorization: `Bearer ${e.admin}` } });
    expect(danfce.status).toBe(200);
    const pdf = Buffer.from(await danfce.arrayBuffer());
    expect(lerQrCode(pdfParaPng(pdf, 'danfce-sefaz'))).toBe(url);
    const texto = textoDoPdf(pdf).replace(/\s+/g, ' ');
    expect(texto).toContain(doc.protocolo);
    expect(texto).not.toContain('não foi transmitida à SEFAZ');

    const cancelada = await chamar('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, e.admin, { justificativa: JUSTIFICATIVA });
    expect(cancelada.status).toBe(200);
    expect(cancelada.body.dados).toMatchObject({ situacao: 'CANCELADO' });
    expect((await estado(e.cnpj)).autorizadas[0]).toMatchObject({ cancelada: true, tpEventoCancelamento: '110111', chNFeRef: null });
  }, 60_000);

  it('sefaz - NFC-e cancellation by substitution: chNFeRef must be an authorized NFC-e of the company (400/422 CHAVE_SUBSTITUTA_INVALIDA otherwise); the adapter sends 110112 with it, the local authority checks and registers it (135), the procEventoNFe and ERP_NFE_CANCELADA carry it', async () => {
    const e = await empresaSefaz(f);
    const original = (await chamar('POST', DOCUMENTOS, e.admin, nfce())).body.dados;
    const substituta = (await chamar('POST', DOCUMENTOS, e.admin, nfce())).body.dados;
    const notaFiscal = (await chamar('POST', DOCUMENTOS, e.admin, nfe())).body.dados;
    const outraEmpresa = await empresaSefaz(f);
    const alheia = (await chamar('POST', DOCUMENTOS, outraEmpresa.admin, nfce())).body.dados;
    const cancelar = (id: string, chNFeRef: unknown) => chamar('POST', `${DOCUMENTOS}/${id}/cancelar`, e.admin, { justificativa: JUSTIFICATIVA, chNFeRef });

    for (const [id, chNFeRef, status, motivo] of [
      [original.id, '1234', 400, 'CHAVE_INVALIDA'],
      [original.id, 42, 400, 'CHAVE_INVALIDA'],
      [notaFiscal.id, substituta.chaveAcesso, 422, 'SO_NFCE'],
      [original.id, original.chaveAcesso, 422, 'MESMA_CHAVE'],
      [original.id, outraChave(substituta.chaveAcesso), 422, 'NAO_AUTORIZADA'],
      [original.id, alheia.chaveAcesso, 422, 'NAO_AUTORIZADA'],
      [original.id, notaFiscal.chaveAcesso, 422, 'NAO_AUTORIZADA'],
    ] as const) {
      const r = await cancelar(id, chNFeRef);
      expect({ chNFeRef, status: r.status, body: r.body }).toMatchObject({ chNFeRef, status, body: { sucesso: false, codigo: 'CHAVE_SUBSTITUTA_INVALIDA', motivo } });
    }
    expect((await estado(e.cnpj)).chamadas.NFeRecepcaoEvento4).toBeUndefined();

    const r = await cancelar(original.id, substituta.chaveAcesso);
    expect(r.status).toBe(200);
    expect(r.body.dados).toMatchObject({ situacao: 'CANCELADO', justificativaCancelamento: JUSTIFICATIVA });
    const sefaz = await estado(e.cnpj);
    expect(sefaz.autorizadas.find((a) => a.chave === original.chaveAcesso)).toMatchObject({ cancelada: true, tpEventoCancelamento: '110112', chNFeRef: substituta.chaveAcesso });
    expect(sefaz.autorizadas.find((a) => a.chave === substituta.chaveAcesso)?.cancelada).toBe(false);
    const proc = (await f.db.collection('xml_documentos').findOne({ _id: `${original.id}:CANCELAMENTO_PROC` as never }))!.xml as string;
    for (const trecho of ['<tpEvento>110112</tpEvento>', `<chNFeRef>${substituta.chaveAcesso}</chNFeRef>`, '<descEvento>Cancelamento por substituicao</descEvento>', '<cStat>135</cStat>']) expect(proc).toContain(trecho);
    expect(assinaturaValida(proc, 'evento')).toBe(true);
    const eventos = (await eventosDoDocumento(f.nc, original.id, 2)).filter((ev) => ev.subject === 'fiscal.v1.ERP_NFE_CANCELADA');
    expect(eventos).toHaveLength(1);
    expect(eventos[0].payload).toMatchObject({ modelo: 'NFCE', chaveAcesso: original.chaveAcesso, chNFeRef: substituta.chaveAcesso });
    expect((await chamar('GET', `${DOCUMENTOS}/${substituta.id}`, e.admin)).body.dados.situacao).toBe('AUTORIZADO');
  }, 60_000);

  it('sefaz - GraphQL issues an NF-e through SEFAZ and cancels it (admin), the same mutations as with the local authorizer', async () => {
    const e = await empresaSefaz(f);
    const emitida = await graphqlSefaz(f, e.admin, EMITIR, { input: nfe() });
    expect(emitida.errors).toBeUndefined();
    const doc = emitida.data.emitirDocumentoFiscal;
    const sefaz = await estado(e.cnpj);
    expect(doc).toMatchObject({ modelo: 'NFE', situacao: 'AUTORIZADO', cStat: '100', numero: 1, chaveAcesso: sefaz.autorizadas[0].chave, protocolo: sefaz.autorizadas[0].nProt });

    const cancelada = await graphqlSefaz(f, e.admin, CANCELAR, { id: doc.id, justificativa: JUSTIFICATIVA });
    expect(cancelada.errors).toBeUndefined();
    expect(cancelada.data.cancelarDocumentoFiscal).toMatchObject({ id: doc.id, situacao: 'CANCELADO', justificativaCancelamento: JUSTIFICATIVA });
    expect((await estado(e.cnpj)).autorizadas[0]).toMatchObject({ cancelada: true, tpEventoCancelamento: '110111' });
    expect(cancelada.data.cancelarDocumentoFiscal.protocoloCancelamento).toMatch(/^\d{15}$/);

    const substituicao = await graphqlSefaz(f, e.admin, CANCELAR, { id: doc.id, justificativa: JUSTIFICATIVA, chNFeRef: doc.chaveAcesso });
    expect(substituicao.errors?.[0].extensions).toMatchObject({ code: 'DOCUMENTO_JA_CANCELADO' });
  }, 60_000);

  it('sefaz - on-demand inutilizarNumeracao (GraphQL) voids a burned number through NFeInutilizacao4: the local authority registers it (102), the record carries its protocol, the number is INUTILIZADO', async () => {
    const e = await empresaSefaz(f);
    await cenario(e.cnpj, { rejeitar: '778' });
    const rejeitada = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(rejeitada.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '778' });

    const r = await graphqlSefaz(f, e.admin, INUTILIZAR, { modelo: 'NFE', serie: 1, de: 1, ate: 1, justificativa: 'Numeração rejeitada pela SEFAZ e nunca autorizada' });
    expect(r.errors).toBeUndefined();
    const sefaz = await estado(e.cnpj);
    expect(sefaz.inutilizadas).toEqual([expect.objectContaining({ mod: '55', serie: 1, de: 1, ate: 1 })]);
    expect(r.data.inutilizarNumeracao).toMatchObject({ modelo: 'NFE', serie: 1, de: 1, ate: 1, situacao: 'INUTILIZADA', origem: 'MANUAL', cStat: '102', protocolo: sefaz.inutilizadas[0].nProt });
    const numeros = await f.db.collection('numeracao').find({ companyId: e.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'INUTILIZADO']]);
    const registro = await f.db.collection('inutilizacoes').findOne({ _id: r.data.inutilizarNumeracao.id as never });
    expect(registro?.xml).toContain('<ProcInutNFe');

    // Its ProcInutNFe at GET /api/erp/faturamento/inutilizacoes/:id/xml (company-scoped).
    const caminho = `/api/erp/faturamento/inutilizacoes/${encodeURIComponent(r.data.inutilizarNumeracao.id)}/xml`;
    const xml = await fetch(`${f.gatewayUrl}${caminho}`, { headers: { authorization: `Bearer ${e.admin}` } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-disposition')).toBe('attachment; filename="NFE-1-1-1-procInutNFe.xml"');
    const corpo = await xml.text();
    expect(corpo.startsWith('<?xml version="1.0" encoding="UTF-8"?><ProcInutNFe')).toBe(true);
    expect(corpo).toContain(`<nProt>${sefaz.inutilizadas[0].nProt}</nProt>`);
    const outra = await empresaSefaz(f);
    const alheia = await fetch(`${f.gatewayUrl}${caminho}`, { headers: { authorization: `Bearer ${outra.admin}` } });
    expect(alheia.status).toBe(404);
    expect(((await alheia.json()) as { codigo: string }).codigo).toBe('XML_INDISPONIVEL');
  }, 60_000);

  it('sefaz - statusSefaz (admin) asks NFeStatusServico4 with the company\'s certificate: 107 in operation; the local authority switched to 108 / 109 for this issuer answers not in operation; a user is refused', async () => {
    const e = await empresaSefaz(f);
    const emOperacao = await graphqlSefaz(f, e.admin, STATUS, {});
    expect(emOperacao.errors).toBeUndefined();
    expect(emOperacao.data.statusSefaz).toMatchObject({ uf: 'SP', modelo: 'NFE', ambiente: 'HOMOLOGAÇÃO', autorizador: 'sefaz', cStat: '107', motivo: 'Serviço em Operação', emOperacao: true });
    expect((await estado(e.cnpj)).chamadas.NFeStatusServico4).toBe(1);

    for (const cStat of ['108', '109']) {
      await cenario(e.cnpj, { status: cStat });
      const parado = await graphqlSefaz(f, e.admin, STATUS, { modelo: 'NFCE' });
      expect(parado.errors).toBeUndefined();
      expect(parado.data.statusSefaz).toMatchObject({ modelo: 'NFCE', cStat, emOperacao: false });
    }
    const outra = await empresaSefaz(f);
    expect((await graphqlSefaz(f, outra.admin, STATUS, {})).data.statusSefaz).toMatchObject({ cStat: '107', emOperacao: true });

    const usuario = await sessionFor(e.companyId, 'user');
    const recusado = await graphqlSefaz(f, usuario, STATUS, {});
    expect(recusado.data).toBeNull();
    expect(recusado.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  }, 60_000);
});
