import { DOCUMENTOS, eventosDoDocumento } from './fiscal-helpers';
import { aguardar, assinaturaValida, chamar as chamarEm, cenario, empresaSefaz as empresaEm, estado, nfe, usarFiscalSefaz } from './sefaz-helpers';

/**
 * Cancellation through the SEFAZ adapter (test/e2e/sefaz-helpers.ts): every answer of NFeRecepcaoEvento4 the
 * issue names, and the settling of a cancellation whose answer was lost, by the reconciliation (every second here).
 */
const f = usarFiscalSefaz('sefazcanc');
const chamar = (method: string, caminho: string, bearer: string, body?: unknown) => chamarEm(f, method, caminho, bearer, body);
const JUSTIFICATIVA = 'Pedido cancelado pelo cliente antes do envio';

async function emitida(e: { admin: string }) {
  const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
  if (r.status !== 201) throw new Error(`not issued: ${JSON.stringify(r.body)}`);
  return r.body.dados as { id: string; chaveAcesso: string };
}

const ler = (e: { admin: string }, id: string) => async () => (await chamar('GET', `${DOCUMENTOS}/${id}`, e.admin)).body.dados;
const cancelamentos = async (id: string) => (await eventosDoDocumento(f.nc, id, 1)).filter((ev) => ev.subject === 'fiscal.v1.ERP_NFE_CANCELADA');

