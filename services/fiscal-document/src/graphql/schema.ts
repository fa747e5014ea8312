import { gql } from '@erp/kit';
import { cteTypes } from './cte-types';
import { detalheTypes } from './detail-types';

/** Fiscal documents: issue, read, cancel, the marks that end the cancellation window, and voiding unused numbers. */
export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7")

  scalar DateTime

  enum ModeloDocumento {
    NFE
    NFCE
    CTE
    NFSE
  }

  "A model the search filters on: the documents' models, and CTEOS, the CT-e OS (model 67, stored as CTE); CTE is then model 57 only."
  enum ModeloBusca {
    NFE
    NFCE
    CTE
    CTEOS
    NFSE
  }

  enum SituacaoDocumento {
    AUTORIZADO
    CANCELADO
    REJEITADO
    "SEFAZ denied its use (cStat 110, 301, 302): the number is spent."
    DENEGADO
    "Sent to SEFAZ and the answer is not known yet: resolved by a query, never by a new number."
    PENDENTE
  }

  type LinhaImposto {
    tributo: String!
    base: Float!
    aliquota: Float!
    valor: Float!
    informativo: Boolean!
  }

  type DocumentoFiscal {
    id: ID!
    referencia: String!
    modelo: ModeloDocumento!
    serie: Int!
    numero: Int!
    chaveAcesso: String!
    situacao: SituacaoDocumento!
    ambiente: String!
    emitidoEm: DateTime!
    autorizadoEm: DateTime
    protocolo: String
    "SEFAZ status code of the last answer (text: 3 or 4 digits)."
    cStat: String
    motivo: String
    emitenteCnpj: String!
    destinatarioDocumento: String
    "The recipient's name as issued (null when none was given)."
    destinatarioNome: String
    valorTotal: Float!
    impostos: [LinhaImposto!]!
    simplesRemessa: Boolean!
    "Until when it may still be cancelled; null once it may not."
    prazoCancelamento: DateTime
    canceladoEm: DateTime
    justificativaCancelamento: String
    protocoloCancelamento: String
    entregueEm: DateTime
    servicoIniciadoEm: DateTime
    "NFS-e: MM/AAAA."
    competencia: String
    "NF-e modFrete: 0 issuer (CIF), 1 recipient (FOB), 2 third party, 3 own transport of the issuer, 4 own transport of the recipient, 9 none."
    modalidadeFrete: Int
    "NFS-e: the key of the NFS-e this one replaces (DPS subst, ABRASF SubstituirNfse); null when it replaces none."
    chaveNfseSubstituida: String
    "Cancelled by substitution (NFC-e 110112, NFS-e 105102): the key of the document issued in its place."
    chaveSubstituta: String
  }

  input DestinatarioInput {
    "CNPJ or CPF; required except for a recipient abroad (uf EX)."
    documento: String
    nome: String
    uf: String
    codigoMunicipio: String
    inscricaoEstadual: String
    "NF-e enderDest, with uf and codigoMunicipio; required by SEFAZ for an NF-e (model 55), optional otherwise."
    endereco: EnderecoDestinatarioInput
    "A recipient abroad (uf EX): required there and only there."
    exterior: DestinatarioExteriorInput
  }

  "A recipient abroad: idEstrangeiro (5-20 characters, optional), the BACEN country code and name, the address; the city goes in xCpl (xMun is EXTERIOR)."
  input DestinatarioExteriorInput {
    idEstrangeiro: String
    codigoPais: String!
    nomePais: String!
    logradouro: String!
    numero: String!
    complemento: String
    bairro: String
    cidade: String!
  }

  "NF-e exporta: UF and place of shipment (UFSaidaPais, xLocExporta) and the customs place (xLocDespacho)."
  input ExportacaoInput {
    ufSaidaPais: String!
    localExportacao: String!
    localDespacho: String
  }

  "The recipient's address (NF-e TEndereco): texts 2-60 characters (numero 1-60), cep 8 digits, telefone 6-14 digits."
  input EnderecoDestinatarioInput {
    logradouro: String!
    numero: String!
    complemento: String
    bairro: String!
    municipio: String!
    cep: String!
    telefone: String
  }

  input ItemDocumentoInput {
    codigo: String!
    descricao: String!
    quantidade: Float!
    valorUnitario: Float!
    unidade: String
    ncm: String
    cfop: String
    cst: String
    csosn: String
    "CEST of goods under ICMS-ST (Convênio ICMS 142/2018), 7 digits; required with CST 60 or CSOSN 500."
    cest: String
    "CST 60 / CSOSN 500: the ICMS-ST withheld earlier in the chain; required when the buyer is not the final consumer."
    icmsStRetido: IcmsStRetidoInput
    "pRedBC: percent the own ICMS base is reduced by; required with CST 20 and 70."
    reducaoBaseIcms: Float
    "pDif: percent of the operation's ICMS deferred; required with CST 51."
    diferimentoIcms: Float
    "ICMS-ST the issuer charges as substitute; required with CST 10, 30, 70 and CSOSN 201, 202, 203."
    icmsSt: IcmsStInput
    codigoServico: String
    aliquotaIss: Float
  }

  "ICMS-ST inputs: the MVA (modBCST 4) or the given base in reais (modBCST 5), never both; rates in percent."
  input IcmsStInput {
    mva: Float
    base: Float
    "pICMSST: the destination's internal rate for the goods, without FCP; default the destination's modal rate."
    aliquota: Float
    "pFCPST, up to 2."
    aliquotaFcp: Float
    "pRedBCST."
    reducaoBase: Float
  }

  "The Simples Nacional band the buyer's ICMS credit (pCredSN) is read from: annex I (commerce) or II (industry) and the RBT12 in reais."
  input SimplesNacionalInput {
    anexo: String!
    receitaBruta12Meses: Float!
  }

  "ICMS charged by substitution earlier in the chain (NF-e vBCSTRet, pST, vICMSSTRet, vICMSSubstituto): money in reais, the rate in percent."
  input IcmsStRetidoInput {
    base: Float!
    aliquota: Float!
    valor: Float!
    "The substitute's own ICMS of the earlier operation (vICMSSubstituto); required when the buyer is not the final consumer (rule 938)."
    icmsSubstituto: Float
  }

  "NF-e / NFC-e card group (card): tpIntegra 1 integrated, 2 (default) a POS not integrated."
  input CartaoPagamentoInput {
    integrado: Boolean
    cnpjCredenciadora: String
    "tBand, 2 digits (01 Visa, 02 Mastercard, 06 Elo, 99 other...)."
    bandeira: String
    "cAut: the authorization number."
    autorizacao: String
  }

  "A means of payment (pag/detPag): meio is the tPag code, valor in reais."
  input PagamentoInput {
    meio: String!
    valor: Float!
    "xPag: required with meio 99."
    descricao: String
    "indPag: true on credit (1), false cash (0, default)."
    aPrazo: Boolean
    cartao: CartaoPagamentoInput
  }

  input EmitirDocumentoFiscalInput {
    "The caller's key: the same referencia never makes a second document."
    referencia: String!
    modelo: ModeloDocumento!
    serie: Int
    destinatario: DestinatarioInput
    itens: [ItemDocumentoInput!]!
    chaveCteReferenciada: String
    "NFS-e only: the key (50 digits) of the authorized NFS-e this one replaces (DPS subst)."
    chaveNfseSubstituida: String
    chavesNfeTransportadas: [String!]
    competencia: String
    "NF-e only: modFrete (0-4 or 9). Default 0 with chaveCteReferenciada, else 9."
    modalidadeFrete: Int
    "Export NF-e (recipient abroad): the exporta group, required there."
    exportacao: ExportacaoInput
    "Simples Nacional issuer: its band, required with CSOSN 101 or 201."
    simplesNacional: SimplesNacionalInput
    "NF-e and NFC-e: the means of payment; required on an NFC-e. Paid beyond the total is the change (vTroco), with cash (01) only."
    pagamentos: [PagamentoInput!]
    "CT-e only (required there): the transport service; the items are the components of its value."
    cte: CteInput
    "CT-e OS (model 67) only: the passenger transport service, instead of cte."
    cteOs: CteOsInput
  }

