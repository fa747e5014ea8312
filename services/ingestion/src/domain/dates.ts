import { Recusa } from './refusal';
import { citar } from './text';

/**
 * Dates (spec 4.1 rule 1). Accepted: `DD/MM/AAAA`, optionally followed by `HH:MM` or `HH:MM:SS`
 * (day and month may have one digit), and ISO 8601 (`AAAA-MM-DD`, `AAAA-MM-DDTHH:MM[:SS[.sss]]`, with
 * `Z` or an offset such as `-03:00`). A value without a zone is a wall-clock time in America/Sao_Paulo,
 * which is what Brazilian users mean; a date without a time is midnight there. The result is a JS Date
 * (an absolute instant, stored as UTC).
 */
export const FORMATOS_DATA =
  'DD/MM/AAAA, DD/MM/AAAA HH:MM, DD/MM/AAAA HH:MM:SS ou ISO 8601 (AAAA-MM-DD, AAAA-MM-DDTHH:MM:SS, AAAA-MM-DDTHH:MM:SSZ, AAAA-MM-DDTHH:MM:SS-03:00)';

export const FORMATOS_COMPETENCIA = 'MM/AAAA (ou AAAA-MM)';

const ANO_MINIMO = 1900;
const ANO_MAXIMO = 2100;

const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const BR_MONTH = /^(\d{1,2})\/(\d{4})$/;
const ISO_MONTH = /^(\d{4})-(\d{1,2})$/;

const HOUR = 3_600_000;
const MINUTE = 60_000;

const MESES = [
  'janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho',
  'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro',
];

export function diasNoMes(ano: number, mes: number): number {
  if (mes === 2) return (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0 ? 29 : 28;
  return mes === 4 || mes === 6 || mes === 9 || mes === 11 ? 30 : 31;
}

/**
 * Brazil has kept UTC-3 all year since daylight saving time was abolished in 2019 (the last summer time
 * ended on 17/02/2019). Times after this instant are converted with the fixed offset, which keeps the hot
 * path free of time-zone database look-ups; earlier times ask the time-zone database. If summer time ever
 * returns, move this boundary to the date of the change.
 */
const FIXED_OFFSET_FROM = Date.UTC(2019, 2, 1);
const SAO_PAULO_OFFSET = -3 * HOUR;

let saoPauloFormat: Intl.DateTimeFormat | undefined;

/** Offset of America/Sao_Paulo (ms, negative west of UTC) at an instant, from the time-zone database. */
function historicalOffset(instant: number): number {
  saoPauloFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Sao_Paulo',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of saoPauloFormat.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock time in São Paulo. */
export function deSaoPaulo(wallClockAsUtc: number): number {
  if (wallClockAsUtc >= FIXED_OFFSET_FROM) return wallClockAsUtc - SAO_PAULO_OFFSET;
  const first = historicalOffset(wallClockAsUtc - SAO_PAULO_OFFSET);
  const second = historicalOffset(wallClockAsUtc - first);
  return wallClockAsUtc - second;
}

function formatoInvalido(texto: string): Recusa {
  return new Recusa(`data inválida ${citar(texto)}. Formatos aceitos: ${FORMATOS_DATA}.`);
}

/**
 * Checks the calendar (31/02 does not exist, 29/02 only in leap years) and builds the instant.
 * `offsetMinutes` is null when the value carried no zone.
 */
function montar(
  texto: string,
  ano: number,
  mes: number,
  dia: number,
  hora: number,
  minuto: number,
  segundo: number,
  ms: number,
  offsetMinutes: number | null,
): Date | Recusa {
  if (ano < ANO_MINIMO || ano > ANO_MAXIMO) {
    return new Recusa(
      `data ${citar(texto)} fora do intervalo aceito (anos ${ANO_MINIMO} a ${ANO_MAXIMO}). Formatos aceitos: ${FORMATOS_DATA}.`,
    );
  }
  if (mes < 1 || mes > 12) {
    return new Recusa(`data ${citar(texto)} não existe: mês ${mes} inválido. Formatos aceitos: ${FORMATOS_DATA}.`);
  }
  const dias = diasNoMes(ano, mes);
  if (dia < 1 || dia > dias) {
    return new Recusa(
      `data ${citar(texto)} não existe: ${MESES[mes - 1]} de ${ano} tem ${dias} dias. Formatos aceitos: ${FORMATOS_DATA}.`,
    );
  }
  if (hora > 23 || minuto > 59 || segundo > 59) {
    return new Recusa(`hora inválida em ${citar(texto)}. Formatos aceitos: ${FORMATOS_DATA}.`);
  }
  const wall = Date.UTC(ano, mes - 1, dia, hora, minuto, segundo, ms);
  const instant = offsetMinutes === null ? deSaoPaulo(wall) : wall - offsetMinutes * MINUTE;
  return new Date(instant);
}

function parseOffset(zone: string): number | null {
  if (zone === 'Z' || zone === 'z') return 0;
  const sign = zone.charCodeAt(0) === 45 ? -1 : 1;
  const digits = zone.length === 3 ? `${zone.slice(1)}00` : zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

/** Parses a date value sent by a client (already trimmed, not empty). */
export function parseData(texto: string): Date | Recusa {
  let match = BR_DATE.exec(texto);
  if (match) {
    return montar(
      texto,
      Number(match[3]),
      Number(match[2]),
      Number(match[1]),
      match[4] === undefined ? 0 : Number(match[4]),
      match[5] === undefined ? 0 : Number(match[5]),
      match[6] === undefined ? 0 : Number(match[6]),
      0,
      null,
    );
  }
  match = ISO_DATE.exec(texto);
  if (match) {
    let offset: number | null = null;
    if (match[8] !== undefined) {
      offset = parseOffset(match[8]);
      if (offset === null) return formatoInvalido(texto);
    }
    const fraction = match[7];
    return montar(
      texto,
      Number(match[1]),
      Number(match[2]),
      Number(match[3]),
      match[4] === undefined ? 0 : Number(match[4]),
      match[5] === undefined ? 0 : Number(match[5]),
      match[6] === undefined ? 0 : Number(match[6]),
      fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000),
      offset,
    );
  }
  return formatoInvalido(texto);
}

/** Parses a month of reference (`competencia`); the stored form is always `MM/AAAA`. */
export function parseCompetencia(texto: string): string | Recusa {
  let mes: number;
  let ano: number;
  let match = BR_MONTH.exec(texto);
  if (match) {
    mes = Number(match[1]);
    ano = Number(match[2]);
  } else {
    match = ISO_MONTH.exec(texto);
    if (!match) return new Recusa(`competência inválida ${citar(texto)}. Formato aceito: ${FORMATOS_COMPETENCIA}.`);
    ano = Number(match[1]);
    mes = Number(match[2]);
  }
  if (mes < 1 || mes > 12) {
    return new Recusa(`competência ${citar(texto)} não existe: mês ${mes} inválido. Formato aceito: ${FORMATOS_COMPETENCIA}.`);
  }
  if (ano < ANO_MINIMO || ano > ANO_MAXIMO) {
    return new Recusa(
      `competência ${citar(texto)} fora do intervalo aceito (anos ${ANO_MINIMO} a ${ANO_MAXIMO}). Formato aceito: ${FORMATOS_COMPETENCIA}.`,
    );
  }
  return `${mes < 10 ? '0' : ''}${mes}/${ano}`;
}
