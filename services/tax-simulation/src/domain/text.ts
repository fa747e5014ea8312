import { emPercentual, type Fracao } from './fraction';

/** How figures are written in the sentences of `fundamento` and `avisos`. */

/** A rate as Brazilians write it: 0,65%. */
export function textoPercentual(f: Fracao): string {
  return `${String(emPercentual(f)).replace('.', ',')}%`;
}

/** Centavos as Brazilians write money: R$ 1.250.000,00. */
export function textoReais(centavos: number): string {
  const sinal = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const inteiro = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sinal}R$ ${inteiro},${String(abs % 100).padStart(2, '0')}`;
}
