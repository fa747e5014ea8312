import { type Atividade } from './data/lucro-presumido';
import { type SiglaUf } from '@erp/fiscal-rules';
import { type Ajuste } from './data/vencimentos';
import { type Dia } from './dates';
import { type Fracao } from './fraction';
import { type IcmsStLido } from './validation-icms';
import { type AnexoSimples, type Regime, type TipoDocumento } from './types';

/** A federation unit (the shared table of `@erp/fiscal-rules`). */
export type Uf = SiglaUf;

export interface RegraLocal {
  readonly dia: number;
  readonly ajuste: Ajuste;
}

export type ChaveVencimentoLocal = 'ICMS' | 'ISS' | 'CBS' | 'IBS' | 'IS';

export interface ReferenciaAno {
  readonly cbs: Fracao | null;
  readonly ibsUf: Fracao | null;
  readonly ibsMun: Fracao | null;
}

/**
 * The operation after validation: exact centavos and fractions, defaults applied, nothing left to check.
 * Only `validarEntrada` builds it, so the calculation never meets a bad value.
 */
export interface EntradaNormalizada {
  readonly tipoDocumento: TipoDocumento;
  readonly regime: Regime;
  readonly dataIso: string;
  readonly dia: Dia;
  readonly ano: number;
  readonly mes: number;
  readonly valorCentavos: number;
  readonly ufOrigem: Uf | null;
  readonly ufDestino: Uf | null;
  readonly ncm: string | null;
  readonly aliquotaIpi: Fracao | null;
  readonly cfop: string | null;
  readonly aliquotaIss: Fracao | null;
  readonly atividade: Atividade;
  readonly anexo: AnexoSimples | null;
  readonly rbt12Centavos: number | null;
  readonly comprasCentavos: number;
  readonly baseAcumuladaTrimestreCentavos: number;
  readonly receitaAcumuladaAnoCentavos: number;
  /** The part of `receitaAcumuladaAnoCentavos` that already took the LC 224 surcharge (0 when not given). */
  readonly receitaExcedenteAnoCentavos: number;
  readonly lucroRealTrimestreCentavos: number | null;
  readonly mercadoriaImportada: boolean;
  readonly produtoZfm: boolean;
  readonly aliquotaIs: Fracao | null;
  readonly aliquotaIcmsCompras: Fracao | null;
  /** The taker withholds the ISS (NFS-e only; false on every other document). */
  readonly issRetido: boolean;
  /** The company's effective DAS rate, or the 6% default (`aliquotaDasInformada` tells which). */
  readonly aliquotaDas: Fracao;
  readonly aliquotaDasInformada: boolean;
  readonly vencimentos: Readonly<Partial<Record<ChaveVencimentoLocal, RegraLocal>>>;
  /** The company's reference rates by year (`opcoes.aliquotasReferencia`). */
  readonly referencias: ReadonlyMap<number, ReferenciaAno>;
  /** The reference rates the input gives for the operation's year; they win over `referencias`. */
  readonly referenciaInformada: ReferenciaAno;
  /** Input fields given but meaningless for this document; the result names them in its avisos. */
  readonly ignorados: readonly string[];
  /** LC 116 item `NN.NN` (NFS-e only): the input's, else the company's. */
  readonly codigoServico: string | null;
  readonly exportacaoServico: boolean;
  /** The company's start of activity: the input's, else the company's. */
  readonly inicioAtividade: { readonly iso: string; readonly ano: number; readonly mes: number } | null;
  readonly receitaBrutaMesCentavos: number | null;
  /** Two-digit CST or three-digit CSOSN, already checked against the tables (and the regime, outside a comparison). */
  readonly cst: string | null;
  readonly csosn: string | null;
  readonly aliquotaFcp: Fracao | null;
  readonly consumidorFinal: boolean;
  readonly destinatarioContribuinte: boolean;
  /** pRedBC (CST 20, 70), pDif (CST 51) and the ICMS-ST inputs (CST 10, 30, 70, CSOSN 201-203); null elsewhere. */
  readonly reducaoBaseIcms: Fracao | null;
  readonly diferimentoIcms: Fracao | null;
  readonly icmsSt: IcmsStLido | null;
}
