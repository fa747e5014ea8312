/** Dates are shown in Brasília time, which is the time every fiscal deadline is counted in. */
const TIME_ZONE = 'America/Sao_Paulo';

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
const moneyFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4 });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '—';
}

/** `AAAA-MM-DD` (a calendar day, no time zone) as `DD/MM/AAAA`. */
export function formatDay(text: string | null | undefined): string {
  if (!text) return '—';
  const [year, month, day] = text.split('-');
  return day && month && year ? `${day}/${month}/${year}` : text;
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

