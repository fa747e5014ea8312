import type { EnderecoEmpresa, MeioPagamento, ModeloDocumento, RegimeTributario } from '@erp/contracts';
import type { DadosCte } from './cte';
import type { DadosCteOs } from './cte-os';

/** NF-e limit of items (`det` maxOccurs 990). */
export const MAX_ITENS = 990;
export const REFERENCIA_MAX = 60;

/** The company's settings the input is judged against. */
export interface ContextoEmissao {
  regime: RegimeTributario;
  ufEmitente: string;
  series: number[];
  seriePadrao: number;
  /** `NN.NN` from the NFS-e settings, used when an NFS-e item names none. */
  codigoServicoPadrao: string | null;
  /** The instant of issue: an NFS-e's competence month is judged against it. */
  emitidoEm: Date;
}

/**
 * The recipient's address as the NF-e's `enderDest` (TEndereco) takes it: the same fields and rules as the
 * issuer's address of the settings; the UF and the IBGE city code are the recipient's own fields.
 */
export type EnderecoDestinatario = EnderecoEmpresa;

/** A recipient abroad (NF-e `idEstrangeiro`, `enderDest` with UF EX and the country). */
export interface DestinatarioExterior {
  idEstrangeiro: string | null;
  /** BACEN country code, without leading zeros. */
  codigoPais: string;
  nomePais: string;
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string | null;
  cidade: string;
}

/** The NF-e `exporta` group. */
export interface Exportacao {
  ufSaidaPais: string;
  localExportacao: string;
  localDespacho: string | null;
}

export interface DestinatarioValido {
  /** CNPJ or CPF; a recipient abroad: its idEstrangeiro, or '' without one. */
  documento: string;
  tipoDocumento: 'CNPJ' | 'CPF' | 'ESTRANGEIRO';
  nome: string | null;
  uf: string | null;
  codigoMunicipio: string | null;
  inscricaoEstadual: string | null;
  /** NF-e `enderDest` (with `uf` and `codigoMunicipio`); absent on documents stored before it was collected. */
  endereco?: EnderecoDestinatario | null;
  /** A recipient abroad (uf EX); absent on the others. */
  exterior?: DestinatarioExterior | null;
}

export interface ItemValido {
  codigo: string;
  descricao: string;
  quantidade: number;
  valorUnitario: number;
  unidade: string;
  ncm: string | null;
  cfop: string | null;
  cst: string | null;
  csosn: string | null;
  /** CEST, 7 digits (goods under ICMS-ST); absent on documents stored before it was collected. */
  cest?: string | null;
  /** CST 60 / CSOSN 500: the ICMS-ST withheld earlier (centavos and percent). */
  icmsStRetido?: { baseCentavos: number; aliquota: number; valorCentavos: number; icmsSubstitutoCentavos?: number | null } | null;
  codigoServico: string | null;
  aliquotaIss: number | null;
  valorCentavos: number;
  /** pRedBC (CST 20, 70), pDif (CST 51), ICMS-ST inputs (CST 10, 30, 70, CSOSN 201-203); absent on older documents. */
  reducaoBaseIcms?: number | null;
  diferimentoIcms?: number | null;
  icmsSt?: IcmsStInformado | null;
}

/** The caller's ICMS-ST inputs (percent; `base` in reais): the MVA or the base, never both. */
export interface IcmsStInformado {
  mva: number | null;
  base: number | null;
  aliquota: number | null;
  aliquotaFcp: number | null;
  reducaoBase: number | null;
}

export type InsumosIcmsItem = Required<Pick<ItemValido, 'reducaoBaseIcms' | 'diferimentoIcms' | 'icmsSt'>>;

export interface SimplesNacionalInformado {
  anexo: 'I' | 'II';
  /** Reais. */
  receitaBruta12Meses: number;
}

/**
 * NF-e `modFrete`: 0 by the issuer (CIF), 1 by the recipient (FOB), 2 by a third party, 3 own transport of the
 * issuer, 4 own transport of the recipient, 9 no transport (MOC NF-e, field X02).
 */
export const MODALIDADES_FRETE = [0, 1, 2, 3, 4, 9] as const;
export type ModalidadeFrete = (typeof MODALIDADES_FRETE)[number];

/** A means of payment (`pag/detPag`), checked (`payment.ts`). */
export interface PagamentoValido {
  meio: MeioPagamento;
  valorCentavos: number;
  /** xPag: required with 99. */
  descricao: string | null;
  /** indPag 1 (on credit) when true, else 0. */
  aPrazo: boolean;
  /** The `card` group: always present for 03, 04 and 17 (tpIntegra 2 unless integrated), null for the others. */
  cartao: { integrado: boolean; cnpjCredenciadora: string | null; bandeira: string | null; autorizacao: string | null } | null;
}

export interface EmissaoValida {
  referencia: string;
  modelo: ModeloDocumento;
  serie: number;
  destinatario: DestinatarioValido | null;
  itens: ItemValido[];
  valorTotalCentavos: number;
  simplesRemessa: boolean;
  chaveCteReferenciada: string | null;
  chavesNfeTransportadas: string[];
  competencia: string | null;
  /** NFS-e only: the key of the authorized NFS-e this one replaces (DPS `subst/chSubstda`). */
  chaveNfseSubstituida: string | null;
  /** NF-e only: as given, else 0 when a CT-e documents the freight (`chaveCteReferenciada`), else 9. */
  modalidadeFrete: ModalidadeFrete | null;
  /** NF-e to a recipient abroad: the `exporta` group. */
  exportacao?: Exportacao | null;
  /** The issuer's Simples Nacional band, when given (required with CSOSN 101 / 201). */
  simplesNacional?: SimplesNacionalInformado | null;
  /** CT-e only: the transport service (`cte.ts`). */
  cte: DadosCte | null;
  /** CT-e OS only (model 67, `cteOs` instead of `cte`): the passenger transport service (`cte-os.ts`). */
  cteOs?: DadosCteOs | null;
  /** NF-e / NFC-e: the means of payment; null when not given (99 for the whole value). */
  pagamentos?: PagamentoValido[] | null;
}
