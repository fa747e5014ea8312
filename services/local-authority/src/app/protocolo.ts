import { randomInt } from 'node:crypto';

/**
 * Protocol and receipt numbers as SEFAZ writes them (TProt: 15 digits, `1` + cUF + year + sequence; TRec: cUF + 13
 * digits). The sequence part is random: several processes (or a restart) never need to agree on a counter, and
 * nothing relies on protocol numbers being consecutive.
 */
const digitos = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

export function novoProtocolo(cUF: string, agora: Date): string {
  return `1${cUF.padStart(2, '0')}${String(agora.getUTCFullYear() % 100).padStart(2, '0')}${digitos(10)}`;
}

export function novoRecibo(cUF: string): string {
  return `${cUF.padStart(2, '0')}${digitos(13)}`;
}
