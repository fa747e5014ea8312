/**
 * Civil dates without time or zone: a due date is a day on the Brazilian calendar, not an instant. A day
 * is an integer (days since 1970-01-01), so the calendar loops add integers instead of building Date
 * objects. Conversions follow H. Hinnant's `days_from_civil` / `civil_from_days` algorithms.
 */
export type Dia = number;

export interface DataCivil {
  readonly ano: number;
  readonly mes: number;
  readonly dia: number;
}

export function diasNoMes(ano: number, mes: number): number {
  if (mes === 2) return (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0 ? 29 : 28;
  return mes === 4 || mes === 6 || mes === 9 || mes === 11 ? 30 : 31;
}

export function diaDe(ano: number, mes: number, dia: number): Dia {
  const y = mes <= 2 ? ano - 1 : ano;
  const era = Math.floor(y / 400);
  const anoDaEra = y - era * 400;
  const diaDoAno = Math.floor((153 * (mes > 2 ? mes - 3 : mes + 9) + 2) / 5) + dia - 1;
  const diaDaEra = anoDaEra * 365 + Math.floor(anoDaEra / 4) - Math.floor(anoDaEra / 100) + diaDoAno;
  return era * 146097 + diaDaEra - 719468;
}

export function civilDe(d: Dia): DataCivil {
  const z = d + 719468;
  const era = Math.floor(z / 146097);
  const diaDaEra = z - era * 146097;
  const anoDaEra = Math.floor((diaDaEra - Math.floor(diaDaEra / 1460) + Math.floor(diaDaEra / 36524) - Math.floor(diaDaEra / 146096)) / 365);
  const diaDoAno = diaDaEra - (365 * anoDaEra + Math.floor(anoDaEra / 4) - Math.floor(anoDaEra / 100));
  const mp = Math.floor((5 * diaDoAno + 2) / 153);
  const dia = diaDoAno - Math.floor((153 * mp + 2) / 5) + 1;
  const mes = mp < 10 ? mp + 3 : mp - 9;
  return { ano: anoDaEra + era * 400 + (mes <= 2 ? 1 : 0), mes, dia };
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export function diaDaSemana(d: Dia): number {
  return (((d + 4) % 7) + 7) % 7;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as a civil date, or null when it is not that shape or not a real day (2026-02-30). */
export function lerIso(texto: string): DataCivil | null {
  const m = ISO.exec(texto);
  if (!m) return null;
  const ano = Number(m[1]);
  const mes = Number(m[2]);
  const dia = Number(m[3]);
  if (mes < 1 || mes > 12 || dia < 1 || dia > diasNoMes(ano, mes)) return null;
  return { ano, mes, dia };
}

function doisDigitos(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function paraIso(d: Dia): string {
  const c = civilDe(d);
  return `${c.ano}-${doisDigitos(c.mes)}-${doisDigitos(c.dia)}`;
}

/** The month after (ano, mes). */
export function mesSeguinte(ano: number, mes: number): { ano: number; mes: number } {
  return mes === 12 ? { ano: ano + 1, mes: 1 } : { ano, mes: mes + 1 };
}

/** 1..4 */
export function trimestreDe(mes: number): number {
  return Math.ceil(mes / 3);
}
