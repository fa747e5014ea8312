/**
 * Input masks for what a person in Brazil types with punctuation: the CEP (01310-200), the CNPJ (11.222.333/0001-81,
 * the alphanumeric one too: 12.ABC.345/01DE-35) or CPF (123.456.789-09) and the state registration (IE). Each takes
 * whatever was typed or pasted (with or without punctuation) and gives it back punctuated as far as it goes, so the
 * field reads as the person expects while typing; the API accepts the punctuation and keeps the digits. Anything
 * beyond the document's length is cut; what cannot be part of it (letters in a CEP) is dropped.
 */

/** Puts `seps[i]` before the character at each of `cuts[i]` that the text reaches. */
function punctuate(chars: string, cuts: number[], seps: string[]): string {
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    const at = cuts.indexOf(i);
    if (at >= 0) out += seps[at];
    out += chars[i];
  }
  return out;
}

export function maskCep(text: string): string {
  return punctuate(text.replace(/\D/g, '').slice(0, 8), [5], ['-']);
}

/**
 * A CPF while it has up to 11 digits, a CNPJ beyond (or as soon as a letter comes: the alphanumeric CNPJ has letters
 * in its first 12 characters and digits in the last 2).
 */
export function maskCnpjCpf(text: string): string {
  const chars = text.toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 14);
  if (chars.length <= 11 && /^\d*$/.test(chars)) return punctuate(chars, [3, 6, 9], ['.', '.', '-']);
  return punctuate(chars, [2, 5, 8, 12], ['.', '.', '/', '-']);
}

/** IE layouts by UF where the punctuation is fixed (SEFAZ's own formats); the other UFs keep the digits as typed. */
const IE_LAYOUTS: Record<string, { length: number; cuts: number[]; seps: string[] }> = {
  SP: { length: 12, cuts: [3, 6, 9], seps: ['.', '.', '.'] },
  MG: { length: 13, cuts: [3, 6, 9], seps: ['.', '.', '/'] },
  RJ: { length: 8, cuts: [2, 5, 7], seps: ['.', '.', '-'] },
  PR: { length: 10, cuts: [8], seps: ['-'] },
  RS: { length: 10, cuts: [3], seps: ['/'] },
  BA: { length: 9, cuts: [7], seps: ['-'] },
};

/**
 * The IE: "ISENTO" (typed in any case, from its first letter), or digits punctuated by the UF's layout when the UF
 * is known and has one (SP 110.042.490.114); otherwise the digits and the punctuation the person typed.
 */
export function maskIe(text: string, uf?: string | null): string {
  const upper = text.toUpperCase();
  if (/^[A-Z]/.test(upper.trim())) return upper.replace(/[^A-Z]/g, '').slice(0, 6);
  const layout = uf ? IE_LAYOUTS[uf.toUpperCase()] : undefined;
  if (!layout) return upper.replace(/[^0-9./-]/g, '').slice(0, 18);
  return punctuate(upper.replace(/\D/g, '').slice(0, layout.length), layout.cuts, layout.seps);
}
