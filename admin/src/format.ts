/** Dates are shown in Brasília time, which is the time every fiscal deadline is counted in. */
const FUSO = 'America/Sao_Paulo';

const dataHoraFmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: FUSO });
const dataFmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: FUSO });
const moedaFmt = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const numeroFmt = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4 });

export function dataHora(iso: string | null | undefined): string {
  return iso ? dataHoraFmt.format(new Date(iso)) : '—';
}

export function data(iso: string | null | undefined): string {
  return iso ? dataFmt.format(new Date(iso)) : '—';
}

/** `AAAA-MM-DD` (a calendar day, no time zone) as `DD/MM/AAAA`. */
export function dia(texto: string | null | undefined): string {
  if (!texto) return '—';
  const [ano, mes, d] = texto.split('-');
  return d && mes && ano ? `${d}/${mes}/${ano}` : texto;
}

export function moeda(valor: number | null | undefined): string {
  return valor == null ? '—' : moedaFmt.format(valor);
}

export function percentual(valor: number | null | undefined): string {
  return valor == null ? '—' : `${numeroFmt.format(valor)}%`;
}

export function numero(valor: number | null | undefined): string {
  return valor == null ? '—' : numeroFmt.format(valor);
}

/** Milliseconds left as "2 h 03 min 09 s" (or "1 d 4 h ..."); "encerrado" at zero. */
export function duracao(ms: number): string {
  if (ms <= 0) return 'prazo encerrado';
  const total = Math.floor(ms / 1000);
  const dias = Math.floor(total / 86_400);
  const horas = Math.floor((total % 86_400) / 3600);
  const minutos = Math.floor((total % 3600) / 60);
  const segundos = total % 60;
  const dois = (n: number) => String(n).padStart(2, '0');
  return `${dias > 0 ? `${dias} d ` : ''}${horas} h ${dois(minutos)} min ${dois(segundos)} s`;
}

/** The 44-digit key in groups of four, as printed on a DANFE. */
export function chaveAgrupada(chave: string): string {
  return chave.replace(/(.{4})/g, '$1 ').trim();
}

/** `AAAA-MM-DD` of today in Brasília. */
export function hojeEmBrasilia(): string {
  const partes = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return partes;
}