${cteTypes}

  enum SituacaoInutilizacao {
    INUTILIZADA
    "Asked and not answered by SEFAZ yet: the scheduled job sends the same request again."
    PENDENTE
    RECUSADA
  }

  enum OrigemInutilizacao {
    "The scheduled job (numbers burned by rejections, before the 10th of the next month)."
    AUTOMATICA
    MANUAL
  }

  "A voiding (inutilização) of a range of numbers taken and never authorized."
  type Inutilizacao {
    id: ID!
    modelo: ModeloDocumento!
    serie: Int!
    de: Int!
    ate: Int!
    ambiente: String!
    situacao: SituacaoInutilizacao!
    origem: OrigemInutilizacao!
    justificativa: String!
    "SEFAZ status code of the answer (102 voided; 206/563 already voided, adopted)."
    cStat: String
    motivo: String
    protocolo: String
    criadoEm: DateTime!
    inutilizadaEm: DateTime
    """
    Refused by SEFAZ in the scheduled job and its numbers still burned: the job will not ask again, so a person must
    find out why and void them on demand before the 10th of the next month.
    """
    aguardaDecisao: Boolean!
  }

  "The models whose authorizer answers a status service (NFeStatusServico4, CTeStatusServicoV4), one endpoint per model."
  enum ModeloSefaz {
    NFE
    NFCE
    "CT-e (model 57): CTeStatusServicoV4 of the UF's CT-e authorizer."
    CTE
    "CT-e OS (model 67): CTeStatusServicoV4 of the UF's CT-e OS authorizer."
    CTEOS
  }

  "NFeStatusServico4 (CT-e: CTeStatusServicoV4) of the authorizer serving the company's UF, environment and a model, asked now."
  type StatusSefaz {
    uf: String!
    modelo: ModeloSefaz!
    ambiente: String!
    "sefaz, or local (development)."
    autorizador: String!
    "107 in operation; 108 paralysed for a short while; 109 paralysed without forecast; null when SEFAZ did not answer."
    cStat: String
    motivo: String!
    emOperacao: Boolean!
    consultadoEm: DateTime!
  }

  type ConexaoDocumentos {
    itens: [DocumentoFiscal!]!
    proximo: String
  }

  "A correction letter (CC-e, event 110110) registered by the authorizer."
  type CartaCorrecao {
    documentoId: ID!
    "1 to 20."
    sequencia: Int!
    correcao: String!
    protocolo: String!
    "ISO-8601."
    registradaEm: String!
    cStat: String!
    motivo: String!
  }

  "CT-e correction: group, field, new value and, for a repeated group, the item (the CT-e's own letter)."
  input AlteracaoCteInput {
    grupo: String!
    campo: String!
    valor: String!
    numeroItem: Int
  }

