import { TRIBUTOS, type Aliquota, type LinhaSimulacao } from '../domain';
import type { SimulacaoRecord, TituloRecord } from '../store/models';
import { pendentesDeVencimento } from './payable-titles';

/** Money leaves the service as reais (a JSON number with at most 2 decimals) converted from exact centavos. */
const reais = (centavos: number): number => centavos / 100;
const percentual = (aliquota: Aliquota): number => aliquota.percentual;

export interface LinhaView {
  tributo: string;
  base: number;
  aliquota: number;
  valor: number;
  informativo: boolean;
  vencimento: string | null;
  fundamento: string;
  naoCalculavel: boolean;
  motivo: string | null;
  retidoPeloTomador: boolean;
  componentes: { descricao: string; base: number; aliquota: number; valor: number }[];
}

export interface TituloView {
  id: string;
  tributo: string;
  valor: number;
  vencimento: string;
  competencia: string;
  credor: string;
  codigoReceita: string | null;
}

export interface SimulacaoView {
  id: string;
  tipoDocumento: string;
  regime: string;
  dataOperacao: string;
  valor: number;
  linhas: LinhaView[];
  totalDevido: number;
  cargaEfetiva: number;
  completo: boolean;
  criadaEm: Date;
  provisionada: boolean;
  titulos: TituloView[];
  pendentesDeVencimento: string[];
  partilhaDas: { tributo: string; aliquota: number; valor: number; residuo: number }[] | null;
  avisos: string[];
  premissas: string[];
  comparacaoId: string | null;
}

/** `titulo`: the line's payable title, whose due date shows on a line kept without one. */
function linhaView(linha: LinhaSimulacao, titulo: TituloRecord | undefined): LinhaView {
  return {
    tributo: linha.tributo,
    base: reais(linha.baseCentavos),
    aliquota: percentual(linha.aliquota),
    valor: reais(linha.valorCentavos),
    informativo: linha.informativo,
    vencimento: linha.vencimento ?? titulo?.vencimento ?? null,
    fundamento: linha.fundamento,
    naoCalculavel: linha.naoCalculavel === true,
    motivo: linha.motivo ?? null,
    retidoPeloTomador: linha.retidoPeloTomador === true,
    componentes: (linha.componentes ?? []).map((c) => ({
      descricao: c.descricao,
      base: reais(c.baseCentavos),
      aliquota: percentual(c.aliquota),
      valor: reais(c.valorCentavos),
    })),
  };
}

const ORDEM = new Map<string, number>(TRIBUTOS.map((tributo, i) => [tributo, i]));

export function tituloView(titulo: TituloRecord): TituloView {
  return {
    id: titulo._id,
    tributo: titulo.tributo,
    valor: reais(titulo.valorCentavos),
    vencimento: titulo.vencimento,
    competencia: titulo.competencia,
    credor: titulo.credor,
    codigoReceita: titulo.codigoReceita,
  };
}

/** The one shape of a kept simulation, for GraphQL and REST alike. */
export function simulacaoView(record: SimulacaoRecord, titulos: TituloRecord[], provisionada: boolean): SimulacaoView {
  const r = record.resultado;
  return {
    id: record._id,
    tipoDocumento: r.tipoDocumento,
    regime: r.regime,
    dataOperacao: r.dataOperacao,
    valor: reais(r.valorCentavos),
    linhas: r.linhas.map((linha) => linhaView(linha, titulos.find((titulo) => titulo.tributo === linha.tributo))),
    totalDevido: reais(r.totalDevidoCentavos),
    cargaEfetiva: percentual(r.cargaEfetiva),
    completo: r.completo,
    criadaEm: record.criadaEm,
    // A title exists only through a provisioning; the marker also covers a simulation with nothing to pay.
    provisionada: provisionada || titulos.length > 0,
    titulos: [...titulos].sort((a, b) => (ORDEM.get(a.tributo) ?? 0) - (ORDEM.get(b.tributo) ?? 0)).map(tituloView),
    pendentesDeVencimento: pendentesDeVencimento(
      r,
      titulos.map((titulo) => titulo.tributo),
    ),
    partilhaDas:
      r.partilhaDas?.map((p) => ({ tributo: p.tributo, aliquota: percentual(p.aliquota), valor: reais(p.valorCentavos), residuo: reais(p.residuoCentavos ?? 0) })) ??
      null,
    avisos: r.avisos,
    premissas: r.premissas,
    comparacaoId: record.comparacaoId,
  };
}
