/** The CT-e's input types (the transport service of `EmitirDocumentoFiscalInput.cte`), part of `schema.ts`. */
export const cteTypes = `
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
`;
