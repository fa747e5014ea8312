import { type Dia, civilDe, diaDaSemana, diaDe, diasNoMes, paraIso } from './dates';
import { FERIADOS_FIXOS, FERIADOS_MOVEIS, ULTIMO_DIA_UTIL_DO_ANO } from './data/feriados';
import { vigeEm } from './validity';

/** Easter Sunday (Gregorian computus, anonymous algorithm as given by Meeus). */
export function pascoa(ano: number): Dia {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return diaDe(ano, mes, dia);
}

function fimDeSemana(d: Dia): boolean {
  const s = diaDaSemana(d);
  return s === 0 || s === 6;
}

/**
 * Each year's closed days are computed once and kept: the set only depends on the year and the dated
 * tables above, so caching it changes no result and keeps due-date searches to a few lookups.
 */
const fechadosPorAno = new Map<number, ReadonlySet<Dia>>();

function diasFechados(ano: number): ReadonlySet<Dia> {
  let fechados = fechadosPorAno.get(ano);
  if (fechados) return fechados;
  const conjunto = new Set<Dia>();
  for (const f of FERIADOS_FIXOS) {
    const d = diaDe(ano, f.mes, f.dia);
    if (vigeEm(f, paraIso(d))) conjunto.add(d);
  }
  const domingoDePascoa = pascoa(ano);
  for (const f of FERIADOS_MOVEIS) {
    const d = domingoDePascoa + f.deslocamentoPascoa;
    if (vigeEm(f, paraIso(d))) conjunto.add(d);
  }
  let ultimo = diaDe(ano, 12, 31);
  while (fimDeSemana(ultimo) || conjunto.has(ultimo)) ultimo--;
  if (vigeEm(ULTIMO_DIA_UTIL_DO_ANO, paraIso(ultimo))) conjunto.add(ultimo);
  fechados = conjunto;
  fechadosPorAno.set(ano, fechados);
  return fechados;
}

/** A day on which a tax can be paid at a bank anywhere in the country. */
export function ehDiaUtil(d: Dia): boolean {
  return !fimDeSemana(d) && !diasFechados(civilDe(d).ano).has(d);
}

/** The day itself when it is a business day, else the next one (the "postponed" rule). */
export function prorrogar(d: Dia): Dia {
  while (!ehDiaUtil(d)) d++;
  return d;
}

/** The day itself when it is a business day, else the previous one (the "anticipated" rule). */
export function antecipar(d: Dia): Dia {
  while (!ehDiaUtil(d)) d--;
  return d;
}

export function ultimoDiaUtilDoMes(ano: number, mes: number): Dia {
  return antecipar(diaDe(ano, mes, diasNoMes(ano, mes)));
}
