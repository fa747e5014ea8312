/** The document's detail (recipient, items with their taxes, events, files), part of `schema.ts`. */
export const detalheTypes = `
  "The recipient of a document as it was issued (its address for an NF-e / NFC-e)."
  type DestinatarioDocumento {
    documento: String!
    tipoDocumento: String!
    nome: String
    uf: String
    codigoMunicipio: String
    inscricaoEstadual: String
    logradouro: String
    numero: String
    complemento: String
    bairro: String
    municipio: String
    cep: String
  }

  "One item of a document, with its own tax lines as the tax engine computed them."
  type ItemDocumento {
    "nItem: 1, 2, ... in the order issued."
    numero: Int!
    codigo: String!
    descricao: String!
    quantidade: Float!
    unidade: String!
    valorUnitario: Float!
    "quantidade x valorUnitario, rounded to the centavo (half up)."
    valorTotal: Float!
    ncm: String
    cfop: String
    cst: String
    csosn: String
    cest: String
    codigoServico: String
    aliquotaIss: Float
    "Empty on documents issued before the lines per item were kept."
    impostos: [LinhaImposto!]!
  }

  "Something that happened to a document: AUTORIZACAO, REJEICAO, DENEGACAO, CANCELAMENTO, ENTREGA, INICIO_SERVICO."
  type EventoDocumento {
    tipo: String!
    descricao: String!
    em: DateTime!
    protocolo: String
    "A cancellation's justification, a rejection's reason."
    detalhe: String
  }

  "A file of a document (XML, XML_CANCELAMENTO, DANFE, DANFCE) and its REST path (same session)."
  type ArquivoDocumento {
    tipo: String!
    nome: String!
    caminho: String!
  }

  type DetalheDocumentoFiscal {
    documento: DocumentoFiscal!
    destinatario: DestinatarioDocumento
    itens: [ItemDocumento!]!
    eventos: [EventoDocumento!]!
    arquivos: [ArquivoDocumento!]!
  }
`;