${detalheTypes}

  type Query {
    "The document's registered correction letters, oldest first."
    cartasCorrecao(id: ID!): [CartaCorrecao!]!
    documentoFiscal(id: ID!): DocumentoFiscal
    "A document with its items, recipient, events and files (the page's detail route); null when not the company's."
    detalheDocumentoFiscal(id: ID!): DetalheDocumentoFiscal
    """
    The company's documents, newest first, by pages (depois = proximo of the previous page of the same search).
    emitidoDe / emitidoAte: AAAA-MM-DD, days in Brasília (both inclusive); cliente: the recipient's CNPJ / CPF
    (punctuation allowed) or a part of its name (any case, accents or not: "sao" finds "São"). A wrong filter is FILTRO_INVALIDO naming its field.
    """
    documentosFiscais(
      modelo: ModeloBusca
      situacao: SituacaoDocumento
      emitidoDe: String
      emitidoAte: String
      cliente: String
      numero: Int
      chaveAcesso: String
      referencia: String
      primeiros: Int = 50
      depois: String
    ): ConexaoDocumentos!
    "The company's voidings, newest first."
    inutilizacoes(modelo: ModeloDocumento, primeiros: Int = 50): [Inutilizacao!]!
    "Whether SEFAZ is in operation for the company (admin): NFeStatusServico4 with the company's certificate."
    statusSefaz(modelo: ModeloSefaz = NFE): StatusSefaz!
  }

  type Mutation {
    emitirDocumentoFiscal(input: EmitirDocumentoFiscalInput!): DocumentoFiscal!
    """
    Cancels an authorized document (admin). chNFeRef (NFC-e only): cancellation by substitution (event 110112), the
    key of the authorized NFC-e of the company that replaces this one; up to 168 h after the authorization. For an
    NFS-e, chNFeRef is the key of the NFS-e issued with chaveNfseSubstituida = this one (event 105102; ABRASF: read
    back, SubstituirNfse cancelled it), and motivo its reason: 1 error in the issue, 2 service not provided, 9 other
    (default).
    """
    cancelarDocumentoFiscal(id: ID!, justificativa: String!, chNFeRef: String, motivo: String): DocumentoFiscal!
    """
    Registers a correction letter (admin): NF-e with correcao (15-1,000 characters; never values, quantities, tax
    figures, the parties' identity or the dates), CT-e with alteracoes. Sequence 1-20, the next free one.
    """
    registrarCartaCorrecao(id: ID!, correcao: String, alteracoes: [AlteracaoCteInput!]): CartaCorrecao!
    "NF-e: the goods were delivered (blocks cancellation)."
    registrarEntrega(id: ID!): DocumentoFiscal!
    "CT-e: the transport started (blocks cancellation)."
    registrarInicioServico(id: ID!): DocumentoFiscal!
    "Voids (inutilização) numbers of a series taken and never authorized (NF-e, NFC-e); admin only."
    inutilizarNumeracao(modelo: ModeloDocumento!, serie: Int!, de: Int!, ate: Int!, justificativa: String!): Inutilizacao!
  }
`;
