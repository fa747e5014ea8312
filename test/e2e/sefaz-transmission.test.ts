import { xmlsec1Verifica } from '../support/xmlsec';
import { lerCodigo128, pdfParaPng, textoDoPdf } from './danfe-helpers';
import { DOCUMENTOS, eventosDoDocumento, eventosFiscais } from './fiscal-helpers';
import { aguardar, assinaturaValida, chamar as chamarEm, cenario, empresaSefaz as empresaEm, estado, nfe, usarFiscalSefaz } from './sefaz-helpers';

/**
 * The SEFAZ adapter end to end (test/e2e/sefaz-helpers.ts): emission, its recovery paths, voiding by the job,
 * the XML and the DANFE. Each recovery path is driven by a scenario of the local authority.
 */
const f = usarFiscalSefaz('sefaz');
const CONTROLE = () => process.env.TEST_LOCAL_AUTHORITY_CONTROL_URL!;
const chamar = (method: string, caminho: string, bearer: string, body?: unknown) => chamarEm(f, method, caminho, bearer, body);
const empresaSefaz = () => empresaEm(f);

describe('sefaz - transmission through the local authority', () => {
  it('sefaz - an NF-e is signed, sent over mutual TLS and authorized: nfeProc kept and its signature verified by xml-crypto and by xmlsec1 (which refuses it tampered), one event', async () => {
    const e = await empresaSefaz();
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', cStat: '100', numero: 1 });
    const sefaz = await estado(e.cnpj);
    expect(sefaz.autorizadas).toEqual([expect.objectContaining({ chave: r.body.dados.chaveAcesso, cStat: '100', nProt: r.body.dados.protocolo })]);
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${r.body.dados.id}:NFE_PROC` as never });
    expect(proc?.xml).toContain('<nfeProc');
    expect(proc?.xml).toContain(`<chNFe>${r.body.dados.chaveAcesso}</chNFe>`);
    expect(proc?.xml).toContain('<IBSCBS>');
    expect(proc?.xml).toContain(
      '<enderDest><xLgr>Avenida Rio Branco</xLgr><nro>156</nro><xCpl>Sala 1201</xCpl><xBairro>Centro</xBairro><cMun>3304557</cMun><xMun>Rio de Janeiro</xMun><UF>RJ</UF><CEP>20040003</CEP><cPais>1058</cPais><xPais>Brasil</xPais><fone>2122223333</fone></enderDest>',
    );
    expect(assinaturaValida(proc!.xml as string, 'NFe')).toBe(true);
    expect(xmlsec1Verifica(proc!.xml as string, 'infNFe')).toBe(true);
    expect(xmlsec1Verifica((proc!.xml as string).replace('<xNome>Empresa Transmissora Ltda</xNome>', '<xNome>Empresa Transmissora SA</xNome>'), 'infNFe')).toBe(false);
    const eventos = await eventosDoDocumento(f.nc, r.body.dados.id, 1);
    expect(eventos.map((ev) => ev.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);
  }, 60_000);

  it('sefaz - an NF-e for SEFAZ without the recipient\'s address is refused before a number is taken (DOCUMENTO_INVALIDO, destinatario.endereco); an incomplete address names each field', async () => {
    const e = await empresaSefaz();
    const { endereco: _semEndereco, ...destinatario } = nfe().destinatario;
    const semEndereco = await chamar('POST', DOCUMENTOS, e.admin, nfe({ destinatario }));
    expect(semEndereco.status).toBe(400);
    expect(semEndereco.body).toMatchObject({ codigo: 'DOCUMENTO_INVALIDO', campos: [expect.objectContaining({ campo: 'destinatario.endereco', regra: 'obrigatorio_nfe_sefaz' })] });
    const incompleto = await chamar('POST', DOCUMENTOS, e.admin, nfe({ destinatario: { ...destinatario, codigoMunicipio: undefined, endereco: { logradouro: 'R', numero: '1', bairro: 'Centro', municipio: 'Rio de Janeiro', cep: '2004' } } }));
    expect(incompleto.status).toBe(400);
    expect((incompleto.body.campos as { campo: string; regra: string }[]).map((c) => `${c.campo}:${c.regra}`).sort()).toEqual([
      'destinatario.codigoMunicipio:obrigatorio_com_endereco',
      'destinatario.endereco.cep:cep_formato',
      'destinatario.endereco.logradouro:tamanho_minimo',
    ]);
    expect((await estado(e.cnpj)).autorizadas).toEqual([]);
    // Nothing was numbered: the first NF-e that goes through is number 1.
    expect((await chamar('POST', DOCUMENTOS, e.admin, nfe())).body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1 });
  }, 60_000);

  it('sefaz - timeout, then already authorized: the query by key adopts SEFAZ protocol; one number, one authorization at SEFAZ, exactly one ERP_DOCUMENTO_AUTORIZADO', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_ATRASA'], atrasoMs: 8_000 });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas).toMatchObject({ NFeAutorizacao4: 1, NFeConsultaProtocolo4: 1 });
    expect(sefaz.autorizadas).toHaveLength(1);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1, protocolo: sefaz.autorizadas[0].nProt });
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${r.body.dados.id}:NFE_PROC` as never });
    expect(proc?.xml).toContain(`<nProt>${sefaz.autorizadas[0].nProt}</nProt>`);
    await new Promise((res) => setTimeout(res, 2_000));
    expect((await eventosDoDocumento(f.nc, r.body.dados.id, 1)).map((ev) => ev.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);
  }, 60_000);

  it('sefaz - connection lost and the first query lags (217): the same signed NF-e (same bytes) is sent again, SEFAZ answers 204, the query adopts it; exactly one ERP_DOCUMENTO_AUTORIZADO', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'], consulta: ['NAO_CONSTA'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas).toMatchObject({ NFeAutorizacao4: 2, NFeConsultaProtocolo4: 2 });
    expect(sefaz.autorizadas).toHaveLength(1);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1, protocolo: sefaz.autorizadas[0].nProt });
    const numeros = await f.db.collection('numeracao').find({ companyId: e.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'USADO']]);
    const envios = sefaz.recebidos.filter((x) => x.servico === 'NFeAutorizacao4');
    expect(envios).toHaveLength(2);
    expect(envios[1].sha256).toBe(envios[0].sha256);
    await new Promise((res) => setTimeout(res, 2_000));
    expect((await eventosDoDocumento(f.nc, r.body.dados.id, 1)).map((ev) => ev.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);
  }, 60_000);

  it('sefaz - 103 then 105 then 104 with the protocol: the receipt is polled until the authorization', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['ASSINCRONO'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', cStat: '100' });
    expect((await estado(e.cnpj)).chamadas).toMatchObject({ NFeAutorizacao4: 1, NFeRetAutorizacao4: 2 });
  }, 60_000);

  it('sefaz - 105 (in processing, with a receipt) as the first answer: the receipt is polled until the authorization', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['ASSINCRONO_105'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', cStat: '100' });
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas).toMatchObject({ NFeAutorizacao4: 1, NFeRetAutorizacao4: 2 });
    expect(sefaz.chamadas.NFeConsultaProtocolo4).toBeUndefined();
  }, 60_000);

  it.each([
    ['106 "Lote não localizado"', 'NAO_LOCALIZADO'],
    ['104 without the protocol of the key', 'SEM_PROTOCOLO'],
  ])('sefaz - the receipt poll answers %s after SEFAZ authorized the NF-e: the query by key adopts it: AUTORIZADO with its nfeProc, no number burned or voided', async (_, recibo) => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['ASSINCRONO'], recibo: [recibo] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(201);
    const sefaz = await estado(e.cnpj);
    expect(r.body.dados).toMatchObject({ situacao: 'AUTORIZADO', cStat: '100', numero: 1, protocolo: sefaz.autorizadas[0].nProt });
    expect(sefaz.chamadas).toMatchObject({ NFeAutorizacao4: 1, NFeRetAutorizacao4: 1, NFeConsultaProtocolo4: 1 });
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${r.body.dados.id}:NFE_PROC` as never });
    expect(proc?.xml).toContain(`<nProt>${sefaz.autorizadas[0].nProt}</nProt>`);
    const numeros = await f.db.collection('numeracao').find({ companyId: e.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'USADO']]);
    expect(sefaz.chamadas.NFeInutilizacao4).toBeUndefined();
  }, 60_000);

  it('sefaz - 539 (the number is another key\'s at SEFAZ): rejected, the number is not voided, the next NF-e takes number 2', async () => {
    const e = await empresaSefaz();
    await fetch(`${CONTROLE()}/numeros-de-outra-chave`, { method: 'POST', body: JSON.stringify({ cnpj: e.cnpj, mod: '55', serie: 1, numero: 1, chave: '3'.repeat(44) }) });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '539' });
    const seguinte = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(seguinte.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 2 });
    const numeros = await f.db.collection('numeracao').find({ companyId: e.companyId }).sort({ numero: 1 }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([
      [1, 'USADO'],
      [2, 'USADO'],
    ]);
  }, 60_000);

  it.each(['110', '301', '302'])('sefaz - a denial (%s) keeps the document as DENEGADO with its protocol and nfeProc, its number spent, never voided', async (cStat) => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { denegar: cStat });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ codigo: 'DOCUMENTO_DENEGADO', cStat });
    const lido = await chamar('GET', `${DOCUMENTOS}/${r.body.documentoId}`, e.admin);
    expect(lido.body.dados).toMatchObject({ situacao: 'DENEGADO', cStat, protocolo: (await estado(e.cnpj)).autorizadas[0].nProt });
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${r.body.documentoId}:NFE_PROC` as never });
    expect(proc?.xml).toContain(`<cStat>${cStat}</cStat>`);
    const numeros = await f.db.collection('numeracao').find({ companyId: e.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'USADO']]);
  }, 60_000);

  it('sefaz - no answer and the query fails too: PENDENTE (202) with its number; the reconciliation resolves it by a query, one event', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { autorizacao: ['PROCESSA_E_DERRUBA'], consulta: ['ERRO_500'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(202);
    expect(r.body.dados).toMatchObject({ situacao: 'PENDENTE', numero: 1 });
    let lido: any;
    for (let i = 0; i < 40; i += 1) {
      lido = (await chamar('GET', `${DOCUMENTOS}/${r.body.dados.id}`, e.admin)).body.dados;
      if (lido.situacao !== 'PENDENTE') break;
      await new Promise((res) => setTimeout(res, 250));
    }
    const sefaz = await estado(e.cnpj);
    expect(lido).toMatchObject({ situacao: 'AUTORIZADO', numero: 1, protocolo: sefaz.autorizadas[0].nProt });
    expect(sefaz.chamadas.NFeAutorizacao4).toBe(1);
    await new Promise((res) => setTimeout(res, 2_000));
    expect((await eventosDoDocumento(f.nc, r.body.dados.id, 1)).map((ev) => ev.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);
  }, 60_000);

  it('sefaz - cancellation: 135 registered with procEventoNFe kept; the lost answer of a retried cancellation (573) is adopted by a query, with the procEventoNFe of the query kept', async () => {
    const e = await empresaSefaz();
    const primeira = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    const cancelada = await chamar('POST', `${DOCUMENTOS}/${primeira.body.dados.id}/cancelar`, e.admin, { justificativa: 'Pedido cancelado pelo cliente antes do envio' });
    expect(cancelada.status).toBe(200);
    expect(cancelada.body.dados).toMatchObject({ situacao: 'CANCELADO' });
    const proc = await f.db.collection('xml_documentos').findOne({ _id: `${primeira.body.dados.id}:CANCELAMENTO_PROC` as never });
    expect(proc?.xml).toContain('<procEventoNFe');
    expect(assinaturaValida(proc!.xml as string, 'evento')).toBe(true);

    // The event is registered but its answer lost; the query still shows the NF-e authorized (lag), so the
    // same signed event goes again: 573, and the query that follows finds the cancellation.
    const segunda = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    await cenario(e.cnpj, { evento: ['PROCESSA_E_DERRUBA'], consulta: ['ANTES_DO_CANCELAMENTO'] });
    const retentada = await chamar('POST', `${DOCUMENTOS}/${segunda.body.dados.id}/cancelar`, e.admin, { justificativa: 'Pedido cancelado pelo cliente antes do envio' });
    expect(retentada.status).toBe(200);
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas.NFeRecepcaoEvento4).toBe(3);
    expect(sefaz.autorizadas.find((a) => a.chave === segunda.body.dados.chaveAcesso)?.cancelada).toBe(true);
    // The adopted cancellation's procEventoNFe is the query's (SEFAZ's record), kept like a direct answer's.
    const adotado = await f.db.collection('xml_documentos').findOne({ _id: `${segunda.body.dados.id}:CANCELAMENTO_PROC` as never });
    expect(adotado?.xml).toContain('<procEventoNFe');
    expect(adotado?.xml).toContain(`<nProt>${retentada.body.dados.protocoloCancelamento}</nProt>`);
    expect(assinaturaValida(adotado!.xml as string, 'evento')).toBe(true);
    expect((await eventosDoDocumento(f.nc, segunda.body.dados.id, 2)).filter((ev) => ev.subject === 'fiscal.v1.ERP_NFE_CANCELADA')).toHaveLength(1);
  }, 90_000);

  it('sefaz - 501: SEFAZ refuses a cancellation past its deadline; the document stays AUTORIZADO', async () => {
    const e = await empresaSefaz();
    const emitida = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    await cenario(e.cnpj, { prazoCancelamentoMinutos: 0 });
    await new Promise((res) => setTimeout(res, 50));
    const r = await chamar('POST', `${DOCUMENTOS}/${emitida.body.dados.id}/cancelar`, e.admin, { justificativa: 'Pedido cancelado pelo cliente antes do envio' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ codigo: 'PRAZO_CANCELAMENTO_EXPIRADO', cStat: '501' });
    expect((await chamar('GET', `${DOCUMENTOS}/${emitida.body.dados.id}`, e.admin)).body.dados.situacao).toBe('AUTORIZADO');
  }, 60_000);

  it('sefaz - a rejected NF-e burns its number; the scheduled job voids it with NFeInutilizacao4 (signed inutNFe checked by the local authority): the lost first answer is resent as the same bytes, 563 adopted, ProcInutNFe kept, one event', async () => {
    const e = await empresaSefaz();
    await cenario(e.cnpj, { rejeitar: '778', inutilizacao: ['PROCESSA_E_DERRUBA'] });
    const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '778' });

    let lista: any[] = [];
    for (let i = 0; i < 80 && !lista.some((v) => v.situacao === 'INUTILIZADA'); i += 1) {
      await new Promise((res) => setTimeout(res, 250));
      lista = (await chamar('GET', '/api/erp/faturamento/inutilizacoes', e.admin)).body.dados;
    }
    const sefaz = await estado(e.cnpj);
    expect(sefaz.chamadas.NFeInutilizacao4).toBe(2);
    const envios = sefaz.recebidos.filter((x) => x.servico === 'NFeInutilizacao4');
    expect(envios[1].sha256).toBe(envios[0].sha256);
    expect(sefaz.inutilizadas).toEqual([expect.objectContaining({ mod: '55', serie: 1, de: 1, ate: 1 })]);
    expect(lista).toEqual([expect.objectContaining({ modelo: 'NFE', serie: 1, de: 1, ate: 1, situacao: 'INUTILIZADA', origem: 'AUTOMATICA', cStat: '563', protocolo: sefaz.inutilizadas[0].nProt })]);
    const registro = await f.db.collection('inutilizacoes').findOne({ _id: lista[0].id as never });
    expect(registro?.xml).toContain('<ProcInutNFe');
    expect(assinaturaValida(registro!.xml as string, 'inutNFe')).toBe(true);
    expect(xmlsec1Verifica(registro!.xml as string, 'infInut')).toBe(true);
    const numeros = await f.db.collection('numeracao').find({ companyId: e.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'INUTILIZADO']]);

    await new Promise((res) => setTimeout(res, 2_500));
    const eventos = await eventosFiscais(f.nc, (p) => p.companyId === e.companyId && p.numeroInicial === 1, 1);
    expect(eventos).toHaveLength(1);
    expect(eventos[0].payload).toMatchObject({ emitenteCnpj: e.cnpj, modelo: 'NFE', numeroFinal: 1, protocolo: sefaz.inutilizadas[0].nProt, origem: 'AUTOMATICA' });
    expect((await chamar('POST', DOCUMENTOS, e.admin, nfe())).body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 2 });
  }, 60_000);

  it('sefaz - a voiding the job asked and SEFAZ refused (241) is RECUSADA with aguardaDecisao in the listing and counted in the metrics (refusals, numbers waiting, earliest deadline); voided on demand, it no longer waits', async () => {
    /** The value of a metric of the fiscal process whose labels include `rotulos` (null when absent). */
    const metrica = async (nome: string, rotulos: string[] = []) => {
      const texto = await (await fetch(`${f.fiscalUrl}/metrics`)).text();
      const linha = texto.split('\n').find((l) => l.startsWith(`${nome}{`) && rotulos.every((r) => l.includes(r)));
      return linha ? Number(linha.split(' ').pop()) : null;
    };
    const RECUSADAS: [string, string[]] = ['fiscal_voidings_refused_total', ['model="NFE"', 'origin="AUTOMATICA"']];
    const recusadasAntes = (await metrica(...RECUSADAS)) ?? 0;
    const e = await empresaSefaz();
    await cenario(e.cnpj, { rejeitar: '778', recusarInutilizacao: '241' });
    expect((await chamar('POST', DOCUMENTOS, e.admin, nfe())).body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '778' });

    const listar = async () => (await chamar('GET', '/api/erp/faturamento/inutilizacoes', e.admin)).body.dados as any[];
    let lista: any[] = [];
    for (let i = 0; i < 80 && !lista.some((v) => v.situacao === 'RECUSADA'); i += 1) {
      await new Promise((res) => setTimeout(res, 250));
      lista = await listar();
    }
    expect(lista).toEqual([expect.objectContaining({ de: 1, ate: 1, situacao: 'RECUSADA', origem: 'AUTOMATICA', cStat: '241', aguardaDecisao: true })]);
    expect(await metrica(...RECUSADAS)).toBe(recusadasAntes + 1);
    // The gauges read the store at most once a second (app/metrics.ts): a scrape within a second of the one
    // before the refusal still shows that reading, so the test waits for the next one.
    expect(await aguardar(() => metrica('fiscal_numbers_voiding_refused'), (n) => (n ?? 0) >= 1)).toBeGreaterThanOrEqual(1);
    const numero = await f.db.collection('numeracao').findOne({ companyId: e.companyId, numero: 1 });
    // The earliest deadline: the 10th of the month after the number was taken (or of an older refused number).
    const prazo = (await metrica('fiscal_voiding_refused_deadline_seconds'))!;
    expect(prazo).toBeLessThanOrEqual(Math.floor(new Date(numero!.em).getTime() / 1000) + 42 * 86_400);
    expect(prazo).toBeGreaterThan(Math.floor(new Date(numero!.em).getTime() / 1000));

    const manual = await chamar('POST', '/api/erp/faturamento/inutilizacoes', e.admin, { modelo: 'NFE', serie: 1, de: 1, ate: 1, justificativa: 'Numeração rejeitada e conferida pelo responsável fiscal' });
    expect(manual.status).toBe(201);
    expect(manual.body.dados).toMatchObject({ situacao: 'INUTILIZADA', cStat: '102', aguardaDecisao: false });
    const depois = await listar();
    expect(depois.map((v) => [v.situacao, v.origem, v.aguardaDecisao])).toEqual([
      ['INUTILIZADA', 'MANUAL', false],
      ['RECUSADA', 'AUTOMATICA', false],
    ]);
  }, 60_000);

  it('sefaz - GET .../xml answers the nfeProc (signature verified by xml-crypto); GET .../danfe.pdf is the DANFE of that XML: the Code-128C decodes to the key, SEFAZ\'s protocol and the issuer\'s address are printed', async () => {
    const e = await empresaSefaz();
    const doc = (await chamar('POST', DOCUMENTOS, e.admin, nfe())).body.dados;
    const xml = await fetch(`${f.gatewayUrl}${DOCUMENTOS}/${doc.id}/xml`, { headers: { authorization: `Bearer ${e.admin}` } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(xml.headers.get('content-disposition')).toBe(`attachment; filename="${doc.chaveAcesso}-procNFe.xml"`);
    const corpo = await xml.text();
    expect(corpo.startsWith('<?xml version="1.0" encoding="UTF-8"?><nfeProc')).toBe(true);
    expect(corpo).toContain(`<nProt>${doc.protocolo}</nProt>`);
    expect(assinaturaValida(corpo, 'NFe')).toBe(true);

    const danfe = await fetch(`${f.gatewayUrl}${DOCUMENTOS}/${doc.id}/danfe.pdf`, { headers: { authorization: `Bearer ${e.admin}` } });
    expect(danfe.status).toBe(200);
    const pdf = Buffer.from(await danfe.arrayBuffer());
    expect(lerCodigo128(pdfParaPng(pdf, 'danfe-sefaz-nfe'))).toEqual({ texto: doc.chaveAcesso, inicio: 105 });
    const texto = textoDoPdf(pdf).replace(/\s+/g, ' ');
    for (const trecho of ['Empresa Transmissora Ltda', 'Rua das Flores, 100', 'CEP 01001-000', 'São Paulo - SP', '110042490114', 'Avenida Rio Branco, 156 - Sala 1201', '20040-003', 'Rio de Janeiro', '2122223333', doc.protocolo, 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', 'Cadeira de escritório', '6102', '501,00', 'VALOR DA CBS']) {
      expect(texto).toContain(trecho);
    }
    expect(texto).not.toContain('não foi transmitida à SEFAZ');
  }, 60_000);
});
