import { type DifalCalculado, type IcmsCalculado } from '@erp/contracts';
import { type EntradaNormalizada } from './input';
import { emPercentual, type Fracao } from './fraction';
import {
  TRIBUTOS,
  type AcumuladosLucroPresumido,
  type Aliquota,
  type ComponenteLinha,
  type LinhaSimulacao,
  type ParcelaDas,
  type Tributo,
} from './types';
import { vencimentoDe } from './vencimentos';

export function aliquotaPublica(f: Fracao): Aliquota {
  return { numerador: f.n.toString(), denominador: f.d.toString(), percentual: emPercentual(f) };
}

export function componente(descricao: string, baseCentavos: number, aliquota: Fracao, valorCentavos: number): ComponenteLinha {
  return { descricao, baseCentavos, aliquota: aliquotaPublica(aliquota), valorCentavos };
}

export interface NovaLinha {
  tributo: Tributo;
  baseCentavos: number;
  aliquota: Fracao;
  valorCentavos: number;
  fundamento: string;
  informativo?: boolean;
  /** Withheld and paid by the service taker: informative for the company, whatever `informativo` says. */
  retidoPeloTomador?: boolean;
  componentes?: ComponenteLinha[];
}

const ORDEM = new Map<Tributo, number>(TRIBUTOS.map((t, i) => [t, i]));

/**
 * What one simulation has found so far: its lines, notes and assumptions. Each tax module adds to it;
 * the orchestrator reads it once at the end.
 */
export class Apuracao {
  readonly linhas: LinhaSimulacao[] = [];
  readonly avisos: string[] = [];
  readonly premissas: string[] = [];
  partilhaDas: ParcelaDas[] | null = null;
  acumulados: AcumuladosLucroPresumido | null = null;
  difal: DifalCalculado | null = null;
  /** Base reduction, deferral, ICMS-ST, Simples Nacional credit: the NF-e groups' figures beyond the ICMS line. */
  icms: IcmsCalculado | null = null;

  constructor(readonly entrada: EntradaNormalizada) {}

  /** Adds to the item's ICMS figures (each module fills its own part). */
  detalharIcms(parte: Partial<IcmsCalculado>): void {
    this.icms = { reducaoBase: null, diferimento: null, st: null, creditoSimples: null, ...this.icms, ...parte };
  }

  /** A line that is paid (or shown) on its own; its due date comes from the rules for its tax. */
  adicionar(nova: NovaLinha): void {
    const retido = nova.retidoPeloTomador === true;
    const informativo = retido || (nova.informativo ?? false);
    const vencimento = informativo ? null : vencimentoDe(nova.tributo, this.entrada);
    const prazo = vencimento ? ` Vencimento: ${vencimento.fonte}.` : '';
    const linha: LinhaSimulacao = {
      tributo: nova.tributo,
      baseCentavos: nova.baseCentavos,
      aliquota: aliquotaPublica(nova.aliquota),
      valorCentavos: nova.valorCentavos,
      informativo,
      vencimento: vencimento?.data ?? null,
      fundamento: nova.fundamento + prazo,
    };
    if (retido) linha.retidoPeloTomador = true;
    if (nova.componentes && nova.componentes.length > 0) linha.componentes = nova.componentes;
    this.linhas.push(linha);
  }

  /** A line the law requires but whose figure the caller did not give: shown, valued 0, not summed. */
  naoCalculavel(tributo: Tributo, aliquota: Fracao, fundamento: string, motivo: string, informativo = false): void {
    const vencimento = informativo ? null : vencimentoDe(tributo, this.entrada);
    this.linhas.push({
      tributo,
      baseCentavos: 0,
      aliquota: aliquotaPublica(aliquota),
      valorCentavos: 0,
      informativo,
      vencimento: vencimento?.data ?? null,
      fundamento,
      naoCalculavel: true,
      motivo,
    });
  }

  aviso(texto: string): void {
    this.avisos.push(texto);
  }

  premissa(texto: string): void {
    if (!this.premissas.includes(texto)) this.premissas.push(texto);
  }

  linhasOrdenadas(): LinhaSimulacao[] {
    return [...this.linhas].sort((a, b) => (ORDEM.get(a.tributo) ?? 0) - (ORDEM.get(b.tributo) ?? 0));
  }
}
