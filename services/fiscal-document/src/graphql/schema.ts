import { gql } from '@erp/kit';

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
  }

  input DestinatarioInput {
    documento: String!
    nome: String
    uf: String
    codigoMunicipio: String
    inscricaoEstadual: String
    "NF-e enderDest, with uf and codigoMunicipio; required by SEFAZ for an NF-e (model 55), optional otherwise."
    endereco: EnderecoDestinatarioInput
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
    codigoServico: String
    aliquotaIss: Float
  }

  "ICMS charged by substitution earlier in the chain (NF-e vBCSTRet, pST, vICMSSTRet, vICMSSubstituto): money in reais, the rate in percent."
  input IcmsStRetidoInput {
    base: Float!
    aliquota: Float!
    valor: Float!
    "The substitute's own ICMS of the earlier operation (vICMSSubstituto); required when the buyer is not the final consumer (rule 938)."
    icmsSubstituto: Float
  }

  input EmitirDocumentoFiscalInput {
    "The caller's key: the same referencia never makes a second document."
    referencia: String!
    modelo: ModeloDocumento!
    serie: Int
    destinatario: DestinatarioInput
    itens: [ItemDocumentoInput!]!
    chaveCteReferenciada: String
    chavesNfeTransportadas: [String!]
    competencia: String
    "NF-e only: modFrete (0-4 or 9). Default 0 with chaveCteReferenciada, else 9."
    modalidadeFrete: Int
    "CT-e only (required there): the transport service; the items are the components of its value."
    cte: CteInput
  }

  "ide/modal of a CT-e: only RODOVIARIO is issued for now (the others are refused with modal_nao_suportado)."
  enum ModalCte {
    RODOVIARIO
    AEREO
    AQUAVIARIO
    FERROVIARIO
    DUTOVIARIO
    MULTIMODAL
  }

  "Who pays for the service (toma3): only REMETENTE and DESTINATARIO are issued for now."
  enum TomadorCte {
    REMETENTE
    EXPEDIDOR
    RECEBEDOR
    DESTINATARIO
    OUTROS
  }

  input MunicipioCteInput {
    codigoMunicipio: String!
    municipio: String!
    uf: String!
  }

  "A party of the CT-e (rem), named in full with its address."
  input ParteCteInput {
    documento: String!
    nome: String!
    inscricaoEstadual: String
    uf: String!
    codigoMunicipio: String!
    endereco: EnderecoDestinatarioInput!
  }

  input CteInput {
    modal: ModalCte
    tomador: TomadorCte!
    remetente: ParteCteInput!
    inicio: MunicipioCteInput!
    fim: MunicipioCteInput!
    "vCarga, in reais."
    valorCarga: Float!
    produtoPredominante: String!
    "Gross weight in kg (infQ, cUnid 01)."
    pesoKg: Float!
    "RNTRC of the carrier: 8 digits, or ISENTO."
    rntrc: String!
  }

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

  "The models SEFAZ authorizes (NFeStatusServico4 has one endpoint per model)."
  enum ModeloSefaz {
    NFE
    NFCE
  }

  "NFeStatusServico4 of the authorizer serving the company's UF, environment and a model, asked now."
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

  type Query {
    documentoFiscal(id: ID!): DocumentoFiscal
    documentosFiscais(modelo: ModeloDocumento, situacao: SituacaoDocumento, primeiros: Int = 50, depois: String): ConexaoDocumentos!
    "The company's voidings, newest first."
    inutilizacoes(modelo: ModeloDocumento, primeiros: Int = 50): [Inutilizacao!]!
    "Whether SEFAZ is in operation for the company (admin): NFeStatusServico4 with the company's certificate."
    statusSefaz(modelo: ModeloSefaz = NFE): StatusSefaz!
  }

  type Mutation {
    emitirDocumentoFiscal(input: EmitirDocumentoFiscalInput!): DocumentoFiscal!
    """
    Cancels an authorized document (admin). chNFeRef (NFC-e only): cancellation by substitution (event 110112), the
    key of the authorized NFC-e of the company that replaces this one; up to 168 h after the authorization.
    """
    cancelarDocumentoFiscal(id: ID!, justificativa: String!, chNFeRef: String): DocumentoFiscal!
    "NF-e: the goods were delivered (blocks cancellation)."
    registrarEntrega(id: ID!): DocumentoFiscal!
    "CT-e: the transport started (blocks cancellation)."
    registrarInicioServico(id: ID!): DocumentoFiscal!
    "Voids (inutilização) numbers of a series taken and never authorized (NF-e, NFC-e); admin only."
    inutilizarNumeracao(modelo: ModeloDocumento!, serie: Int!, de: Int!, ate: Int!, justificativa: String!): Inutilizacao!
  }
`;
