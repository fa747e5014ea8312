import type { OperationExamples } from '.';

/**
 * The fiscal documents' examples, real answers of the local authority (homologação): an NF-e of the Simples Nacional,
 * two items, 2 x 250,50 + 3 x 3,3333 (10,00 rounded) = 511,00, DAS 6% = 30,66; a CT-e; a CC-e; a voided number. The
 * emission request bodies are the paths' own (documents.ts, CT-e; the NFS-e one in the schema).
 */

export const NFE = {
  id: '04306d67354c31fd3d6a3b416d2d57b6',
  referencia: 'PED-2026-0042',
  modelo: 'NFE',
  serie: 1,
  numero: 1,
  chaveAcesso: '35261122002472000116550010000000011343241500',
  situacao: 'AUTORIZADO',
  ambiente: 'HOMOLOGAÇÃO',
  emitidoEm: '2026-11-27T17:10:41.626Z',
  autorizadoEm: '2026-11-27T17:10:44.000Z',
  protocolo: '135264305711672',
  cStat: '100',
  motivo: 'Autorizado o uso da NF-e',
  emitenteCnpj: '22002472000116',
  destinatarioDocumento: '11222333000181',
  destinatarioNome: 'Cliente Comprador Ltda',
  valorTotal: 511,
  impostos: [{ tributo: 'DAS', base: 511, aliquota: 6, valor: 30.66, informativo: false }],
  simplesRemessa: false,
  prazoCancelamento: '2026-11-28T17:10:44.000Z',
  canceladoEm: null,
  justificativaCancelamento: null,
  protocoloCancelamento: null,
  entregueEm: null,
  servicoIniciadoEm: null,
  competencia: null,
  modalidadeFrete: 9,
  chaveNfseSubstituida: null,
  chaveSubstituta: null,
};

const CTE = {
  id: '0e73f1997c57c5081e5d4322d020c0fc',
  referencia: 'FRETE-2026-0042',
  modelo: 'CTE',
  serie: 1,
  numero: 1,
  chaveAcesso: '35261122002472000116570010000000011223032278',
  situacao: 'AUTORIZADO',
  ambiente: 'HOMOLOGAÇÃO',
  emitidoEm: '2026-11-27T17:10:48.514Z',
  autorizadoEm: '2026-11-27T17:10:49.000Z',
  protocolo: '135260521116718',
  cStat: '100',
  motivo: 'Autorizado o uso do CT-e',
  emitenteCnpj: '22002472000116',
  destinatarioDocumento: '11222333000181',
  destinatarioNome: 'Cliente Rio Ltda',
  valorTotal: 80,
  impostos: [{ tributo: 'DAS', base: 80, aliquota: 6, valor: 4.8, informativo: false }],
  simplesRemessa: false,
  prazoCancelamento: null,
  canceladoEm: null,
  justificativaCancelamento: null,
  protocoloCancelamento: null,
  entregueEm: null,
  servicoIniciadoEm: '2026-11-27T17:10:49.328Z',
  competencia: null,
  modalidadeFrete: null,
  chaveNfseSubstituida: null,
  chaveSubstituta: null,
};

/** A second NF-e of the same company, its goods delivered (the cancellation window closed). */
const NFE_ENTREGUE = {
  ...NFE,
  id: 'd411602be0acde35379857346fa5dcbf',
  referencia: 'PED-2026-0043',
  numero: 2,
  chaveAcesso: '35261122002472000116550010000000021096452290',
  emitidoEm: '2026-11-27T17:10:46.962Z',
  autorizadoEm: '2026-11-27T17:10:47.000Z',
  protocolo: '135265307597029',
  prazoCancelamento: null,
  entregueEm: '2026-11-27T17:10:47.589Z',
};

const NFE_PROC_XML =
  '<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
  '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="NFe35261122002472000116550010000000011343241500">' +
  '<!-- ide, emit, dest, det (2 itens), total (vNF 511.00), transp, pag, infAdic, infRespTec --></infNFe>' +
  '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><!-- SignedInfo, SignatureValue, KeyInfo (o certificado A1 da empresa) -->' +
  '</Signature></NFe><protNFe versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><infProt><tpAmb>2</tpAmb>' +
  '<verAplic>ERP_AUT_LOCAL_4.00</verAplic><chNFe>35261122002472000116550010000000011343241500</chNFe>' +
  '<dhRecbto>2026-11-27T14:10:44-03:00</dhRecbto><nProt>135264305711672</nProt><digVal>LP7VwgmE8AiNe4lAHC1EqffFwVg=</digVal>' +
  '<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>';

const CCE_PROC_XML =
  '<?xml version="1.0" encoding="UTF-8"?><procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">' +
  '<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">' +
  '<infEvento Id="ID1101103526112200247200011655001000000002109645229001"><cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>22002472000116' +
  '</CNPJ><chNFe>35261122002472000116550010000000021096452290</chNFe><dhEvento>2026-11-27T14:10:47-03:00</dhEvento><tpEvento>110110' +
  '</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Carta de Correcao' +
  '</descEvento><xCorrecao>Endereço de entrega: Rua Augusta, 550, fundos.</xCorrecao><xCondUso>' +
  '<!-- o texto legal das condições de uso --></xCondUso></detEvento></infEvento>' +
  '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><!-- SignedInfo, SignatureValue, KeyInfo --></Signature></evento>' +
  '<retEvento versao="1.00" xmlns="http://www.portalfiscal.inf.br/nfe"><infEvento><tpAmb>2</tpAmb><verAplic>ERP_AUT_LOCAL_4.00' +
  '</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo>' +
  '<chNFe>35261122002472000116550010000000021096452290</chNFe><tpEvento>110110</tpEvento><xEvento>Carta de Correção registrada' +
  '</xEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2026-11-27T14:10:48-03:00</dhRegEvento><nProt>135267315787790</nProt></infEvento>' +
  '</retEvento></procEventoNFe>';

