import { anoMesBrasilia, instanteBrasilia } from './brasilia';
import type { PrazosCancelamento } from '@erp/contracts';

/**
 * How long after authorization a fiscal document may be cancelled, as dated data with its legal source.
 * `padraoHoras` is what applies when the company set nothing; `maximoLegalHoras` is the ceiling a company's
 * own setting may not exceed (SEFAZ's own rule). The NFS-e has no national deadline: municipalities set it,
 * and "until the end of the competence month" is the common practice the spec states.
 */
export type ModeloFiscal = 'NFE' | 'NFCE' | 'CTE' | 'NFSE';

export type RegraPrazo =
  | { tipo: 'horas'; padraoHoras: number; maximoLegalHoras: number; fonte: string; vigenciaInicio: string }
  | { tipo: 'fim-competencia'; maximoDias: number; fonte: string; vigenciaInicio: string };

export const PRAZOS_CANCELAMENTO: Record<ModeloFiscal, RegraPrazo> = {
  NFE: {
    tipo: 'horas',
    padraoHoras: 24,
    maximoLegalHoras: 24,
    fonte: 'Ajuste SINIEF 07/05 cl. 12ª; MOC NF-e RV 2P12-14 (cStat 501 after 24 h)',
    vigenciaInicio: '2005-10-01',
  },
  NFCE: {
    tipo: 'horas',
    padraoHoras: 0.5,
    maximoLegalHoras: 0.5,
    fonte: 'Ajuste SINIEF 19/16 cl. 15ª (as amended by Ajuste SINIEF 07/18): 30 minutes; MOC §5.9.4 (501 after it)',
    vigenciaInicio: '2018-07-01',
  },
  CTE: {
    tipo: 'horas',
    padraoHoras: 24,
    maximoLegalHoras: 168,
    fonte: 'spec section 8 (24 h); Ajuste SINIEF 09/07 cl. 14ª and MOC CT-e 4.00 rule O06 allow 168 h (cStat 220 after)',
    vigenciaInicio: '2007-10-25',
  },
  NFSE: {
    tipo: 'fim-competencia',
    maximoDias: 365,
    fonte: 'spec section 8: "generally until the end of the competence month"; each municipality sets its own rule',
    vigenciaInicio: '2026-01-01',
  },
};

/**
 * NFC-e cancellation by substitution (event 110112): allowed up to 168 h after the original's authorization,
 * whatever the 30-minute window of the ordinary cancellation; SEFAZ answers 501 after it.
 */
export const PRAZO_CANCELAMENTO_SUBSTITUICAO_NFCE = {
  horas: 168,
  fonte: 'NT 2018.004 (evento 110112 "Cancelamento por substituição"), RV 2P12-18 (cStat 501 after 168 h); research fiscal-documents.md §3.1',
} as const;

/** A company's own deadlines, as the fiscal settings keep them (contract `PrazosCancelamento`). */
export type PrazosCancelamentoEmpresa = PrazosCancelamento;

export const PRAZOS_EMPRESA_LIMITES = {
  nfeHoras: { min: 1, max: 24 },
  nfceMinutos: { min: 1, max: 30 },
  cteHoras: { min: 1, max: 168 },
  nfseDias: { min: 1, max: 365 },
} as const;

/** End of the competence month `MM/AAAA` in Brasília time (UTC-3): the first instant of the next month. */
function fimDaCompetencia(competencia: string): Date {
  const [mes, ano] = competencia.split('/').map(Number);
  return instanteBrasilia(ano, mes + 1, 1);
}

/** `MM/AAAA` of an instant in Brasília time. */
export function competenciaDe(instante: Date): string {
  const { ano, mes } = anoMesBrasilia(instante);
  return `${String(mes).padStart(2, '0')}/${ano}`;
}

const HORA = 3_600_000;

/**
 * Until when a document authorized at `autorizadoEm` may be cancelled (exclusive). A company setting replaces
 * the default, capped at the legal maximum whatever it says.
 */
export function prazoCancelamento(
  doc: { modelo: ModeloFiscal; autorizadoEm: Date; competencia?: string | null },
  empresa: Partial<PrazosCancelamentoEmpresa> = {},
): Date {
  const inicio = doc.autorizadoEm.getTime();
  const regra = PRAZOS_CANCELAMENTO[doc.modelo];
  if (regra.tipo === 'fim-competencia') {
    if (empresa.nfseDias) return new Date(inicio + Math.min(empresa.nfseDias, regra.maximoDias) * 24 * HORA);
    return fimDaCompetencia(doc.competencia ?? competenciaDe(doc.autorizadoEm));
  }
  const horas = proprioEmHoras(doc.modelo, empresa);
  return new Date(inicio + (horas && horas > 0 ? Math.min(horas, regra.maximoLegalHoras) : regra.padraoHoras) * HORA);
}

function proprioEmHoras(modelo: ModeloFiscal, empresa: Partial<PrazosCancelamentoEmpresa>): number | null {
  switch (modelo) {
    case 'NFE':
      return empresa.nfeHoras ?? null;
    case 'NFCE':
      return empresa.nfceMinutos ? empresa.nfceMinutos / 60 : null;
    case 'CTE':
      return empresa.cteHoras ?? null;
    default:
      return null;
  }
}
