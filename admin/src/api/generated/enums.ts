// The types of the page's GraphQL operations (src/api/operations) in the supergraph. Written by `npm run codegen`: do not edit.

/** Internal type. DO NOT USE DIRECTLY. */
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };

/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };

export type ModeloDocumento =
  | 'NFE'
  | 'NFCE'
  | 'CTE'
  | 'NFSE';

/** A model the search filters on: the documents' models, and CTEOS, the CT-e OS (model 67, stored as CTE); CTE is then model 57 only. */
export type ModeloBusca =
  | 'NFE'
  | 'NFCE'
  | 'CTE'
  | 'CTEOS'
  | 'NFSE';

export type SituacaoDocumento =
  | 'AUTORIZADO'
  | 'CANCELADO'
  | 'REJEITADO'
  /** SEFAZ denied its use (cStat 110, 301, 302): the number is spent. */
  | 'DENEGADO'
  /** Sent to SEFAZ and the answer is not known yet: resolved by a query, never by a new number. */
  | 'PENDENTE';

/** ide/modal of a CT-e: only RODOVIARIO is issued for now (the others are refused with modal_nao_suportado). */
export type ModalCte =
  | 'RODOVIARIO'
  | 'AEREO'
  | 'AQUAVIARIO'
  | 'FERROVIARIO'
  | 'DUTOVIARIO'
  | 'MULTIMODAL';

/** Who pays for the service: REMETENTE, EXPEDIDOR, RECEBEDOR, DESTINATARIO (toma3); OUTROS (toma4, with outroTomador). */
export type TomadorCte =
  | 'REMETENTE'
  | 'EXPEDIDOR'
  | 'RECEBEDOR'
  | 'DESTINATARIO'
  | 'OUTROS';

/** ide/tpServ of a CT-e OS: only TRANSPORTE_PESSOAS is issued for now (the others: tipo_servico_nao_suportado). */
export type TipoServicoCteOs =
  | 'TRANSPORTE_PESSOAS'
  | 'TRANSPORTE_VALORES'
  | 'EXCESSO_BAGAGEM';

/** rodoOS/infFretamento/tpFretamento: EVENTUAL (1) or CONTINUO (2). */
export type FretamentoCteOs =
  | 'EVENTUAL'
  | 'CONTINUO';

export type SituacaoInutilizacao =
  | 'INUTILIZADA'
  /** Asked and not answered by SEFAZ yet: the scheduled job sends the same request again. */
  | 'PENDENTE'
  | 'RECUSADA';

/** The models whose authorizer answers a status service (NFeStatusServico4, CTeStatusServicoV4), one endpoint per model. */
export type ModeloSefaz =
  | 'NFE'
  | 'NFCE'
  /** CT-e (model 57): CTeStatusServicoV4 of the UF's CT-e authorizer. */
  | 'CTE'
  /** CT-e OS (model 67): CTeStatusServicoV4 of the UF's CT-e OS authorizer. */
  | 'CTEOS';

export type ModoIngestao =
  | 'UPSERT'
  | 'INSERT';

export type ConfiguracaoFiscalRegimeTributario =
  | 'SIMPLES_NACIONAL'
  | 'LUCRO_PRESUMIDO'
  | 'LUCRO_REAL';

/** Who receives the NFS-e: NACIONAL (Sefin Nacional) or an ABRASF 2.04 provider profile. */
export type ConfiguracaoFiscalProvedorNfse =
  | 'NACIONAL'
  | 'ABRASF_2_04'
  | 'GISS_2_04';

/** How a due day that is not a business day moves: PRORROGAR (next business day) or ANTECIPAR (previous one). */
export type AjusteVencimento =
  | 'PRORROGAR'
  | 'ANTECIPAR';

export type RegimeTributario =
  | 'SIMPLES_NACIONAL'
  | 'LUCRO_PRESUMIDO'
  | 'LUCRO_REAL';

export type StatusToken =
  | 'ATIVO'
  | 'INATIVO'
  | 'REVOGADO'
  | 'EXPIRADO';