describe('sefaz - cancellation through the local authority', () => {
  it('sefaz - the event is registered, its answer lost and the first query fails: 503 CANCELAMENTO_PENDENTE; the reconciliation finds the cancellation by a query: CANCELADO with SEFAZ procEventoNFe, exactly one ERP_NFE_CANCELADA, nothing sent again', async () => {
    const e = await empresaEm(f);
    const doc = await emitida(e);
    await cenario(e.cnpj, { evento: ['PROCESSA_E_DERRUBA'], consulta: ['ERRO_500'] });
    const r = await chamar('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, e.admin, { justificativa: JUSTIFICATIVA });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ sucesso: false, codigo: 'CANCELAMENTO_PENDENTE', documentoId: doc.id });

    const lido = await aguardar(ler(e, doc.id), (d) => d.situacao === 'CANCELADO');
    const sefaz = await estado(e.cnpj);
    const registrada = sefaz.autorizadas.find((a) => a.chave === doc.chaveAcesso)!;
    expect(registrada).toMatchObject({ cancelada: true, tpEventoCancelamento: '110111' });
    expect(lido).toMatchObject({ situacao: 'CANCELADO', justificativaCancelamento: JUSTIFICATIVA });
    expect(sefaz.chamadas.NFeRecepcaoEvento4).toBe(1);
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${doc.id}:CANCELAMENTO_PROC` as never });
    expect(proc?.xml).toContain('<procEventoNFe');
    expect(proc?.xml).toContain(`<nProt>${lido.protocoloCancelamento}</nProt>`);
    expect(assinaturaValida(proc!.xml as string, 'evento')).toBe(true);

    await new Promise((res) => setTimeout(res, 2_500));
    const eventos = await cancelamentos(doc.id);
    expect(eventos).toHaveLength(1);
    expect(eventos[0].payload).toMatchObject({ chaveAcesso: doc.chaveAcesso, protocoloCancelamento: lido.protocoloCancelamento, justificativa: JUSTIFICATIVA });
    const denovo = await chamar('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, e.admin, { justificativa: JUSTIFICATIVA });
    expect(denovo.status).toBe(409);
    expect(denovo.body.codigo).toBe('DOCUMENTO_JA_CANCELADO');
  }, 60_000);

  it('sefaz - the event never reached SEFAZ and the query fails: 503; the reconciliation finds no cancellation and releases the claim; the document stays AUTORIZADO and a new request (new justification) cancels it, one event', async () => {
    const e = await empresaEm(f);
    const doc = await emitida(e);
    await cenario(e.cnpj, { evento: ['DERRUBA'], consulta: ['ERRO_500'] });
    const r = await chamar('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, e.admin, { justificativa: JUSTIFICATIVA });
    expect(r.status).toBe(503);
    expect(r.body.codigo).toBe('CANCELAMENTO_PENDENTE');

    const fato = await aguardar(
      () => f.db.collection('fatos_documento').findOne({ _id: `desfecho:${doc.id}` as never }),
      (v) => v === null,
    );
    expect(fato).toBeNull();
    expect(await f.db.collection('xml_documentos').findOne({ _id: `${doc.id}:CANCELAMENTO_ASSINADO` as never })).toBeNull();
    expect((await ler(e, doc.id)()).situacao).toBe('AUTORIZADO');
    expect((await estado(e.cnpj)).autorizadas[0].cancelada).toBe(false);

    const outra = 'Cancelamento pedido de novo após a liberação';
    const cancelada = await chamar('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, e.admin, { justificativa: outra });
    expect(cancelada.status).toBe(200);
    expect(cancelada.body.dados).toMatchObject({ situacao: 'CANCELADO', justificativaCancelamento: outra });
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas.NFeRecepcaoEvento4).toBe(2);
    expect(sefaz.autorizadas[0].cancelada).toBe(true);
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${doc.id}:CANCELAMENTO_PROC` as never });
    expect(proc?.xml).toContain(`<xJust>${outra}</xJust>`);
    await new Promise((res) => setTimeout(res, 2_500));
    const eventos = await cancelamentos(doc.id);
    expect(eventos.map((ev) => ev.payload.justificativa)).toEqual([outra]);
  }, 60_000);

  it('sefaz - 155 (cancellation accepted out of deadline) is a registered cancellation: CANCELADO, procEventoNFe with 155 kept, one ERP_NFE_CANCELADA; the query then says 151', async () => {
    const e = await empresaEm(f);
    const doc = await emitida(e);
    await cenario(e.cnpj, { cancelamentoForaDoPrazo: true });
    const r = await chamar('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, e.admin, { justificativa: JUSTIFICATIVA });
    expect(r.status).toBe(200);
    expect(r.body.dados).toMatchObject({ situacao: 'CANCELADO' });
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${doc.id}:CANCELAMENTO_PROC` as never });
    expect(proc?.xml).toContain('<cStat>155</cStat>');
    expect(proc?.xml).toContain(`<nProt>${r.body.dados.protocoloCancelamento}</nProt>`);
    await new Promise((res) => setTimeout(res, 2_000));
    expect(await cancelamentos(doc.id)).toHaveLength(1);
  }, 60_000);

  it('sefaz - GET .../:id/cancelamento.xml answers the procEventoNFe SEFAZ registered; a document not cancelled is 404 XML_INDISPONIVEL, another company\'s 404 DOCUMENTO_NAO_ENCONTRADO', async () => {
    const e = await empresaEm(f);
    const doc = await emitida(e);
    const baixar = (id: string, bearer: string) => fetch(`${f.gatewayUrl}${DOCUMENTOS}/${id}/cancelamento.xml`, { headers: { authorization: `Bearer ${bearer}` } });
    const antes = await baixar(doc.id, e.admin);
    expect(antes.status).toBe(404);
    expect(await antes.json()).toMatchObject({ codigo: 'XML_INDISPONIVEL', documentoId: doc.id });
    const r = await chamar('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, e.admin, { justificativa: JUSTIFICATIVA });
    expect(r.status).toBe(200);
    const xml = await baixar(doc.id, e.admin);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(xml.headers.get('content-disposition')).toBe(`attachment; filename="${doc.chaveAcesso}-procEventoNFe.xml"`);
    const corpo = await xml.text();
    expect(corpo.startsWith('<?xml version="1.0" encoding="UTF-8"?><procEventoNFe')).toBe(true);
    expect(corpo).toContain(`<nProt>${r.body.dados.protocoloCancelamento}</nProt>`);
    expect(assinaturaValida(corpo, 'evento')).toBe(true);
    const outra = await empresaEm(f);
    const alheio = await baixar(doc.id, outra.admin);
    expect(alheio.status).toBe(404);
    expect(((await alheio.json()) as { codigo: string }).codigo).toBe('DOCUMENTO_NAO_ENCONTRADO');
  }, 60_000);

  it('sefaz - 580 (SEFAZ says the NF-e is not authorized: it was cancelled already) is settled by a query that finds the registered cancellation: adopted with the query\'s procEventoNFe, one event, nothing sent again', async () => {
    const e = await empresaEm(f);
    const doc = await emitida(e);
    await cenario(e.cnpj, { evento: ['REGISTRA_E_580'] });
    const r = await chamar('POST', `${DOCUMENTOS}/${doc.id}/cancelar`, e.admin, { justificativa: JUSTIFICATIVA });
    expect(r.status).toBe(200);
    expect(r.body.dados).toMatchObject({ situacao: 'CANCELADO' });
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas).toMatchObject({ NFeRecepcaoEvento4: 1, NFeConsultaProtocolo4: 1 });
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${doc.id}:CANCELAMENTO_PROC` as never });
    expect(proc?.xml).toContain('<procEventoNFe');
    expect(proc?.xml).toContain('<cStat>135</cStat>');
    expect(proc?.xml).toContain(`<nProt>${r.body.dados.protocoloCancelamento}</nProt>`);
    await new Promise((res) => setTimeout(res, 2_000));
    expect(await cancelamentos(doc.id)).toHaveLength(1);
  }, 60_000);
});
