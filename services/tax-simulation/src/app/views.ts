import type { DifalCalculado } from '@erp/contracts';
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

/** A period's payable title as one simulation sees it: the title now (its latest version) and this simulation's share. */
export interface TituloView {
  /** The title: company, tax and period. */
  id: string;
  tributo: string;
  periodo: string;
  /** The title's amount as of its latest version (every simulation of the period in it). */
  valor: number;
  /** This simulation's line on the title: its share, or the quarter's figure for the Lucro Real IRPJ/CSLL. */
  contribuicao: number;
  versao: number;
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
  difal: DifalView | null;
  avisos: string[];
  premissas: string[];
  comparacaoId: string | null;
}

/** The NF-e `ICMSUFDest` figures in reais and percent (the contract's `DifalCalculado` in centavos). */
export interface DifalView {
  base: number;
  baseFcp: number;
  aliquotaFcpDestino: number;
  aliquotaInternaDestino: number;
  aliquotaInterestadual: number;
  percentualPartilhaDestino: number;
  fcpDestino: number;
  icmsDestino: number;
  icmsRemetente: number;
}

function difalView(d: DifalCalculado): DifalView {
  return {
    base: reais(d.baseCentavos),
    baseFcp: reais(d.baseFcpCentavos),
    aliquotaFcpDestino: d.aliquotaFcpDestino,
    aliquotaInternaDestino: d.aliquotaInternaDestino,
    aliquotaInterestadual: d.aliquotaInterestadual,
    percentualPartilhaDestino: d.percentualPartilhaDestino,
    fcpDestino: reais(d.fcpDestinoCentavos),
    icmsDestino: reais(d.icmsDestinoCentavos),
    icmsRemetente: reais(d.icmsRemetenteCentavos),
  };
}

/** `titulo`: the line's payable title, whose due date shows on a line kept without one. */
function linhaView(linha: LinhaSimulacao, titulo: TituloView | undefined): LinhaView {
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

/** `versao`: the simulation's own version of the title; `atual`: the title's latest. */
export function tituloView(versao: TituloRecord, atual: TituloRecord | undefined): TituloView {
  const agora = atual ?? versao;
  return {
    id: versao.tituloId,
    tributo: versao.tributo,
    periodo: versao.periodo,
    valor: reais(agora.valorCentavos),
    contribuicao: reais(versao.contribuicaoCentavos),
    versao: agora.versao,
    vencimento: agora.vencimento,
    competencia: versao.competencia,
    credor: versao.credor,
    codigoReceita: versao.codigoReceita,
  };
}

/**
 * The one shape of a kept simulation, for GraphQL and REST alike. `versoes`: the title versions this simulation made;
 * `atuais`: the latest version of each title, by title id.
 */
export function simulacaoView(record: SimulacaoRecord, versoes: TituloRecord[], atuais: ReadonlyMap<string, TituloRecord>, provisionada: boolean): SimulacaoView {
  const r = record.resultado;
  const titulos = [...versoes].sort((a, b) => (ORDEM.get(a.tributo) ?? 0) - (ORDEM.get(b.tributo) ?? 0)).map((v) => tituloView(v, atuais.get(v.tituloId)));
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
    titulos,
    pendentesDeVencimento: pendentesDeVencimento(
      r,
      versoes.map((versao) => versao.tributo),
    ),
    partilhaDas:
      r.partilhaDas?.map((p) => ({ tributo: p.tributo, aliquota: percentual(p.aliquota), valor: reais(p.valorCentavos), residuo: reais(p.residuoCentavos ?? 0) })) ??
      null,
    // Kept before the DIFAL existed: none.
    difal: r.difal ? difalView(r.difal) : null,
    avisos: r.avisos,
    premissas: r.premissas,
    comparacaoId: record.comparacaoId,
  };
}
