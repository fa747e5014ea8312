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

  "Who pays for the service: REMETENTE, EXPEDIDOR, RECEBEDOR, DESTINATARIO (toma3); OUTROS (toma4, with outroTomador)."
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
    "exped: required with tomador EXPEDIDOR."
    expedidor: ParteCteInput
    "receb: required with tomador RECEBEDOR."
    recebedor: ParteCteInput
    "toma4: required with tomador OUTROS, and only with it."
    outroTomador: ParteCteInput
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

  "ide/tpServ of a CT-e OS: only TRANSPORTE_PESSOAS is issued for now (the others: tipo_servico_nao_suportado)."
  enum TipoServicoCteOs {
    TRANSPORTE_PESSOAS
    TRANSPORTE_VALORES
    EXCESSO_BAGAGEM
  }

  "rodoOS/infFretamento/tpFretamento: EVENTUAL (1) or CONTINUO (2)."
  enum FretamentoCteOs {
    EVENTUAL
    CONTINUO
  }

  "The CT-e OS (model 67): modelo CTE with this group instead of cte; the taker (toma) is the recipient."
  input CteOsInput {
    tipoServico: TipoServicoCteOs
    "RODOVIARIO (the only modal issued for now)."
    modal: ModalCte
    inicio: MunicipioCteInput!
    fim: MunicipioCteInput!
    "infServico/xDescServ, up to 30 characters."
    descricaoServico: String!
    "infServico/infQ/qCarga: passengers carried."
    quantidadePassageiros: Int
    "ANTT's Termo de Autorização de Fretamento, 12 digits; or registroEstadual."
    taf: String
    "The state agency's registration, 25 digits; or taf."
    registroEstadual: String
    "veic/placa: AAA9999 or AAA9A99."
    placa: String
    "veic/UF: where the vehicle is licensed."
    ufVeiculo: String
    fretamento: FretamentoCteOs
  }
`;
