/**
 * The contracts' public surface: everything that crosses a service boundary (NATS subjects and payloads, the
 * REST/GraphQL wire shapes, the stable error codes and the one refusal type), named here one by one.
 */
export {
  Streams,
  Subjects,
  type Subject,
} from './subjects';
export {
  eventContracts,
  requestContracts,
  type EventContracts,
  type EventOf,
  type EventSubject,
  type ReplyOf,
  type RequestContracts,
  type RequestOf,
  type RequestSubject,
} from './registry';
export {
  DevSession,
  SessionClaims,
  SessionRoles,
  type Session,
  type SessionRole,
} from './session';
export {
  CommonErrorCodes,
  DirectoryErrorCodes,
  GraphqlLimitErrorCodes,
  IngestionErrorCodes,
  MessagingErrorCodes,
  TokenAdminErrorCodes,
  TokenErrorCodes,
  type TokenErrorCode,
} from './errors';
export {
  isRefusal,
  Refusal,
  type CampoInvalido,
} from './refusal';
export {
  IngestionEntities,
  isIngestionEntity,
  type IngestionEntity,
} from './entities';
export {
  authenticateReplySchema,
  authenticateRequestSchema,
  isTokenExpired,
  TOKEN_VALUE_PREFIX,
  tokenChangedEventSchema,
  TokenChangeKinds,
  TokenModes,
  TokenStatuses,
  type AuthenticateReply,
  type AuthenticateRequest,
  type TokenChangedEvent,
  type TokenIdentity,
  type TokenMode,
  type TokenStatus,
} from './token';
export {
  ContractViolation,
  decode,
  encode,
  failureReplySchema,
  type FailureReply,
} from './codec';
export {
  sha256Hex,
} from './digest';
export {
  EMAIL_MAX_LENGTH,
  isEmail,
  normalizeEmail,
} from './email';
export {
  DIRECTORY_LOOKUP_MAX_EMAILS,
  usersLookupReplySchema,
  usersLookupRequestSchema,
  type UsersLookupReply,
  type UsersLookupRequest,
} from './directory';
export {
  AjustesVencimento,
  AlgoritmosAssinatura,
  AlgoritmosAssinaturaNfse,
  Ambientes,
  ANOS_ALIQUOTA_REFERENCIA,
  CanonicalizacoesNfse,
  ProvedoresNfse,
  ASSINATURA_MAX_BYTES,
  configuracaoCompartilhadaSchema,
  configuracaoFiscalSchema,
  MASCARA_SENHA,
  PRIMEIRO_ANO_IBS_REFERENCIA,
  RegimesTributarios,
  settingsChangedEventSchema,
  SettingsErrorCodes,
  settingsGetReplySchema,
  settingsGetRequestSchema,
  settingsSignReplySchema,
  settingsSignRequestSchema,
  SignErrorCodes,
  TributosVencimentoEmpresa,
  type AjusteVencimento,
  type AlgoritmoAssinatura,
  type AlgoritmoAssinaturaNfse,
  type AliquotaReferenciaAno,
  type CanonicalizacaoNfse,
  type ProvedorNfse,
  type Ambiente,
  type CertificadoA1Info,
  type ConfiguracaoFiscal,
  type ConfiguracaoFiscalCompartilhada,
  type EmpresaFiscal,
  type EnderecoEmpresa,
  type NfseSemSegredo,
  type ParametrosFiscais,
  type PrazosCancelamento,
  type RegimeTributario,
  type RegraVencimento,
  type SettingsChangedEvent,
  type SettingsGetReply,
  type SettingsGetRequest,
  type SettingsSignReply,
  type SettingsSignRequest,
  type VencimentosEmpresa,
} from './settings';
export {
  ModelosBusca,
  ModelosDocumento,
  TAX_CALCULATE_MAX_OPERACOES,
  taxCalculateReplySchema,
  taxCalculateRequestSchema,
  TaxErrorCodes,
  Tributos,
  type DifalCalculado,
  type IcmsCalculado,
  type IcmsStEntrada,
  type LinhaImpostoCalculada,
  type ModeloBusca,
  type ModeloDocumento,
  type OperacaoTributavel,
  type ResultadoCalculo,
  type TaxCalculateReply,
  type TaxCalculateRequest,
  type Tributo,
} from './tax';
export {
  CodigosCampoSimulacao,
  type CodigoCampoSimulacao,
} from './tax-codes';
export {
  contaPagarSolicitadaSchema,
  Credores,
  type ContaPagarSolicitada,
  type Credor,
} from './finance';
export {
  documentoAutorizadoEventSchema,
  documentoCanceladoEventSchema,
  FiscalDocumentErrorCodes,
  ModalidadesFrete,
  numeracaoInutilizadaEventSchema,
  OrigensInutilizacao,
  pedidoFaturadoEventSchema,
  type DocumentoAutorizadoEvent,
  type DocumentoCanceladoEvent,
  type DocumentoFiscalEvento,
  type NumeracaoInutilizadaEvent,
  type PedidoFaturadoEvent,
} from './fiscal';
export {
  CAMPOS_EMISSAO,
  destinatarioEntradaSchema,
  documentoFiscalSchema,
  emissaoDocumentoSchema,
  enderecoEntradaSchema,
  itemEntradaSchema,
  itemPedidoSchema,
  MEIOS_PAGAMENTO,
  MeiosPagamento,
  pagamentoEntradaSchema,
  SituacoesDocumento,
  type MeioPagamento,
  type DocumentoFiscal,
  type SituacaoDocumento,
} from './emission';
export { EXEMPLO_EMISSAO_NFSE, EXEMPLO_NFSE_ABRASF, EXEMPLO_NFSE_NACIONAL } from './nfse-examples';
export { CAMPOS_SIMULACAO, linhaSimulacaoSchema, simulacaoEntradaSchema, simulacaoImpostoSchema } from './simulation';
export {
  CaminhosSefin,
  contentTypeSefaz,
  MetodosSefin,
  ModelosSefaz,
  namespaceServicoSefaz,
  OperacoesSefaz,
  ServicosSefaz,
  settingsTransmitReplySchema,
  settingsTransmitRequestSchema,
  TRANSMISSAO_MAX_BYTES,
  TransmitErrorCodes,
  type DestinoTransmissao,
  type MetodoSefin,
  type ModeloSefaz,
  type ServicoSefaz,
  type SettingsTransmitReply,
  type SettingsTransmitRequest,
} from './transmission';
export {
  alteracaoCteSchema,
  CONDICAO_USO_CCE,
  CORRECAO_MAX,
  CORRECAO_MIN,
  CORRECOES_MAX,
  cartaCorrecaoEntradaSchema,
  cartaCorrecaoRegistradaEventSchema,
  cartaCorrecaoSchema,
  type AlteracaoCte,
  type CartaCorrecao,
  type CartaCorrecaoRegistradaEvent,
} from './correction';
export {
  arquivoDocumentoSchema,
  destinatarioDocumentoSchema,
  detalheDocumentoFiscalSchema,
  eventoDocumentoSchema,
  itemDocumentoSchema,
  TiposArquivoDocumento,
  TiposEventoDocumento,
  type ArquivoDocumento,
  type DestinatarioDocumento,
  type DetalheDocumentoFiscal,
  type EventoDocumento,
  type ItemDocumento,
} from './document-detail';
export { contentTypeCte, ModelosCte, namespaceServicoCte, OperacoesCte, ServicosCte, type ModeloCte, type ServicoCte } from './transmission';
export { cteEntradaSchema, CAMPOS_CTE, EXEMPLO_EMISSAO_CTE, TomadoresCte, ModaisCte } from './cte';
export type { TomadorCte, ModalCte } from './cte';
export { cteOsEntradaSchema, CAMPOS_CTE_OS, EXEMPLO_EMISSAO_CTE_OS, TiposServicoCteOs, FretamentosCteOs } from './cte-os';
export type { TipoServicoCteOs, FretamentoCteOs } from './cte-os';
