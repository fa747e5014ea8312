import { sha256Hex } from '@erp/contracts';
import { CamposInvalidos, ehObjeto, lerTexto, type Objeto } from '@erp/fiscal-rules';
import { REFERENCIA_MAX } from './types';

/** The `referencia` exactly as the emission reads it, or null when it is invalid (the validation says why). */
export function referenciaDaEntrada(entrada: unknown): string | null {
  if (!ehObjeto(entrada)) return null;
  const erros = new CamposInvalidos();
  const referencia = lerTexto(erros, entrada.referencia, 'referencia', { obrigatorio: true, max: REFERENCIA_MAX });
  return erros.total === 0 && referencia ? referencia : null;
}

/** No valid emission nests deeper than this (body > itens > item > field). */
const PROFUNDIDADE_MAXIMA = 8;

/** The input in one canonical form: keys sorted, text trimmed, absent, null, empty text and empty lists alike. */
function canonico(valor: unknown, profundidade: number): unknown {
  if (profundidade > PROFUNDIDADE_MAXIMA) throw new RangeError('too deep');
  if (typeof valor === 'string') return valor.trim();
  if (Array.isArray(valor)) return valor.map((v) => canonico(v, profundidade + 1));
  if (!ehObjeto(valor)) return valor;
  const saida: Record<string, unknown> = {};
  for (const chave of Object.keys(valor).sort()) {
    const v = canonico(valor[chave], profundidade + 1);
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) saida[chave] = v;
  }
  return saida;
}

/**
 * The fingerprint of an emission's content as sent (SHA-256 of its canonical form, `referencia` aside), judged
 * without the company's settings: a repeated `referencia` is recognised as the same content whatever the
 * settings say today (another default series, an expired certificate). Null when nested deeper than any valid
 * emission.
 */
export function impressaoDaEntrada(entrada: Objeto): string | null {
  const conteudo: Objeto = { ...entrada };
  delete conteudo.referencia;
  try {
    return sha256Hex(JSON.stringify(canonico(conteudo, 0)));
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
