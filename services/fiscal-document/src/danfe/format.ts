/** How a DANFE writes values: Brazilian number and date formats, Brasília time. Pure. */
import { relogioBrasilia } from '@erp/fiscal-rules';

/** Integer centavos as `1.234,56`. */
export function moeda(centavos: number): string {
  const sinal = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const inteiros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sinal}${inteiros},${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal text (`2.0000`, `250.5`, `3.3333`) with a comma, at least `minimo` decimals, trailing zeros beyond cut. */
export function decimal(texto: string, minimo = 2): string {
  if (!texto) return '';
  const [inteira, fracao = ''] = texto.split('.');
  let casas = fracao.replace(/0+$/, '');
  if (casas.length < minimo) casas = casas.padEnd(minimo, '0');
  const milhares = inteira.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return casas ? `${milhares},${casas}` : milhares;
}

/** The access key in groups of four (MOC DANFE: `3526 1112 ...`). */
export const chaveEmGrupos = (chave: string) => chave.replace(/(.{4})(?=.)/g, '$1 ');

export function documentoFormatado(documento: string): string {
  if (/^[0-9A-Z]{12}\d{2}$/.test(documento)) return `${documento.slice(0, 2)}.${documento.slice(2, 5)}.${documento.slice(5, 8)}/${documento.slice(8, 12)}-${documento.slice(12)}`;
  if (/^\d{11}$/.test(documento)) return `${documento.slice(0, 3)}.${documento.slice(3, 6)}.${documento.slice(6, 9)}-${documento.slice(9)}`;
  return documento;
}

export const cepFormatado = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);

/** `000.000.001`, as the DANFE prints the number. */
export const numeroNota = (numero: number) => String(numero).padStart(9, '0').replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3');

const brasilia = (instante: Date) => relogioBrasilia(instante).toISOString();

/** `dd/mm/aaaa`, Brasília. */
export function data(instante: Date): string {
  const iso = brasilia(instante);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** `dd/mm/aaaa hh:mm:ss`, Brasília. */
export const dataHora = (instante: Date) => `${data(instante)} ${brasilia(instante).slice(11, 19)}`;

/** `hh:mm:ss`, Brasília. */
export const hora = (instante: Date) => brasilia(instante).slice(11, 19);

/** `modFrete` as the DANFE writes it. */
export function modalidadeFrete(codigo: string): string {
  const nomes: Record<string, string> = {
    '0': 'Por conta do Emitente',
    '1': 'Por conta do Destinatário',
    '2': 'Por conta de Terceiros',
    '3': 'Próprio por conta do Remetente',
    '4': 'Próprio por conta do Destinatário',
    '9': 'Sem Ocorrência de Transporte',
  };
  return `${codigo} - ${nomes[codigo] ?? ''}`.trim();
}