/** The first bytes of a DANFE (the answer is the whole PDF file). */
const PDF = '%PDF-1.3\n%âãÏÓ\n8 0 obj\n<<\n/Type /ExtGState\n/ca 0.35\n/CA 0.35\n>>\nendobj\n(...)\n%%EOF\n';

/** A range voided at SEFAZ: the first request answers 201, its repetition 200 with the same record. */
const INUTILIZACAO_HOMOLOGADA = {
  sucesso: true,
  mensagem: 'numeração 2 a 2 da série 1 inutilizada (protocolo 135266989594978)',
  dados: {
    id: 'empresa-42|HOMOLOGAÇÃO|NFE|1|2-2|mwz8mn108tac',
    modelo: 'NFE',
    serie: 1,
    de: 2,
    ate: 2,
    ambiente: 'HOMOLOGAÇÃO',
    situacao: 'INUTILIZADA',
    origem: 'MANUAL',
    justificativa: 'Número pulado por rejeição do documento',
    cStat: '102',
    motivo: 'Inutilização de número homologado',
    protocolo: '135266989594978',
    criadoEm: '2026-11-27T17:10:54.228Z',
    inutilizadaEm: '2026-11-27T17:10:54.000Z',
    aguardaDecisao: false,
  },
};

export const DOCUMENT_EXAMPLES: Record<string, OperationExamples> = {
  'POST /api/erp/faturamento/documentos': { answers: { 201: { sucesso: true, dados: NFE }, 200: { sucesso: true, dados: NFE } } },
  'GET /api/erp/faturamento/documentos/{id}': { answers: { 200: { sucesso: true, dados: NFE } } },
  'POST /api/erp/faturamento/documentos/{id}/cancelar': {
    request: {
      cancelamento: { summary: 'Cancelamento dentro do prazo', value: { justificativa: 'Cliente desistiu da compra antes do envio' } },
      substituicao: {
        summary: 'NFC-e: cancelamento por substituição (evento 110112), com a chave da NFC-e que a substitui',
        value: { justificativa: 'Venda registrada em duplicidade no caixa 3', chNFeRef: '35261122002472000116650010000000071234567895' },
      },
    },
    answers: {
      200: {
        sucesso: true,
        mensagem: 'documento 35261122002472000116550010000000011343241500 cancelado (protocolo 135265367769569)',
        dados: {
          ...NFE,
          situacao: 'CANCELADO',
          prazoCancelamento: null,
          canceladoEm: '2026-11-27T17:10:48.000Z',
          justificativaCancelamento: 'Cliente desistiu da compra antes do envio',
          protocoloCancelamento: '135265367769569',
        },
      },
    },
  },
  'GET /api/erp/faturamento/documentos/{id}/xml': { answers: { 200: NFE_PROC_XML } },
  'GET /api/erp/faturamento/documentos/{id}/danfe.pdf': { answers: { 200: PDF } },
  'POST /api/erp/faturamento/documentos/{id}/carta-correcao': { answers: { 201: {
      sucesso: true,
      mensagem: 'carta de correção 1 registrada (protocolo 135267315787790)',
      dados: {
        documentoId: 'd411602be0acde35379857346fa5dcbf',
        sequencia: 1,
        correcao: 'Endereço de entrega: Rua Augusta, 550, fundos.',
        protocolo: '135267315787790',
        registradaEm: '2026-11-27T17:10:48.000Z',
        cStat: '135',
        motivo: 'Evento registrado e vinculado a NF-e',
      },
    } } },
  'GET /api/erp/faturamento/documentos/{id}/carta-correcao.xml': { answers: { 200: CCE_PROC_XML } },
  'POST /api/erp/faturamento/documentos/{id}/entrega': { answers: { 200: { sucesso: true, dados: NFE_ENTREGUE } } },
  'POST /api/erp/faturamento/documentos/{id}/inicio-servico': { answers: { 200: { sucesso: true, dados: CTE } } },
  'POST /api/erp/faturamento/inutilizacoes': {
    request: { inutilizacao: { summary: 'Um número da série 1 de NF-e, pulado por uma rejeição', value: { modelo: 'NFE', serie: 1, de: 2, ate: 2, justificativa: 'Número pulado por rejeição do documento' } } },
    answers: { 201: INUTILIZACAO_HOMOLOGADA, 200: INUTILIZACAO_HOMOLOGADA },
  },
  'GET /api/erp/faturamento/inutilizacoes': { answers: { 200: { sucesso: true, dados: [INUTILIZACAO_HOMOLOGADA.dados] } } },
  'POST /api/erp/faturamento/documentos/{id}/link-arquivo': { request: { danfe: { summary: 'O DANFE, para abrir numa aba nova', value: { arquivo: 'danfe' } } } },
  'GET /api/erp/faturamento/documentos/arquivos/{token}': { answers: { 200: PDF } },
};
