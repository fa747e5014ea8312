/** Dates are shown in Brasília time, which is the time every fiscal deadline is counted in. */
const TIME_ZONE = 'America/Sao_Paulo';

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
const moneyFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4 });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '—';
}

/**
 * A deadline at midnight in Brasília is the end of the day before (an NFS-e's month, a municipal deadline): that
 * day, as a person says it ("até o fim de 30/11/2026", not "até 01/12/2026, 00:00"); null for any other instant.
 */
function dayEndingAt(iso: string): string | null {
  const at = Date.parse(iso);
  if (!dateTimeFormat.format(at).endsWith('00:00')) return null;
  return dateTimeFormat.format(at - 1).split(',')[0];
}

/** "até o fim de 30/11/2026" or "até 27/11/2026, 17:59". */
export function untilDeadline(iso: string): string {
  const day = dayEndingAt(iso);
  return day ? `até o fim de ${day}` : `até ${formatDateTime(iso)}`;
}

/** "no fim de 30/11/2026" or "em 27/11/2026, 17:59": when a deadline ended. */
export function deadlineEnded(iso: string): string {
  const day = dayEndingAt(iso);
  return day ? `no fim de ${day}` : `em ${formatDateTime(iso)}`;
}

/** `AAAA-MM-DD` (a calendar day, no time zone) as `DD/MM/AAAA`. */
export function formatDay(text: string | null | undefined): string {
  if (!text) return '—';
  const [year, month, day] = text.split('-');
  return day && month && year ? `${day}/${month}/${year}` : text;
}

/** `AAAA-MM` (a month, such as a title's competência) as `MM/AAAA`. */
export function formatMonth(text: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  return m ? `${m[2]}/${m[1]}` : text || '—';
}

export function formatMoney(value: number | null | undefined): string {
  return value == null ? '—' : moneyFormat.format(value);
}

export function formatPercent(value: number | null | undefined): string {
  return value == null ? '—' : `${numberFormat.format(value)}%`;
}

export function formatNumber(value: number | null | undefined): string {
  return value == null ? '—' : numberFormat.format(value);
}

/** Milliseconds left as "2 h 03 min 09 s" (or "1 d 4 h ..."); "prazo encerrado" at zero. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'prazo encerrado';
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${days > 0 ? `${days} d ` : ''}${hours} h ${two(minutes)} min ${two(seconds)} s`;
}

/** The 44-digit key in groups of four, as printed on a DANFE. */
export function groupedKey(key: string): string {
  return key.replace(/(.{4})/g, '$1 ').trim();
}

/** A day picked in a form (`AAAA-MM-DD`) as the end of that day in Brasília, when an expiry picked so ends. */
export function endOfDayInBrasilia(day: string): string {
  return `${day}T23:59:59.999-03:00`;
}

/** `AAAA-MM-DD` of today in Brasília. */
export function todayInBrasilia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

